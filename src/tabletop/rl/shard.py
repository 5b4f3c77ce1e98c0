"""The tables one process steps for a :class:`~tabletop.rl.vector.VectorEnv`.

A batched env's tables are split into shards: the env's own process steps the first,
and each worker process (``workers > 1``, :mod:`tabletop.rl.workers`) one more, all
writing into the env's arrays (shared memory when there are workers). A shard owns
its tables' states, generators, opponents and mask table; it writes observations,
masks, rewards, dones and the final observations and masks of ended games into the
views it is given, and hands back the results of the games that ended. Table ``t``
of the env is seeded with ``seed + t`` whichever shard holds it, so the number of
workers never changes an episode.

Why the per-table work is where it is: the engine steps each table from compiled
code (:mod:`tabletop.rl.stepping`); each table's state is packed into one row of
integers (the table encoders' compiled packers), and the entries of the integers that
changed since the last step are looked up again, the rest left as they are
(:mod:`tabletop.core.lookup.incremental`); masks are keys into a table of the distinct
legal sets met so far, copied out by one ``take``. No per-step
dictionary or array is built per table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium.utils import seeding

from tabletop.core.game import Game
from tabletop.core.lookup.incremental import Incremental
from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.encoding import table_encoder_for
from tabletop.rl import stepping
from tabletop.rl.episode import terminal_rewards
from tabletop.rl.opponents import Opponent, Opponents

if TYPE_CHECKING:
    from tabletop.rl.native.shard import NativeShard

MASK_TABLE_LIMIT = 1 << 16
"""Distinct legal sets a shard keeps masks for (about 11 MB for the Labyrinth)."""


class MaskTable:
    """The distinct legal-action sets seen so far, as rows of one int8 array.

    A key names a row; row 0 is the no-op alone. Masks of many seats are then one
    ``take`` of their keys, and a legal set's row is built once per shard.
    :mod:`~tabletop.rl.stepping` finds the keys (in :attr:`known`) and lists the sets
    met for the first time, whose rows :meth:`add` writes. Keys hold for one step:
    :meth:`start` may forget every set (past :data:`MASK_TABLE_LIMIT` rows), so a long
    run's memory stays bounded.
    """

    def __init__(self, num_actions: int) -> None:
        self.num_actions = num_actions
        self.rows = np.zeros((64, num_actions), np.int8)
        self.rows[0, num_actions - 1] = 1
        self.known: dict[tuple[int, ...], int] = {}
        """Each legal set met so far, by its key (its row)."""

    def start(self) -> None:
        """A new step's keys begin; forget every set once the table is full."""
        if len(self.known) + 1 >= MASK_TABLE_LIMIT:
            self.known.clear()
            self.rows[1:] = 0

    def add(self, new: list[tuple[int, ...]]) -> None:
        """Write the rows of the sets just given keys (the last ``len(new)`` of them)."""
        count = len(self.known) + 1
        if count > len(self.rows):
            grown = np.zeros((max(count, 2 * len(self.rows)), self.num_actions), np.int8)
            grown[: len(self.rows)] = self.rows
            self.rows = grown
        for key, ids in enumerate(new, count - len(new)):
            self.rows[key, list(ids)] = 1


@dataclass(frozen=True)
class ShardSpec:
    """What a shard is made from: plain values, so a worker process can be sent it
    (the game by name: a worker looks it up).

    ``first`` is the env's index of the shard's first table (its seeds start there);
    ``options`` are the game's options as given (checked, not resolved: a worker
    resolves them, so its states hold the game's own card set, not a copy).
    ``native``: whether a native engine may step the tables (:func:`make_shard`),
    decided once by the env so that its workers make the same choice.
    """

    game: str
    players: int
    first: int
    tables: int
    seat: int | None
    opponents: dict[int, Opponent]
    reward: str
    options: dict[str, Any]
    native: bool = True


@dataclass
class Snapshot:
    """A shard's tables as plain data, to pickle or copy a batched env mid-episode
    (:meth:`Shard.snapshot`, :func:`restored`).

    ``states`` are the tables' games (Python states; a native shard's are replayed),
    ``spares`` the next games dealt ahead, ``rngs`` the tables' generators and
    ``opponents`` their opponents (one-seat mode) with their bots as they are now.
    ``native``: a native shard's own record, ``(extension, each table's C game as
    bytes, each table's game seed)``, which only the same build reads back; a shard
    of another kind restores from the states instead.
    """

    states: list[State]
    spares: list[State | None]
    rngs: list[np.random.Generator]
    opponents: list[Opponents]
    native: tuple[str, list[bytes], list[int]] | None = None


