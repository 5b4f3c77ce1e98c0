"""Many tables of one game stepped in one call, into preallocated NumPy arrays.

>>> from tabletop.rl.vector import VectorEnv
>>> env = VectorEnv("wicked-labyrinth", players=4, tables=64)
>>> observations, masks = env.reset(seed=0)          # (64, 4, size), (64, 4, actions)
>>> observations, masks, rewards, dones = env.step(actions)   # actions: (64, 4) ints

Two modes:

- **every seat** (``seat=None``): one row per seat, as the PettingZoo parallel env; the
  action array is ``(tables, players)`` and a seat without a decision sends the no-op
  (the last action id, its mask's only 1).
- **one learning seat** (``seat=k``): the other seats are opponents (bot specs or
  policies, :mod:`tabletop.rl.opponents`) played inside ``step`` until the learner
  decides again, as :class:`~tabletop.rl.gymnasium.SingleSeatEnv`; arrays lose the seat
  axis, the action array is ``(tables,)``.

Observations, masks, rewards and dones are the env's own arrays, written in place at
every step (copy what you keep). The action space is the game's action table plus the
no-op, as in PettingZoo, so a mask is never all zero. Rewards are 0 but at a game's end
(win share, or ``reward="score_diff"``). An action outside its mask raises
:class:`~tabletop.core.errors.IllegalActionError` before any table moves: a batched
learner samples from the masks, and an illegal action there is a bug to see at once.

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

Why it is faster than the PettingZoo env (about 2x; docs/rl.md says where the rest of
the time goes): the engine steps each table from compiled code
(:mod:`tabletop.rl.stepping`), and everything else is batched. Each table's state is
packed into one row of integers (the table encoders' compiled packers), and a few
numpy calls for the whole batch turn all rows into every seat's observation; masks are
keys into a table of the distinct legal sets met so far, copied out by one ``take``;
legality is checked by one gather over the masks. No per-step dictionary or array is
built per table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.utils import seeding

from tabletop.core.errors import IllegalActionError
from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.rl import stepping
from tabletop.rl.encoders import encoder_for, table_encoder_for
from tabletop.rl.episode import REWARDS, check_choice, terminal_rewards
from tabletop.rl.opponents import Opponent, Opponents, opponent_specs

VECTOR_VERSION = 1
"""Bumped when observations, actions or rewards change meaning; see docs/rl.md."""


MASK_TABLE_LIMIT = 1 << 16
"""Distinct legal sets a batched env keeps masks for (about 11 MB for the Labyrinth)."""


class MaskTable:
    """The distinct legal-action sets seen so far, as rows of one int8 array.

    A key names a row; row 0 is the no-op alone. Masks of many seats are then one
    ``take`` of their keys, and a legal set's row is built once per env.
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


