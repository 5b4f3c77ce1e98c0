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

The search runs in C (``_planner.c``, a CPython extension built with the mypyc modules)
when it is built and fresh (``tabletop.core.native.extension``): the bots' planner
(:class:`ProcessingPlanner`) then answers about three times as fast. This file's
:class:`ReferencePlanner` is the reference it mirrors operation for operation, and the
fallback; ``tests/wicked_labyrinth_bot/test_native_planner.py`` holds their values,
actions and search levels equal, call after call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tabletop.core.native import extension
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth import rules
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    DECLARED,
    GREAT,
    GREAT_DONE,
    MODE,
    PROMOTION,
    QUEUE,
    SMALL,
    SMALL_DONE,
    STRIDE,
    meets_needs,
    owned_high,
)
from tabletop.games.wicked_labyrinth.bots.valuation import (
    _GREAT_UNIT,
    HORIZON,
    Weights,
    _facts,
    own_value,
)
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import (
    CAPACITY,
    M_CHOOSE_WHITE,
    M_OVERFLOW,
    M_PROCESS,
    M_REWARD_PROMOTION,
)
from tabletop.games.wicked_labyrinth.ids import (
    CHANGE_BASE,
    CHOOSE_WHITE_BASE,
    DISCARD_CHANGE,
    DISCARD_PROMOTION,
    DONE,
    GREAT_BASE,
    PAIR_BASE,
    RETURN_LOW_BASE,
    SMALL_BASE,
    SPELL_BASE,
)
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

_MEMO_LIMIT = 300_000
_WIDTHS = (0, 3, 1)
"""Search levels: all useful actions (0), then the best 3 and the best 1 by a peek."""


class _OutOfBudget(Exception):
    """A search level visited more boards than its budget allows."""


def checked_budget(budget: int) -> int:
    """The node budget of a search level, refused unless positive."""
    if budget < 1:
        raise ValueError(f"the planner's node budget must be positive, got {budget}")
    return budget


_NATIVE_MODULE = "tabletop.games.wicked_labyrinth.native._planner"


class _Search(Protocol):
    """What :class:`ProcessingPlanner` asks of a search: the reference or the native one."""

    @property
    def last_level(self) -> int: ...

    def use(self, left: int, /) -> None: ...

    def best_board(self, board: list[int], /) -> tuple[float, int]: ...

    def end_worth(self, board: Sequence[int], /) -> float: ...


class ProcessingPlanner:
    """Best worth and first action of a seat's soul processing, memoised by board: the
    bots' planner. It searches in C when the extension is built and fresh, else with
    :class:`ReferencePlanner`; both give the same answers (see the module docstring)
    and keep their memos alike (one round at a time, :meth:`use`).
    """

    def __init__(self, cards: CardSet, weights: Weights, budget: int = 2500) -> None:
        self.cards = cards
        self.weights = weights
        self.budget = checked_budget(budget)
        self._search: _Search = (
            native_planner(cards, weights, budget)
            if extension(_NATIVE_MODULE) is not None
            else ReferencePlanner(cards, weights, budget)
        )

    @property
    def last_level(self) -> int:
        """The search level (0 full, 1 narrow, 2 greedy) that gave the last answer."""
        return self._search.last_level

    def use(self, left: int) -> None:
        """Plan for a round with ``left`` rounds after it."""
        self._search.use(left)

    def best(self, state: WickedLabyrinthState, seat: int) -> tuple[float, int]:
        """(worth, action id) of the best continuation for ``seat`` deciding in processing.

        ``state`` must be in the soul processing phase with ``seat`` deciding; it is not
        changed."""
        o = seat * STRIDE
        return self._search.best_board(state.b[o : o + STRIDE])

    def best_board(self, board: list[int]) -> tuple[float, int]:
        """:meth:`best` for one seat's board (``STRIDE`` slots) deciding in processing."""
        return self._search.best_board(board)

    def end_worth(self, board: Sequence[int]) -> float:
        """Worth of a board (one seat's ``STRIDE`` slots) when its processing ends."""
        return self._search.end_worth(board)


