"""One game driven by integer actions: what every RL adapter shares.

An :class:`Episode` owns the engine state and turns it into what learners see: the
encoded view of each seat, an action mask over one fixed action space, and rewards at
the end. It also holds the adapters' policies that do not belong in the rules: the
no-op for seats without a decision, what an illegal action does, and the reward
scheme.

Action space: the game's action table (``Discrete(num_distinct_actions + 1)``); the
last index, :attr:`Episode.noop`, is the only legal action of a seat that has no
decision at this step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tabletop.core.errors import GameOptionError, IllegalActionError
from tabletop.core.game import Game
from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.encoding import Encoder, TableEncoder, encoder_for, table_encoder_for

REWARDS = ("win_share", "score_diff")
"""``win_share``: 1/k to each of k winners, 0 to the others, at the end.
``score_diff``: at the end, own score minus the mean of the others' scores, divided by
the game's score range (so it lies in [-1, 1])."""

MASK_MEMO_LIMIT = 4096
"""Distinct legal-action sets an episode keeps masks for before it starts over."""

ILLEGAL = ("penalize", "raise")
"""``penalize``: the episode ends, the offending seat gets ``illegal_reward``, the others
0. ``raise``: the action is refused with :class:`IllegalActionError`."""


def check_choice(name: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise GameOptionError(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
    return value


class Episode:
    """A game of ``players`` seats played with integer actions.

    ``options`` are the game's own options; ``reward``, ``illegal`` and
    ``illegal_reward`` are the adapter's (see :data:`REWARDS` and :data:`ILLEGAL`).
    """

    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, Any] | None = None,
        reward: str = "win_share",
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
    ) -> None:
        self.game = game
        self.players = players
        # Checked and resolved once (a card file is read here, not at every reset); bad
        # counts and options fail at construction.
        self.options = game.resolve_options(game.info.check(players, dict(options or {})))
        self.reward = check_choice("reward", reward, REWARDS)
        self.illegal = check_choice("illegal", illegal, ILLEGAL)
        self.illegal_reward = float(illegal_reward)
        self.encoder: Encoder = encoder_for(game.info.name)
        self.noop = game.info.num_distinct_actions
        self.num_actions = self.noop + 1
        self.obs_size = self.encoder.size(players)
        self._state: State | None = None
        self._deciding: tuple[int, ...] = ()
        self._terminal = False
        self.offender: int | None = None
        self._build()

    def _build(self) -> None:
        """The parts made from the game alone: the table encoder (its buffers do not
        pickle), the cached masks and rows. Made again on unpickling."""
        self._table: TableEncoder = table_encoder_for(self.game.info.name, self.players)
        self._masks: list[np.ndarray] | None = None
        self._rows: np.ndarray | None = None
        self._noop_mask = np.zeros(self.num_actions, dtype=np.int8)
        self._noop_mask[self.noop] = 1
        self._noop_mask.flags.writeable = False
        self._mask_memo: dict[tuple[int, ...], np.ndarray] = {}

    # ------------------------------------------------------------------ pickling

    _REBUILT = ("encoder", "_table", "_masks", "_rows", "_noop_mask", "_mask_memo")
    """What :meth:`__getstate__` leaves out and :meth:`__setstate__` makes again."""

    def __getstate__(self) -> dict[str, Any]:
        """The episode as plain data: the game (a reference), the options as the game
        writes them (``options_to_json``: this edition's data is not copied), the state
        (which pickles through its JSON) and the adapter's settings. The encoders and
        caches are made again on loading, so a copy goes on exactly as the original."""
        data = {k: v for k, v in self.__dict__.items() if k not in self._REBUILT}
        data["options"] = self.game.options_to_json(self.options)
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        game = self.game
        self.options = game.resolve_options(game.info.check(self.players, data["options"]))
        self.encoder = encoder_for(game.info.name)
        self._build()

    # ------------------------------------------------------------------ lifecycle

    def reset(self, seed: int) -> None:
        """A new game from ``seed`` (the engine draws all its chance from it)."""
        self._state = self.game.new_game(self.players, seed, **self.options)
        self.offender = None
        self._refresh()

    @property
    def state(self) -> State:
        if self._state is None:
            raise RuntimeError("the episode has not been reset yet")
        return self._state

    @property
    def deciding(self) -> tuple[int, ...]:
        """Seats with a decision now (several: they decide simultaneously)."""
        return self._deciding

    @property
    def over(self) -> bool:
        return self.offender is not None or self._terminal

    def _refresh(self) -> None:
        state = self.state
        self._terminal = state.is_terminal()
        self._deciding = () if self._terminal else state.current_players()
        self._masks = None
        self._rows = None

    # ------------------------------------------------------------------ what seats see

    def observations(self) -> np.ndarray:
        """Every seat's observation, row ``p`` for seat ``p``, computed once per step.

        Encoded from the state by the game's table encoder, which gives exactly the
        vector the view encoder gives for each seat's view (tested at every step of
        random games), at a fraction of the cost. A fresh array every step: callers may
        keep rows, nothing writes to them later.
        """
        rows = self._rows
        if rows is None:
            rows = self._rows = self._table.encode(self.state)
        return rows

    def observation(self, seat: int) -> np.ndarray:
        """The seat's observation (a row of :meth:`observations`)."""
        row: np.ndarray = self.observations()[seat]
        return row

    def global_state(self) -> np.ndarray:
        """Every seat's observation in seat order: the full state, for centralised critics."""
        return self.observations().flatten()

    def masks(self) -> list[np.ndarray]:
        """Every seat's int8 mask over the action space, computed once per step; a seat
        without a decision may only no-op."""
        masks = self._masks
        if masks is None:
            masks = self._masks = [self._noop_mask] * self.players
            if self.offender is None:
                state = self.state
                for seat in self._deciding:
                    masks[seat] = self._mask_of(tuple(state.legal_action_ids(seat)))
        return masks

    def mask(self, seat: int) -> np.ndarray:
        """The seat's mask (read-only, shared between steps)."""
        return self.masks()[seat]

    def _mask_of(self, ids: tuple[int, ...]) -> np.ndarray:
        """The read-only mask of these legal ids, memoised: the same sets of legal
        actions come back all game long, and building a mask costs more than the step."""
        mask = self._mask_memo.get(ids)
        if mask is None:
            if len(self._mask_memo) >= MASK_MEMO_LIMIT:
                self._mask_memo.clear()
            mask = np.zeros(self.num_actions, dtype=np.int8)
            mask[list(ids)] = 1
            mask.flags.writeable = False
            self._mask_memo[ids] = mask
        return mask

    def legal(self, seat: int, action: int) -> bool:
        if seat not in self._deciding:
            return action == self.noop
        return 0 <= action < self.noop and bool(self.masks()[seat][action])

    # ------------------------------------------------------------------ acting

    def act(self, actions: Mapping[int, int]) -> None:
        """Apply one step: an action per deciding seat (others may send the no-op).

        Every action is checked before any is applied. An illegal one ends the episode
        (``penalize``: :attr:`offender` is set) or raises (``raise``); the game state is
        then unchanged. When several are illegal, the lowest seat's is the one refused.
        Decisions apply in seat order, each chosen from the same moment.
        """
        deciding = self._deciding
        masks = self.masks()
        noop = self.noop
        chosen: dict[int, int] = {}
        legal = True
        for seat, action in actions.items():
            chosen[seat] = action = int(action)
            if seat in deciding:
                legal = legal and 0 <= action < noop and bool(masks[seat][action])
            else:
                legal = legal and action == noop
        if not legal:
            for seat in sorted(chosen):
                if not self.legal(seat, chosen[seat]):
                    self._refuse(seat, chosen[seat])
                    return
        for seat in deciding:
            if seat not in chosen:
                missing = [p for p in deciding if p not in chosen]
                raise ValueError(f"seats {missing} must decide at this step but sent no action")
        state = self.state
        for seat in deciding:
            state.apply_unchecked(seat, chosen[seat])
        self._refresh()

    def _refuse(self, seat: int, action: int) -> None:
        if self.illegal == "raise":
            shown: object = action
            if 0 <= action < self.noop:
                shown = self.game.actions[action]
            elif action == self.noop:
                shown = f"the no-op ({action})"
            if seat in self._deciding:
                reason = "it is not a legal action now (see the action mask)"
            else:
                reason = f"this seat has no decision now: only the no-op {self.noop} is legal"
            raise IllegalActionError(seat, shown, reason)
        self.offender = seat
        self._deciding = ()
        self._masks = None

    def rewards(self) -> list[float]:
        """Each seat's reward for the step just taken: non-zero only when it ended."""
        if self.offender is not None:
            return [self.illegal_reward if p == self.offender else 0.0 for p in range(self.players)]
        state = self.state
        if not state.is_terminal():
            return [0.0] * self.players
        return terminal_rewards(self.game, state, self.reward)


def terminal_rewards(
    game: Game, state: State, reward: str, result: Result | None = None
) -> list[float]:
    """Each seat's reward at the end of ``state``'s game under the scheme ``reward``
    (``result``: the state's, when the caller has it already)."""
    if result is None:
        result = state.result()
    return rewards_of(game, state.num_players, reward, result)


def rewards_of(game: Game, players: int, reward: str, result: Result) -> list[float]:
    """:func:`terminal_rewards` from the result alone (the native batched env has no
    Python state at a game's end)."""
    if reward == "win_share":
        return [result.win_share(p) for p in range(players)]
    info = game.info
    span = info.max_score - info.min_score
    total = sum(result.scores)
    others = players - 1
    return [(s - (total - s) / others) / span for s in result.scores]


def final_info(result: Result) -> dict[str, Any]:
    """What ``info`` holds at the end of a game: every seat's score and placing (1 is
    first; ties share a placing) and the winners, in seat order."""
    return {
        "scores": list(result.scores),
        "placings": list(result.placings),
        "winners": list(result.winners),
    }
