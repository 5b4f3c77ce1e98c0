"""The card loader's check that cards sharing an order number commute.

Cards with the same order number apply together at scoring (rulings, "Memory cards"),
which is only well defined if applying them one after the other gives the same scores
in either order. :func:`check_commuting` plays every such pair both ways, one card
after the other, on a fixed generated set of holdings (items, Will, the items' base
points, released or not) and refuses the set, naming both cards, at the first
difference. Two ``value_set`` effects on one item with different values, or a
``value_set`` and a ``value_add`` on one item, are what typically fails.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

from tabletop.core.errors import CardDataError
from tabletop.core.rng import SplitMix64
from tabletop.games.code_of_nine.items import HOLDERS, Item
from tabletop.games.code_of_nine.memory_cards import EffectKind, MemoryCard
from tabletop.games.code_of_nine.scoring import card_extras, quantities

SAMPLES = 64
"""Generated holdings each pair is scored on (both with and without released legacies)."""

Holding = tuple[tuple[tuple[int, ...], ...], bool, tuple[int, ...]]
"""(counts per holder by ``Quantity``, legacies released, the items' base points)."""


@functools.cache
def holdings() -> tuple[Holding, ...]:
    """A fixed spread of holdings: every item from none to plenty, Will 0-15, and base
    points from -2 to 3 (so a set and an add that cancel by chance are still caught)."""
    rng = SplitMix64(0xC0DE9)
    out: list[Holding] = []
    for k in range(SAMPLES):
        counts = tuple(
            quantities([rng.below(6) for _ in Item], rng.below(16)) for _ in range(HOLDERS)
        )
        base = tuple(rng.below(6) - 2 for _ in Item)
        out.append((counts, bool(k % 2), base))
    return tuple(out)


def scores_in_order(
    cards: Sequence[MemoryCard],
    counts: Sequence[Sequence[int]],
    released: bool,
    base: Sequence[int],
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Scores and "may still win" per holder with ``cards`` applied strictly one after
    the other, each card's value effects in the order it lists them."""
    values = list(base)
    for card in cards:
        for e in card.effects:
            if e.item is None or (e.released is not None and e.released != released):
                continue
            if e.kind == EffectKind.VALUE_SET:
                values[e.item] = e.value
            elif e.kind == EffectKind.VALUE_ADD:
                values[e.item] += e.value
    scores = [sum(c[i] * values[i] for i in range(len(Item))) for c in counts]
    eligible = [True] * len(counts)
    for card in cards:
        bonus, ok = card_extras(card, counts, released)
        for h in range(len(counts)):
            scores[h] += bonus[h]
            eligible[h] = eligible[h] and ok[h]
    return tuple(scores), tuple(eligible)


def check_commuting(cards: Sequence[MemoryCard], source: str) -> None:
    """Refuse (``CardDataError`` naming both cards) two cards of one order number whose
    scores depend on which is applied first."""
    for a, b in combinations(cards, 2):
        if a.order != b.order:
            continue
        for counts, released, base in holdings():
            if scores_in_order((a, b), counts, released, base) != scores_in_order(
                (b, a), counts, released, base
            ):
                raise CardDataError(
                    source,
                    f"{a.number} and {b.number}",
                    "order",
                    f"cards {a.number} ({a.title}) and {b.number} ({b.title}) share order "
                    f"number {a.order} but score differently applied in either order; "
                    "give them different order numbers",
                )
