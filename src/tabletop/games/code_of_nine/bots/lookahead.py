"""The Code of Nine heuristic's search and leaf valuation, compiled with mypyc.

The heuristic (:mod:`tabletop.games.code_of_nine.bots.heuristic`) tries each legal action on
a sampled state, searches its own follow-up choices a few steps deep and values every
leaf by the expected margin over the best rival under its card completions. That
inner loop scores tens of thousands of sheets a game: here it runs compiled (listed in
``tabletop.compiled.MODULES``), scores each completion without building score sheets,
memoises the items' values per completion, and reads each card's bonus effects as
plain integers (:class:`Bonus`) rather than through ``scoring.card_extras``. The four
holders' sums are unrolled into local integers (compiled, a list item is a boxed
integer, and a sum through one costs several times the addition), and the margins are
summed as integers (each is whole, so the float sum they replace was exact). The
arithmetic is otherwise the heuristic's and the scoring's, so it values every leaf to
the same float.
"""

from __future__ import annotations

from typing import Final

from tabletop.games.code_of_nine.items import HOLDERS, ROUNDS, Item, Quantity
from tabletop.games.code_of_nine.items import PAWNS as PAWNS_PER_ROUND
from tabletop.games.code_of_nine.layout import (
    ATTACKS,
    ITEMS,
    KNOWS,
    LOOKS,
    PAWNS,
    PROTECT,
    STRIDE,
    WILL,
)
from tabletop.games.code_of_nine.memory_cards import Condition, EffectKind, MemoryCard
from tabletop.games.code_of_nine.scoring import (
    CardValues,
    ValueOp,
    card_values,
    in_order,
    item_values,
    ops_of,
)
from tabletop.games.code_of_nine.state import CodeOfNineState

DEPTH: Final = 3
"""Follow-up steps searched exhaustively after an action; deeper ones are greedy."""

OUT_OF_RUNNING: Final = 12
"""The margin lost when a completion leaves the bot unable to win."""

MARGIN_CAP: Final = 12
"""A completion's margin over the best rival counts up to this much either way."""

_FOLLOW: Final = 7
_OVER: Final = 8
"""``Phase.FOLLOW`` and ``Phase.OVER`` as plain integers (compared in the inner loop)."""

_PAWNS_IN_GAME: Final = ROUNDS * PAWNS_PER_ROUND

if HOLDERS != 4:
    raise ImportError("the lookahead unrolls exactly four holders")

# Final, so that the compiled inner loop compares machine integers with constants.
_PER: Final = 1
_SETS: Final = 2
_BONUS: Final = 3
_CANNOT_WIN: Final = 4
_MOST: Final = 1
_FEWEST: Final = 2
_AT_LEAST: Final = 3
_AT_MOST: Final = 4


class Bonus:
    """One effect of a card that is not an item value (``scoring.card_extras``), in
    integers: its kind, the quantity it reads and its condition."""

    def __init__(
        self,
        kind: int,
        of: int,
        when: int,
        count: int,
        every: int,
        points: int,
        items: list[int],
        released: int,
    ) -> None:
        self.kind = kind
        self.of = of
        self.when = when
        self.count = count
        self.every = every
        self.points = points
        self.items = items
        self.released = released
        """-1: always; else applies only when the legacies' release equals it (0 or 1)."""


_KIND = {
    EffectKind.PER: _PER,
    EffectKind.SETS: _SETS,
    EffectKind.BONUS: _BONUS,
    EffectKind.CANNOT_WIN: _CANNOT_WIN,
}
_WHEN = {
    Condition.MOST: _MOST,
    Condition.FEWEST: _FEWEST,
    Condition.AT_LEAST: _AT_LEAST,
    Condition.AT_MOST: _AT_MOST,
}
_BONUSES: dict[int, tuple[MemoryCard, list[Bonus]]] = {}
"""Each card's bonus effects, by the card object's id (the card is kept, so its id
is not reused)."""


