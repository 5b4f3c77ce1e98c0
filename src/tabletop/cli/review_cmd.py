"""``tabletop review RECORD --seat N``: one seat's decisions in a finished game,
appraised by the lobby's strongest search, the biggest mistakes first.

Only what that seat could see is used (:mod:`tabletop.review`); a record of a game
that is not over is refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tabletop.cli.errors import fail, reported_errors
from tabletop.cli.options import find_game
from tabletop.cli.replay import load_record
from tabletop.review import Review, review_record
from tabletop.review.phrasing import LANGUAGES
from tabletop.review.review import DEFAULT_SAMPLES


def review(
    file: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A finished game's record (play --save).")
    ],
    seat: Annotated[int, typer.Option("--seat", help="The seat to review, 1..N as on the page.")],
    lang: Annotated[str, typer.Option("--lang", help="en or ja.")] = "en",
    samples: Annotated[
        int, typer.Option("--samples", help="Deals each action is tried on (more: slower).")
    ] = DEFAULT_SAMPLES,
    top: Annotated[int, typer.Option("--top", help="Show this many mistakes.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Review a seat's decisions in a finished game: biggest mistakes first."""
    with reported_errors():
        if lang not in LANGUAGES:
            fail(f"--lang is {' or '.join(LANGUAGES)}, not {lang!r}")
        if samples < 1:
            fail(f"--samples must be at least 1, got {samples}")
        if top < 0:
            fail(f"--top must be 0 or more, got {top}")
        record = load_record(file)
        if not 1 <= seat <= record.players:
            fail(f"--seat {seat}: this game has seats 1 to {record.players}")
        seat -= 1  # people count seats from 1, the engine from 0
        game = find_game(record.game)
        if as_json:
            typer.echo(json.dumps(review_record(game, record, seat, samples).to_json()))
            return
        progress = Progress(
            TextColumn("review"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        with progress:
            task = progress.add_task("decisions", total=None)
            result = review_record(
                game,
                record,
                seat,
                samples,
                on_progress=lambda done, total: progress.update(task, completed=done, total=total),
            )
        Console(highlight=False).print(mistakes_table(result, lang, top))


def mistakes_table(result: Review, lang: str, top: int) -> Table:
    ja = lang == "ja"
    title = (
        f"座席{result.seat + 1}の振り返り：{result.appraised}回の判断を評価"
        if ja
        else f"Review of seat {result.seat + 1}: {result.appraised} decisions appraised"
    )
    caption = (
        f"大きなミスから順に（{len(result.mistakes)}件）。各候補を{result.samples}通りの配り方で試した値です。"
        if ja
        else f"{len(result.mistakes)} mistakes, biggest first; each action tried on "
        f"{result.samples} deals consistent with the seat's view"
    )
    table = Table(title=title, caption=caption, show_lines=False)
    table.add_column("#", justify="right")
    table.add_column("点" if ja else "points", justify="right")
    table.add_column("振り返り" if ja else "what the search says", overflow="fold")
    for i, m in enumerate(result.mistakes[:top], start=1):
        table.add_row(str(i), f"{m.gain:+.1f}", m.lines[lang])
    if not result.mistakes:
        table.add_row("-", "-", "ミスは見つかりませんでした" if ja else "no mistake found")
    return table