def native_planner(cards: CardSet, weights: Weights, budget: int) -> _Search:
    """The C search (``_planner.NativePlanner``) given the numbers it reads, all taken
    from the same objects the reference reads: the card set's flat tuples, the
    valuation's ``_Facts``, weights and horizon, the rulebook's numbers, and the board
    layout and action ids (which the C code checks against its own)."""
    from tabletop.games.wicked_labyrinth.native import rules_data
    from tabletop.games.wicked_labyrinth.native._planner import NativePlanner

    facts = _facts(cards)
    great_wanted = []
    for great in cards.great_oracles:
        bits = 0
        for c in great.colours:
            bits |= 1 << c
        great_wanted.append(bits)
    small_wanted = []
    for small in cards.small_oracles:
        bits = 0
        for r in small.requires:
            bits |= 1 << r.colour
        small_wanted.append(bits)
    data: dict[str, object] = {
        **rules_data(cards),
        "great_wanted": great_wanted,
        "small_wanted": small_wanted,
        "facts_needs": facts.needs,
        "facts_rewards": facts.rewards,
        "weights": (weights.future, weights.great, weights.small, weights.middle, weights.crowding),
        "horizon": HORIZON,
        "great_unit": _GREAT_UNIT,
        "memo_limit": _MEMO_LIMIT,
    }
    return NativePlanner(cards, weights, budget, data)


