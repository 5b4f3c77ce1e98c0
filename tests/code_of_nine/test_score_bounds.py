"""The bounds on any score (``scoring.score_bounds``, ``GameInfo.min_score/max_score``).

The rulings ("Memory cards") make the cards data, so the bounds are derived from the
card set: every item at its lowest or highest reachable value times its whole supply,
every bonus and per-count effect at its extreme. Learners scale rewards by them, so
they must hold for every reachable score and be tight where the cards allow.
"""

from __future__ import annotations

import random

from tabletop.games.code_of_nine import GAME, CodeOfNineState
from tabletop.games.code_of_nine.game import INFO, max_will
from tabletop.games.code_of_nine.items import HOLDERS, Item, Quantity
from tabletop.games.code_of_nine.locations import default_board
from tabletop.games.code_of_nine.memory_cards import (
    Condition,
    Effect,
    EffectKind,
    MemoryCard,
    default_memory_cards,
)
from tabletop.games.code_of_nine.scoring import quantities, score, score_bounds

BASE = (1, 0, 1, 3, 0)
"""Statue, coin, book, legacy, medal: the items' own points."""
SUPPLY = (4, 6, 5, 2, 1)
MAX_WILL = 9


def card(number: int, order: int, *effects: Effect) -> MemoryCard:
    return MemoryCard(number, f"test {number}", order, effects)


def value(kind: EffectKind, item: Item, v: int) -> Effect:
    return Effect(kind, item=item, value=v)


SET, ADD = EffectKind.VALUE_SET, EffectKind.VALUE_ADD

CARDS = (
    # A value effect first on a card, a bonus after it: both count.
    card(
        1,
        1,
        value(SET, Item.STATUE, 3),
        Effect(EffectKind.BONUS, of=Quantity.COIN, when=Condition.MOST, points=3),
    ),
    card(2, 2, value(ADD, Item.STATUE, 1), value(ADD, Item.STATUE, 3)),
    card(3, 2, value(ADD, Item.STATUE, -1), value(SET, Item.COIN, -2), value(ADD, Item.COIN, -1)),
    # "Cannot win" bounds nothing, and the effects after it still do.
    card(
        4,
        3,
        Effect(EffectKind.CANNOT_WIN, of=Quantity.COIN, when=Condition.AT_LEAST, count=5),
        Effect(EffectKind.PER, of=Quantity.WILL, every=2, points=1),
        Effect(EffectKind.PER, of=Quantity.TREASURE, every=3, points=-1),
    ),
    card(
        5,
        4,
        Effect(EffectKind.SETS, items=(Item.STATUE, Item.BOOK), points=2),
        Effect(EffectKind.BONUS, of=Quantity.BOOK, when=Condition.FEWEST, points=-4),
    ),
)


def test_bounds_take_every_item_and_effect_at_its_extreme() -> None:
    """Rulings, "Memory cards" (cards are data) and rulebook "End of the Game": an
    item's value ranges over its own points and every set value, widened by the sum of
    its positive adds upwards and of its negative adds downwards; a holder has none to
    the whole supply of it; per-count effects reach the supply's (or Will's) cap.

    Worked by hand for ``CARDS`` (supply 4 statues, 6 coins, 5 books, 2 legacies,
    1 medal; Will at most 9):

    - statues: values 1 or 3, adds +1 +3 and -1: 0..7, so 4 x 7 = 28 at most, 0 at least;
    - coins: 0 or -2, add -1: -3..0, so 0 at most and 6 x -3 = -18 at least;
    - books 1..1 (5 at most, never below 0), legacies 3 (6), medal 0;
    - most coins +3; a point per 2 Will: 9 // 2 = 4; -1 per 3 treasures: 15 // 3 = -5;
      sets of statue and book: 2 x min(4, 5) = 8; fewest books -4.
    """
    lo, hi = score_bounds(CARDS, SUPPLY, BASE, MAX_WILL)
    assert (lo, hi) == (-18 - 5 - 4, 28 + 5 + 6 + 3 + 4 + 8)


def test_an_item_worth_nothing_or_less_adds_nothing_to_the_top() -> None:
    """A holder may hold none of an item, so an item whose highest value is 0 or less
    gives the best score nothing (and one never below 0 takes nothing from the worst)."""
    coin_at_zero = (card(1, 1, value(SET, Item.COIN, 0)),)
    assert score_bounds(coin_at_zero, SUPPLY, (0, 0, 0, 0, 0), MAX_WILL) == (0, 0)
    all_at_one = (card(1, 1, *(value(SET, i, 1) for i in Item)),)
    assert score_bounds(all_at_one, SUPPLY, (1, 1, 1, 1, 1), MAX_WILL) == (0, sum(SUPPLY))


def _holder(items: dict[Item, int], will: int = 0) -> tuple[int, ...]:
    return quantities([items.get(i, 0) for i in Item], will)


def test_the_bounds_are_reached_by_constructed_extreme_positions() -> None:
    """Tight where the cards allow it: with only value effects, applied highest set first
    and then every add, one holder with the whole supply of the items worth points
    scores exactly the top bound, and one with every item worth less than nothing
    exactly the bottom one."""
    high = (
        card(1, 1, value(SET, Item.STATUE, 3), value(SET, Item.COIN, -2)),
        card(2, 2, value(ADD, Item.STATUE, 2), value(ADD, Item.COIN, -1)),
    )
    lo, hi = score_bounds(high, SUPPLY, BASE, MAX_WILL)
    rich = _holder({Item.STATUE: 4, Item.BOOK: 5, Item.LEGACY: 2})
    poor = _holder({Item.COIN: 6})
    sheet = score([rich, poor], high, False, BASE)
    assert sheet.scores == (hi, lo) == (4 * 5 + 5 + 2 * 3, 6 * -3)
    bonus = (
        card(1, 1, Effect(EffectKind.PER, of=Quantity.WILL, every=2, points=3)),
        card(2, 1, Effect(EffectKind.BONUS, of=Quantity.MEDAL, when=Condition.FEWEST, points=-7)),
    )
    lo, hi = score_bounds(bonus, SUPPLY, (0, 0, 0, 0, 0), MAX_WILL)
    sheet = score([_holder({Item.MEDAL: 1}, MAX_WILL), _holder({})], bonus, False, (0,) * 5)
    assert sheet.scores == (hi, lo) == (3 * (MAX_WILL // 2), -7)


def test_game_info_bounds_are_those_of_the_default_cards() -> None:
    """``GameInfo.min_score/max_score`` are the bounds of the shipped cards and board."""
    board = default_board()
    bounds = score_bounds(default_memory_cards().cards, board.supply, board.points, max_will(board))
    assert (INFO.min_score, INFO.max_score) == bounds
    assert INFO.min_score < 0 < INFO.max_score


def test_every_score_of_sampled_play_lies_within_the_bounds() -> None:
    """Random legal play to the end, 3 and 4 players, normal and expert: every holder's
    final score (the ghost's too) lies within ``[min_score, max_score]``."""
    rng = random.Random(30)
    for seed in range(12):
        state = GAME.new_game(3 + seed % 2, seed, expert=seed % 4 >= 2)
        assert isinstance(state, CodeOfNineState)
        while not state.is_terminal():
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
        scores = state.score_sheet().scores
        assert len(scores) == HOLDERS
        assert all(INFO.min_score <= s <= INFO.max_score for s in scores), scores
