"""Code of Nine's research configuration: a game small enough for tabular methods.

Not the published game. External-sampling MCCFR walks every action of the seat it
updates; on the published game one iteration does not finish in 100 s, and even one
round of two pawns meets ~4,000 new information states an iteration (every deal of 18
cards differs, and a turn offers eleven locations, several with further choices). The
``tiny`` configuration keeps the rules' whole turn structure (deal, the sealed change,
Abyss and Shoal, placements, the end of the game and its scoring by memory cards) but
shrinks what branches:

- one round (``rounds=1``) of two pawns (``pawns=2``: the least that lets a player pay a
  pawn for the change and still place one);
- the first eight normal memory cards (``deck=8``: two for each holder, the ghost's
  included; the change re-deals from the cards given back);
- five locations open in round 1 (Her Library, Mechanism of Fortune, Where the Lights
  Sink, An Old Cross and Quarry of Wills, none with a further choice): every other
  round-1 location of this edition's board opens in round 2 instead, which never comes.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from tabletop.core.errors import GameOptionError
from tabletop.games.code_of_nine.locations import Board, default_board

TINY_LOCATIONS = ("library", "fortune", "lights", "cross", "quarry")
"""The locations open in the tiny configuration's one round."""

CONFIGURATIONS: dict[str, dict[str, int]] = {"tiny": {"rounds": 1, "pawns": 2, "deck": 8}}
"""Each research configuration's sizes (options of ``game.py``); its board is
:func:`research_board`'s."""

SIZES = ("rounds", "pawns", "deck", "locations")
"""The options a research configuration sets: not given beside it."""


@functools.cache
def research_board() -> Board:
    """This edition's board with only :data:`TINY_LOCATIONS` open in round 1 (the others
    open from round 2; a one-round game never reaches it)."""
    board = default_board()
    locations = tuple(
        loc
        if loc.id in TINY_LOCATIONS or loc.first_round > 1
        else dataclasses.replace(loc, first_round=2, last_round=max(loc.last_round, 2))
        for loc in board.locations
    )
    return dataclasses.replace(board, source="code_of_nine research board", locations=locations)


def expand(options: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the sizes of its ``research`` configuration filled in (unchanged
    when there is none). Raises GameOptionError for an unknown name, the expert game, or
    a size also given otherwise (``defaults``: each option's published value); options
    already expanded pass unchanged."""
    name = options.get("research") or ""
    if not name:
        return options
    sizes = CONFIGURATIONS.get(name)
    if sizes is None:
        known = ", ".join(CONFIGURATIONS)
        raise GameOptionError(f"code-of-nine: research is one of {known} (or empty), not {name!r}")
    if options.get("expert"):
        raise GameOptionError(f"code-of-nine: research={name} is of the normal game, not expert")
    board = research_board()
    wanted: dict[str, Any] = {**sizes, "locations": board}
    for key in SIZES:
        # The configuration's own values pass: resolved options are resolved again.
        if options.get(key) not in (defaults.get(key), wanted[key]):
            raise GameOptionError(
                f"code-of-nine: research={name} sets {key}; give one or the other, not both"
            )
    return {**options, **wanted}
