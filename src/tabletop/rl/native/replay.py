"""A game's C tables seen from Python: seeds, stepping, and states by replay.

Every game's C engine (``games/<name>/native/_engine.c``) holds its tables as plain
arrays and records each game's decisions; what the batched env needs as Python
objects (``VectorEnv.states``, and the scoring of a game whose end the C does not
score) is made by replaying them on ``game.new_game`` with the game's seed. The state's own
generator draws the same chance, so the replay is the game the C played.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.core.game import Game
from tabletop.core.state import State


class ReplayedTables:
    """``engine`` (a C ``Tables``: ``reset``, ``step``, ``history``) with each table's
    seed and replay."""

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict[str, Any],
        engine: Any,
        tables: int,
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.engine = engine
        """The C tables, which write the env's arrays (``pack``, ``masks``, ...)."""
        self.seeds = [0] * tables
        """Each table's game seed (for its replay)."""
        self._games = [0] * tables
        """Each table's games so far: a replay is of the game its number says."""
        self._replays: list[tuple[int, State, int] | None] = [None] * tables
        """Per table, the last replay (its game, the state, the decisions it has)."""

    def reset(self, t: int, seed: int) -> None:
        """A new game at table ``t``, as ``game.new_game(players, seed, **options)``."""
        self.seeds[t] = seed
        self._games[t] += 1
        self.engine.reset(t, seed)

    def load(self, t: int, data: bytes, seed: int) -> None:
        """Put at table ``t`` the game ``engine.save`` gave (and its seed, for replays)."""
        self.engine.load(t, data)
        self.seeds[t] = seed
        self._games[t] += 1

    def step(self, actions: np.ndarray) -> list[int]:
        """Every deciding seat's action (``(tables, players)`` int64, legal); returns the
        tables whose game ended."""
        ended: list[int] = self.engine.step(actions)
        return ended

    def state(self, t: int) -> State:
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
            state, applied = self.game.new_game(self.players, self.seeds[t], **self.options), 0
        decisions = self.engine.history(t, applied)
        for player, action in decisions:
            state.apply_unchecked(player, action)
        self._replays[t] = (self._games[t], state, applied + len(decisions))
        return state
