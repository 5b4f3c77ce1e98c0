"""What a board is worth to its owner once a round's soul processing is over.

The worth is the final score the board would have now (``board.tally``) plus, while
rounds are left, the future value of what it holds: progress toward each open great and
small oracle, middle tokens that a later promotion turns into high ones, and a small
cost for a crowded low rank (the next round's gains would overflow). Spells are not
counted: they are lost at the end of the phase. In the last round the worth is the
exact final score, with the rulebook's tie-breaks as tiny fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.games.wicked_labyrinth.board import (
    GREAT,
    GREAT_DONE,
    IMPURITY,
    SMALL,
    SMALL_DONE,
    STRIDE,
    tally,
)
from tabletop.games.wicked_labyrinth.cards import CardSet, SmallOracle
from tabletop.games.wicked_labyrinth.elements import (
    CAPACITY,
    GREAT_ORACLE_POINTS,
    IMPURITY_RETURNED_PER_GREAT,
    ROUNDS,
    SMALL_ORACLE_POINTS,
    Element,
)

HORIZON = (0.0, 0.55, 0.8, 0.95)
"""How much of a prospect counts with 0, 1, 2 or 3 rounds left to realise it."""

_GREAT_UNIT = (1.0, 0.45, 0.2)
"""Progress one needed high token gets from a high, a middle, or two low tokens."""

_REWARD_WORTH = {Element.PROMOTION: 2.0, Element.WHITE: 1.2}
"""Rough worth of a small oracle's reward elements (other tokens: 1 point)."""


@dataclass(frozen=True)
class Weights:
    """The valuation's knobs (bot parameters with the same names)."""

    future: float = 1.0
    """Scale of every future prospect (0: only the score now)."""
    great: float = 0.7
    small: float = 0.6
    middle: float = 0.35
    crowding: float = 0.25

    def __reduce__(self) -> tuple[type[Weights], tuple[float, float, float, float, float]]:
        """Pickle by the constructor: compiled, the frozen class refuses the default
        unpickling, which sets its fields one by one (a bot holding weights must pickle
        with the env that plays it)."""
        return (Weights, (self.future, self.great, self.small, self.middle, self.crowding))


def rounds_left(round_number: int) -> int:
    """Rounds still to play after ``round_number`` (section 6: always four)."""
    return ROUNDS - round_number


def board_value(b: Sequence[int], o: int, cards: CardSet, left: int, weights: Weights) -> float:
    """The worth of the board at ``o`` after processing, with ``left`` rounds to come."""
    return own_value(list(b[o : o + STRIDE]), cards, left, weights)


def own_value(b: list[int], cards: CardSet, left: int, weights: Weights) -> float:
    """:func:`board_value` of one board's ``STRIDE`` integers as a list (the planner's
    boards): compiled, a list's items are read directly, any sequence's through the
    generic protocol."""
    score, greats, high, middle, low, impurity = tally(b, 0, cards)
    value = score + 1e-3 * greats + 1e-4 * high + 1e-5 * middle + 1e-6 * low - 1e-7 * impurity
    if left <= 0 or weights.future <= 0:
        return value
    scale = weights.future * HORIZON[min(left, 3)]
    value += scale * _great_prospects(b, cards, weights.great)
    value += scale * _small_prospects(b, cards, weights.small)
    high_room = CAPACITY[2] - (b[8] + b[9] + b[10] + b[11])
    value += scale * weights.middle * min(middle, high_room + 2)
    value -= scale * weights.crowding * max(0, low - 4)
    return value


def _great_prospects(b: list[int], cards: CardSet, weight: float) -> float:
    """Worth of the open great oracles, by how close their two high tokens are.

    The two cards draw on the same tokens: one counted for the first card is not
    counted again for the second (``used``: 4 bits of tokens taken per rank and colour,
    at the token slot's index, so no lists are made for a board)."""
    if b[GREAT_DONE] and b[GREAT_DONE + 1]:
        return 0.0
    impurity = b[IMPURITY]
    colours = cards.great_colours
    used = 0
    total = 0.0
    for slot in range(2):
        if b[GREAT_DONE + slot]:
            continue
        progress = 0.0
        i = 2 * b[GREAT + slot]
        for j in range(2):  # the card's two colours (a range: a tuple would be made)
            colour = colours[i + j]
            if b[8 + colour] - (used >> 4 * (8 + colour) & 15):
                used += 1 << 4 * (8 + colour)
                progress += _GREAT_UNIT[0]
            elif b[4 + colour] - (used >> 4 * (4 + colour) & 15):
                used += 1 << 4 * (4 + colour)
                progress += _GREAT_UNIT[1]
            else:
                low = b[colour] - (used >> 4 * colour & 15)
                if low >= 2:
                    used += 2 << 4 * colour
                    progress += _GREAT_UNIT[2]
                elif low:
                    used += 1 << 4 * colour
                    progress += _GREAT_UNIT[2] / 2
        relief = min(IMPURITY_RETURNED_PER_GREAT, impurity + 1)
        total += weight * (GREAT_ORACLE_POINTS + relief) * (progress / 2) ** 2
    return total


def _small_prospects(b: list[int], cards: CardSet, weight: float) -> float:
    """Worth of the open small oracles, by the share of their requirement owned."""
    facts = _facts(cards)
    total = 0.0
    for slot in range(2):
        if b[SMALL_DONE + slot]:
            continue
        card = b[SMALL + slot]
        share = _share(b, facts.needs[card])
        reward = facts.rewards[card]
        total += weight * (SMALL_ORACLE_POINTS + reward) * share**2
    return total


class _Facts:
    """What the valuation reads of a card set's small oracles, in plain numbers: per
    card, the ranks its requirement needs of each colour (highest first) and the rough
    worth of its reward elements. Reading the card objects on every board cost more
    than the rest of the valuation."""

    def __init__(self, cards: CardSet) -> None:
        self.needs = [_needs(card) for card in cards.small_oracles]
        self.rewards = [
            sum(_REWARD_WORTH.get(e, 1.0) for e in card.reward) for card in cards.small_oracles
        ]


_FACTS: dict[int, tuple[CardSet, _Facts]] = {}
"""``_Facts`` by the card set's id (the set is kept, so its id is not reused)."""


def _facts(cards: CardSet) -> _Facts:
    hit = _FACTS.get(id(cards))
    if hit is None:
        hit = _FACTS[id(cards)] = (cards, _Facts(cards))
    return hit[1]


def _needs(card: SmallOracle) -> list[list[int]]:
    """Per colour, the ranks of the tokens a small oracle requires, highest first."""
    return [
        sorted(
            (int(r.rank) for r in card.requires if r.colour == colour for _ in range(r.count)),
            reverse=True,
        )
        for colour in range(4)
    ]


def _share(b: list[int], needs_by_colour: list[list[int]]) -> float:
    """Share (0 to 1) of a small oracle's required tokens the board already owns: its
    tokens of each colour, highest first, against the ranks needed (``_needs``),
    highest first; a token one rank too low counts half. Tokens on achieved great
    oracles are not counted here (a small undercount; they count fully when the card
    is achieved)."""
    met = 0.0
    units = 0
    for colour in range(4):
        needs = needs_by_colour[colour]
        if not needs:
            continue
        units += len(needs)
        high = b[8 + colour]
        middle = high + b[4 + colour]
        owned = middle + b[colour]
        for i, need in enumerate(needs):
            if i >= owned:
                break
            got = 2 if i < high else 1 if i < middle else 0
            if got >= need:
                met += 1.0
            elif got == need - 1:
                met += 0.5
    return met / units if units else 1.0
