"""``tabletop play GAME --seats human,random,... [--seed S] [--save FILE]``.

A table of humans and bots at one terminal. Bots deciding at the same moment all
choose from that moment before any choice is applied; each human then decides on the
board from their own seat. Everything printed for a seat is that seat's view or that
seat's version of an event, so a bot's closed hand never shows before the reveal.

Hot seat: with several humans, the screen is cleared and the next human asked to take
the keyboard whenever what is on screen is private to the one before (their own view
or event differs from a spectator's).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.table import Table

from tabletop.bots import make_bot
from tabletop.cli.errors import EXIT_INTERRUPTED, fail, reported_errors
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
from tabletop.cli.renderers import renderer_for
from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.core.errors import ActionParseError, IllegalActionError, TabletopError
from tabletop.core.events import Event
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.renderer import Renderer
from tabletop.core.state import State
from tabletop.sim.runner import seat_seed

HUMAN = "human"
LONG_LIST = 12
"""Above this many choices the prompt shows notations only ('?' lists their meaning)."""


class Seating:
    """Who sits where: a bot per bot seat, None for a human."""

    def __init__(self, specs: Sequence[str], bots: Sequence[Bot | None]) -> None:
        self.specs = list(specs)
        self.bots = list(bots)

    @property
    def humans(self) -> list[int]:
        return [p for p, bot in enumerate(self.bots) if bot is None]


class Session:
    """One game at one terminal: asks bots and humans, prints boards and events."""

    def __init__(
        self,
        state: State,
        seating: Seating,
        console: Console,
        read_line: Callable[[str], str],
        pace: float = 0.0,
    ) -> None:
        self.state = state
        self.seating = seating
        self.console = console
        self.read_line = read_line
        self.pace = pace
        self.renderer: Renderer = renderer_for(state.game.info.name)
        humans = seating.humans
        self.reader: int | None = humans[0] if humans else None
        """The seat whose versions are on screen (None: spectator, when all are bots)."""
        self.private = False
        """Whether the screen holds something the reader may see and others may not."""

    # ------------------------------------------------------------------ the game loop

    def run(self) -> None:
        state = self.state
        if self.reader is None:
            self.console.print(self.renderer.render_view(state.spectator_view()))
        self._show(state.start_events)  # the deal: the log's first lines
        while not state.is_terminal():
            deciding = state.current_players()
            chosen = [
                (p, bot.act(state.view(p), state.legal_actions(p)))
                for p in deciding
                if (bot := self.seating.bots[p]) is not None
            ]
            for p, action in chosen:
                self._show(state.apply(p, action))
            for p in self._human_order(deciding):
                if p in state.current_players():
                    self._take_keyboard(p)
                    self._ask(p)
        self._finish()

    def _human_order(self, deciding: Sequence[int]) -> list[int]:
        """Humans deciding now, the one holding the keyboard first (fewer hand-overs)."""
        humans = [p for p in deciding if self.seating.bots[p] is None]
        if self.reader in humans:
            humans.remove(self.reader)
            humans.insert(0, self.reader)
        return humans

    # ------------------------------------------------------------------ humans

    def _take_keyboard(self, seat: int) -> None:
        if seat == self.reader:
            return
        if self.private:
            self._clear_screen()
            self.read_line(f"Pass the keyboard to seat {seat + 1} and press Enter. ")
            self._clear_screen()
            self.private = False
        self.console.print(Rule(f"seat {seat + 1} ({HUMAN})"))
        self.reader = seat

    def _clear_screen(self) -> None:
        """Clear the screen and, where the terminal keeps one, its scrollback too."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _ask(self, seat: int) -> None:
        state = self.state
        view = state.view(seat)
        legal = state.legal_actions(seat)
        self._note_private(view, state.spectator_view())
        self.console.print(self.renderer.render_view(view))
        self._list_choices(view, legal, full=len(legal) <= LONG_LIST)
        while True:
            text = self.read_line(f"seat {seat + 1} > ").strip()
            if text == "?":
                self._list_choices(view, legal, full=True)
                continue
            if not text:
                self.console.print("Type a choice: its number or its notation ('?' lists them).")
                continue
            choice: Action | str = text
            if text.isdecimal():
                number = int(text)
                if not 1 <= number <= len(legal):
                    self.console.print(f"There is no choice {number}: pick 1 to {len(legal)}.")
                    continue
                choice = legal[number - 1]
            try:
                events = state.apply(seat, choice)
            except (IllegalActionError, ActionParseError) as exc:
                self.console.print(f"[red]Not accepted:[/] {exc}", highlight=False)
                continue
            self._show(events)
            return

    def _list_choices(self, view: Any, legal: Sequence[Action], full: bool) -> None:
        if full:
            grid = Table.grid(padding=(0, 1))
            for i, action in enumerate(legal, start=1):
                grid.add_row(
                    f"{i:>3}.", action.notation(), self.renderer.describe_action(view, action)
                )
            self.console.print(grid)
        else:
            items = [f"{i:>2}. {a.notation()}" for i, a in enumerate(legal, start=1)]
            self.console.print(Columns(items, padding=(0, 2)))
            self.console.print("Type '?' to see what each choice means.")

    # ------------------------------------------------------------------ output

    def _show(self, events: Sequence[Event]) -> None:
        """Print the reader's version of each event, one step at a time."""
        state = self.state
        view = state.spectator_view() if self.reader is None else state.view(self.reader)
        for event in events:
            seen = event.for_player(self.reader)
            if seen is None:
                continue
            if self.reader is not None and seen != event.for_player(None):
                self.private = True
            line = self.renderer.describe_event(seen, view)
            if line:
                self.console.print(line, highlight=False)
                if self.pace:
                    time.sleep(self.pace)

    def _note_private(self, view: Any, spectator: Any) -> None:
        mine, public = to_jsonable(view), to_jsonable(spectator)
        if isinstance(mine, dict) and isinstance(public, dict):
            mine.pop("viewer", None)
            public.pop("viewer", None)
        if mine != public:
            self.private = True

    def _finish(self) -> None:
        state = self.state
        self.console.print(Rule("final board"))
        self.console.print(self.renderer.render_view(state.spectator_view()))
        self.console.print(result_table(state, self.seating.specs))


