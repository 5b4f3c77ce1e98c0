"""The ``tabletop`` command: one typer app, each command in its own module.

To add a command from another module, add one line below, e.g.
``app.command("serve")(serve_cmd.serve)`` or ``app.add_typer(report_cmd.app, name="report")``.
"""

from __future__ import annotations

import typer

from tabletop.cli import (
    analyse,
    arena_cmd,
    bench,
    bots_cmd,
    league_cmd,
    loadtest_cmd,
    play,
    replay,
    report_cmd,
    review_cmd,
    serve_cmd,
    simulate,
    train_cmd,
)

app = typer.Typer(
    name="tabletop",
    help="Play and study tabletop games by their exact rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("play")(play.play)
app.command("simulate")(simulate.simulate)
app.command("replay")(replay.replay)
app.command("bench")(bench.bench)
app.command("arena")(arena_cmd.arena)
app.command("league")(league_cmd.league)
app.add_typer(bots_cmd.app, name="bots")
app.add_typer(report_cmd.app, name="report")
app.command("review")(review_cmd.review)
app.command("analyse")(analyse.analyse)
app.command("serve")(serve_cmd.serve)
app.command("loadtest")(loadtest_cmd.loadtest)
app.command("train", context_settings=train_cmd.SETTINGS)(train_cmd.train)


def main() -> None:
    """Console-script entry point (``tabletop = "tabletop.cli.app:main"``)."""
    app()