class ReferencePlanner:
    """Best worth and first action of a seat's soul processing, memoised by board: the
    search in Python, the reference of the C one.

    The memo holds for one number of rounds left (the worth depends on it); ``use``
    switches rounds and forgets the rest.
    """

    def __init__(self, cards: CardSet, weights: Weights, budget: int = 2500) -> None:
        self.cards = cards
        self.weights = weights
        self.budget = checked_budget(budget)
        self._left = -1
        self._memo: tuple[dict[bytes, float], ...] = ({}, {}, {})
        """Per search level, the best worth of each finished board."""
        self._moves: tuple[dict[bytes, int], ...] = ({}, {}, {})
        """Per search level, the first action of that best worth (two dictionaries of
        numbers instead of one of pairs: a pair is one more object for the collector)."""
        self._end: dict[bytes, float] = {}
        self._spent = 0
        self.last_level = 0
        """The search level (0 full, 1 narrow, 2 greedy) that gave the last answer."""
        self._useful_colours: dict[int, int] = {}
        self._card_count = max(len(cards.great_oracles), len(cards.small_oracles)) + 2
        """Base of the oracle slots' packing in ``_wanted`` (each slot is -1 to a count)."""

    def use(self, left: int) -> None:
        """Plan for a round with ``left`` rounds after it."""
        if left != self._left or len(self._end) > _MEMO_LIMIT:
            self._left = left
            for memo in self._memo:
                memo.clear()
            for moves in self._moves:
                moves.clear()
            self._end.clear()

    def best(self, state: WickedLabyrinthState, seat: int) -> tuple[float, int]:
        """(worth, action id) of the best continuation for ``seat`` deciding in processing.

        ``state`` must be in the soul processing phase with ``seat`` deciding; it is not
        changed (the search works on copies of the seat's board).
        """
        o = seat * STRIDE
        return self.best_board(state.b[o : o + STRIDE])

    def best_board(self, board: list[int]) -> tuple[float, int]:
        """:meth:`best` for one seat's board (``STRIDE`` slots) deciding in processing.

        Soul processing reads and changes its own board only, so the search copies and
        changes 29 integers a node instead of cloning the whole state.
        """
        key = _key(board)
        for level, width in enumerate(_WIDTHS):
            self._spent = 0
            try:
                result = self._search(board, key, level, width)
                self.last_level = level
                return result
            except _OutOfBudget:
                continue
        raise AssertionError("the greedy level has no budget limit")  # pragma: no cover

    def _search(self, board: list[int], key: bytes, level: int, width: int) -> tuple[float, int]:
        memo = self._memo[level]
        hit = memo.get(key)
        if hit is not None:
            return hit, self._moves[level][key]
        if width != 1:
            self._spent += 1
            if self._spent > self.budget:
                raise _OutOfBudget
        useful = self._useful(board)
        if not useful:
            raise RuntimeError("this board has no soul processing decision")
        best_value = float("-inf")
        best_action = -1
        if not width:
            # The full search: every useful action in order, each child searched as it
            # is made (no list of children: nothing is ranked at this level).
            for action in useful:
                if action == A.DONE:
                    value = self._end_of(board, key)
                else:
                    child = board[:]
                    self._apply(child, action)
                    value = self._search(child, _key(child), level, width)[0]
                if value > best_value + 1e-12:
                    best_value, best_action = value, action
            memo[key] = best_value
            self._moves[level][key] = best_action
            return best_value, best_action
        children: list[tuple[float, int, list[int] | None, bytes]] = []
        for action in useful:
            if action == A.DONE:
                children.append((self._end_of(board, key), action, None, key))
                continue
            child = board[:]
            self._apply(child, action)
            child_key = _key(child)
            children.append((self._end_of(child, child_key), action, child, child_key))
        children.sort(key=lambda c: -c[0])
        for peek, action, after, after_key in children[:width]:
            value = peek if after is None else self._search(after, after_key, level, width)[0]
            if value > best_value + 1e-12:
                best_value, best_action = value, action
        memo[key] = best_value
        self._moves[level][key] = best_action
        return best_value, best_action

    def _useful(self, board: list[int]) -> list[int]:
        """Legal actions, less those that cannot beat another one.

        - A ready great oracle is taken at once: its tokens stay owned and high, and it
          frees high spots, so waiting never helps.
        - Discarding a stored spell equals ``done`` (which loses it).
        - A colour change only to a colour that pairs up or that an open oracle wants.
        - Making room in a full rank only by returning a token no open oracle wants
          (or, if all are wanted, the most numerous one).

        ``done`` comes first, so an action that changes nothing of worth is not taken.
        """
        mode = board[MODE]
        if mode == M_CHOOSE_WHITE:
            return [
                CHOOSE_WHITE_BASE,
                CHOOSE_WHITE_BASE + 1,
                CHOOSE_WHITE_BASE + 2,
                CHOOSE_WHITE_BASE + 3,
            ]
        if mode == M_OVERFLOW:
            return [RETURN_LOW_BASE + c for c in range(4) if board[c]]
        if mode != M_PROCESS and mode != M_REWARD_PROMOTION:
            return []
        cards = self.cards
        if mode != M_PROCESS:
            return list(rules.processing_actions(board, 0, cards))
        # The legal actions of ``rules.processing_actions``, in its order, filtered as
        # they are made (``tests/wicked_labyrinth_bot`` holds this equal to filtering).
        colours = cards.great_colours
        for slot in range(2):
            if not board[GREAT_DONE + slot]:
                i = 2 * board[GREAT + slot]
                a = colours[i]
                c = colours[i + 1]
                if board[8 + a] >= 2 if a == c else board[8 + a] >= 1 and board[8 + c] >= 1:
                    return [GREAT_BASE + slot]
        wanted = self._wanted(board)
        out = [DONE]
        # The token returned to make room in a full middle or high rank (-1: not full).
        middle_room = high_room = -1
        if board[4] + board[5] + board[6] + board[7] >= CAPACITY[1]:
            middle_room = _room_choice(board, 1, wanted)
        if board[8] + board[9] + board[10] + board[11] >= CAPACITY[2]:
            high_room = _room_choice(board, 2, wanted)
        _promotions(board, PAIR_BASE, 2, middle_room, high_room, out)
        if board[PROMOTION]:
            _promotions(board, SPELL_BASE, 1, middle_room, high_room, out)
        if board[COLOUR_CHANGE]:
            for rank in range(3):
                for colour in range(4):
                    if board[rank * 4 + colour]:
                        first = CHANGE_BASE + (colour * 3 + rank) * 3
                        for t in range(3):
                            to = t if t < colour else t + 1
                            if wanted >> to & 1 or board[rank * 4 + to] % 2:
                                out.append(first + t)
        if not (board[SMALL_DONE] and board[SMALL_DONE + 1]):
            high = owned_high(board, 0, cards)
            needs = cards.small_needs
            for slot in range(2):
                if not board[SMALL_DONE + slot] and meets_needs(
                    board, 0, needs, 12 * board[SMALL + slot], high
                ):
                    out.append(SMALL_BASE + slot)
        return out

    # ------------------------------------------------------------------ the rules on one board

    def _apply(self, b: list[int], action: int) -> None:
        """Section 8 on one board: what ``WickedLabyrinthState`` does to the deciding
        seat's board in soul processing, by the same ``rules`` functions, less the
        events, and never ``done`` (the search stops there)."""
        if action < RETURN_LOW_BASE:
            b[QUEUE] >>= 3
            if rules.gain_token(b, 0, action - CHOOSE_WHITE_BASE, None):
                rules.drain(b, 0, True, None)
        elif action < PAIR_BASE:
            b[action - RETURN_LOW_BASE] -= 1
            rules.drain(b, 0, True, None)
        elif action < SPELL_BASE:
            colour, rank, room = rules.decode_promotion(action, PAIR_BASE)
            rules.promote(b, 0, colour, rank, room, 2)
        elif action < DISCARD_PROMOTION:
            colour, rank, room = rules.decode_promotion(action, SPELL_BASE)
            rules.promote(b, 0, colour, rank, room, 1)
            rules.spend_promotion(b, 0, None)
        elif action == DISCARD_PROMOTION:
            rules.spend_promotion(b, 0, None)
        elif action < DISCARD_CHANGE:
            colour, rank, to = rules.decode_change(action)
            b[rank * 4 + colour] -= 1
            b[rank * 4 + to] += 1
            b[COLOUR_CHANGE] -= 1
        elif action == DISCARD_CHANGE:
            b[COLOUR_CHANGE] -= 1
        elif action < GREAT_BASE:
            rules.achieve_small(b, 0, self.cards, action - SMALL_BASE, None)
        elif action < DONE:
            rules.achieve_great(b, 0, self.cards, action - GREAT_BASE)
        else:
            raise ValueError(f"the planner does not apply action {action}")

    def _wanted(self, board: list[int]) -> int:
        """Colours an open great or small oracle of this board asks for (bit ``1 << c``
        for colour ``c``), remembered by the board's oracle slots packed in one integer."""
        k = self._card_count
        marks = board[GREAT]
        for i in range(GREAT + 1, SMALL_DONE + 2):
            marks = marks * k + board[i] + 1
        wanted = self._useful_colours.get(marks)
        if wanted is None:
            wanted = 0
            for slot in range(2):
                if not board[GREAT_DONE + slot]:
                    for c in self.cards.great_oracles[board[GREAT + slot]].colours:
                        wanted |= 1 << c
                if not board[SMALL_DONE + slot]:
                    card = self.cards.small_oracles[board[SMALL + slot]]
                    for r in card.requires:
                        wanted |= 1 << r.colour
            self._useful_colours[marks] = wanted
        return wanted

    def end_worth(self, board: Sequence[int]) -> float:
        """Worth of a board (one seat's ``STRIDE`` slots) when its processing ends."""
        b = list(board)
        return self._end_of(b, _key(b))

    def _end_of(self, board: list[int], key: bytes) -> float:
        worth = self._end.get(key)
        if worth is None:
            worth = own_value(board, self.cards, self._left, self.weights)
            self._end[key] = worth
        return worth


