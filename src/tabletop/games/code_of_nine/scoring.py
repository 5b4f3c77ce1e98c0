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
from itertools import groupby

from tabletop.games.code_of_nine.items import Item, Quantity
from tabletop.games.code_of_nine.memory_cards import Condition, Effect, EffectKind, MemoryCard

_ITEMS = len(Item)


@dataclass(frozen=True)
class ScoreSheet:
    """Per holder: final score, whether they may win, and the items' final values."""

    scores: tuple[int, ...]
    eligible: tuple[bool, ...]
    values: tuple[int, ...]


def quantities(items: Sequence[int], will: int) -> tuple[int, ...]:
    """A holder's counts by ``Quantity`` from their items (by ``Item``) and Will."""
    return (*items[:_ITEMS], will, items[Item.STATUE] + items[Item.COIN] + items[Item.BOOK])


def _meets(e: Effect, counts: Sequence[Sequence[int]], h: int) -> bool:
    q = int(e.of)  # type: ignore[arg-type]
    mine = counts[h][q]
    if e.when == Condition.AT_LEAST:
        return mine >= e.count
    if e.when == Condition.AT_MOST:
        return mine <= e.count
    column = [c[q] for c in counts]
    if e.when == Condition.MOST:
        return mine > 0 and mine == max(column)
    return mine == min(column)


def score(
    counts: Sequence[Sequence[int]],
    cards: Sequence[MemoryCard],
    released: bool,
    base_points: Sequence[int],
) -> ScoreSheet:
    """Score every holder; ``counts`` are per holder by ``Quantity`` (see :func:`quantities`)."""
    holders = range(len(counts))
    values = list(base_points)
    bonus = [0] * len(counts)
    eligible = [True] * len(counts)
    ordered = sorted(cards, key=lambda c: (c.order, c.number))
    for _, group in groupby(ordered, key=lambda c: c.order):
        effects = [
            e for c in group for e in c.effects if e.released is None or e.released == released
        ]
        for e in effects:
            if e.kind == EffectKind.VALUE_SET:
                values[e.item] = e.value  # type: ignore[index]
        for e in effects:
            kind = e.kind
            if kind == EffectKind.VALUE_ADD:
                values[e.item] += e.value  # type: ignore[index]
            elif kind == EffectKind.PER:
                q = int(e.of)  # type: ignore[arg-type]
                for h in holders:
                    bonus[h] += e.points * (counts[h][q] // e.every)
            elif kind == EffectKind.SETS:
                for h in holders:
                    bonus[h] += e.points * min(counts[h][int(i)] for i in e.items)
            elif kind == EffectKind.BONUS:
                for h in holders:
                    if _meets(e, counts, h):
                        bonus[h] += e.points
            elif kind == EffectKind.CANNOT_WIN:
                for h in holders:
                    if _meets(e, counts, h):
                        eligible[h] = False
    scores = tuple(bonus[h] + sum(counts[h][i] * values[i] for i in range(_ITEMS)) for h in holders)
    return ScoreSheet(scores, tuple(eligible), tuple(values))


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