class VectorEnv:
    """``tables`` tables of ``game`` at ``players`` seats; see the module docstring.

    ``seat`` chooses the mode (None: every seat; a seat number: that seat learns and
    ``opponents`` play the others). ``reward`` is ``"win_share"`` or ``"score_diff"``;
    further keyword arguments are the game's options.
    """

    def __init__(
        self,
        game: str | Game,
        players: int,
        tables: int,
        seat: int | None = None,
        opponents: Opponent | Sequence[Opponent] = "random",
        reward: str = "win_share",
        **options: Any,
    ) -> None:
        if isinstance(game, str):
            from tabletop import game as lookup

            game = lookup(game)
        if isinstance(tables, bool) or not isinstance(tables, int) or tables < 1:
            raise ValueError(f"tables must be a whole number of at least 1, got {tables!r}")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < players):
            raise ValueError(f"seat must be None or a seat number 0..{players - 1}, got {seat!r}")
        self.game = game
        self.players = players
        self.tables = tables
        self.seat = seat
        self.options = game.resolve_options(game.info.check(players, dict(options)))
        self.reward = check_choice("reward", reward, REWARDS)
        self.noop = game.info.num_distinct_actions
        self.num_actions = self.noop + 1
        self.obs_size = encoder_for(game.info.name).size(players)
        self._encoder = table_encoder_for(game.info.name, players)
        self._masks = MaskTable(self.num_actions)
        lead = (tables,) if seat is not None else (tables, players)
        self.observations = np.zeros((*lead, self.obs_size), np.float32)
        """Each table's observation now (every seat's, or the learner's)."""
        self.masks = np.zeros((*lead, self.num_actions), np.int8)
        """Each table's action mask now; the no-op alone for a seat without a decision."""
        self.rewards = np.zeros(lead, np.float32)
        """The rewards of the last step: non-zero only where a game ended."""
        self.dones = np.zeros(tables, bool)
        """Which tables' games ended in the last step (and were reset)."""
        self.final_observations = np.zeros_like(self.observations)
        """Where ``dones``: the ended game's last observation."""
        self.final_masks = np.zeros_like(self.masks)
        """Where ``dones``: the ended game's last masks (the no-op alone)."""
        self.results: list[Result | None] = [None] * tables
        """Where ``dones``: the ended game's scores and placings (None elsewhere)."""
        self._keys = np.zeros(lead, np.intp)
        self._key_list = [0] * self._keys.size
        self._states: list[State] = []
        self._rngs: list[np.random.Generator] = []
        self._opponents: list[Opponents] = []
        if seat is not None:
            specs = opponent_specs(game, players, seat, opponents)
            self._opponents = [
                Opponents(game, specs, table_encoder_for(game.info.name, players), self.noop)
                for _ in range(tables)
            ]

    # ------------------------------------------------------------------ lifecycle

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """New games at every table; table ``t`` is seeded with ``seed + t`` (module
        docstring). Returns the observations and masks."""
        self._rngs = [seeding.np_random(None if seed is None else seed + t)[0]
                      for t in range(self.tables)]
        self._states = [self._new_game(t) for t in range(self.tables)]
        self.rewards.fill(0.0)
        self.dones.fill(False)
        self.results = [None] * self.tables
        self._observe()
        return self.observations, self.masks

    def _new_game(self, t: int) -> State:
        rng = self._rngs[t]
        state = self.game.new_game(self.players, int(rng.integers(0, 2**63 - 1)),
                                   **self.options)
        if self.seat is not None:
            opponents = self._opponents[t]
            opponents.new_game(rng)
            opponents.play_until(state, self.seat)
        return state

    @property
    def states(self) -> list[State]:
        """The engine state of every table (the whole truth: for tests and tools)."""
        return self._states

    # ------------------------------------------------------------------ stepping

    def step(
        self, actions: np.ndarray | Sequence[Any]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One step at every table: ``(observations, masks, rewards, dones)``.

        ``actions`` is ``(tables, players)`` (every seat) or ``(tables,)`` (one learning
        seat), each within its mask.
        """
        if not self._states:
            raise RuntimeError("call reset() before step()")
        self._apply(self._checked(actions))
        self._observe()
        return self.observations, self.masks, self.rewards, self.dones

    def _apply(self, chosen: np.ndarray) -> None:
        """Every table's actions, its opponents' in one-seat mode, and the autoresets
        (rewards and dones set)."""
        self.rewards.fill(0.0)
        self.dones.fill(False)
        learner = self.seat
        rows = chosen.tolist()
        states = self._states
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
        for t in ended:
            self._finish(t, states[t])

    def _checked(self, actions: np.ndarray | Sequence[Any]) -> np.ndarray:
        """The actions as integers, every one within its mask (or an error naming the
        first that is not)."""
        chosen = np.asarray(actions)
        shape = self.masks.shape[:-1]
        if chosen.shape != shape or chosen.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers of shape {shape}, got "
                             f"{chosen.dtype} {chosen.shape}")
        inside = (chosen >= 0) & (chosen < self.num_actions)
        picked = np.take_along_axis(self.masks, np.where(inside, chosen, 0)[..., None], -1)
        legal = inside & (picked[..., 0] == 1)
        if not legal.all():
            where = tuple(int(i) for i in np.argwhere(~legal)[0])
            t = where[0]
            seat = self.seat if self.seat is not None else where[1]
            action = int(chosen[where])
            if self.masks[where][self.noop]:
                reason = f"this seat has no decision now: only the no-op {self.noop} is legal"
            else:
                reason = "it is not a legal action now (see the action mask)"
            raise IllegalActionError(seat, action, f"at table {t}: {reason}")
        return chosen

    def _finish(self, t: int, state: State) -> None:
        """Record table ``t``'s ended game and start its next one."""
        self.dones[t] = True
        result = self.results[t] = state.result()
        rewards = terminal_rewards(self.game, state, self.reward, result)
        self.rewards[t] = rewards if self.seat is None else rewards[self.seat]
        self._encoder.encode_into((state,), self.final_observations[t : t + 1], self.seat)
        self.final_masks[t] = self._masks.rows[0]
        self._states[t] = self._new_game(t)

    def _observe(self) -> None:
        """Every table's observations and masks, from its state."""
        self._encode()
        self._mask()

    def _encode(self) -> None:
        self._encoder.encode_into(self._states, self.observations, self.seat)

    def _mask(self) -> None:
        states = self._states
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
        np.take(masks.rows, self._keys, axis=0, out=self.masks, mode="clip")
