"""``tabletop replay FILE [--seat N | --spectator] [--step K | --to-end]``.

Steps through a saved game record (complete or partial) from one seat's view or the
spectator's: only what that seat may know is shown, events included. At a terminal,
Enter goes to the next step, ``b`` back, a number jumps to that step and ``q`` quits;
otherwise the chosen step (by default the last) is printed once.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.rule import Rule

from tabletop.cli.errors import fail, reported_errors
from tabletop.cli.options import find_game
from tabletop.cli.renderers import renderer_for
from tabletop.core.events import Event
from tabletop.core.record import GameRecord
from tabletop.core.state import CHANCE, State


@dataclass(frozen=True)
class Step:
    """The game after ``number`` steps: the state, the step taken and its full events."""

    number: int
    state: State
    move: tuple[int, str] | None
    events: tuple[Event, ...]


def load_record(path: Path) -> GameRecord:
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        fail(f"cannot read {str(path)!r}: {exc.strerror or exc}")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        fail(f"{str(path)!r} is not JSON: {exc}")
    return GameRecord.from_json(data)


def replay_steps(record: GameRecord) -> list[Step]:
    """Every state of the record, from setup (with the deal's events) to its last step,
    with each step's events."""
    game = find_game(record.game)
    return [
        Step(n, state.clone(), move, tuple(events))
        for n, (state, move, events) in enumerate(record.steps(game))
    ]


class Viewer:
    """Shows one step from one seat's (or the spectator's) point of view."""

    def __init__(self, console: Console, game: str, seat: int | None, total: int) -> None:
        self.console = console
        self.renderer = renderer_for(game)
        self.seat = seat
        self.total = total

    def show(self, step: Step) -> None:
        who = "spectator" if self.seat is None else f"seat {self.seat + 1}"
        title = f"step {step.number}/{self.total} ({who})"
        if step.move is not None:
            player, text = step.move
            mover = "chance" if player == CHANCE else f"seat {player + 1}"
            if player in (self.seat, CHANCE) or self._public(step):
                title += f": {mover} played {text}"
            else:
                title += f": {mover} decided"
        self.console.print(Rule(title))
        state = step.state
        view = state.spectator_view() if self.seat is None else state.view(self.seat)
        for event in step.events:
            seen = event.for_player(self.seat)
            line = self.renderer.describe_event(seen, view) if seen is not None else None
            if line:
                self.console.print(line, highlight=False)
        self.console.print(self.renderer.render_view(view))

    def _public(self, step: Step) -> bool:
        """Whether the step's action may be named to this reader: its events are all public.

        A step with no events names nothing, so a secret choice is never shown early.
        """
        return bool(step.events) and all(e.for_player(self.seat) == e for e in step.events)


def _browse(viewer: Viewer, steps: list[Step], start: int, read: Callable[[str], str]) -> None:
    at = start
    while True:
        viewer.show(steps[at])
        answer = read("[Enter] next, b back, number: go to step, q quit > ").strip().lower()
        if answer == "q":
            return
        if answer == "b":
            at = max(0, at - 1)
        elif answer.isdecimal():
            at = min(int(answer), len(steps) - 1)
        elif at == len(steps) - 1:
            return
        else:
            at += 1


def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record written by play --save.")
    ],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show this seat's view (seats are 1..N).")
    ] = None,
    spectator: Annotated[
        bool, typer.Option("--spectator", help="Show the spectator's view (the default).")
    ] = False,
    step: Annotated[int | None, typer.Option("--step", help="Show the game after K steps.")] = None,
    to_end: Annotated[bool, typer.Option("--to-end", help="Show the last step.")] = False,
) -> None:
    """Step through a saved game from a seat's view or the spectator's."""
    with reported_errors():
        if seat is not None and spectator:
            fail("--seat and --spectator exclude each other")
        if step is not None and to_end:
            fail("--step and --to-end exclude each other")
        record = load_record(file)
        if seat is not None and not 1 <= seat <= record.players:
            fail(f"--seat {seat}: this game has seats 1 to {record.players}")
        steps = replay_steps(record)
        last = len(steps) - 1
        if step is not None and not 0 <= step <= last:
            fail(f"--step {step}: this record has steps 0 to {last}")
        console = Console(highlight=False)
        viewer = Viewer(console, record.game, None if seat is None else seat - 1, last)
        if sys.stdin.isatty() and step is None and not to_end:
            try:
                _browse(viewer, steps, 0, console.input)
            except (KeyboardInterrupt, EOFError):
                console.print()
            return
        viewer.show(steps[last if step is None else step])
