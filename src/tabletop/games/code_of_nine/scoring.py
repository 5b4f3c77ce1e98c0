"""End-of-game scoring (rulebook "End of the Game"; rulings, "Memory cards").

Every card in play applies to every holder (players and the ghost). Cards apply by
order number, lowest first. Item values start at the items' own points; a
``value_set`` replaces a value and a ``value_add`` changes it, so their order matters.
Cards with the same order number apply together: all their sets first (by card
number), then all their adds. Conditions (most, fewest, thresholds) read the counts,
which scoring never changes. The score is each item's count times its final value plus
every bonus; a holder meeting a "cannot win" condition is still scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tabletop.games.code_of_nine.items import Item, Quantity
from tabletop.games.code_of_nine.memory_cards import Condition, Effect, EffectKind, MemoryCard

_ITEMS: Final = len(Item)
# Plain integers: compiled, an enum member is a dictionary and an attribute lookup.
_STATUE: Final = int(Item.STATUE)
_COIN: Final = int(Item.COIN)
_BOOK: Final = int(Item.BOOK)
if _ITEMS != 5:
    raise ImportError("Scorer.score unrolls exactly five items")


@dataclass(frozen=True)
class ScoreSheet:
    """Per holder: final score, whether they may win, and the items' final values."""

    scores: tuple[int, ...]
    eligible: tuple[bool, ...]
    values: tuple[int, ...]


def quantities(items: Sequence[int], will: int) -> tuple[int, ...]:
    """A holder's counts by ``Quantity`` from their items (by ``Item``) and Will."""
    return (*items[:_ITEMS], will, items[_STATUE] + items[_COIN] + items[_BOOK])


Extras = tuple[tuple[int, ...], tuple[bool, ...]]
"""A card's bonus points and "may still win" flags per holder, apart from item values."""


