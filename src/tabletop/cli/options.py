"""Command-line flags turned into what the engine takes: a game and its options.

``--cards FILE`` (a game's card set), ``--expert`` (a game's expert rules) and the
generic ``--option NAME=VALUE`` all become keyword options of ``Game.new_game``; each is
checked against the game's declared ``GameInfo.options`` so a typo is refused with the
list of options the game has.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

import tabletop
from tabletop.cli.errors import fail
from tabletop.core.game import Game
from tabletop.core.info import OptionSpec

GameArg = Annotated[
    str, typer.Argument(metavar="GAME", help=f"Game name: {', '.join(tabletop.games())}.")
]
CardsOpt = Annotated[
    Path | None,
    typer.Option("--cards", help="Card set file (TOML or JSON) for games with a 'cards' option."),
]
ExpertOpt = Annotated[
    bool, typer.Option("--expert", help="Expert rules, for games with an 'expert' option.")
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Any game option as NAME=VALUE (repeatable)."),
]
SeedOpt = Annotated[int, typer.Option("--seed", help="Seed of the game (or of the first game).")]

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def find_game(name: str) -> Game:
    """The registered game ``name``; an unknown name lists the games."""
    return tabletop.game(name)


def parse_specs(text: str, flag: str) -> list[str]:
    """One spec per seat from a comma-separated list; empty items are refused.

    A ``key=value`` item continues the spec before it, so
    ``mcts:time=0.25,guide=heuristic,random`` is two seats, the first a bot with two
    parameters: a bot name never holds ``=``, so this reading is unambiguous.
    """
    items = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not item for item in items):
        fail(f"{flag} is a comma-separated list with one entry per seat, got {text!r}")
    specs: list[str] = []
    for item in items:
        if "=" in item and ":" not in item:
            if not specs:
                fail(f"{flag} starts with a parameter, not a bot name: {item!r}")
            specs[-1] = f"{specs[-1]},{item}"
        else:
            specs.append(item)
    return specs


def player_count(game: Game, players: int | None, seats: int, flag: str) -> int:
    """``--players`` (default: one per seat entry), checked against the seat list."""
    count = seats if players is None else players
    if count != seats:
        fail(f"--players is {count} but {flag} lists {seats} seats")
    if count not in game.info.player_counts:
        counts = ", ".join(map(str, game.info.player_counts))
        fail(f"{game.info.name} is for {counts} players, not {count}")
    return count


def game_options(
    game: Game, cards: Path | None, expert: bool, option: list[str] | None
) -> dict[str, Any]:
    """The keyword options for ``game.new_game`` from the command-line flags."""
    specs = {spec.name: spec for spec in game.info.options}
    out: dict[str, Any] = {}
    for item in option or ():
        name, eq, text = item.partition("=")
        name = name.strip()
        if not eq or not name:
            fail(f"--option takes NAME=VALUE, got {item!r}")
        out[name] = _convert(game, _spec(game, specs, name, f"--option {name}"), text.strip())
    if cards is not None:
        _spec(game, specs, "cards", "--cards")
        if not cards.is_file():
            why = "it is a directory" if cards.is_dir() else "no such file"
            fail(f"cannot read card file {str(cards)!r}: {why}")
        out["cards"] = str(cards)
    if expert:
        _spec(game, specs, "expert", "--expert")
        out["expert"] = True
    return out


def _spec(game: Game, specs: dict[str, OptionSpec], name: str, flag: str) -> OptionSpec:
    if name not in specs:
        known = ", ".join(specs) or "none"
        fail(f"{flag}: {game.info.name} has no option {name!r} (options: {known})")
    return specs[name]


def _convert(game: Game, spec: OptionSpec, text: str) -> Any:
    """Read ``text`` as the option's declared type (bool, int, float or text)."""
    kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
    if bool in kinds:
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
    for kind in (int, float):
        if kind in kinds:
            try:
                return kind(text)
            except ValueError:
                pass
    if str in kinds:
        return text
    names = " or ".join(k.__name__ for k in kinds)
    fail(f"{game.info.name}: option {spec.name!r} must be {names}, got {text!r}")
