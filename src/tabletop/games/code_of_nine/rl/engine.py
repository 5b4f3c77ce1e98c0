"""Code of Nine's engine in C for the batched env (``native/_engine.c``): its kit part
``rl:native``.

The batched env (:mod:`tabletop.rl.native`) asks this module for the game's C tables,
:func:`tables`, handing it the C extension (:data:`EXTENSION`, once it is built and
fresh) and the table encoder's configuration; this hands the C engine every number it
needs, taken from the same objects the Python engine reads (the board's locations and
supply, the memory card set's deck, the sheet layout and action ids, the table
encoder's packer). :func:`result` gives no result from the C: an ended game is
replayed in Python from its seed and the decisions the C recorded, and scored there by
the Python rules (memory cards are rules as data, and a game ends once in a hundred
decisions or so).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tabletop.core.result import Result
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine import layout
from tabletop.games.code_of_nine.items import (
    GHOST,
    HOLDERS,
    PAWNS,
    ROUNDS,
    TREASURES,
    Item,
)
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.locations import LOCATION_IDS, Board
from tabletop.games.code_of_nine.memory_cards import CARD_COUNT, MemoryCardSet
from tabletop.games.code_of_nine.rl.pack import CodeOfNinePacker
from tabletop.games.code_of_nine.rl.table import TableConfig
from tabletop.games.code_of_nine.state import SEAT_SHIFT

EXTENSION = "tabletop.games.code_of_nine.native._engine"
"""The C engine's module (built with the package: ``build.toml``)."""
MAX_CHOICE = 4
"""The C's room for a location's "gain 1 X or 2 Y" options."""
NIBBLE = 15
"""The most of one item The Tree lets a player take (its count lives in 4 bits)."""


def _layout() -> dict[str, int]:
    """The sheet layout, phases and action ids, which the C checks against its own."""
    out = {
        name: getattr(layout, name)
        for name in (
            "ITEMS",
            "WILL",
            "PAWNS",
            "CARD",
            "KNOWS",
            "PROTECT",
            "CHANGED",
            "STRIDE",
            "LOOKS",
            "ATTACKS",
            "CHOSE_CHANGE",
            "CHOSE_KEEP",
        )
    }
    out.update(
        HOLDERS=HOLDERS,
        GHOST=GHOST,
        ROUNDS=ROUNDS,
        PAWNS_PER_ROUND=PAWNS,
        ITEM_KINDS=len(Item),
        LEGACY=int(Item.LEGACY),
        MEDAL=int(Item.MEDAL),
        SEAT_SHIFT=SEAT_SHIFT,
        CARD_COUNT=CARD_COUNT,
        COUNT=len(A.TABLE),
    )
    for phase in Phase:
        out[f"P_{phase.name}"] = int(phase)
    for name in (
        "CHANGE",
        "KEEP",
        "ABYSS_BASE",
        "PLACE_BASE",
        "TARGET_BASE",
        "NO_TARGET",
        "ITEM_BASE",
        "NO_ITEM",
        "SLOT_BASE",
        "DONE",
    ):
        out[name] = getattr(A, name)
    return out


def rules_data(
    players: int, board: Board, cards: MemoryCardSet, expert: bool, packer: CodeOfNinePacker
) -> dict[str, Any]:
    """Everything the C engine reads, by name. Raises ValueError for a board the C
    cannot play (it would refuse it too): the env then keeps the Python engine."""
    locations, gains, choices = [], [], []
    tree: dict[str, int] = {}
    give_total = 0
    for i, loc in enumerate(board.locations):
        if loc.id != LOCATION_IDS[i]:
            raise ValueError(f"location {i} is {loc.id}, not {LOCATION_IDS[i]}")
        surcharged = -1 if loc.cost_without_legacy is None else loc.cost_without_legacy
        locations.append(
            [
                loc.first_round,
                loc.last_round,
                loc.cost_for(players),
                surcharged,
                loc.places,
                int(loc.expert),
                loc.will,
            ]
        )
        gain = [0] * len(Item)
        for item, count in loc.gain:
            gain[item] += count
        gains.append(gain)
        if len(loc.choice) > MAX_CHOICE:
            raise ValueError(f"{loc.name} offers more than {MAX_CHOICE} choices")
        row = [-1] * (2 * MAX_CHOICE)
        for c, (item, count) in enumerate(loc.choice):
            row[2 * c : 2 * c + 2] = [int(item), count]
        choices.append(row)
        if loc.id == "tree":
            tree = dict(loc.up_to)
        if loc.id == "tivoli":
            give_total = dict(loc.up_to)["total"]
    return {
        "layout": _layout(),
        "location_ids": list(LOCATION_IDS),
        "players": players,
        "expert": int(expert),
        "locations": locations,
        "gain": gains,
        "choice": choices,
        "tree_limit": [tree.get(Item(i).name.lower(), 0) for i in TREASURES],
        "give_total": give_total,
        "supply": list(board.supply),
        "deck": list(cards.in_game(expert)),
        "numbers": [card.number for card in cards.cards],
        "width": packer.width,
        "min_score": packer.min_score,
        "size": packer.size,
        "holder": packer.holder,
        "holder_size": packer.holder_size,
        "cards": packer.cards,
        "hand": packer.hand,
        "card_count": packer.card_count,
    }


def tables(
    extension: ModuleType, players: int, count: int, options: dict[str, Any], config: TableConfig
) -> Any:
    """``count`` tables of ``players`` seats with the resolved ``options`` (board, memory
    card set, game mode), in C, writing rows for ``config``'s packer. Raises ValueError
    (or KeyError) for a board the C cannot play, or a research configuration (fewer
    rounds, pawns or cards: the C has the published numbers): the env then keeps the
    Python engine."""
    for name, published in (("rounds", ROUNDS), ("pawns", PAWNS), ("deck", CARD_COUNT)):
        if options.get(name, published) != published:
            raise ValueError(
                f"the C engine plays the published game ({name}={published}), "
                f"not the research configuration's {name}={options[name]}"
            )
    return extension.Tables(
        count,
        rules_data(
            players,
            options["locations"],
            options["memory_cards"],
            bool(options.get("expert")),
            config.packer,
        ),
    )


def result(tables: Any, t: int) -> Result | None:
    """None: an ended game is replayed and scored by the Python rules (see the module
    docstring)."""
    return None