def result_table(state: State, specs: Sequence[str]) -> Table:
    result = state.result()
    table = Table(title="Result")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("place", justify="right")
    for p, spec in enumerate(specs):
        place = str(result.placings[p]) + (" winner" if p in result.winners else "")
        if not result.eligible[p]:
            place += " (cannot win)"
        table.add_row(str(p + 1), spec, str(result.scores[p]), place)
    return table


def _save(state: State, path: Path) -> None:
    try:
        path.write_text(json.dumps(state.record().to_json(), indent=1) + "\n")
    except OSError as exc:
        fail(f"cannot write {str(path)!r}: {exc.strerror or exc}")


def _console_input(console: Console) -> Callable[[str], str]:
    """Read a line after a prompt; piped input is echoed so the log reads as a session."""
    echo = not sys.stdin.isatty()

    def read_line(prompt: str) -> str:
        text = console.input(prompt)
        if echo:
            console.print(text, highlight=False, markup=False)
        return text

    return read_line


def play(
    game_name: GameArg,
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help="One entry per seat: human or a bot spec (random, "
            "heuristic, mcts:iterations=200...), comma-separated.",
        ),
    ],
    players: Annotated[int | None, typer.Option("--players", help="Defaults to the seats.")] = None,
    seed: SeedOpt = 0,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write the game record here (JSON).")
    ] = None,
    pace: Annotated[
        float | None,
        typer.Option("--pace", help="Seconds between event lines (default 0.15 at a terminal)."),
    ] = None,
    cards: CardsOpt = None,
    expert: ExpertOpt = False,
    option: OptionOpt = None,
    position: Annotated[
        Path | None,
        typer.Option(
            "--position",
            help="Start from this position (TOML or JSON, docs/positions.md) instead of the setup.",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against bots or other people (hot seat).

    Type a choice's number or its notation; '?' lists what each choice means.

    Ctrl-C stops the game; with --save the record so far is written for replay.
    """
    with reported_errors():
        game = find_game(game_name)
        specs = parse_specs(seats, "--seats")
        count = player_count(game, players, len(specs), "--seats")
        options = game_options(game, cards, expert, option)
        if pace is not None and pace < 0:
            fail(f"--pace must be zero or more seconds, got {pace}")
        if save is not None and not save.parent.is_dir():
            fail(f"cannot write {str(save)!r}: no such directory")
        if position is None:
            state = game.new_game(count, seed, **options)
        else:
            from tabletop.cli.analyse import load_position

            state = load_position(position, game.info.name)
            if state.num_players != count:
                fail(f"the position has {state.num_players} players; --seats names {count}")
            if cards or expert or option:
                fail("a position carries its own game options (its 'options' field)")
        bots = [
            None if spec == HUMAN else make_bot(spec, game, p, seat_seed(seed, p))
            for p, spec in enumerate(specs)
        ]
        console = Console(highlight=False)
        if pace is None:
            pace = 0.15 if sys.stdin.isatty() and None in bots else 0.0
        session = Session(state, Seating(specs, bots), console, _console_input(console), pace)
        try:
            session.run()
        except (KeyboardInterrupt, EOFError):
            console.print("\nGame stopped before the end.")
            if save is not None:
                _save(state, save)
                console.print(f"Partial record written to {save}.")
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except TabletopError:
            if save is not None:  # a bot's bad choice: keep the game so far to replay
                _save(state, save)
            raise
        if save is not None:
            _save(state, save)
            console.print(f"Record written to {save}.")
