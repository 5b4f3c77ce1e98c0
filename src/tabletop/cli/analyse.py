"""``tabletop analyse POSITION --bot mcts``: what a bot would play in a position.

The position file (TOML or JSON, ``docs/positions.md``) names its game. For each seat
deciding there (or ``--seat``), the bot sees only that seat's view and legal actions;
the command prints the bot's choice and, for a search bot, its values for every legal
action: how often the search chose it at the root and the mean win share it found.
``--seat`` and the printed tables count seats 1..N, as everything the terminal prints
does; the JSON keeps the engine's seat index, like the position file it reads.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

import tabletop
from tabletop.bots import make_bot
from tabletop.cli.errors import fail, reported_errors
from tabletop.cli.options import find_game
from tabletop.core.datafile import read_data_file
from tabletop.core.position import PositionError
from tabletop.core.state import State


def load_position(path: Path, game_name: str | None = None) -> State:
    """The state of a position file; its ``game`` field names the game (or must match)."""
    try:
        data = read_data_file(str(path))
    except ValueError as exc:
        raise PositionError(str(path), "position", str(exc)) from None
    name = data.get("game") if isinstance(data, dict) else None
    if game_name is not None and name not in (None, game_name):
        fail(f"{str(path)!r} is a position of {name}, not {game_name}")
    name = name or game_name
    if not isinstance(name, str):
        raise PositionError(str(path), "game", f"names the game ({', '.join(tabletop.games())})")
    return find_game(name).from_position(data, str(path))


def analysis(state: State, spec: str, seats: list[int], seed: int) -> list[dict[str, Any]]:
    """Per seat: the bot's choice and, if it searched, each legal action's statistics."""
    out = []
    table = state.game.actions
    for seat in seats:
        bot = make_bot(spec, state.game, seat, seed)
        legal = state.legal_actions(seat)
        chosen = bot.act(state.view(seat), legal)
        search = getattr(bot, "last", None)
        rows = []
        for action in legal:
            row: dict[str, Any] = {"action": action.notation()}
            if search is not None and len(legal) > 1:
                a = table.id_of(action)
                visits = search.root.visits(seat).get(a, 0)
                row["visits"] = visits
                row["value"] = round(search.root.mean(seat, a), 4) if visits else None
            rows.append(row)
        rows.sort(key=lambda r: (-r.get("visits", 0), r["action"]))
        out.append(
            {
                "seat": seat,
                "choice": chosen.notation(),
                "iterations": search.iterations if search is not None and len(legal) > 1 else 0,
                "actions": rows,
            }
        )
    return out


def analyse(
    file: Annotated[Path, typer.Argument(metavar="POSITION", help="A position (TOML or JSON).")],
    bot: Annotated[
        str, typer.Option("--bot", help="A bot spec: mcts, mcts:iterations=2000, heuristic, ...")
    ] = "mcts",
    seat: Annotated[
        int | None, typer.Option("--seat", help="Only this deciding seat, 1..N as on the page.")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="The bot's seed.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """What a bot plays in a position, with its value for every legal action."""
    with reported_errors():
        state = load_position(file)
        deciding = list(state.current_players())
        if not deciding:
            fail("nobody decides in this position (the game is over)")
        if seat is not None:
            if seat - 1 not in deciding:  # people count seats from 1, the engine from 0
                named = ", ".join(str(p + 1) for p in deciding)
                fail(f"--seat {seat} does not decide here (deciding: {named})")
            deciding = [seat - 1]
        result = analysis(state, bot, deciding, seed)
        if as_json:
            print(json.dumps({"game": state.game.info.name, "bot": bot, "seats": result}))
            return
        console = Console(highlight=False)
        for entry in result:
            grid = Table(
                title=f"seat {entry['seat'] + 1}: {bot} plays {entry['choice']} "
                f"({entry['iterations']} iterations)"
            )
            grid.add_column("action")
            grid.add_column("visits", justify="right")
            grid.add_column("mean win share", justify="right")
            for row in entry["actions"]:
                value = row.get("value")
                grid.add_row(
                    row["action"],
                    str(row.get("visits", "-")),
                    "-" if value is None else f"{value:.3f}",
                )
            console.print(grid)
