"""A batched env's shard of Code of Nine tables stepped by the C engine.

The same job as :class:`~tabletop.rl.shard.Shard` in every-seat mode, and the same
arrays, results and episodes (``tests/rl/test_rl_native_code_of_nine.py`` runs both
side by side): table ``t`` of the env has the generator ``np_random(seed + t)`` and
each of its games the seed ``int(rng.integers(0, 2**63 - 1))``. The C engine
(:mod:`.code_of_nine`) steps every table, writes each table's packed row and private
places for the table encoder's lookup and every seat's mask. An ended game is replayed
in Python (its decisions are kept), which scores it by the Python rules and gives its
result, rewards and last observation exactly as the Python shard does.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from gymnasium.utils import seeding

from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.rl.encoders.code_of_nine_table import CodeOfNineTable
from tabletop.rl.encoders.incremental import Incremental
from tabletop.rl.encoders.lookup import TableBase
from tabletop.rl.episode import terminal_rewards
from tabletop.rl.native.code_of_nine import CodeOfNineTables
from tabletop.rl.shard import ShardArrays, ShardSpec


class CodeOfNineShard:
    """Steps tables ``spec.first`` .. ``spec.first + spec.tables - 1`` of an every-seat
    Code of Nine env into ``arrays``, in C; see the module docstring."""

    def __init__(self, game: Game, spec: ShardSpec, arrays: ShardArrays) -> None:
        if spec.seat is not None:
            raise ValueError("the native Code of Nine steps every seat (seat=None) only")
        self.game = game
        self.spec = spec
        self.arrays = arrays
        self.players = spec.players
        self.options = game.resolve_options(spec.options)
        self.num_actions = game.info.num_distinct_actions + 1
        self._encoder = CodeOfNineTable(spec.players)
        sample = game.new_game(spec.players, 0, **self.options)
        if not isinstance(sample, CodeOfNineState):
            raise TypeError(f"{game.info.name} is not Code of Nine")
        self._config = self._encoder.config(sample)
        self._tables = CodeOfNineTables(game, spec.players, spec.tables, self.options,
                                        self._config.packer)
        self._kept = Incremental()
        self._final = Incremental()
        """For the last observation of an ended game (see ``Shard._final``)."""
        self._rngs: list[np.random.Generator] = []

    @property
    def states(self) -> list[State]:
        """Every table's game as a Python state (replayed: for tests and tools)."""
        return [self._tables.state(t) for t in range(self.spec.tables)]

    def reset(self, seed: int | None) -> None:
        """New games at every table, table ``t`` of the env seeded with ``seed + t``."""
        first = self.spec.first
        self._rngs = [seeding.np_random(None if seed is None else seed + first + t)[0]
                      for t in range(self.spec.tables)]
        for t in range(self.spec.tables):
            self._new_game(t)
        self.arrays.rewards.fill(0.0)
        self.arrays.dones.fill(False)
        self.observe()

    def _new_game(self, t: int) -> None:
        self._tables.reset(t, int(self._rngs[t].integers(0, 2**63 - 1)))

    def make_spares(self, stop: Callable[[], bool]) -> None:
        """Nothing to deal ahead: a new game in C costs about a microsecond."""

    def step(self, chosen: np.ndarray) -> list[tuple[int, Result]]:
        """Apply ``chosen`` (this shard's checked actions) and observe; returns the
        (shard table, result) of every game that ended (and was reset)."""
        ended = self.apply(chosen)
        self.observe()
        return ended

    def apply(self, chosen: np.ndarray) -> list[tuple[int, Result]]:
        """Every table's actions and the autoresets (rewards and dones set)."""
        arrays = self.arrays
        arrays.rewards.fill(0.0)
        arrays.dones.fill(False)
        ended = self._tables.step(np.ascontiguousarray(chosen, np.int64))
        return [(t, self._finish(t)) for t in ended]

    def _finish(self, t: int) -> Result:
        """Record table ``t``'s ended game (replayed: result, rewards, last observation
        and masks) and start its next one."""
        arrays = self.arrays
        arrays.dones[t] = True
        state = self._tables.state(t)
        result = state.result()
        arrays.rewards[t] = terminal_rewards(self.game, state, self.spec.reward, result)
        self._final.forget()
        self._encoder.encode_into((state,), arrays.final_observations[t : t + 1], None,
                                  self._final)
        arrays.final_masks[t] = 0
        arrays.final_masks[t, :, self.num_actions - 1] = 1
        self._new_game(t)
        return result

    def observe(self) -> None:
        """Every table's observations and masks."""
        self.encode()
        self.mask()

    def encode(self) -> None:
        lookup = self._config.lookup
        private = self._tables.engine.pack(lookup.rows(self.spec.tables))
        TableBase.look_up(lookup, self._config.gather, self.arrays.observations, None, private,
                          self._kept)

    def mask(self) -> None:
        self._tables.engine.masks(self.arrays.masks)
