"""``tabletop bench GAME [--json] [--seconds S]``: the engine's speed, and OpenSpiel's.

In one process run: random full-game playouts and decisions per second for each player
count, state copies per second, and OpenSpiel's reference game in C++ (the same game
when its kit names it, :mod:`tabletop.bench.openspiel`) played and copied by the same
kind of Python loop, with the ratios.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from tabletop import compiled
from tabletop.bench import engine, mcts, openspiel, timing
from tabletop.bench import rl as rl_bench
from tabletop.cli.errors import fail, reported_errors
from tabletop.cli.options import GameArg, SeedOpt, find_game
from tabletop.core.game import Game

REFERENCE_PLAYERS = 4
"""The player count whose figures are the headline keys (compared with OpenSpiel's)."""


def run_bench(game: Game, seconds: float, seed: int, clock: str = "wall") -> dict[str, Any]:
    """All figures as the JSON object ``--json`` prints, timed by ``clock`` (a name of
    ``timing.CLOCKS``)."""
    with timing.using_clock(clock):
        out = _figures(game, seconds, seed)
    out["clock"] = clock
    return out


def _figures(game: Game, seconds: float, seed: int) -> dict[str, Any]:
    counts = game.info.player_counts
    reference = REFERENCE_PLAYERS if REFERENCE_PLAYERS in counts else max(counts)
    per_count = {}
    for players in counts:
        rate = engine.playouts(game, players, seconds, seed)
        per_count[str(players)] = {
            "games_per_second": rate.per_second,
            "decisions_per_second": rate.decisions_per_second,
            "games": rate.count,
        }
    head = per_count[str(reference)]
    out: dict[str, Any] = {
        "game": game.info.name,
        "seconds": seconds,
        "compiled": compiled.ACTIVE,  # mypyc-built engine modules, or the Python sources
        "reference_players": reference,
        "players": per_count,
        "games_per_second": head["games_per_second"],
        "decisions_per_second": head["decisions_per_second"],
        "copies_per_second": engine.copies(game, reference, seconds, seed).per_second,
    }
    twin = openspiel.reference_for(game)
    out["openspiel"] = openspiel.available() and twin is not None
    if openspiel.available() and twin is not None:
        g = openspiel.playouts(twin, seconds, seed)
        out["openspiel_game"] = twin.name
        out["openspiel_params"] = twin.params
        out["openspiel_games_per_second"] = g.per_second
        out["openspiel_decisions_per_second"] = g.decisions_per_second
        out["openspiel_copies_per_second"] = openspiel.copies(twin, seconds, seed).per_second
        out["ratio"] = out["games_per_second"] / out["openspiel_games_per_second"]
        out["copies_ratio"] = out["copies_per_second"] / out["openspiel_copies_per_second"]
    out["mcts_iterations_per_second"] = mcts.iterations_per_second(game, reference, seconds, seed)
    if rl_bench.available(game):  # env steps/s vs engine decisions/s (docs/rl.md)
        out.update(rl_bench.rl_figures(game, reference, seconds, seed))
    return out


def bench(
    game_name: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    seconds: Annotated[
        float, typer.Option("--seconds", help="Seconds spent on each measurement.")
    ] = 2.0,
    seed: SeedOpt = 0,
    clock: Annotated[
        str,
        typer.Option(
            "--clock",
            help="wall, or cpu: this process's CPU seconds (fair "
            "before/after comparisons on a shared machine).",
        ),
    ] = "wall",
) -> None:
    """Measure random playouts, decisions and copies per second (vs OpenSpiel's)."""
    with reported_errors():
        game = find_game(game_name)
        if not seconds > 0:
            fail(f"--seconds must be positive, got {seconds}")
        if clock not in timing.CLOCKS:
            fail(f"--clock is one of {', '.join(timing.CLOCKS)}, got {clock!r}")
        console = Console(stderr=True)
        with console.status("measuring..."):
            figures = run_bench(game, seconds, seed, clock)
        if as_json:
            typer.echo(json.dumps(figures))
        else:
            Console().print(bench_table(figures))


def bench_table(f: dict[str, Any]) -> Table:
    engine_kind = "compiled engine" if f["compiled"] else "pure-Python engine"
    table = Table(title=f"{f['game']} speed ({f['seconds']:g} s per figure, {engine_kind})")
    table.add_column("measure")
    table.add_column("per second", justify="right")
    for players, row in f["players"].items():
        table.add_row(f"{players}-player random games", f"{row['games_per_second']:,.1f}")
        table.add_row(f"{players}-player decisions", f"{row['decisions_per_second']:,.0f}")
    table.add_row(
        f"state copies ({f['reference_players']} players)", f"{f['copies_per_second']:,.0f}"
    )
    table.add_row("mcts iterations (mid-game decision)", f"{f['mcts_iterations_per_second']:,.0f}")
    if f["openspiel"]:
        name = f"OpenSpiel {f['openspiel_game']}"
        table.add_section()
        table.add_row(f"{name} games (C++)", f"{f['openspiel_games_per_second']:,.1f}")
        table.add_row(f"{name} decisions", f"{f['openspiel_decisions_per_second']:,.0f}")
        table.add_row(f"{name} state copies", f"{f['openspiel_copies_per_second']:,.0f}")
        table.add_section()
        table.add_row(f"ratio (games, ours / {name})", f"{f['ratio']:.3f}")
        table.add_row(f"ratio (copies, ours / {name})", f"{f['copies_ratio']:.3f}")
    else:
        table.caption = (
            "open_spiel is not installed: no comparison with OpenSpiel (pip install .[bench])"
        )
    if "env_steps_per_second" in f:
        table.add_section()
        table.add_row(
            f"PettingZoo parallel env steps ({f['rl_players']} players)",
            f"{f['env_steps_per_second']:,.0f}",
        )
        table.add_row("env decisions", f"{f['env_decisions_per_second']:,.0f}")
        table.add_row("engine decisions (same run)", f"{f['engine_decisions_per_second']:,.0f}")
        table.add_row("env cost per decision (x engine)", f"{f['env_cost_ratio']:.1f}")
        table.add_row(
            "one view per step, for comparison (x engine)", f"{f['view_floor_ratio']:.1f}"
        )
        table.add_row("env with a free encoder (x engine)", f"{f['free_observation_ratio']:.1f}")
        table.add_row(
            f"batched env table steps ({f['vector_tables']} tables, same run)",
            f"{f['vector_table_steps_per_second']:,.0f}",
        )
        table.add_row("batched env agent steps", f"{f['vector_agent_steps_per_second']:,.0f}")
        table.add_row("batched env speed-up (x PettingZoo parallel)", f"{f['vector_speedup']:.1f}")
        table.add_row(
            f"batched env agent steps, {f['vector_workers']} processes, "
            f"{f['vector_workers_tables']} tables",
            f"{f['vector_workers_agent_steps_per_second']:,.0f}",
        )
        table.add_row(
            f"batched env speed-up, {f['vector_workers']} processes (x PettingZoo parallel)",
            f"{f['vector_workers_speedup']:.1f}",
        )
        cost = f["vector_cost_us"]
        table.add_row(
            "batched table step, CPU µs: engine / encode / masks / sample+check",
            f"{cost['engine']:.1f} / {cost['encode']:.1f} / {cost['masks']:.1f} / "
            f"{cost['sample'] + cost['check']:.1f}",
        )
        table.add_row("PettingZoo step, CPU µs (same driver)", f"{cost['pettingzoo']:.1f}")
        table.add_row(
            "single-seat learner steps against heuristics",
            f"{f['learner_steps_vs_heuristics_per_second']:,.0f}",
        )
    return table
