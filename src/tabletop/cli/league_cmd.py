"""``tabletop league GAME``: the game's fixed pool of bots rated against each other.

The pool (:mod:`tabletop.arena.league`) is played as an arena run: 4 players, seats
rotated, resumable results file, OpenSkill ratings with intervals, and with
``--report DIR`` the HTML report with the pool described.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

from tabletop.arena import stats
from tabletop.arena.league import PLAYERS, pool
from tabletop.arena.results import Header
from tabletop.arena.runner import Backend
from tabletop.arena.schedule import cycle_length
from tabletop.cli.arena_cmd import (
    JsonOpt,
    RayAddressOpt,
    RayOpt,
    ReportOpt,
    ResultsOpt,
    WorkersOpt,
    default_results,
    ladder_table,
    run_with_progress,
    seat_table,
)
from tabletop.cli.errors import fail, reported_errors
from tabletop.cli.options import GameArg, SeedOpt, find_game


def league(
    game_name: GameArg,
    games: Annotated[
        int | None,
        typer.Option("--games", help="Number of games (default: one cycle of the schedule)."),
    ] = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    ray: RayOpt = False,
    ray_address: RayAddressOpt = None,
    as_json: JsonOpt = False,
    report: ReportOpt = None,
    results_file: ResultsOpt = None,
) -> None:
    """Rate the game's league pool: every 4 of its bots, every seat, OpenSkill ratings.

    Re-running the same command resumes from its results file.
    """
    with reported_errors():
        game = find_game(game_name)
        try:
            members = pool(game.info.name)
        except ValueError as exc:
            fail(str(exc))
        specs = tuple(m.spec for m in members)
        cycle = cycle_length(specs, PLAYERS)
        count = cycle if games is None else games
        if count < 1:
            fail(f"--games must be at least 1, got {count}")
        if workers < 1:
            fail(f"--workers must be at least 1, got {workers}")
        if ray_address is not None and not ray:
            fail("--ray-address needs --ray")
        header = Header(game.info.name, PLAYERS, specs, seed, {})
        path = results_file or default_results(header)
        records = run_with_progress(
            header, count, path, Backend(workers, ray, ray_address), quiet=as_json, label="league"
        )
        figures = stats.summary(records, list(specs))
        figures.update(
            game=header.game,
            players=PLAYERS,
            seed=seed,
            results=str(path),
            cycle=cycle,
            pool=[{"bot": m.spec, "about": m.about} for m in members],
        )
        if report is not None:
            from tabletop.reports.arena import write_report

            written = write_report(
                header, records, report, pool=[(m.spec, m.about) for m in members]
            )
            figures["report"] = str(written[0])
        if as_json:
            typer.echo(json.dumps(figures))
            return
        Console().print(ladder_table(figures))
        Console().print(seat_table(figures))
        typer.echo(f"results: {path}  (one cycle is {cycle} games)")
        if report is not None:
            typer.echo(f"report: {figures['report']}")
