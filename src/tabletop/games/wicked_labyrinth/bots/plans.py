"""The Wicked Labyrinth's soul processing as a choice among end boards, for ``neural``.

A seat's soul processing involves nobody else (rulings, section 8) and nothing hidden
from it, so each of its processing decisions is part of a plan: a sequence of its own
actions that ends on a board. One decision's policy, seeing one step, cannot follow a
plan (the network agreed with the heuristic on 23% of colour changes); a choice among
whole plans can. So the bot enumerates every board its legal processing moves reach
(the rules' move generator, :meth:`WickedLabyrinthState.legal_action_ids`, boards reached
by different orders counted once), scores each board it could stop on with a small
learned head (:class:`PlanHead`, NumPy), and takes the first step toward the best: each
legal action is worth the best end board reachable through it. The next decision plans
again from the board it reached, so a plan that stops being the best is left.

The head is trained by imitation of the heuristic's planner (listwise cross-entropy over
each decision's candidate end boards, :mod:`tabletop.training.plan_train`); there is
no hand-written valuation at play time, only the rules' score among the features.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tabletop.core.game import Game
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    DECLARED,
    GREAT,
    GREAT_DONE,
    IMPURITY,
    MODE,
    PROMOTION,
    QUEUE,
    SMALL,
    SMALL_DONE,
    STRIDE,
)
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import (
    CAPACITY,
    GREAT_ORACLE_POINTS,
    IMPURITY_RETURNED_PER_GREAT,
    ROUNDS,
    SMALL_ORACLE_POINTS,
    TOKEN_POINTS,
    Element,
    Mode,
    Phase,
)
from tabletop.games.wicked_labyrinth.ids import CHOOSE_WHITE_BASE, DONE, RETURN_LOW_BASE
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState
from tabletop.games.wicked_labyrinth.views import WickedLabyrinthView

NODE_CAP = 1_500
"""Boards explored per decision at most (the richest of 800 heuristic decisions had
1,400; 10 - 25 microseconds of CPU a board); past it the boards not yet reached are not
candidates. It bounds a decision's time: the bot moves in under 100 ms of CPU."""

GAIN_BUDGET = 1_500
"""Boards explored at most, all candidates together, for a white fragment's colour or an
overflow's return while searching: each candidate board's worth explores its whole
processing, and with several white fragments queued the candidates multiply (one such
choice explored 1.1 s of boards with a cap per candidate only). Each candidate still
gets ``GAIN_FLOOR`` boards once the budget is spent."""

GAIN_FLOOR = 50

PLAN_LAYERS = ("plan_w0", "plan_b0", "plan_w1", "plan_b1", "plan_w2", "plan_b2")
"""The plan head's arrays in a weights file (next to the network's)."""


def end_key(board: Sequence[int]) -> tuple[int, ...]:
    """A board as processing leaves it: spells are lost, so they do not tell boards
    apart, nor do the mode and the (empty) gain queue."""
    key = list(board)
    key[PROMOTION] = key[COLOUR_CHANGE] = key[MODE] = key[QUEUE] = 0
    return tuple(key)


@dataclass
class Graph:
    """Every board one seat's processing reaches from a state.

    ``ends`` are the distinct boards it can stop on (``done`` legal there); ``first``
    maps each root action id to the end boards reachable through it (``done`` at the
    root: the root's own board).
    """

    ends: list[tuple[int, ...]]
    first: dict[int, list[int]]
    nodes: int
    capped: bool