class SnapshotMismatch(ValueError):
    """A snapshot this shard cannot take (a native shard given a Python one):
    :func:`restored` makes a Python shard instead."""


@dataclass
class ShardArrays:
    """The views of the env's arrays that hold one shard's tables (first axis)."""

    observations: np.ndarray
    masks: np.ndarray
    rewards: np.ndarray
    dones: np.ndarray
    final_observations: np.ndarray
    final_masks: np.ndarray

    def tables(self, start: int, stop: int) -> ShardArrays:
        """The views of tables ``start`` to ``stop`` of these."""
        return ShardArrays(
            *(
                a[start:stop]
                for a in (
                    self.observations,
                    self.masks,
                    self.rewards,
                    self.dones,
                    self.final_observations,
                    self.final_masks,
                )
            )
        )


class Shard:
    """Steps tables ``spec.first`` .. ``spec.first + spec.tables - 1`` of an env into
    ``arrays`` (this shard's views); see the module docstring."""

    def __init__(self, game: Game, spec: ShardSpec, arrays: ShardArrays) -> None:
        self.game = game
        self.spec = spec
        self.arrays = arrays
        self.players = spec.players
        self.seat = spec.seat
        self.options = game.resolve_options(spec.options)
        self.num_actions = game.info.num_distinct_actions + 1
        self._encoder = table_encoder_for(game.info.name, spec.players)
        self._kept = Incremental()
        self._final = Incremental()
        """For the last observation of an ended game: written whole each time (its row
        held another game's), by the lookup's C half where the batch's goes too."""
        self._masks = MaskTable(self.num_actions)
        self._keys = np.zeros(arrays.masks.shape[:-1], np.intp)
        self._key_list = [0] * self._keys.size
        self.states: list[State] = []
        self._spares: list[State | None] = []
        """Per table, its next game made ahead in idle time (:meth:`make_spares`)."""
        self._rngs: list[np.random.Generator] = []
        self._opponents: list[Opponents] = []
        if spec.seat is not None:
            self._opponents = [
                Opponents(game, spec.opponents, spec.players, self.num_actions - 1)
                for _ in range(spec.tables)
            ]

    def snapshot(self) -> Snapshot:
        """The tables now, as plain data (see :class:`Snapshot`)."""
        return Snapshot(list(self.states), list(self._spares), list(self._rngs), self._opponents)

    def restore(self, snapshot: Snapshot) -> None:
        """Take the tables of ``snapshot`` (this shard's size) and observe them again:
        the observations and masks are those of the snapshot's states."""
        if len(snapshot.states) != self.spec.tables:
            raise ValueError(
                f"a snapshot of {len(snapshot.states)} tables for a shard of {self.spec.tables}"
            )
        self.states = list(snapshot.states)
        self._spares = list(snapshot.spares)
        self._rngs = list(snapshot.rngs)
        if self.seat is not None:
            self._opponents = list(snapshot.opponents)
        self._kept.forget()
        self.observe()

    def reset(self, seed: int | None) -> None:
        """New games at every table, table ``t`` of the env seeded with ``seed + t``."""
        first = self.spec.first
        self._rngs = [
            seeding.np_random(None if seed is None else seed + first + t)[0]
            for t in range(self.spec.tables)
        ]
        self._spares = [None] * self.spec.tables
        self.states = [self._new_game(t) for t in range(self.spec.tables)]
        self.arrays.rewards.fill(0.0)
        self.arrays.dones.fill(False)
        self.observe()

    def _new_game(self, t: int) -> State:
        """Table ``t``'s next game: its spare if one was made, and its opponents'
        start (drawn from the table's generator after the game's seed, as always)."""
        rng = self._rngs[t]
        state = self._spares[t]
        if state is None:
            state = self._dealt(t)
        else:
            self._spares[t] = None
        if self.seat is not None:
            opponents = self._opponents[t]
            opponents.new_game(rng)
            opponents.play_until(state, self.seat)
        return state

    def _dealt(self, t: int) -> State:
        """A new game at table ``t``, seeded by the table's next draw."""
        return self.game.new_game(
            self.players, int(self._rngs[t].integers(0, 2**63 - 1)), **self.options
        )

    def make_spares(self, stop: Callable[[], bool]) -> None:
        """Make the next game of tables without a spare until ``stop()`` says to.

        Why: an autoreset deals a new game in the middle of a step (a fifth of what a
        game's end costs, the Labyrinth's setup more), and a step with workers waits
        for the slowest process, so the deal is on its path. A process that waits (a
        worker for the next step, the env's process for its workers) deals ahead
        instead; the spare's seed is the same draw of the table's generator, made
        earlier (a table's bots draw theirs when the game starts, after it, as without
        spares), so the episodes do not change. One game at a time, asking ``stop``
        between: a message waits at most one deal.
        """
        spares = self._spares
        for t in range(len(spares)):
            if spares[t] is None:
                if stop():
                    return
                spares[t] = self._dealt(t)

    def step(self, chosen: np.ndarray) -> list[tuple[int, Result]]:
        """Apply ``chosen`` (this shard's rows of checked actions) and observe; returns
        the (shard table, result) of every game that ended (and was reset)."""
        ended = self.apply(chosen)
        self.observe()
        return ended

    def apply(self, chosen: np.ndarray) -> list[tuple[int, Result]]:
        """Every table's actions, its opponents' in one-seat mode, and the autoresets
        (rewards and dones set)."""
        arrays = self.arrays
        arrays.rewards.fill(0.0)
        arrays.dones.fill(False)
        learner = self.seat
        rows = chosen.tolist()
        states = self.states
        ended: list[int] = []
        if learner is None:
            stepping.apply_every_seat(states, rows, ended)
        else:
            for t, state in enumerate(states):
                opponents = self._opponents[t]
                moves = opponents.actions(state, learner)
                moves[learner] = rows[t]
                for p in state.current_players():
                    state.apply_unchecked(p, moves[p])
                opponents.play_until(state, learner)
                if state.is_terminal():
                    ended.append(t)
        return [(t, self._finish(t, states[t])) for t in ended]

    def _finish(self, t: int, state: State) -> Result:
        """Record table ``t``'s ended game and start its next one."""
        arrays = self.arrays
        arrays.dones[t] = True
        result = state.result()
        rewards = terminal_rewards(self.game, state, self.spec.reward, result)
        arrays.rewards[t] = rewards if self.seat is None else rewards[self.seat]
        self._final.forget()
        self._encoder.encode_into(
            (state,), arrays.final_observations[t : t + 1], self.seat, self._final
        )
        arrays.final_masks[t] = self._masks.rows[0]
        self.states[t] = self._new_game(t)
        return result

    def observe(self) -> None:
        """Every table's observations and masks, from its state."""
        self.encode()
        self.mask()

    def encode(self) -> None:
        self._encoder.encode_into(self.states, self.arrays.observations, self.seat, self._kept)

    def mask(self) -> None:
        states = self.states
        masks = self._masks
        masks.start()
        new: list[tuple[int, ...]] = []
        if self.seat is None:
            stepping.every_seat_keys(states, self.players, masks.known, self._key_list, new)
        else:
            stepping.seat_keys(states, self.seat, masks.known, self._key_list, new)
        if new:
            masks.add(new)
        self._keys.reshape(-1)[:] = self._key_list
        np.take(masks.rows, self._keys, axis=0, out=self.arrays.masks, mode="clip")