def bonuses(card: MemoryCard) -> list[Bonus]:
    """The card's effects other than item values, in order."""
    hit = _BONUSES.get(id(card))
    if hit is not None:
        return hit[1]
    out = []
    for e in card.effects:
        kind = _KIND.get(e.kind, 0)
        if not kind:
            continue
        out.append(
            Bonus(
                kind,
                -1 if e.of is None else int(e.of),
                0 if e.when is None else _WHEN[e.when],
                e.count,
                e.every,
                e.points,
                [int(i) for i in e.items],
                -1 if e.released is None else int(e.released),
            )
        )
    _BONUSES[id(card)] = (card, out)
    return out


QUANTITIES: Final = 7
"""Counts per holder in a leaf's flat quantities (``scoring.quantities``: the five items,
Will, treasures), by ``Quantity``:"""
_STATUE: Final = 0
_COIN: Final = 1
_BOOK: Final = 2
_LEGACY: Final = 3
_MEDAL: Final = 4
_WILL: Final = 5
_TREASURE: Final = 6
_ORDER = ("STATUE", "COIN", "BOOK", "LEGACY", "MEDAL", "WILL", "TREASURE")
if [(q.name, int(q)) for q in Quantity] != [(name, k) for k, name in enumerate(_ORDER)] or [
    (i.name, int(i)) for i in Item
] != [(name, k) for k, name in enumerate(_ORDER[:5])]:
    raise ImportError("the lookahead's quantities are the items in order, Will, treasures")