def explore(state: WickedLabyrinthState, seat: int, cap: int = NODE_CAP) -> Graph:
    """The processing graph of ``seat`` deciding in ``state`` (not changed)."""
    o = seat * STRIDE
    index: dict[tuple[int, ...], int] = {}
    ends: list[tuple[int, ...]] = []
    reach: dict[tuple[int, ...], frozenset[int]] = {}
    capped = False

    def end_of(board: tuple[int, ...]) -> int:
        key = end_key(board)
        k = index.get(key)
        if k is None:
            k = index[key] = len(ends)
            ends.append(key)
        return k

    def visit(s: WickedLabyrinthState) -> frozenset[int]:
        nonlocal capped
        board = tuple(s.b[o : o + STRIDE])
        known = reach.get(board)
        if known is not None:
            return known
        found: set[int] = set()
        expand = len(reach) < cap
        capped = capped or not expand
        for a in s.legal_action_ids(seat):
            if a == DONE:
                found.add(end_of(board))
            elif expand:
                child = s.clone()
                child.apply_unchecked(seat, a)
                found |= visit(child)
        result = reach[board] = frozenset(found)
        return result

    first: dict[int, list[int]] = {}
    root = tuple(state.b[o : o + STRIDE])
    reach[root] = frozenset()  # a placeholder: no action leads back to the root
    for a in state.legal_action_ids(seat):
        if a == DONE:
            first[a] = [end_of(root)]
        else:
            child = state.clone()
            child.apply_unchecked(seat, a)
            first[a] = sorted(visit(child))
    return Graph(ends, first, len(reach), capped)


# ---------------------------------------------------------------------- features

FEATURES = 12 + 3 + 6 + 2 * 9 + 2 * 22 + ROUNDS
"""The length of one end board's feature row (see :func:`features`)."""


def features(ends: Sequence[Sequence[int]], cards: CardSet, left: int) -> np.ndarray:
    """``(boards, FEATURES)`` float32 rows describing end boards (one seat's slots).

    What the board holds (tokens by rank and colour, rank totals), its score now by the
    rulebook's tally (section 10) and what goes into it, for each great oracle whether
    it is done and the tokens of its two colours, for each small oracle whether it is
    done, what it still lacks by colour and rank, and its reward, and the rounds left
    (one-hot). Facts and the rules' arithmetic only: how much any of it is worth is
    the head's to learn.
    """
    k = np.asarray(ends, np.int64).reshape(-1, STRIDE)
    n = len(k)
    tok = k[:, :12].astype(np.float32)
    low, mid, high = tok[:, 0:4], tok[:, 4:8], tok[:, 8:12]
    greats = k[:, GREAT_DONE] + k[:, GREAT_DONE + 1]
    smalls = k[:, SMALL_DONE] + k[:, SMALL_DONE + 1]
    owned_high = high.copy()
    colours = cards.great_colours
    for slot in (0, 1):
        card = int(k[0, GREAT + slot]) if n else 0
        for c in (colours[2 * card], colours[2 * card + 1]):
            owned_high[:, c] += k[:, GREAT_DONE + slot]
    impurity_left = np.maximum(0, k[:, IMPURITY] - IMPURITY_RETURNED_PER_GREAT * greats)
    high_total = high.sum(1) + 2 * greats
    score = (
        low.sum(1) * TOKEN_POINTS[0]
        + mid.sum(1) * TOKEN_POINTS[1]
        + high_total * TOKEN_POINTS[2]
        + greats * GREAT_ORACLE_POINTS
        + smalls * SMALL_ORACLE_POINTS
        - impurity_left
    )
    parts: list[np.ndarray] = [
        tok / 3.0,
        np.stack([low.sum(1) / 7.0, mid.sum(1) / 6.0, high.sum(1) / 5.0], 1),
        np.stack(
            [
                score / 30.0,
                greats,
                smalls / 2.0,
                impurity_left / 3.0,
                k[:, IMPURITY] / 3.0,
                high_total / 6.0,
            ],
            1,
        ),
    ]
    for slot in (0, 1):
        card = int(k[0, GREAT + slot]) if n else 0
        a, c = colours[2 * card], colours[2 * card + 1]
        open_ = (1 - k[:, GREAT_DONE + slot]).astype(np.float32)
        parts.append(
            np.stack(
                [
                    1 - open_,
                    open_ * high[:, a],
                    open_ * high[:, c],
                    open_ * mid[:, a],
                    open_ * mid[:, c],
                    open_ * low[:, a] / 2.0,
                    open_ * low[:, c] / 2.0,
                    open_ * float(a == c),
                    open_ * np.minimum(high[:, a], 1) * np.minimum(high[:, c], 1),
                ],
                1,
            )
        )
    for slot in (0, 1):
        card = int(k[0, SMALL + slot]) if n else 0
        oracle = cards.small_oracles[card]
        needs = np.asarray(oracle.needs, np.float32).reshape(4, 3)
        open_ = (1 - k[:, SMALL_DONE + slot]).astype(np.float32)
        have = np.stack([owned_high, owned_high + mid, owned_high + mid + low], 2)  # (n,4,3)
        lack = np.maximum(needs[None] - have, 0.0).reshape(n, 12) * open_[:, None]
        reward = np.bincount([int(e) for e in oracle.reward], minlength=len(Element))
        parts.append(
            np.concatenate(
                [
                    np.stack([1 - open_, lack.sum(1) / 3.0, open_ * (lack.sum(1) == 0)], 1),
                    lack / 2.0,
                    open_[:, None] * reward[None, :].astype(np.float32),
                ],
                1,
            )
        )
    rounds = np.zeros((n, ROUNDS), np.float32)
    rounds[:, min(max(left, 0), ROUNDS - 1)] = 1.0
    parts.append(rounds)
    out = np.concatenate(parts, 1).astype(np.float32)
    if out.shape[1] != FEATURES:  # pragma: no cover - a layout change missed here
        raise RuntimeError(f"{out.shape[1]} features, FEATURES says {FEATURES}")
    return out


