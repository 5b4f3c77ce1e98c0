"""Planning one seat's soul processing by searching over its own action sequences.

Soul processing involves nobody else (rulings, section 8), so the best sequence is a
search over the seat's own actions on a determinized state: every promotion, spell,
colour change, oracle, and the choices a small oracle's reward brings (white colour,
overflow return, the reward promotion), ending with ``done``. Each sequence ends on a
board whose worth is ``valuation.board_value``; the search keeps the best. Every action
spends something (tokens, a spell, an oracle), so the tree is finite; boards reached by
different orders are the same node, memoised by the seat's flat board.

Rich boards (several spells, many tokens) have hundreds of thousands of orders, so the
search drops actions that cannot help (see ``_useful``) and works within a node budget:
when a search runs out, it is redone keeping only the few most promising actions at
each node, and finally only the single most promising one (a greedy plan). Memo entries
are only stored for finished subtrees, so they are exact for their search level.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.bots.wicked_labyrinth.valuation import Weights, board_value
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth import rules
from tabletop.games.wicked_labyrinth.board import (
    DECLARED,
    GREAT,
    GREAT_DONE,
    MODE,
    QUEUE,
    SMALL,
    SMALL_DONE,
    STRIDE,
)
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import Mode, Phase
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

_MEMO_LIMIT = 300_000
_WIDTHS = (0, 3, 1)
"""Search levels: all useful actions (0), then the best 3 and the best 1 by a peek."""


class _OutOfBudget(Exception):
    """A search level visited more boards than its budget allows."""


class ProcessingPlanner:
    """Best worth and first action of a seat's soul processing, memoised by board.

    The memo holds for one number of rounds left (the worth depends on it); ``use``
    switches rounds and forgets the rest.
    """

    def __init__(self, cards: CardSet, weights: Weights, budget: int = 2500) -> None:
        if budget < 1:
            raise ValueError(f"the planner's node budget must be positive, got {budget}")
        self.cards = cards
        self.weights = weights
        self.budget = budget
        self._left = -1
        self._memo: tuple[dict[tuple[int, ...], tuple[float, int]], ...] = ({}, {}, {})
        self._end: dict[tuple[int, ...], float] = {}
        self._spent = 0
        self.last_level = 0
        """The search level (0 full, 1 narrow, 2 greedy) that gave the last answer."""
        self._useful_colours: dict[tuple[int, ...], frozenset[int]] = {}

    def use(self, left: int) -> None:
        """Plan for a round with ``left`` rounds after it."""
        if left != self._left or len(self._end) > _MEMO_LIMIT:
            self._left = left
            for memo in self._memo:
                memo.clear()
            self._end.clear()

    def best(self, state: WickedLabyrinthState, seat: int) -> tuple[float, int]:
        """(worth, action id) of the best continuation for ``seat`` deciding in processing.

        ``state`` must be in the soul processing phase with ``seat`` deciding; it is not
        changed (children are clones).
        """
        for level, width in enumerate(_WIDTHS):
            self._spent = 0
            try:
                result = self._search(state, seat, level, width)
                self.last_level = level
                return result
            except _OutOfBudget:
                continue
        raise AssertionError("the greedy level has no budget limit")  # pragma: no cover

    def _search(
        self, state: WickedLabyrinthState, seat: int, level: int, width: int
    ) -> tuple[float, int]:
        o = seat * STRIDE
        key = tuple(state.b[o : o + STRIDE])
        memo = self._memo[level]
        hit = memo.get(key)
        if hit is not None:
            return hit
        if width != 1:
            self._spent += 1
            if self._spent > self.budget:
                raise _OutOfBudget
        children: list[tuple[float, int, WickedLabyrinthState | None]] = []
        for action in self._useful(state, seat, key):
            if action == A.DONE:
                children.append((self.end_worth(key), action, None))
                continue
            child = state.clone()
            child.apply_unchecked(seat, action)
            children.append((self._peek(child, seat) if width else 0.0, action, child))
        if not children:
            raise RuntimeError(f"seat {seat} has no soul processing decision in this state")
        if width:
            children.sort(key=lambda c: -c[0])
            children = children[:width]
        best_value = float("-inf")
        best_action = -1
        for peek, action, after in children:
            value = peek if after is None else self._search(after, seat, level, width)[0]
            if value > best_value + 1e-12:
                best_value, best_action = value, action
        result = (best_value, best_action)
        memo[key] = result
        return result

    def _peek(self, state: WickedLabyrinthState, seat: int) -> float:
        """Worth of stopping right after an action (used to rank actions by promise)."""
        o = seat * STRIDE
        return self.end_worth(state.b[o : o + STRIDE])

    def _useful(
        self, state: WickedLabyrinthState, seat: int, key: tuple[int, ...]
    ) -> list[int]:
        """Legal actions, less those that cannot beat another one.

        - A ready great oracle is taken at once: its tokens stay owned and high, and it
          frees high spots, so waiting never helps.
        - Discarding a stored spell equals ``done`` (which loses it).
        - A colour change only to a colour that pairs up or that an open oracle wants.
        - Making room in a full rank only by returning a token no open oracle wants
          (or, if all are wanted, the most numerous one).

        ``done`` comes first, so an action that changes nothing of worth is not taken.
        """
        legal = state.legal_action_ids(seat)
        if key[MODE] != Mode.PROCESS:
            return list(legal)
        great = [a for a in legal if A.GREAT_BASE <= a < A.DONE]
        if great:
            return great[:1]
        wanted = self._wanted(key)
        out = [A.DONE]
        for a in legal:
            if a in (A.DISCARD_PROMOTION, A.DISCARD_CHANGE, A.DONE):
                continue
            if A.CHANGE_BASE <= a < A.DISCARD_CHANGE:
                _, rank, to = rules.decode_change(a)
                if to not in wanted and key[rank * 4 + to] % 2 == 0:
                    continue
            elif A.PAIR_BASE <= a < A.DISCARD_PROMOTION:
                base = A.PAIR_BASE if a < A.SPELL_BASE else A.SPELL_BASE
                _, rank, room = rules.decode_promotion(a, base)
                if room is not None and room != _room_choice(key, rank + 1, wanted):
                    continue
            out.append(a)
        return out

    def _wanted(self, key: tuple[int, ...]) -> frozenset[int]:
        """Colours an open great or small oracle of this board asks for."""
        marks = key[GREAT : SMALL_DONE + 2]
        wanted = self._useful_colours.get(marks)
        if wanted is None:
            colours: set[int] = set()
            for slot in (0, 1):
                if not key[GREAT_DONE + slot]:
                    colours.update(self.cards.great_oracles[key[GREAT + slot]].colours)
                if not key[SMALL_DONE + slot]:
                    card = self.cards.small_oracles[key[SMALL + slot]]
                    colours.update(r.colour for r in card.requires)
            wanted = frozenset(colours)
            self._useful_colours[marks] = wanted
        return wanted

    def end_worth(self, board: Sequence[int]) -> float:
        """Worth of a board (one seat's ``STRIDE`` slots) when its processing ends."""
        key = tuple(board)
        worth = self._end.get(key)
        if worth is None:
            worth = board_value(key, 0, self.cards, self._left, self.weights)
            self._end[key] = worth
        return worth


def _room_choice(key: tuple[int, ...], rank: int, wanted: frozenset[int]) -> int:
    """The token of ``rank`` to return to make room: unwanted first, then most numerous."""
    row = key[rank * 4 : rank * 4 + 4]
    return max((c for c in range(4) if row[c]), key=lambda c: (c not in wanted, row[c], -c))


class BoardLab:
    """A scratch processing-phase state for asking "what would this board be worth".

    Bidding and gain choices need the worth of boards the seat does not have yet (after
    winning a corridor, after keeping this colour); the lab puts such a board on the
    seat of a scratch state in the soul processing phase and asks the planner.
    """

    def __init__(self, state: WickedLabyrinthState, seat: int, planner: ProcessingPlanner) -> None:
        scratch = state.clone()
        scratch.history = []
        scratch.phase = Phase.SOUL_PROCESSING
        scratch.order = []
        self._state = scratch
        self._seat = seat
        self._planner = planner

    def worth(self, board: Sequence[int]) -> float:
        """Best worth after processing a board (``STRIDE`` slots, spells included)."""
        o = self._seat * STRIDE
        b = self._state.b
        b[o : o + STRIDE] = board
        b[o + MODE] = Mode.PROCESS
        b[o + QUEUE] = 0
        b[o + DECLARED] = 0
        self._state.deciding = self._state.recompute_deciding()
        return self._planner.best(self._state, self._seat)[0]