def restored(shard: Shard | NativeShard, snapshot: Snapshot) -> Shard | NativeShard:
    """``shard`` holding the tables of ``snapshot``; a Python shard (made over the same
    arrays) where a native one cannot read the snapshot (made by another kind or
    build): the episodes go on the same, as both engines play them step for step."""
    try:
        shard.restore(snapshot)
        return shard
    except SnapshotMismatch:
        python = Shard(shard.game, replace(shard.spec, native=False), shard.arrays)
        python.restore(snapshot)
        return python


NATIVE_ENGINES = True
"""Whether envs made from now on may step tables with a native engine (``ShardSpec.
native``; the tests set it False to run the Python engine, the reference, beside it)."""


def make_shard(game: Game, spec: ShardSpec, arrays: ShardArrays) -> Shard | NativeShard:
    """The shard for ``spec``: every-seat tables in C when the spec allows it, the game's
    kit has an engine in C (``rl:native``), it is built and fresh, and it plays the
    spec's options (:mod:`tabletop.rl.native`); else :class:`Shard` (the Python engine:
    one learning seat, a game or options without C, or pure Python)."""
    if spec.native and spec.seat is None:
        from tabletop.rl.native.shard import NativeShard, UnsupportedOptions, native_engine

        found = native_engine(game.info.name)
        if found is not None:
            try:
                return NativeShard(game, spec, arrays, *found)
            except UnsupportedOptions:
                pass
    return Shard(game, spec, arrays)
