"""``tabletop simulate GAME --games N --bots a,b,c --seed S [--json] [--workers W]``."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

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
    player_count,
)
from tabletop.sim.batch import BatchResult, run_batch


def simulate(
    game_name: GameArg,
    bots: Annotated[str, typer.Option("--bots", help="One bot spec per seat, comma-separated.")],
    games: Annotated[int, typer.Option("--games", help="Number of games.")] = 100,
    players: Annotated[int | None, typer.Option("--players", help="Defaults to the bots.")] = None,
    seed: SeedOpt = 0,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    cards: CardsOpt = None,
    expert: ExpertOpt = False,
    option: OptionOpt = None,
) -> None:
    """Play many games between bots: win rate and score per seat and per bot.

    Game i is played from seed S + i; a shared win counts 1/k to each of its k winners.
    """
    with reported_errors():
        game = find_game(game_name)
        specs = parse_specs(bots, "--bots")
        count = player_count(game, players, len(specs), "--bots")
        if games < 1:
            fail(f"--games must be at least 1, got {games}")
        if workers < 1:
            fail(f"--workers must be at least 1, got {workers}")
        options = game_options(game, cards, expert, option)
        game.new_game(count, seed, **options)  # refuses bad options before any work
        for seat, spec in enumerate(specs):
            make_bot(spec, game, seat)
        if as_json:
            result = run_batch(game, specs, games, seed, options, workers)
            typer.echo(json.dumps(result.to_json()))
            return
        progress = Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
        )
        with progress:
            task = progress.add_task("games", total=games)
            result = run_batch(
                game,
                specs,
                games,
                seed,
                options,
                workers,
                on_game=lambda n: progress.advance(task, n),
            )
        Console().print(summary_table(result))


def summary_table(result: BatchResult) -> Table:
    table = Table(
        title=f"{result.game}: {result.games} games, {result.players} players, seed {result.seed}",
        caption=f"{result.games_per_second:,.1f} games/s, "
        f"{result.decisions_per_second:,.0f} decisions/s",
    )
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("mean score", justify="right")
    table.add_column("sd", justify="right")
    rows = [*result.seats, *result.bots] if len(result.bots) < len(result.seats) else result.seats
    for stats in rows:
        if stats.seat is None and stats is result.bots[0]:
            table.add_section()
        table.add_row(
            "all" if stats.seat is None else str(stats.seat),
            stats.bot,
            f"{stats.wins:.1f}",
            f"{stats.win_rate:.1%}",
            f"{stats.mean_score:.2f}",
            f"{stats.score_sd:.2f}",
        )
    return table