def card_extras(card: MemoryCard, counts: Sequence[Sequence[int]], released: bool) -> Extras:
    """What a card's non-value effects give each holder; they read only the counts."""
    n = len(counts)
    bonus = [0] * n
    eligible = [True] * n
    for e in card.effects:
        kind = e.kind
        if kind in (EffectKind.VALUE_SET, EffectKind.VALUE_ADD):
            continue
        if e.released is not None and e.released != released:
            continue
        if kind == EffectKind.PER:
            q = int(e.of)  # type: ignore[arg-type]
            for h in range(n):
                bonus[h] += e.points * (counts[h][q] // e.every)
        elif kind == EffectKind.SETS:
            for h in range(n):
                bonus[h] += e.points * min(counts[h][int(i)] for i in e.items)
        elif kind == EffectKind.BONUS:
            for h in _meeting(e, counts):
                bonus[h] += e.points
        else:
            for h in _meeting(e, counts):
                eligible[h] = False
    return tuple(bonus), tuple(eligible)


ValueOp = tuple[int, bool, int, bool | None]
"""A value effect as (item, whether it sets rather than adds, value, released or None)."""


class CardValues:
    """A card's value effects, sets and adds apart (bots build thousands of scorers
    from a few cards, so each card is read once)."""

    __slots__ = ("card", "order", "number", "sets", "adds")

    def __init__(self, card: MemoryCard) -> None:
        self.card = card
        self.order = card.order
        self.number = card.number
        self.sets: list[ValueOp] = []
        self.adds: list[ValueOp] = []
        for e in card.effects:
            if e.item is None:
                continue
            if e.kind == EffectKind.VALUE_SET:
                self.sets.append((int(e.item), True, e.value, e.released))
            elif e.kind == EffectKind.VALUE_ADD:
                self.adds.append((int(e.item), False, e.value, e.released))


CARD_VALUES_LIMIT: Final = 1024
"""Cards whose value effects are remembered before the memory starts over: a server
parses a new card set for every table with its own cards, and a memory that only grew
would keep every card of every such table for the life of the process."""

_CARD_VALUES: dict[int, CardValues] = {}
"""By the card object's id (the entry keeps the card, so its id is not reused)."""


def card_values(card: MemoryCard) -> CardValues:
    """The card's value effects, read once per card object."""
    found = _CARD_VALUES.get(id(card))
    if found is None:
        if len(_CARD_VALUES) >= CARD_VALUES_LIMIT:
            _CARD_VALUES.clear()
        found = _CARD_VALUES[id(card)] = CardValues(card)
    return found


def in_order(cards: list[CardValues]) -> list[CardValues]:
    """``cards`` in the order they apply, by (order number, card number), stably: an
    insertion sort, which for the handful of cards in play costs less than calling a key
    for each (``cards`` is sorted in place and returned)."""
    for i in range(1, len(cards)):
        card = cards[i]
        j = i
        while j > 0 and _after(cards[j - 1], card):
            cards[j] = cards[j - 1]
            j -= 1
        cards[j] = card
    return cards


def ops_of(ordered: list[CardValues]) -> list[ValueOp]:
    """The value effects of cards ``in_order``, in the order they apply: within one order
    number, all the sets, then all the adds."""
    ops: list[ValueOp] = []
    start = 0
    while start < len(ordered):
        order = ordered[start].order
        end = start + 1
        while end < len(ordered) and ordered[end].order == order:
            end += 1
        for i in range(start, end):
            ops.extend(ordered[i].sets)
        for i in range(start, end):
            ops.extend(ordered[i].adds)
        start = end
    return ops


def item_values(ops: list[ValueOp], released: bool, base_points: Sequence[int]) -> list[int]:
    """Each item's final value in points after the value effects ``ops`` (``ops_of``)."""
    values = list(base_points)
    for item, is_set, value, when in ops:
        if when is None or when == released:
            values[item] = value if is_set else values[item] + value
    return values


def _after(a: CardValues, b: CardValues) -> bool:
    """Whether ``a`` applies after ``b``: by order number, then card number."""
    return a.order > b.order or (a.order == b.order and a.number > b.number)


class Scorer:
    """A set of cards in play compiled once for fast scoring (bots score thousands).

    Value effects keep their application order (by order number; within one number,
    sets before adds); every other effect reads only the counts, so its order is free
    and its result per card can be shared between scorers through ``cache``.
    """

    __slots__ = ("value_ops", "cards")

    def __init__(self, cards: Sequence[MemoryCard]) -> None:
        ordered = in_order([card_values(c) for c in cards])
        self.cards = tuple([c.card for c in ordered])
        self.value_ops = ops_of(ordered)

    def values(self, released: bool, base_points: Sequence[int]) -> list[int]:
        """Each item's final value in points."""
        return item_values(self.value_ops, released, base_points)

    def score(
        self,
        counts: Sequence[Sequence[int]],
        released: bool,
        base_points: Sequence[int],
        cache: dict[int, Extras] | None = None,
    ) -> ScoreSheet:
        """Score every holder. ``cache`` (by card number) must hold extras of these counts."""
        n = len(counts)
        values = self.values(released, base_points)
        s0, s1, s2, s3, s4 = values
        scores = [c[0] * s0 + c[1] * s1 + c[2] * s2 + c[3] * s3 + c[4] * s4 for c in counts]
        eligible = [True] * n
        for card in self.cards:
            extras = cache.get(card.number) if cache is not None else None
            if extras is None:
                extras = card_extras(card, counts, released)
                if cache is not None:
                    cache[card.number] = extras
            bonus, ok = extras
            for h in range(n):
                scores[h] += bonus[h]
                if not ok[h]:
                    eligible[h] = False
        return ScoreSheet(tuple(scores), tuple(eligible), tuple(values))


def _meeting(e: Effect, counts: Sequence[Sequence[int]]) -> list[int]:
    """Holders meeting an effect's condition (most needs at least one; ties share)."""
    q = int(e.of)  # type: ignore[arg-type]
    column = [c[q] for c in counts]
    when = e.when
    if when == Condition.AT_LEAST:
        return [h for h, v in enumerate(column) if v >= e.count]
    if when == Condition.AT_MOST:
        return [h for h, v in enumerate(column) if v <= e.count]
    if when == Condition.MOST:
        top = max(column)
        return [h for h, v in enumerate(column) if v == top and v > 0]
    low = min(column)
    return [h for h, v in enumerate(column) if v == low]


def score(
    counts: Sequence[Sequence[int]],
    cards: Sequence[MemoryCard],
    released: bool,
    base_points: Sequence[int],
) -> ScoreSheet:
    """Score every holder; ``counts`` are per holder by ``Quantity`` (see :func:`quantities`)."""
    return Scorer(cards).score(counts, released, base_points)


def score_bounds(
    cards: Sequence[MemoryCard], supply: Sequence[int], base_points: Sequence[int], max_will: int
) -> tuple[int, int]:
    """Bounds on any score a card set allows (for ``GameInfo.min_score/max_score``).

    An item's value lies between its lowest and highest reachable values (every set
    value and the base, widened by the sum of all adds); a holder has between none and
    the whole supply of it; every bonus and per-count effect is taken at its extreme.
    """
    lo = hi = 0
    for item in Item:
        sets = [base_points[item]] + [
            e.value
            for c in cards
            for e in c.effects
            if e.kind == EffectKind.VALUE_SET and e.item == item
        ]
        adds = [
            e.value
            for c in cards
            for e in c.effects
            if e.kind == EffectKind.VALUE_ADD and e.item == item
        ]
        vmax = max(sets) + sum(a for a in adds if a > 0)
        vmin = min(sets) + sum(a for a in adds if a < 0)
        hi += supply[item] * max(vmax, 0)
        lo += supply[item] * min(vmin, 0)
    cap = [*supply[:_ITEMS], max_will, sum(supply[i] for i in (Item.STATUE, Item.COIN, Item.BOOK))]
    for c in cards:
        for e in c.effects:
            if e.kind == EffectKind.PER:
                reach = e.points * (cap[int(e.of)] // e.every)  # type: ignore[arg-type]
            elif e.kind == EffectKind.SETS:
                reach = e.points * min(cap[int(i)] for i in e.items)
            elif e.kind == EffectKind.BONUS:
                reach = e.points
            else:
                continue
            hi += max(reach, 0)
            lo += min(reach, 0)
    return lo, hi


QUANTITY_COUNT = len(Quantity)
