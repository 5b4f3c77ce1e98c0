"""The Wicked Labyrinth in C: hand-written extensions beside the Python rules they mirror.

``_planner`` is the heuristic's soul-processing search (the reference is
:mod:`tabletop.games.wicked_labyrinth.bots.processing_planner`); ``_engine`` steps
many tables of the game for the batched RL env (its Python side is
:mod:`tabletop.games.wicked_labyrinth.rl.engine`); ``_pack`` writes the table
encoder's rows (the reference is :mod:`tabletop.games.wicked_labyrinth.rl.pack`).
They are built and loaded only in a compiled, fresh build (:mod:`tabletop.compiled`).

The board rules in C are written once, in ``rules.h``, which ``_engine`` and
``_planner`` both include; :func:`rules_data` hands it its numbers and cards.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.wicked_labyrinth import board, ids, rules
from tabletop.games.wicked_labyrinth import elements as el
from tabletop.games.wicked_labyrinth.cards import CardSet

_LAYOUT_NAMES = [
    "STRIDE",
    "SEARCH",
    "WITCH",
    "SOUL",
    "PROMOTION",
    "COLOUR_CHANGE",
    "GREAT",
    "GREAT_DONE",
    "SMALL",
    "SMALL_DONE",
    "MODE",
    "IMPURITY",
    "DECLARED",
    "QUEUE",
]
_ID_NAMES = [
    "DECLARE_BASE",
    "CHOOSE_WHITE_BASE",
    "RETURN_LOW_BASE",
    "PAIR_BASE",
    "SPELL_BASE",
    "DISCARD_PROMOTION",
    "CHANGE_BASE",
    "DISCARD_CHANGE",
    "SMALL_BASE",
    "GREAT_BASE",
    "DONE",
    "COUNT",
]
_LOG_NAMES = ("GAINED", "RETURNED", "STORED_PROMOTION", "STORED_COLOUR_CHANGE")


def layout() -> dict[str, int]:
    """The board layout, action ids, modes, phases, elements and log codes by name: what
    ``rules.h`` compiles in and checks against these at construction."""
    found = {name: getattr(board, name) for name in _LAYOUT_NAMES}
    found.update({name: getattr(ids, name) for name in _ID_NAMES})
    found.update({f"M_{mode.name}": int(mode) for mode in el.Mode})
    found.update({f"P_{phase.name}": int(phase) for phase in el.Phase})
    found["WHITE"] = int(el.Element.WHITE)
    found["PROMOTION_ELEMENT"] = int(el.Element.PROMOTION)
    found["ELEMENTS"] = len(el.Element)
    found.update({name: getattr(rules, name) for name in _LOG_NAMES})
    return found


def rules_data(cards: CardSet) -> dict[str, Any]:
    """What ``rules.h`` reads (``wl_read_rules``) by name, for the engine, the planner and
    the shared vectors alike: the layout, the rulebook's capacities and points, and the
    oracle cards as the card set's flat tuples."""
    return {
        "layout": layout(),
        "capacity": list(el.CAPACITY),
        "points": list(el.TOKEN_POINTS),
        "great_points": el.GREAT_ORACLE_POINTS,
        "small_points": el.SMALL_ORACLE_POINTS,
        "returned_per_great": el.IMPURITY_RETURNED_PER_GREAT,
        "great_colours": list(cards.great_colours),
        "small_needs": list(cards.small_needs),
        "small_rewards": [list(r) for r in cards.small_rewards],
    }