def _key(board: list[int]) -> bytes:
    """A board's memo key: its integers as bytes (one a slot; a board with a slot
    outside 0-255, such as a long queue of gains, by its longer text). Bytes keep their
    hash and are no work for the garbage collector, unlike tuples."""
    try:
        return bytes(board)
    except ValueError:
        return repr(board).encode()


def _promotions(
    board: list[int],
    base: int,
    least: int,
    middle_room: int,
    high_room: int,
    out: list[int],
) -> None:
    """``rules._promotions`` less the rooms made by returning another token than
    ``_room_choice``'s (``middle_room``, ``high_room``; -1 when that rank is not full)."""
    for rank in range(2):
        room = middle_room if rank == 0 else high_room
        row = rank * 4
        for colour in range(4):
            if board[row + colour] >= least:
                first = base + (colour * 2 + rank) * 5
                out.append(first if room < 0 else first + 1 + room)


def _room_choice(board: list[int], rank: int, wanted: int) -> int:
    """The token of ``rank`` to return to make room: unwanted first, then most numerous,
    then the lowest colour."""
    best = -1
    best_rank = -1
    for c in range(4):
        count = board[rank * 4 + c]
        if count:
            order = ((0 if wanted >> c & 1 else 1) * 1024 + count) * 4 + 3 - c
            if order > best_rank:
                best, best_rank = c, order
    return best


class BoardLab:
    """Asks "what would this board be worth" of boards the seat does not have yet.

    Bidding and gain choices need the worth of boards the seat does not have yet (after
    winning a corridor, after keeping this colour); the lab puts such a board in the
    soul processing phase (nothing queued or declared) and asks the planner.
    """

    def __init__(self, planner: ProcessingPlanner) -> None:
        self._planner = planner

    def worth(self, board: Sequence[int]) -> float:
        """Best worth after processing a board (``STRIDE`` slots, spells included)."""
        b = list(board)
        b[MODE] = M_PROCESS
        b[QUEUE] = 0
        b[DECLARED] = 0
        return self._planner.best_board(b)[0]
