"""Many tables of one game stepped in one call, into preallocated NumPy arrays.

>>> import tabletop
>>> from tabletop.rl.vector import VectorEnv
>>> env = VectorEnv(tabletop.games()[0], players=4, tables=64)
>>> observations, masks = env.reset(seed=0)          # (64, 4, size), (64, 4, actions)
>>> actions = masks.argmax(axis=2)                  # (64, 4) ints: a legal id per seat
>>> observations, masks, rewards, dones = env.step(actions)
>>> observations.shape[:2], rewards.shape
((64, 4), (64, 4))
>>> env.close()

Two modes:

- **every seat** (``seat=None``): one row per seat, as the PettingZoo parallel env; the
  action array is ``(tables, players)`` and a seat without a decision sends the no-op
  (the last action id, its mask's only 1).
- **one learning seat** (``seat=k``): the other seats are opponents (bot specs or
  policies, :mod:`tabletop.rl.opponents`) played inside ``step`` until the learner
  decides again, as :class:`~tabletop.rl.gymnasium.SingleSeatEnv`; arrays lose the seat
  axis, the action array is ``(tables,)``.

Observations, masks, rewards and dones are the env's own arrays, written in place at
every step and read-only to the caller (copy what you keep: only the entries that
changed are rewritten, :mod:`tabletop.core.lookup.incremental`). The action space is
the game's action table plus the no-op, as in PettingZoo, so a mask is never all zero.
Rewards are 0 but at a game's end (win share, or ``reward="score_diff"``). An action
outside its mask raises :class:`~tabletop.core.errors.IllegalActionError` before any
table moves: a batched learner samples from the masks, and an illegal action there is a
bug to see at once.

**Autoreset.** When a table's game ends in a step, ``dones[t]`` is set, ``rewards[t]``
holds its final rewards, :attr:`VectorEnv.final_observations` ``[t]`` (and
:attr:`VectorEnv.final_masks`) its last observation, :attr:`VectorEnv.results` ``[t]``
its :class:`~tabletop.core.result.Result` (scores and placings), and the returned
observation is already the first of the table's next game.

**Seeding.** ``reset(seed=s)`` gives table ``t`` the generator ``s + t`` (as
``np_random(s + t)``); each of its games, and each of its bots, draws its seed from it,
exactly as a PettingZoo env (or a single-seat env) reset with ``seed=s + t`` and then
reset without a seed after every game. So table ``t`` replays that env's episodes
step for step (tested).

**Workers.** ``workers=k`` steps the tables in ``k`` processes at once (this one and
``k - 1`` workers, :mod:`tabletop.rl.workers`), the arrays in shared memory: on ``k``
free cores a step takes down to ``1/k`` of the time, less what this process does
alone (checking every table's actions, and the caller's own work between steps) and
what the processes cost each other (on the 2-core development machine, with Python
engines 1.4-1.55x faster with two, with the C engines 1.1-1.25x, the bench's own
action drawing being then most of a step: docs/rl.md). The episodes are
the same whatever ``k`` (table ``t`` is seeded ``s + t``). Opponents and options must
then pickle, and :attr:`VectorEnv.states` gives copies of the workers' states.
:meth:`VectorEnv.close` (or ``with VectorEnv(...) as env:``) ends the workers; so does
dropping the env.

Why it is faster than the PettingZoo env: in a compiled build the every-seat tables of
a game whose kit has an engine in C (``rl:native``) run it (:mod:`tabletop.rl.native`,
tested equal to the Python engine step for step), which also writes the packed rows
and the masks: 6.4 to 9.5 times the PettingZoo env's steps in one process
(docs/rl.md). With one learning seat (opponents are Python bots) or pure
Python, the Python engines step each table from compiled code and everything else is
batched (:mod:`tabletop.rl.shard`), about 3.5x; legality is one gather over the masks.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tabletop.core.errors import IllegalActionError
from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.encoding import encoder_for
from tabletop.rl import actions as words
from tabletop.rl import shard
from tabletop.rl.episode import REWARDS, check_choice
from tabletop.rl.opponents import Opponent, opponent_specs
from tabletop.rl.shard import ShardArrays, ShardSpec, make_shard, restored
from tabletop.rl.workers import Layout, Worker, allocate, shut, unlink

VECTOR_VERSION = 2
"""Bumped when observations, actions or rewards change meaning, or how the arrays may
be used; see docs/rl.md."""


def _read_only(array: np.ndarray) -> np.ndarray:
    """A view of ``array`` that cannot be written: the env's shards write the
    observations where they changed only, so what a step hands out must stay as it was
    written until the next step."""
    view = array.view()
    view.flags.writeable = False
    return view


class VectorEnv:
    """``tables`` tables of ``game`` at ``players`` seats; see the module docstring.

    ``seat`` chooses the mode (None: every seat; a seat number: that seat learns and
    ``opponents`` play the others). ``reward`` is ``"win_share"`` or ``"score_diff"``;
    ``workers`` is how many processes step the tables (1: this one alone); further
    keyword arguments are the game's options.
    """

    def __init__(
        self,
        game: str | Game,
        players: int,
        tables: int,
        seat: int | None = None,
        opponents: Opponent | Sequence[Opponent] = "random",
        reward: str = "win_share",
        workers: int = 1,
        **options: Any,
    ) -> None:
        if isinstance(game, str):
            from tabletop import game as lookup

            game = lookup(game)
        if isinstance(tables, bool) or not isinstance(tables, int) or tables < 1:
            raise ValueError(f"tables must be a whole number of at least 1, got {tables!r}")
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise ValueError(f"seat must be None or a seat number 0..{players - 1}, got {seat!r}")
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= tables:
            raise ValueError(
                f"workers must be a whole number from 1 to the {tables} tables, got {workers!r}"
            )
        self.game = game
        self.players = players
        self.tables = tables
        self.seat = seat
        self.workers = workers
        checked = game.info.check(players, dict(options))
        self.options = game.resolve_options(checked)
        self._checked_options = checked
        self.reward = check_choice("reward", reward, REWARDS)
        self.noop = game.info.num_distinct_actions
        self.num_actions = self.noop + 1
        self.obs_size = encoder_for(game.info.name).size(players)
        specs = {} if seat is None else opponent_specs(game, players, seat, opponents)
        self._specs = specs
        lead = (tables,) if seat is not None else (tables, players)
        shapes = {
            "observations": ((*lead, self.obs_size), np.float32),
            "masks": ((*lead, self.num_actions), np.int8),
            "rewards": (lead, np.float32),
            "dones": ((tables,), np.bool_),
            "final_observations": ((*lead, self.obs_size), np.float32),
            "final_masks": ((*lead, self.num_actions), np.int8),
            "actions": (lead, np.int64),
        }
        layout: Layout | None = None
        if workers == 1:
            arrays = {name: np.zeros(shape, dtype) for name, (shape, dtype) in shapes.items()}
        else:
            layout, arrays = allocate(shapes)
        self._arrays = arrays
        """The arrays, writable (what the shards write; :meth:`__setstate__` too)."""
        self.observations: np.ndarray = _read_only(arrays["observations"])
        """Each table's observation now (every seat's, or the learner's)."""
        self.masks: np.ndarray = _read_only(arrays["masks"])
        """Each table's action mask now; the no-op alone for a seat without a decision."""
        self.rewards: np.ndarray = _read_only(arrays["rewards"])
        """The rewards of the last step: non-zero only where a game ended."""
        self.dones: np.ndarray = _read_only(arrays["dones"])
        """Which tables' games ended in the last step (and were reset)."""
        self.final_observations: np.ndarray = _read_only(arrays["final_observations"])
        """Where ``dones``: the ended game's last observation."""
        self.final_masks: np.ndarray = _read_only(arrays["final_masks"])
        """Where ``dones``: the ended game's last masks (the no-op alone)."""
        self.results: list[Result | None] = [None] * tables
        """Where ``dones``: the ended game's scores and placings (None elsewhere)."""
        self._actions: np.ndarray = arrays["actions"]
        self._flat_masks = self.masks.reshape(-1)
        self._offsets = np.arange(0, self.masks.size, self.num_actions).reshape(lead)
        """Where each seat's mask starts in :attr:`_flat_masks` (:meth:`_checked`)."""
        views = ShardArrays(
            arrays["observations"],
            arrays["masks"],
            arrays["rewards"],
            arrays["dones"],
            arrays["final_observations"],
            arrays["final_masks"],
        )
        self._native = shard.NATIVE_ENGINES
        """Whether native engines may step the tables, here and in every worker."""
        bounds = [tables * k // workers for k in range(workers + 1)]
        self._bounds = bounds
        self._layout = layout
        self._workers: list[Worker] = []
        self._closer = weakref.finalize(self, shut, self._workers)
        try:
            for k in range(1, workers):
                self._workers.append(
                    Worker(
                        layout,  # type: ignore[arg-type]
                        self._spec(specs, bounds[k], bounds[k + 1]),
                        bounds[k],
                        bounds[k + 1],
                    )
                )
        except BaseException:
            self.close()
            raise
        finally:
            if layout is not None:
                unlink(layout)  # every worker has mapped it (or failed)
        self._shard = make_shard(game, self._spec(specs, 0, bounds[1]), views.tables(0, bounds[1]))
        self._started = False

    def _spec(self, opponents: dict[int, Opponent], start: int, stop: int) -> ShardSpec:
        return ShardSpec(
            self.game.info.name,
            self.players,
            start,
            stop - start,
            self.seat,
            opponents,
            self.reward,
            self._checked_options,
            self._native,
        )

    # ------------------------------------------------------------------ lifecycle

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """New games at every table; table ``t`` is seeded with ``seed + t`` (module
        docstring). Returns the observations and masks."""
        self._check_open()
        for worker in self._workers:
            worker.send("reset", seed)
        self._everywhere(lambda: self._shard.reset(seed), Worker.receive)
        self.results = [None] * self.tables
        self._started = True
        return self.observations, self.masks

    def close(self) -> None:
        """End the worker processes (nothing to do with one process). The env cannot be
        stepped after; its arrays stay readable."""
        self._closer()
        self._started = False

    def __enter__(self) -> VectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def states(self) -> list[State]:
        """The engine state of every table (the whole truth: for tests and tools).

        With workers, the states of their tables are copies, made now; tables stepped
        by a native engine (:mod:`tabletop.rl.native`) give Python states replayed
        from their games' seeds and decisions, also made now."""
        self._check_open()
        states = list(self._shard.states)
        for worker in self._workers:
            states += worker.states()
        return states

    # ------------------------------------------------------------------ actions in words

    def action_to_string(self, action: int) -> str:
        """The action id's notation, or ``"no-op (not your decision)"``; ValueError for
        an id outside the action space (:mod:`tabletop.rl.actions`)."""
        return words.action_to_string(self.game, action)

    def describe(self, action: int, table: int | None = None, seat: int | None = None) -> str:
        """``notation: words`` for the action id: at ``table`` (its state now) for
        ``seat`` (default: the learning seat) when that seat may play it there, else
        what the action's kind means (:mod:`tabletop.rl.actions`)."""
        state = None
        if table is not None:
            if (
                isinstance(table, bool)
                or not isinstance(table, int)
                or not 0 <= table < self.tables
            ):
                raise ValueError(f"table must be 0..{self.tables - 1}, got {table!r}")
            if self._started:
                state = self.states[table]
        if seat is None:
            seat = self.seat
        return words.describe(self.game, action, state, seat)

    # ------------------------------------------------------------------ pickling

    _LAST_STEP = ("rewards", "dones", "final_observations", "final_masks")
    """The arrays of the last step that a copy keeps (observations and masks are
    encoded again from the tables' states)."""

    def __getstate__(self) -> dict[str, Any]:
        """The env as plain data: how it was made, and once reset every table's game,
        generator, spare and opponents (:class:`~tabletop.rl.shard.Snapshot`: the
        workers send theirs), with the last step's rewards, dones, final observations
        and results. Unpickling makes a new env the same way (with its own workers, and
        native engines where the loading process has them) and puts the tables back,
        so the copy steps on exactly as the original would."""
        self._check_open()
        data: dict[str, Any] = {
            "args": {
                "game": self.game,
                "players": self.players,
                "tables": self.tables,
                "seat": self.seat,
                "opponents": list(self._specs.values()) or "random",
                "reward": self.reward,
                "workers": self.workers,
                **self._checked_options,
            },
            "started": self._started,
        }
        if self._started:
            data["snapshots"] = [self._shard.snapshot()] + [w.snapshot() for w in self._workers]
            data["arrays"] = {name: self._arrays[name].copy() for name in self._LAST_STEP}
            data["results"] = list(self.results)
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__init__(**data["args"])  # type: ignore[misc]
        if not data["started"]:
            return
        snapshots = data["snapshots"]
        self._shard = restored(self._shard, snapshots[0])
        for worker, snapshot in zip(self._workers, snapshots[1:], strict=True):
            worker.restore(snapshot)
        for name, array in data["arrays"].items():
            self._arrays[name][...] = array
        self.results = data["results"]
        self._started = True

    def _check_open(self) -> None:
        if not self._closer.alive:
            raise RuntimeError("this env is closed: make a new one")

    # ------------------------------------------------------------------ stepping

    def step(
        self, actions: np.ndarray | Sequence[Any]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One step at every table: ``(observations, masks, rewards, dones)``.

        ``actions`` is ``(tables, players)`` (every seat) or ``(tables,)`` (one learning
        seat), each within its mask.
        """
        self._check_open()
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen = self._checked(actions)
        self._actions[...] = chosen
        for worker in self._workers:
            worker.send("step")
        ended = self._everywhere(
            lambda: self._shard.step(self._actions[: self._bounds[1]]), Worker.step_results
        )
        self.results = [None] * self.tables
        for t, result in ended:
            self.results[t] = result
        return self.observations, self.masks, self.rewards, self.dones

    def _everywhere(
        self, here: Callable[[], Any], answer: Callable[[Worker], Any]
    ) -> list[tuple[int, Result]]:
        """Run this process's part (``here``) while the workers run theirs, deal spare
        games while they are still at it (:meth:`Shard.make_spares`), then take every
        worker's ``answer``: the ended games of all, by the env's table numbers.

        Every answer is taken even when one part fails, so no reply is left in a pipe
        for the next call to mistake for its own; then the first failure is raised.
        """
        failure: BaseException | None = None
        ended: list[tuple[int, Result]] = []
        try:
            ended += here() or []
            self._shard.make_spares(lambda: all(w.answered() for w in self._workers))
        except BaseException as error:
            failure = error
        for k, worker in enumerate(self._workers, 1):
            try:
                ended += [(self._bounds[k] + t, r) for t, r in answer(worker) or []]
            except BaseException as error:
                failure = failure or error
        if failure is not None:
            raise failure
        return ended

    def _checked(self, actions: np.ndarray | Sequence[Any]) -> np.ndarray:
        """The actions as integers, every one within its mask (or an error naming the
        first that is not).

        The common case is one gather: each action's place in the flat masks is its
        seat's offset (:attr:`_offsets`) plus the action; the error path looks again."""
        chosen = np.asarray(actions)
        shape = self.masks.shape[:-1]
        if chosen.shape != shape or chosen.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be integers of shape {shape}, got {chosen.dtype} {chosen.shape}"
            )
        ids = chosen.astype(np.intp, copy=False)  # unsigned ones too (uint64 + int64 is float)
        if (
            ids.min() >= 0
            and ids.max() < self.num_actions
            and self._flat_masks[ids + self._offsets].all()
        ):
            return chosen
        inside = (chosen >= 0) & (chosen < self.num_actions)
        picked = np.take_along_axis(self.masks, np.where(inside, chosen, 0)[..., None], -1)
        legal = inside & (picked[..., 0] == 1)
        where = tuple(int(i) for i in np.argwhere(~legal)[0])
        t = where[0]
        seat = self.seat if self.seat is not None else where[1]
        action = int(chosen[where])
        if self.masks[where][self.noop]:
            reason = f"this seat has no decision now: only the no-op {self.noop} is legal"
        else:
            reason = "it is not a legal action now (see the action mask)"
        raise IllegalActionError(seat, action, f"at table {t}: {reason}")
