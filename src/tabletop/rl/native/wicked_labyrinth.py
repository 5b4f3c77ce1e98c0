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

import numpy as np

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

MODULE = "tabletop.rl.native._wicked_labyrinth"


def available() -> bool:
    """Whether the C engine is built, fresh and allowed (``tabletop.compiled.native``)."""
    return compiled.native(MODULE)


def rules_data(players: int, cards: CardSet, width: int) -> dict[str, Any]:
    """Everything the C engine reads, by name: the layout it checks against its own,
    the player count's numbers, the rulebook's points and capacities, the cards, and
    the packed row's width (``width``: the table encoder's lookup's)."""
    names = ("STRIDE", "SEARCH", "WITCH", "SOUL", "PROMOTION", "COLOUR_CHANGE", "GREAT",
             "GREAT_DONE", "SMALL", "SMALL_DONE", "MODE", "IMPURITY", "DECLARED", "QUEUE")
    layout: dict[str, int] = {name: getattr(board, name) for name in names}
    for name in ("DECLARE_BASE", "CHOOSE_WHITE_BASE", "RETURN_LOW_BASE", "PAIR_BASE",
                 "SPELL_BASE", "DISCARD_PROMOTION", "CHANGE_BASE", "DISCARD_CHANGE",
                 "SMALL_BASE", "GREAT_BASE", "DONE", "COUNT"):
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


class LabyrinthTables:
    """``tables`` games of ``game`` at ``players`` seats with the resolved ``options``
    (their card set), stepped in C; see the module docstring."""

    def __init__(self, game: Game, players: int, tables: int, options: dict[str, Any],
                 width: int) -> None:
        from tabletop.rl.native._wicked_labyrinth import Tables

        self.game = game
        self.players = players
        self.options = options
        self.cards: CardSet = options["cards"]
        self.engine = Tables(tables, rules_data(players, self.cards, width))
        """The C tables: ``pack``, ``pack_one`` and ``masks`` write the env's arrays."""
        self.seeds = [0] * tables
        """Each table's game seed (for its replay)."""
        self._games = [0] * tables
        """Each table's games so far: a replay is of the game its number says."""
        self._replays: list[tuple[int, WickedLabyrinthState, int] | None] = [None] * tables
        """Per table, the last replay (its game, the state, the decisions it has)."""

    def reset(self, t: int, seed: int) -> None:
        """A new game at table ``t``, as ``game.new_game(players, seed, **options)``."""
        self.seeds[t] = seed
        self._games[t] += 1
        self.engine.reset(t, seed)

    def step(self, actions: np.ndarray) -> list[int]:
        """Every deciding seat's action (``(tables, players)`` int64, legal); returns the
        tables whose game ended."""
        return self.engine.step(actions)

    def result(self, t: int) -> Result:
        """Table ``t``'s ended game's result, as ``WickedLabyrinthState.result``."""
        tallies = self.engine.tallies(t)
        keys = [(s, g, h, m, lo, -imp) for s, g, h, m, lo, imp in tallies]
        return Result.from_keys([row[0] for row in tallies], keys)

    def state(self, t: int) -> WickedLabyrinthState:
        """Table ``t``'s game as a Python state: its new game, then its decisions.

        The replay is kept and the next call applies only the decisions made since, so
        a caller that asks at every step (self-play labelling reads each deciding
        seat's state) pays for each decision once. Like the Python engine's live
        states, the state returned is the env's to advance: read it, do not change it.
        """
        replay = self._replays[t]
        if replay is not None and replay[0] == self._games[t]:
            _, state, applied = replay
        else:
            made = self.game.new_game(self.players, self.seeds[t], **self.options)
            if not isinstance(made, WickedLabyrinthState):
                raise TypeError(f"{self.game.info.name} is not The Wicked Labyrinth")
            state, applied = made, 0
        decisions = self.engine.history(t, applied)
        for player, action in decisions:
            state.apply_unchecked(player, action)
        self._replays[t] = (self._games[t], state, applied + len(decisions))
        return state