# ---------------------------------------------------------------------- the head


class PlanHead:
    """A small multilayer perceptron scoring end boards (higher: the better plan)."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        w = {name: np.asarray(arrays[name], np.float32) for name in PLAN_LAYERS}
        if w["plan_w0"].shape[0] != FEATURES:
            raise ValueError(
                f"the plan head takes {w['plan_w0'].shape[0]} features, the boards have {FEATURES}"
            )
        self.w0, self.b0 = w["plan_w0"], w["plan_b0"]
        self.w1, self.b1 = w["plan_w1"], w["plan_b1"]
        self.w2, self.b2 = w["plan_w2"], w["plan_b2"]

    def score(self, rows: np.ndarray) -> np.ndarray:
        """``(boards,)`` scores of ``(boards, FEATURES)`` feature rows."""
        h = np.maximum(rows @ self.w0 + self.b0, 0.0)
        h = np.maximum(h @ self.w1 + self.b1, 0.0)
        out: np.ndarray = (h @ self.w2 + self.b2)[:, 0]
        return out


def action_values(head: PlanHead, state: WickedLabyrinthState, seat: int) -> dict[int, float]:
    """Each legal action's worth for ``seat`` processing in ``state``: the head's score
    of the best end board reachable through it."""
    graph = explore(state, seat)
    scores = head.score(features(graph.ends, state.cards, ROUNDS - state.round))
    return {a: float(scores[ks].max()) if ks else float("-inf") for a, ks in graph.first.items()}


# ---------------------------------------------------------------------- gains while searching


class Lab:
    """What the head makes of a board the seat does not have yet: the score of the best
    end board its processing would reach (a scratch state in the processing phase).

    A white fragment's colour and an overflow's return while searching are choices of
    a board for this round's processing; the heuristic weighs them by its planner,
    ``neural`` by this.
    """

    def __init__(
        self, head: PlanHead, state: WickedLabyrinthState, seat: int, budget: int = GAIN_BUDGET
    ) -> None:
        scratch = state.clone()
        scratch.phase = Phase.SOUL_PROCESSING
        scratch.order = []
        self._state = scratch
        self._seat = seat
        self._head = head
        self._left = ROUNDS - state.round
        self._memo: dict[tuple[int, ...], float] = {}
        self.budget = budget
        """Boards this lab may still explore (``GAIN_BUDGET``)."""

    def worth(self, board: Sequence[int]) -> float:
        key = tuple(board)
        known = self._memo.get(key)
        if known is not None:
            return known
        o = self._seat * STRIDE
        b = self._state.b
        b[o : o + STRIDE] = key
        b[o + MODE] = Mode.PROCESS
        b[o + QUEUE] = 0
        b[o + DECLARED] = 0
        self._state.deciding = self._state.recompute_deciding()
        graph = explore(self._state, self._seat, max(GAIN_FLOOR, self.budget))
        self.budget -= graph.nodes
        value = float(self._head.score(features(graph.ends, self._state.cards, self._left)).max())
        self._memo[key] = value
        return value

    def with_token(self, board: Sequence[int], colour: int) -> list[int]:
        """The board after gaining a low ``colour`` token; on overflow (rulings, gaining
        tokens) the return the head likes best."""
        out = list(board)
        out[colour] += 1
        if sum(out[0:4]) <= CAPACITY[0]:
            return out
        return max(self.returns(out), key=self.worth)

    def returns(self, board: Sequence[int]) -> list[list[int]]:
        """The boards after returning one low token of each colour held."""
        out = []
        for colour in range(4):
            if board[colour]:
                trial = list(board)
                trial[colour] -= 1
                out.append(trial)
        return out

    def with_gains(self, board: Sequence[int], gains: Sequence[int]) -> list[int]:
        """The board after ``gains`` (elements) in order, each choice the head's."""
        out = list(board)
        for element in gains:
            if element == Element.PROMOTION:
                out[PROMOTION] += 1
            elif element == Element.COLOUR_CHANGE:
                out[COLOUR_CHANGE] += 1
            elif element == Element.WHITE:
                out = max((self.with_token(out, c) for c in range(4)), key=self.worth)
            else:
                out = self.with_token(out, int(element))
        return out


