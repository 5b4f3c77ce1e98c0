"""What a batched env's shard of tables stepped by a C engine does, whatever the game.

The same job as :class:`~tabletop.rl.shard.Shard` in every-seat mode, and the same
arrays, results and episodes (each game's ``tests/rl/test_rl_native_*.py`` runs both
side by side): table ``t`` of the env has the generator ``np_random(seed + t)`` and
each of its games the seed ``int(rng.integers(0, 2**63 - 1))``. What changes is who
does the work: the game's C engine steps every table, writes each table's packed row
for the table encoder's lookup (the observations are then looked up where the row
changed, as for Python states) and writes every seat's mask itself. Python is left the
seeds and an ended game's end (:meth:`NativeShard._close`, the one part a game
writes: its result, rewards and last observation), and, when asked, the states
(replayed from each game's decisions).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np
from gymnasium.utils import seeding

from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.rl.encoders.incremental import Incremental
from tabletop.rl.encoders.lookup import TableBase
from tabletop.rl.shard import ShardArrays, ShardSpec


class NativeTables(Protocol):
    """What a shard needs of a game's C tables seen from Python (``*Tables`` of
    :mod:`.wicked_labyrinth` and :mod:`.code_of_nine`)."""

    engine: Any
    """The C object: ``pack(rows)`` (the private places, if any) and ``masks(out)``."""

    def reset(self, t: int, seed: int) -> None: ...

    def step(self, actions: np.ndarray) -> list[int]: ...

    def state(self, t: int) -> State: ...


class NativeShard(ABC):
    """Steps tables ``spec.first`` .. ``spec.first + spec.tables - 1`` of an every-seat
    env into ``arrays``, in C; see the module docstring. A game's subclass makes its
    ``tables`` and table encoder configuration (``config``: its ``lookup`` and
    ``gather``) and writes :meth:`_close`."""

    def __init__(
        self, game: Game, spec: ShardSpec, arrays: ShardArrays, tables: NativeTables, config: Any
    ) -> None:
        if spec.seat is not None:
            raise ValueError(f"the native {game.info.title} steps every seat (seat=None) only")
        self.game = game
        self.spec = spec
        self.arrays = arrays
        self.players = spec.players
        self.num_actions = game.info.num_distinct_actions + 1
        self._tables = tables
        self._config = config
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
        self._rngs = [
            seeding.np_random(None if seed is None else seed + first + t)[0]
            for t in range(self.spec.tables)
        ]
        for t in range(self.spec.tables):
            self._new_game(t)
        self.arrays.rewards.fill(0.0)
        self.arrays.dones.fill(False)
        self.observe()

    def _new_game(self, t: int) -> None:
        self._tables.reset(t, int(self._rngs[t].integers(0, 2**63 - 1)))

    def make_spares(self, stop: Callable[[], bool]) -> None:  # noqa: B027 (deliberately nothing)
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
        """Record table ``t``'s ended game (:meth:`_close`, and its last masks: the
        no-op alone) and start its next one."""
        arrays = self.arrays
        arrays.dones[t] = True
        result = self._close(t)
        arrays.final_masks[t] = 0
        arrays.final_masks[t, :, self.num_actions - 1] = 1
        self._new_game(t)
        return result

    @abstractmethod
    def _close(self, t: int) -> Result:
        """Table ``t``'s ended game's result, with its rewards written into
        ``arrays.rewards[t]`` and its last observation into
        ``arrays.final_observations[t]`` (through :attr:`_final`)."""

    def observe(self) -> None:
        """Every table's observations and masks."""
        self.encode()
        self.mask()

    def encode(self) -> None:
        lookup = self._config.lookup
        private = self._tables.engine.pack(lookup.rows(self.spec.tables))
        TableBase.look_up(
            lookup, self._config.gather, self.arrays.observations, None, private or [], self._kept
        )

    def mask(self) -> None:
        self._tables.engine.masks(self.arrays.masks)
