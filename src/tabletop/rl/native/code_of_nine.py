"""Code of Nine's tables in C (``_code_of_nine.c``), seen from Python.

:class:`CodeOfNineTables` hands the C engine every number it needs, taken from the
same objects the Python engine reads (the board's locations and supply, the memory
card set's deck, the sheet layout and action ids, the table encoder's packer), and
turns what it reports into Python objects: for an ended game, and for
:attr:`VectorEnv.states` and the tests, a real :class:`CodeOfNineState`, replayed from
the game's seed and the decisions the C recorded (the generator is the state's own, so
the replay draws the same cards). An ended game is scored there, by the Python rules:
memory cards are rules as data, and a game ends once in a hundred decisions or so.
"""

from __future__ import annotations

from typing import Any

from tabletop import compiled
from tabletop.core.game import Game
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
from tabletop.games.code_of_nine.state import SEAT_SHIFT, CodeOfNineState
from tabletop.rl.encoders.code_of_nine_pack import CodeOfNinePacker
from tabletop.rl.encoders.code_of_nine_table import CodeOfNineTable
from tabletop.rl.native.replay import ReplayedTables
from tabletop.rl.shard import ShardSpec

MODULE = "tabletop.rl.native._code_of_nine"
MAX_CHOICE = 4
"""The C's room for a location's "gain 1 X or 2 Y" options."""
NIBBLE = 15
"""The most of one item The Tree lets a player take (its count lives in 4 bits)."""


def available() -> bool:
    """Whether the C engine is built, fresh and allowed (``tabletop.compiled.native``)."""
    return compiled.native(MODULE)


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


def supports(game: Game, spec: ShardSpec) -> bool:
    """Whether the C engine plays ``spec``'s board and memory cards (it refuses a board
    whose numbers it cannot hold; the env then keeps the Python engine)."""
    from tabletop.rl.native._code_of_nine import Tables

    options = game.resolve_options(spec.options)
    state = game.new_game(spec.players, 0, **options)
    if not isinstance(state, CodeOfNineState):
        return False
    packer = CodeOfNineTable(spec.players).config(state).packer
    try:
        Tables(
            1,
            rules_data(
                spec.players,
                options["locations"],
                options["memory_cards"],
                bool(options.get("expert")),
                packer,
            ),
        )
    except (ValueError, KeyError):
        return False
    return True


class CodeOfNineTables(ReplayedTables[CodeOfNineState]):
    """``tables`` games of ``game`` at ``players`` seats with the resolved ``options``
    (board, memory card set, game mode), stepped in C; see the module docstring."""

    def __init__(
        self,
        game: Game,
        players: int,
        tables: int,
        options: dict[str, Any],
        packer: CodeOfNinePacker,
    ) -> None:
        from tabletop.rl.native._code_of_nine import Tables

        super().__init__(
            game,
            players,
            options,
            Tables(
                tables,
                rules_data(
                    players,
                    options["locations"],
                    options["memory_cards"],
                    bool(options.get("expert")),
                    packer,
                ),
            ),
            tables,
            CodeOfNineState,
        )
