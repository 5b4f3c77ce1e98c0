"""Scoring (rulebook "End of the Game"; rulings, "Memory cards")."""

from __future__ import annotations

from tabletop.games.code_of_nine.items import Item, Quantity
from tabletop.games.code_of_nine.memory_cards import (
    Condition,
    Effect,
    EffectKind,
    MemoryCard,
    default_memory_cards,
)
from tabletop.games.code_of_nine.scoring import Scorer, card_extras, quantities, score

from .helpers import play, ready, set_cards, set_items, set_will

BASE = (1, 0, 1, 3, 0)


def card(number: int, order: int, *effects: Effect) -> MemoryCard:
    return MemoryCard(number, f"test {number}", order, effects)


def counts(*holders: dict[str, int]) -> list[tuple[int, ...]]:
    out = []
    for h in holders:
        items = [h.get(i.name.lower(), 0) for i in Item]
        out.append(quantities(items, h.get("will", 0)))
    return out


SET_BOOK_3 = Effect(EffectKind.VALUE_SET, item=Item.BOOK, value=3)
ADD_BOOK_1 = Effect(EffectKind.VALUE_ADD, item=Item.BOOK, value=1)


def test_items_own_points_without_cards() -> None:
    """Statues 1, books 1, legacies 3, coins and medal 0 unless a card says otherwise."""
    sheet = score(
        counts({"statue": 2, "coin": 5, "book": 1, "legacy": 1, "medal": 1}), [], False, BASE
    )
    assert sheet.scores == (2 + 1 + 3,)


def test_lower_order_numbers_apply_first() -> None:
    """Cards apply by order number, lowest first: a later set overrides an earlier add."""
    c = counts({"book": 2})
    add_then_set = score(c, [card(1, 1, ADD_BOOK_1), card(2, 2, SET_BOOK_3)], False, BASE)
    set_then_add = score(c, [card(1, 2, ADD_BOOK_1), card(2, 1, SET_BOOK_3)], False, BASE)
    assert add_then_set.values[Item.BOOK] == 3 and add_then_set.scores == (6,)
    assert set_then_add.values[Item.BOOK] == 4 and set_then_add.scores == (8,)


def test_equal_order_numbers_apply_together_sets_then_adds() -> None:
    """Cards with the same order number apply together: their sets, then their adds."""
    c = counts({"book": 2})
    together = score(c, [card(1, 3, ADD_BOOK_1), card(2, 3, SET_BOOK_3)], False, BASE)
    assert together.values[Item.BOOK] == 4 and together.scores == (8,)


def test_most_needs_one_and_ties_share_fewest_counts_zero() -> None:
    """Most: at least one, ties share; fewest: zero counts, ties share."""
    most = Effect(EffectKind.BONUS, of=Item.COIN, when=Condition.MOST, points=3)  # type: ignore[arg-type]
    fewest = Effect(EffectKind.BONUS, of=Item.COIN, when=Condition.FEWEST, points=-2)  # type: ignore[arg-type]
    c = counts({"coin": 4}, {"coin": 4}, {"coin": 0}, {"coin": 0})
    sheet = score(c, [card(1, 2, most), card(2, 2, fewest)], False, BASE)
    assert sheet.scores == (3, 3, -2, -2)
    nobody = score(counts({}, {}), [card(1, 2, most)], False, BASE)
    assert nobody.scores == (0, 0)


def test_cannot_win_players_are_scored_but_not_eligible() -> None:
    """A player meeting a "cannot win" condition is out of the running but still scored."""
    s = ready(4)
    set_cards(s, 0, 6, 1)  # The Miser's Shame: so many coins or more cannot win
    threshold = default_memory_cards().cards[5].effects[0].count
    set_items(s, 1, coin=threshold, statue=3)
    set_items(s, 2, statue=1)
    while not s.is_terminal():
        play(s, "quarry")
    result = s.result()
    assert not result.eligible[1] and result.eligible[2]
    assert result.scores[1] > result.scores[2]
    assert 1 not in result.winners and result.placings[1] == 4


def test_ties_share_the_win() -> None:
    """Highest points among players not out of the running wins; a tie shares the win."""
    s = ready(4)
    for p in range(4):
        set_will(s, p, 0)
    set_cards(s, 0, 1, 2)  # statues worth more; most statues +3
    set_cards(s, 1, 10, 11)
    set_cards(s, 2, 12, 13)
    set_cards(s, 3, 18, 4)
    set_items(s, 0, statue=2)
    set_items(s, 1, statue=2)
    s.round = 5
    while not s.is_terminal():
        play(s, "quarry")
    result = s.result()
    assert result.winners == (0, 1) and result.win_share(0) == 0.5


