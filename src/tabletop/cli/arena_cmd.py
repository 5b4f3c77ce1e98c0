"""``tabletop arena GAME --bots A,B,C,... --games N``: bots rated against each other.

Seat-rotated games (``tabletop.arena.schedule``) on local processes or a Ray cluster,
recorded game by game in a resumable results file; prints the ratings, win rates with
95% intervals and the win rate by seat, and with ``--report DIR`` writes the HTML report.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from tabletop.arena import stats
from tabletop.arena.results import Header
from tabletop.arena.runner import Backend, missing, run_arena
from tabletop.arena.schedule import cycle_length
from tabletop.bots import make_bot
from tabletop.cli.errors import fail, reported_errors
from tabletop.cli.options import (
    CardsOpt,
    ExpertOpt,
    GameArg,
    OptionOpt,
    SeedOpt,
    find_game,
    game_options,
    parse_specs,
)
from tabletop.core.game import Game


def default_results(header: Header) -> Path:
    """``reports/arena/<game>-<players>p-seed<S>-<hash of bots and options>.jsonl``.

    The same command always names the same file, so running it again resumes.
    """
    key = json.dumps([header.bots, header.options], sort_keys=True).encode()
    digest = hashlib.sha1(key).hexdigest()[:8]
    name = f"{header.game}-{header.players}p-seed{header.seed}-{digest}.jsonl"
    return Path("reports") / "arena" / name


WorkersOpt = Annotated[int, typer.Option("--workers", help="Local worker processes.")]
RayOpt = Annotated[
    bool, typer.Option("--ray", help="Run the games on Ray instead of local processes.")
]
RayAddressOpt = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        metavar="ADDRESS",
        help="Ray cluster to join (auto, ray://host:10001); default: a local instance.",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
ReportOpt = Annotated[Path | None, typer.Option("--report", help="Write the HTML report into DIR.")]
ResultsOpt = Annotated[
    Path | None,
    typer.Option("--results", help="Results file (JSON lines; default under reports/arena)."),
]
"""The options ``arena`` and ``league`` share."""


def arena(
    game_name: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Bot specs, comma-separated (repeat one for more seats); "
            "mcts:time=0.25,guide=heuristic is one bot with two parameters.",
        ),
    ],
    games: Annotated[int, typer.Option("--games", help="Number of games.")] = 100,
    players: Annotated[
        int | None, typer.Option("--players", help="Players per game (default: one per bot).")
    ] = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    ray: RayOpt = False,
    ray_address: RayAddressOpt = None,
    as_json: JsonOpt = False,
    report: ReportOpt = None,
    results_file: ResultsOpt = None,
    cards: CardsOpt = None,
    expert: ExpertOpt = False,
    option: OptionOpt = None,
) -> None:
    """Rate bots by playing them against each other, every bot in every seat equally.

    Re-running the same command resumes from its results file.
    """
    with reported_errors():
        game = find_game(game_name)
        specs = parse_specs(bots, "--bots")
        count = _players(game, players, len(specs))
        if games < 1:
            fail(f"--games must be at least 1, got {games}")
        if workers < 1:
            fail(f"--workers must be at least 1, got {workers}")
        options = game_options(game, cards, expert, option)
        game.new_game(count, seed, **options)  # refuses bad options before any work
        for seat, spec in enumerate(specs):
            make_bot(spec, game, seat % count)
        header = Header(game.info.name, count, tuple(specs), seed, options)
        path = results_file or default_results(header)
        if ray_address is not None and not ray:
            fail("--ray-address needs --ray")
        backend = Backend(workers, ray, ray_address)
        records = run_with_progress(header, games, path, backend, quiet=as_json)
        figures = stats.summary(records, specs)
        figures.update(
            game=header.game,
            players=count,
            seed=seed,
            results=str(path),
            cycle=cycle_length(header.bots, count),
        )
        if report is not None:
            from tabletop.reports.arena import write_report

            written = write_report(header, records, report)
            figures["report"] = str(written[0])
        if as_json:
            typer.echo(json.dumps(figures))
            return
        Console().print(ladder_table(figures))
        Console().print(seat_table(figures))
        typer.echo(f"results: {path}")
        if report is not None:
            typer.echo(f"report: {figures['report']}")


def _players(game: Game, players: int | None, listed: int) -> int:
    count = listed if players is None else players
    if count not in game.info.player_counts:
        counts = ", ".join(map(str, game.info.player_counts))
        fail(f"{game.info.name} is for {counts} players, not {count}")
    if listed < count:
        fail(
            f"--players is {count} but --bots lists {listed}; list a bot several times "
            "to play it in several seats"
        )
    if math.comb(listed, count) > 10_000:
        fail(f"{listed} bots for {count} seats make too many lineups; list fewer bots")
    return count


def run_with_progress(
    header: Header, games: int, path: Path, backend: Backend, quiet: bool, label: str = "arena"
) -> list[Any]:
    """Run (or resume) the arena, with a progress bar on stderr unless ``quiet``."""
    if quiet:
        return run_arena(header, games, path, backend)
    progress = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    )
    with progress:
        total = games
        task = progress.add_task("games", total=total)
        if path.exists():  # resuming: count what the file already holds
            from tabletop.arena import results

            _, done = results.read(path)
            progress.advance(task, total - len(missing(header, games, done)))
        return run_arena(header, games, path, backend, on_game=lambda _: progress.advance(task))


def ladder_table(f: dict[str, Any]) -> Table:
    table = Table(
        title=f"{f['game']}: {f['games']} games, {f['players']} players, seed {f['seed']}",
        caption="rating: OpenSkill mu ± 2 sigma, best ordinal (mu - 3 sigma) first; "
        "win rate: 95% Wilson interval",
    )
    table.add_column("bot", overflow="fold")
    for name in ("rating", "games", "win rate (95% CI)", "mean score", "iterations"):
        table.add_column(name, justify="right")
    for b in f["bots"]:
        w = b["win_rate"]
        table.add_row(
            b["bot"],
            f"{b['mu']:.1f} ± {2 * b['sigma']:.1f}",
            str(w["games"]) if w else "0",
            f"{w['rate']:.1%} ({w['low']:.1%}-{w['high']:.1%})" if w else "-",
            f"{b['mean_score']:.2f}" if b["mean_score"] is not None else "-",
            f"{b['iterations_per_search']:.0f}" if b["iterations_per_search"] else "-",
        )
    return table


def seat_table(f: dict[str, Any]) -> Table:
    table = Table(title="win rate by seat (all bots)")
    table.add_column("seat")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    for seat, w in f["seats"].items():
        table.add_row(seat, f"{w['rate']:.1%}", f"{w['low']:.1%} - {w['high']:.1%}")
    return table
