"""A batched env's shard of tables stepped by a game's engine in C, whatever the game.

The same job as :class:`~tabletop.rl.shard.Shard` in every-seat mode, and the same
arrays, results and episodes (each game's ``tests/rl/test_rl_native_*.py`` runs both
side by side): table ``t`` of the env has the generator ``np_random(seed + t)`` and
each of its games the seed ``int(rng.integers(0, 2**63 - 1))``. What changes is who
does the work: the game's C engine steps every table, writes each table's packed row
for the table encoder's lookup (the observations are then looked up where the row
changed, as for Python states) and writes every seat's mask itself. Python is left the
seeds, an ended game's end (its result, rewards and last observation) and, when asked,
the states (replayed from each game's decisions: :mod:`.replay`).

The game's part is its kit's ``rl:native`` (a :class:`NativeEngine`): which C
extension holds its engine, how to make its tables from the game's numbers, and
whether an ended game's result comes from the C or from the replayed state. Composed
here, so a game's folder never imports this layer.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol, cast

import numpy as np
from gymnasium.utils import seeding

from tabletop.core.game import Game
from tabletop.core.lookup import TableBase
from tabletop.core.lookup.incremental import Incremental
from tabletop.core.native import extension
from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.encoding import TableEncoder, table_encoder_for
from tabletop.games import REGISTRY
from tabletop.rl.episode import rewards_of
from tabletop.rl.native.replay import ReplayedTables
from tabletop.rl.shard import ShardArrays, ShardSpec, Snapshot, SnapshotMismatch


class LookedUpTable(TableEncoder, Protocol):
    """A table encoder built on the lookup (:mod:`tabletop.core.lookup`), as a game with
    an engine in C has: the C writes the rows its lookup reads."""

    def config(self, state: Any) -> Any:
        """The lookup (``lookup``, ``gather``) and packer of ``state``'s configuration
        (kept for the next call)."""


class NativeEngine(Protocol):
    """A game's engine in C for the batched env, as its kit's ``rl:native`` part gives
    it (a module of the game's folder)."""

    EXTENSION: str
    """The C extension's module (one of ``tabletop.compiled.NATIVE``), whose ``Tables``
    hold the tables: ``reset``, ``step``, ``history``, ``pack`` (the rows, and the
    private places if any), ``masks``, and ``pack_one`` where :meth:`result` is not
    None."""

    def tables(
        self, extension: ModuleType, players: int, count: int, options: dict[str, Any], config: Any
    ) -> Any:
        """``count`` tables in C for the resolved ``options``, writing rows for the table
        encoder's ``config``; ValueError or KeyError for options the C cannot play."""

    def result(self, tables: Any, t: int) -> Result | None:
        """Table ``t``'s ended game's result from the C, or None: the game is then
        replayed, scored by the Python rules and its last observation encoded."""


def native_engine(game: str) -> tuple[NativeEngine, ModuleType] | None:
    """``game``'s engine in C and its extension, when its kit has one (``rl:native``) and
    it is built, fresh and allowed (``tabletop.compiled.native``); else None."""
    kit = REGISTRY.kit(game)
    if not kit.has("rl:native"):
        return None
    engine: NativeEngine = kit.part("rl:native")
    found = extension(engine.EXTENSION)
    return None if found is None else (engine, found)


class UnsupportedOptions(ValueError):
    """The game's C engine cannot play these options (the env keeps the Python one)."""


class NativeShard:
    """Steps tables ``spec.first`` .. ``spec.first + spec.tables - 1`` of an every-seat
    env into ``arrays``, with ``engine`` (the game's part) and its C ``extension``; see
    the module docstring."""

    def __init__(
        self,
        game: Game,
        spec: ShardSpec,
        arrays: ShardArrays,
        engine: NativeEngine,
        extension: ModuleType,
    ) -> None:
        if spec.seat is not None:
            raise ValueError(f"the native {game.info.title} steps every seat (seat=None) only")
        self.game = game
        self.spec = spec
        self.arrays = arrays
        self.players = spec.players
        self.num_actions = game.info.num_distinct_actions + 1
        options = game.resolve_options(spec.options)
        self._encoder = cast(LookedUpTable, table_encoder_for(game.info.name, spec.players))
        self._config = self._encoder.config(game.new_game(spec.players, 0, **options))
        """The table encoder's lookup, gather and packer, which the C writes rows for."""
        try:
            made = engine.tables(extension, spec.players, spec.tables, options, self._config)
        except (ValueError, KeyError) as error:
            raise UnsupportedOptions(f"the native {game.info.title}: {error}") from error
        self._engine = engine
        self._tables = ReplayedTables(game, spec.players, options, made, spec.tables)
        self._kept = Incremental()
        self._final = Incremental()
        """For the last observation of an ended game (see ``Shard._final``)."""
        self._rngs: list[np.random.Generator] = []

    @property
    def states(self) -> list[State]:
        """Every table's game as a Python state (replayed: for tests and tools)."""
        return [self._tables.state(t) for t in range(self.spec.tables)]

    def snapshot(self) -> Snapshot:
        """The tables now (see :class:`~tabletop.rl.shard.Snapshot`): each table's C game
        as bytes, and its game replayed as a Python state, for a shard of another kind."""
        engine = self._tables.engine
        tables = range(self.spec.tables)
        return Snapshot(
            self.states,
            [None] * self.spec.tables,
            list(self._rngs),
            [],
            (self._engine.EXTENSION, [engine.save(t) for t in tables], list(self._tables.seeds)),
        )

    def restore(self, snapshot: Snapshot) -> None:
        """Take the tables of ``snapshot``, made by a native shard of this extension
        (:class:`~tabletop.rl.shard.SnapshotMismatch` otherwise), and observe them."""
        native = snapshot.native
        if native is None or native[0] != self._engine.EXTENSION:
            raise SnapshotMismatch("not a snapshot of this native engine")
        _, games, seeds = native
        if len(games) != self.spec.tables:
            raise ValueError(f"a snapshot of {len(games)} tables for {self.spec.tables}")
        try:
            for t, data in enumerate(games):
                self._tables.load(t, data, seeds[t])
        except ValueError as error:  # another build's tables
            raise SnapshotMismatch(str(error)) from error
        self._rngs = list(snapshot.rngs)
        self._kept.forget()
        self.observe()

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
        """Record table ``t``'s ended game (its result, rewards, last observation, and
        last masks: the no-op alone) and start its next one."""
        arrays = self.arrays
        arrays.dones[t] = True
        final = arrays.final_observations[t : t + 1]
        self._final.forget()
        result = self._engine.result(self._tables.engine, t)
        if result is None:  # replayed: scored by the Python rules, encoded from the state
            state = self._tables.state(t)
            result = state.result()
            self._encoder.encode_into((state,), final, None, self._final)
        else:  # from the C alone: its last row packed by the C
            lookup = self._config.lookup
            self._tables.engine.pack_one(t, lookup.rows(1))
            TableBase.look_up(lookup, self._config.gather, final, None, [], self._final)
        arrays.rewards[t] = rewards_of(self.game, self.players, self.spec.reward, result)
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
        TableBase.look_up(
            lookup, self._config.gather, self.arrays.observations, None, private or [], self._kept
        )

    def mask(self) -> None:
        self._tables.engine.masks(self.arrays.masks)
