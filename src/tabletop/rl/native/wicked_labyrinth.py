"""The Wicked Labyrinth's tables in C (``_wicked_labyrinth.c``), seen from Python.

:class:`LabyrinthTables` hands the C engine every number it needs, taken from the
same objects the Python engine reads (the card set's flat tuples, the board layout and
action ids, the rulebook's numbers, the table encoder's row width), and turns what it
reports into the Python objects the batched env hands out: an ended game's
:class:`~tabletop.core.result.Result` and, for :attr:`VectorEnv.states` and the tests,
a real :class:`WickedLabyrinthState`, replayed from the game's seed and the decisions
the C recorded (the generator is the state's own, so the replay draws the same chance).
"""

from __future__ import annotations

from typing import Any

from tabletop import compiled
from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.games.wicked_labyrinth import board, ids
from tabletop.games.wicked_labyrinth import elements as el
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.game import INFO
from tabletop.games.wicked_labyrinth.state import (
    GREAT_OUTCOME,
    SMALL_OUTCOME,
    WickedLabyrinthState,
)
from tabletop.rl.encoders.wicked_labyrinth import FRAGMENTS
from tabletop.rl.encoders.wicked_labyrinth_pack import QUEUE_DIGITS
from tabletop.rl.native.replay import ReplayedTables

MODULE = "tabletop.rl.native._wicked_labyrinth"


def available() -> bool:
    """Whether the C engine is built, fresh and allowed (``tabletop.compiled.native``)."""
    return compiled.native(MODULE)


def rules_data(players: int, cards: CardSet, width: int) -> dict[str, Any]:
    """Everything the C engine reads, by name: the layout it checks against its own,
    the player count's numbers, the rulebook's points and capacities, the cards, and
    the packed row's width (``width``: the table encoder's lookup's)."""
    names = (
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
    )
    layout: dict[str, int] = {name: getattr(board, name) for name in names}
    for name in (
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
    ):
        layout[name] = getattr(ids, name)
    for mode in el.Mode:
        layout[f"M_{mode.name}"] = int(mode)
    for phase in el.Phase:
        layout[f"P_{phase.name}"] = int(phase)
    layout["WHITE"] = int(el.Element.WHITE)
    layout["PROMOTION_ELEMENT"] = int(el.Element.PROMOTION)
    layout["ELEMENTS"] = len(el.Element)
    return {
        "layout": layout,
        "players": players,
        "corridors_per_round": el.CORRIDORS_PER_ROUND[players],
        "search_pieces": el.SEARCH_PIECES[players],
        "rounds": el.ROUNDS,
        "capacity": list(el.CAPACITY),
        "points": list(el.TOKEN_POINTS),
        "great_points": el.GREAT_ORACLE_POINTS,
        "small_points": el.SMALL_ORACLE_POINTS,
        "returned_per_great": el.IMPURITY_RETURNED_PER_GREAT,
        "great_outcome": GREAT_OUTCOME,
        "small_outcome": SMALL_OUTCOME,
        "outcomes": INFO.num_chance_outcomes,
        "corridor_lower": [int(c.lower) for c in cards.corridors],
        "corridor_upper": [[int(e) for e in c.upper] for c in cards.corridors],
        "great_colours": list(cards.great_colours),
        "small_needs": list(cards.small_needs),
        "small_rewards": [list(r) for r in cards.small_rewards],
        "fragments": FRAGMENTS,
        "queue_digits": QUEUE_DIGITS,
        "width": width,
    }


class LabyrinthTables(ReplayedTables[WickedLabyrinthState]):
    """``tables`` games of ``game`` at ``players`` seats with the resolved ``options``
    (their card set), stepped in C; see the module docstring."""

    def __init__(
        self, game: Game, players: int, tables: int, options: dict[str, Any], width: int
    ) -> None:
        from tabletop.rl.native._wicked_labyrinth import Tables

        self.cards: CardSet = options["cards"]
        super().__init__(
            game,
            players,
            options,
            Tables(tables, rules_data(players, self.cards, width)),
            tables,
            WickedLabyrinthState,
        )

    def result(self, t: int) -> Result:
        """Table ``t``'s ended game's result, as ``WickedLabyrinthState.result``."""
        tallies = self.engine.tallies(t)
        keys = [(s, g, h, m, lo, -imp) for s, g, h, m, lo, imp in tallies]
        return Result.from_keys([row[0] for row in tallies], keys)