def gain_values(
    head: PlanHead, state: WickedLabyrinthState, seat: int, later: Sequence[int]
) -> dict[int, float]:
    """Each legal white colour or overflow return of ``seat`` while searching: the
    head's worth of the board it leads to, with the ``later`` queued gains taken."""
    lab = Lab(head, state, seat)
    o = seat * STRIDE
    board = state.b[o : o + STRIDE]
    out: dict[int, float] = {}
    for a in state.legal_action_ids(seat):
        if CHOOSE_WHITE_BASE <= a < CHOOSE_WHITE_BASE + 4:
            after = lab.with_token(board, a - CHOOSE_WHITE_BASE)
        else:
            after = list(board)
            after[a - RETURN_LOW_BASE] -= 1
        out[a] = lab.worth(lab.with_gains(after, later))
    return out


def board_scores(
    head: PlanHead, game: Game, view: WickedLabyrinthView, seat: int, ids: Sequence[int]
) -> list[float] | None:
    """The plan head's worth of each legal action id in ``ids`` (the learned bot's
    ``neural:plan`` part) where the seat chooses a board: processing souls, or a white
    fragment's colour or an overflow's return while searching; else None (a
    declaration is the policy's). ``-inf``: an action that reaches no end board."""
    processing = view.phase == Phase.SOUL_PROCESSING
    board = view.boards[seat]
    if not processing and board.deciding not in (Mode.CHOOSE_WHITE, Mode.OVERFLOW):
        return None
    state = game.determinize(view, 0)  # hides nothing of the seat's board
    if not isinstance(state, WickedLabyrinthState):
        raise TypeError("a plan head plays The Wicked Labyrinth only")
    if processing:
        worth = action_values(head, state, seat)
    else:
        later = (
            board.pending_gains[1:] if board.deciding == Mode.CHOOSE_WHITE else board.pending_gains
        )
        worth = gain_values(head, state, seat, [int(e) for e in later])
    return [worth[a] for a in ids]