def card_extras(
    effects: list[Bonus], q: list[int], released: int
) -> tuple[int, int, int, int, int]:
    """``scoring.card_extras`` of one card: the bonus of each of the four holders, then
    the holders it puts out of the running as bits (holder ``h`` at bit ``h``).

    ``q`` holds each holder's counts (``QUANTITIES`` of them, holder ``h`` from
    ``h * QUANTITIES``). Unrolled over the four holders: kept in locals, the sums
    never pass through list items (each a boxed integer compiled).
    """
    x0 = x1 = x2 = x3 = 0
    out = 0
    for e in effects:
        if e.released >= 0 and e.released != released:
            continue
        kind = e.kind
        if kind == _PER:
            of = e.of
            every = e.every
            points = e.points
            x0 += points * (q[of] // every)
            x1 += points * (q[QUANTITIES + of] // every)
            x2 += points * (q[2 * QUANTITIES + of] // every)
            x3 += points * (q[3 * QUANTITIES + of] // every)
        elif kind == _SETS:
            items = e.items
            first = items[0]
            l0 = q[first]
            l1 = q[QUANTITIES + first]
            l2 = q[2 * QUANTITIES + first]
            l3 = q[3 * QUANTITIES + first]
            for k in range(1, len(items)):
                i = items[k]
                l0 = min(l0, q[i])
                l1 = min(l1, q[QUANTITIES + i])
                l2 = min(l2, q[2 * QUANTITIES + i])
                l3 = min(l3, q[3 * QUANTITIES + i])
            points = e.points
            x0 += points * l0
            x1 += points * l1
            x2 += points * l2
            x3 += points * l3
        else:
            of = e.of
            v0 = q[of]
            v1 = q[QUANTITIES + of]
            v2 = q[2 * QUANTITIES + of]
            v3 = q[3 * QUANTITIES + of]
            when = e.when
            if when == _AT_LEAST:
                c = e.count
                meets = int(v0 >= c) | int(v1 >= c) << 1 | int(v2 >= c) << 2 | int(v3 >= c) << 3
            elif when == _AT_MOST:
                c = e.count
                meets = int(v0 <= c) | int(v1 <= c) << 1 | int(v2 <= c) << 2 | int(v3 <= c) << 3
            elif when == _MOST:
                top = max(max(v0, v1), max(v2, v3))
                meets = (
                    0
                    if top <= 0
                    else (
                        int(v0 == top)
                        | int(v1 == top) << 1
                        | int(v2 == top) << 2
                        | int(v3 == top) << 3
                    )
                )
            else:
                top = min(min(v0, v1), min(v2, v3))
                meets = (
                    int(v0 == top) | int(v1 == top) << 1 | int(v2 == top) << 2 | int(v3 == top) << 3
                )
            if kind == _BONUS:
                points = e.points
                x0 += points * (meets & 1)
                x1 += points * (meets >> 1 & 1)
                x2 += points * (meets >> 2 & 1)
                x3 += points * (meets >> 3 & 1)
            else:
                out |= meets
    return x0, x1, x2, x3, out


class Lookahead:
    """One decision's search for ``seat``: its card completions (``samples``, each the
    cards in play) and the worths of Will, knowledge and protection (the bot's
    parameters)."""

    def __init__(
        self,
        seat: int,
        players: int,
        samples: list[tuple[MemoryCard, ...]],
        will: float,
        info: float,
        guard: float,
    ) -> None:
        self.seat = seat
        self.players = players
        self.will_worth = will
        self.info_worth = info
        self.guard_worth = guard
        self._margins: dict[tuple[int, ...], float] = {}
        self._values: dict[int, list[list[int]]] = {}
        """Each completion's item values, by the release (the board's points are the
        decision's)."""
        self._cards: list[list[Bonus]] = []
        """The bonus effects of each card in some completion (those with any)."""
        self._members: list[list[int]] = []
        """Per completion, the places in ``_cards`` of its cards that some other
        completion lacks."""
        self._common: list[int] = []
        """The places in ``_cards`` of the cards every completion holds (the seat's own,
        those it has seen, the ninth memory): their extras are summed once."""
        self._ops: list[list[ValueOp]] = []
        """Each completion's value effects in the order they apply (``scoring.ops_of``;
        cards without any left out, which changes nothing in that order): what a
        ``Scorer`` of it would hold, made from each card's effects read once."""
        places: dict[int, int] = {}
        """Each card's place in ``_cards`` by its number (-2: no bonus effects)."""
        valued: dict[int, CardValues | None] = {}
        """Each card's value effects by its number (None: it has none)."""
        held: list[list[int]] = []
        holding: list[int] = []
        """How many completions hold each place's card (a completion holds a card once)."""
        for cards in samples:
            members = []
            with_values: list[CardValues] = []
            for card in cards:
                number = card.number
                place = places.get(number, -1)
                if place == -1:
                    effects = bonuses(card)
                    if effects:
                        place = len(self._cards)
                        self._cards.append(effects)
                        holding.append(0)
                    else:
                        place = -2
                    places[number] = place
                    found = card_values(card)
                    valued[number] = found if found.sets or found.adds else None
                if place >= 0:
                    members.append(place)
                    holding[place] += 1
                value_effects = valued[number]
                if value_effects is not None:
                    with_values.append(value_effects)
            self._ops.append(ops_of(in_order(with_values)))
            held.append(members)
        common = [k == len(samples) for k in holding]
        self._common = [j for j in range(len(common)) if common[j]]
        self._members = [[j for j in members if not common[j]] for members in held]
        self._others = [j for j in range(len(common)) if not common[j]]
        """The places of the cards some completion lacks."""

    def after(self, state: CodeOfNineState, action_id: int, depth: int) -> float:
        """Worth of ``action_id`` from ``state``: the best line of the seat's own
        follow-up choices (exhaustive to ``DEPTH``, then greedy), valued at its end."""
        me = self.seat
        s = state.clone()
        s.apply_unchecked(me, action_id)
        if s.phase != _FOLLOW or s.turn != me:
            return self.value(s)
        options = s.legal_action_ids(me)
        if depth >= DEPTH:
            best = options[0]
            best_value = self.static(s, best)
            for a in options[1:]:
                v = self.static(s, a)
                if v > best_value:
                    best, best_value = a, v
            return self.after(s, best, depth + 1)
        result = self.after(s, options[0], depth + 1)
        for a in options[1:]:
            v = self.after(s, a, depth + 1)
            if v > result:
                result = v
        return result

    def static(self, state: CodeOfNineState, action_id: int) -> float:
        """Worth right after ``action_id``, without searching on."""
        s = state.clone()
        s.apply_unchecked(self.seat, action_id)
        return self.value(s)

    def value(self, s: CodeOfNineState) -> float:
        """Expected margin under the card samples, plus Will, knowledge and protection."""
        me = self.seat
        b = s.b
        n = s.num_players
        worth = self.margin(b, 1 if s.released else 0, s.board.points)
        if s.phase == _OVER:
            return worth
        o = me * STRIDE
        left = (ROUNDS - s.round) * PAWNS_PER_ROUND + b[o + PAWNS]
        worth += self.will_worth * min(b[o + WILL], 3 * left) * (left / _PAWNS_IN_GAME)
        known = bin(b[o + KNOWS]).count("1")
        worth += self.info_worth * known * (0.4 + left / _PAWNS_IN_GAME)
        rival_pawns = 0
        for p in range(n):
            if p != me:
                rival_pawns += b[p * STRIDE + PAWNS]
        if b[o + PROTECT] & ATTACKS and s.round >= 3:
            # Treasures and legacies (``quantities``' last count and the fourth item).
            held = b[o + ITEMS] + b[o + ITEMS + 1] + b[o + ITEMS + 2] + b[o + ITEMS + 3]
            worth += self.guard_worth * rival_pawns * min(1.0, held / 4)
        if b[o + PROTECT] & LOOKS:
            worth += 0.5 * self.guard_worth * rival_pawns * (2 - seen_of(b, me, n)) / 2
        return worth

    def margin(self, b: list[int], released: int, points: tuple[int, ...]) -> float:
        """The expected margin, memoised for the decision: the searched lines reach the
        same holdings by different moves (half the leaves in a game repeat one), and
        the card samples stay the same all decision long.

        The key is what the margin reads: every holder's items and Will (six bits each,
        packed per holder when they fit, as they do in any real game), and the release
        (the board's points are the decision's)."""
        h0 = _holding(b, 0)
        h1 = _holding(b, STRIDE)
        h2 = _holding(b, 2 * STRIDE)
        h3 = _holding(b, 3 * STRIDE)
        key: tuple[int, ...]
        if h0 >= 0 and h1 >= 0 and h2 >= 0 and h3 >= 0:
            key = (h0, h1, h2, h3 | released << 36)
        else:
            key = tuple(
                [b[h * STRIDE + i] for h in range(HOLDERS) for i in range(ITEMS, WILL + 1)]
                + [released]
            )
        margin = self._margins.get(key)
        if margin is None:
            q = [0] * (HOLDERS * QUANTITIES)
            for h in range(HOLDERS):
                o = h * STRIDE
                at = h * QUANTITIES
                statues = b[o + ITEMS + _STATUE]
                coins = b[o + ITEMS + _COIN]
                books = b[o + ITEMS + _BOOK]
                q[at + _STATUE] = statues
                q[at + _COIN] = coins
                q[at + _BOOK] = books
                q[at + _LEGACY] = b[o + ITEMS + _LEGACY]
                q[at + _MEDAL] = b[o + ITEMS + _MEDAL]
                q[at + _WILL] = b[o + WILL]
                q[at + _TREASURE] = statues + coins + books
            margin = self.expected_margin(q, released, points)
            self._margins[key] = margin
        return margin

    def expected_margin(self, q: list[int], released: int, points: tuple[int, ...]) -> float:
        """The margin over the best rival (clipped to 12 either way), minus a heavy loss
        when out of the running, averaged over the card samples (each scored as
        ``Scorer.score`` does, its card extras shared between the samples).

        ``q``: every holder's counts by ``Quantity``, holder ``h`` from
        ``h * QUANTITIES``. Every margin and loss is a whole number, so their sum is
        kept as an integer: the float sum the average was defined by is exact, and
        the same."""
        me = self.seat
        n = self.players
        values = self._values.get(released)
        if values is None:
            values = [item_values(ops, bool(released), points) for ops in self._ops]
            self._values[released] = values
        cards = self._cards
        # Each card's extras: those every completion holds summed at once, the others
        # kept by place for the completions that hold them.
        shared0 = shared1 = shared2 = shared3 = 0
        shared_out = 0
        for j in self._common:
            x0, x1, x2, x3, out = card_extras(cards[j], q, released)
            shared0 += x0
            shared1 += x1
            shared2 += x2
            shared3 += x3
            shared_out |= out
        bonus = [0] * (4 * len(cards))
        outs = [0] * len(cards)
        for j in self._others:
            x0, x1, x2, x3, out = card_extras(cards[j], q, released)
            at = 4 * j
            bonus[at] = x0
            bonus[at + 1] = x1
            bonus[at + 2] = x2
            bonus[at + 3] = x3
            outs[j] = out
        c00, c01, c02, c03, c04 = q[0], q[1], q[2], q[3], q[4]
        c10, c11, c12, c13, c14 = (
            q[QUANTITIES],
            q[QUANTITIES + 1],
            q[QUANTITIES + 2],
            q[QUANTITIES + 3],
            q[QUANTITIES + 4],
        )
        c20, c21, c22, c23, c24 = (
            q[2 * QUANTITIES],
            q[2 * QUANTITIES + 1],
            q[2 * QUANTITIES + 2],
            q[2 * QUANTITIES + 3],
            q[2 * QUANTITIES + 4],
        )
        c30, c31, c32, c33, c34 = (
            q[3 * QUANTITIES],
            q[3 * QUANTITIES + 1],
            q[3 * QUANTITIES + 2],
            q[3 * QUANTITIES + 3],
            q[3 * QUANTITIES + 4],
        )
        total = 0
        members = self._members
        for k in range(len(values)):
            v = values[k]
            s0, s1, s2, s3, s4 = v[0], v[1], v[2], v[3], v[4]
            t0 = c00 * s0 + c01 * s1 + c02 * s2 + c03 * s3 + c04 * s4 + shared0
            t1 = c10 * s0 + c11 * s1 + c12 * s2 + c13 * s3 + c14 * s4 + shared1
            t2 = c20 * s0 + c21 * s1 + c22 * s2 + c23 * s3 + c24 * s4 + shared2
            t3 = c30 * s0 + c31 * s1 + c32 * s2 + c33 * s3 + c34 * s4 + shared3
            out = shared_out
            for j in members[k]:
                at = 4 * j
                t0 += bonus[at]
                t1 += bonus[at + 1]
                t2 += bonus[at + 2]
                t3 += bonus[at + 3]
                out |= outs[j]
            # The best rival still in the running (seat order, ties to the first;
            # -10 when none is), against my score.
            rival = -10
            found = False
            if me != 0 and not out & 1:
                rival = t0
                found = True
            if me != 1 and not out & 2 and (not found or t1 > rival):
                rival = t1
                found = True
            if n > 2 and me != 2 and not out & 4 and (not found or t2 > rival):
                rival = t2
                found = True
            if n > 3 and me != 3 and not out & 8 and (not found or t3 > rival):
                rival = t3
            mine = t0 if me == 0 else t1 if me == 1 else t2 if me == 2 else t3
            margin = mine - rival
            if margin > MARGIN_CAP:
                margin = MARGIN_CAP
            elif margin < -MARGIN_CAP:
                margin = -MARGIN_CAP
            total += margin
            if out >> me & 1:
                # Out of the running: a heavy loss, but points still separate the actions
                # that lead out of it from those that do not.
                total -= OUT_OF_RUNNING
        return total / len(values)


def _holding(b: list[int], o: int) -> int:
    """The items and Will of the holder at ``o`` in one integer, six bits each; -1 when
    one of them does not fit (the margin's memo then keys by the numbers themselves)."""
    i0 = b[o + ITEMS]
    i1 = b[o + ITEMS + 1]
    i2 = b[o + ITEMS + 2]
    i3 = b[o + ITEMS + 3]
    i4 = b[o + ITEMS + 4]
    w = b[o + WILL]
    if (i0 | i1 | i2 | i3 | i4 | w) >> 6:  # one of them negative or 64 and over
        return -1
    return i0 | i1 << 6 | i2 << 12 | i3 << 18 | i4 << 24 | w << 30


def seen_of(b: list[int], me: int, n: int) -> int:
    """How many of my two cards some rival has already seen (protection matters less)."""
    mask = 3 << (me * 2)
    seen = 0
    for p in range(n):
        if p != me:
            seen |= b[p * STRIDE + KNOWS] & mask
    return bin(seen).count("1")