def test_the_ghost_is_scored_but_never_a_seat_of_the_result() -> None:
    """With 3 players the ghost's cards apply and it counts for most/fewest, but never wins."""
    s = ready(3)
    set_cards(s, 3, 2, 1)  # the ghost: a bonus for most statues, statues worth 1 more
    set_cards(s, 0, 4, 5)  # the players' cards never touch statues or an empty sheet
    set_cards(s, 1, 8, 10)
    set_cards(s, 2, 18, 6)
    set_items(s, 3, statue=5)
    set_items(s, 0, statue=1)
    while not s.is_terminal():
        play(s, "quarry")
    result = s.result()
    assert len(result.scores) == 3
    devotion = default_memory_cards().cards[1].effects[0].points
    assert s.score_sheet().scores[3] == 5 * 2 + devotion
    assert result.scores[0] == 2


def test_released_legacies_condition_expert_cards() -> None:
    """Expert cards that read the release: Fallen Relics sets legacies to 0 once released."""
    relics = default_memory_cards().cards[21]
    c = counts({"legacy": 1})
    assert score(c, [relics], True, BASE).scores == (0,)
    assert score(c, [relics], False, BASE).scores == (3,)


def test_every_card_in_play_applies_to_every_holder() -> None:
    """All eight memory cards are valid for all players (rulebook "Object of the Game")."""
    s = ready(4)
    set_cards(s, 2, 7, 3)  # seat 2 holds "There Were the Words": books are 3 for all
    set_items(s, 0, book=1)
    while not s.is_terminal():
        play(s, "quarry")
    assert s.score_sheet().values[Item.BOOK] == 3


def test_ruling_the_ghost_counts_in_most_and_fewest_comparisons() -> None:
    """Rulings, "Memory cards": the ghost is a holder like any player in "most / fewest"
    comparisons: it can win a most bonus away from the players (and share one), and its
    holding decides who has the fewest; it never wins the game."""
    most = card(1, 1, Effect(EffectKind.BONUS, of=Quantity.COIN, when=Condition.MOST, points=3))
    fewest = card(2, 2, Effect(EffectKind.BONUS, of=Quantity.BOOK, when=Condition.FEWEST, points=2))
    # Holders 0-2 are players, 3 the ghost.
    sheet = score(
        counts({"coin": 2, "book": 1}, {"coin": 1, "book": 1}, {"book": 2}, {"coin": 3}),
        [most, fewest],
        False,
        (0, 0, 0, 0, 0),
    )
    assert sheet.scores == (0, 0, 0, 3 + 2)  # the ghost has the most coins and no book
    shared = score(counts({"coin": 3}, {"coin": 1}, {}, {"coin": 3}), [most], False, BASE)
    assert shared.scores == (3, 0, 0, 3)
    # In a game, the engine scores the ghost's sheet with the players' (the whole-game
    # check is test_the_ghost_is_scored_but_never_a_seat_of_the_result).


def test_the_memory_of_card_values_is_bounded_and_scores_alike() -> None:
    """A server parses a new card set for each table with its own cards: the scorer's
    memory of each card's value effects must start over rather than keep every card."""
    from tabletop.games.code_of_nine import scoring

    for _ in range(scoring.CARD_VALUES_LIMIT + 50):
        fresh = Scorer([card(1, 2, SET_BOOK_3), card(2, 2, ADD_BOOK_1)])
        assert fresh.values(False, BASE)[Item.BOOK] == 4
    assert 0 < len(scoring._CARD_VALUES) <= scoring.CARD_VALUES_LIMIT


def test_an_ended_game_s_sheet_is_kept_and_a_copy_asks_again() -> None:
    """``score_sheet()`` of an ended game is worked out once (the batched env's game end
    asks for it twice); a clone or a loaded state works it out again, so a copy edited
    by a tool is scored as it now stands."""
    s = ready(4)
    set_items(s, 0, statue=2)
    while not s.is_terminal():
        play(s, "quarry")
    sheet = s.score_sheet()
    assert s.score_sheet() is sheet and s.result().scores == sheet.scores[:4]
    assert s.score_sheet(s.cards_in_play()) is not sheet  # chosen cards: never kept
    copy = s.clone()
    set_items(copy, 0, statue=7, book=3)
    assert copy.score_sheet() == copy.score_sheet(copy.cards_in_play()) != sheet
    loaded = s.game.state_from_json(s.to_json())
    assert loaded.score_sheet() == sheet and loaded.score_sheet() is not sheet


MOST_COIN_3 = Effect(EffectKind.BONUS, of=Quantity.COIN, when=Condition.MOST, points=3)


def test_a_value_effect_before_other_effects_leaves_them_in_force() -> None:
    """Rulings, "Memory cards": a card's effects all apply, whatever their kinds and order
    on the card: a bonus, a "cannot win" or a value change after a value effect or after
    an effect that waits for the release, and a value change after a bonus."""
    cannot = Effect(EffectKind.CANNOT_WIN, of=Quantity.BOOK, when=Condition.AT_LEAST, count=2)
    released_only = Effect(EffectKind.PER, of=Quantity.COIN, every=1, points=5, released=True)
    c = counts({"coin": 2, "book": 2}, {"coin": 1})
    value_first = card(1, 1, SET_BOOK_3, MOST_COIN_3, cannot)
    assert card_extras(value_first, c, False) == ((3, 0), (False, True))
    waiting_first = card(2, 1, released_only, MOST_COIN_3)
    assert card_extras(waiting_first, c, False) == ((3, 0), (True, True))
    assert card_extras(waiting_first, c, True) == ((13, 5), (True, True))
    bonus_first = card(3, 1, MOST_COIN_3, ADD_BOOK_1)
    sheet = score(c, [bonus_first], False, BASE)
    assert sheet.values[Item.BOOK] == 2 and sheet.scores == (2 * 2 + 3, 0)


def test_one_holder_gets_every_bonus_of_a_card() -> None:
    """Rulings, "Memory cards": bonuses add up: a holder meeting two effects of one card,
    of each kind (points per count, per complete set, bonus), gets both."""
    per = card(
        1,
        1,
        Effect(EffectKind.PER, of=Quantity.COIN, every=2, points=1),
        Effect(EffectKind.PER, of=Quantity.WILL, every=1, points=2),
    )
    sets = card(
        2,
        1,
        Effect(EffectKind.SETS, items=(Item.COIN, Item.BOOK), points=3),
        Effect(EffectKind.SETS, items=(Item.STATUE,), points=1),
    )
    bonus = card(
        3,
        1,
        MOST_COIN_3,
        Effect(EffectKind.BONUS, of=Quantity.BOOK, when=Condition.AT_LEAST, count=1, points=4),
    )
    c = counts({"coin": 4, "book": 1, "statue": 2, "will": 3}, {"coin": 1})
    assert card_extras(per, c, False)[0] == (4 // 2 + 2 * 3, 0)
    assert card_extras(sets, c, False)[0] == (3 * 1 + 2, 0)
    assert card_extras(bonus, c, False)[0] == (3 + 4, 0)


def test_cards_sharing_an_order_number_apply_by_card_number() -> None:
    """Rulings, "Memory cards": cards with the same order number apply together, by card
    number within it (the sort is stable for one card given twice); the later set of two
    on one item is the one that stays."""
    set_5 = card(2, 3, Effect(EffectKind.VALUE_SET, item=Item.BOOK, value=5))
    set_3 = card(1, 3, SET_BOOK_3)
    for given in ([set_3, set_5], [set_5, set_3]):
        scorer = Scorer(given)
        assert [c.number for c in scorer.cards] == [1, 2]
        assert scorer.values(False, BASE)[Item.BOOK] == 5
    twin = card(1, 3, ADD_BOOK_1)
    assert Scorer([set_3, twin]).cards == (set_3, twin)
    assert Scorer([twin, set_3]).cards == (twin, set_3)


def test_a_card_s_value_effects_are_read_once_per_card_object() -> None:
    """Bots build thousands of scorers from a few cards: a card's value effects are read
    once and kept (by card object), and the memory never holds more than its limit."""
    from tabletop.games.code_of_nine import scoring

    kept = card(1, 1, SET_BOOK_3)
    assert scoring.card_values(kept) is scoring.card_values(kept)
    for n in range(scoring.CARD_VALUES_LIMIT + 2):
        scoring.card_values(card(n, 1, ADD_BOOK_1))
        assert len(scoring._CARD_VALUES) <= scoring.CARD_VALUES_LIMIT


def test_a_scorer_reuses_the_extras_cached_by_card_number() -> None:
    """``Scorer.score`` with a ``cache``: a card's extras found there (by card number) are
    used as they are, and those it works out are stored for the next scorer."""
    bonus = card(4, 1, MOST_COIN_3)
    c = counts({"coin": 2}, {"coin": 1})
    cache: dict[int, tuple[tuple[int, ...], tuple[bool, ...]]] = {}
    first = Scorer([bonus]).score(c, False, BASE, cache)
    assert cache == {4: ((3, 0), (True, True))} and first.scores == (3, 0)
    cache[4] = ((10, 20), (True, False))
    cached = Scorer([bonus]).score(c, False, BASE, cache)
    assert cached.scores == (10, 20) and cached.eligible == (True, False)
