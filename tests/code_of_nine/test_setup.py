"""Setup (rulebook "Setup" steps 2-7; rulings, "Items and Will", "Turn structure")."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalActionError
from tabletop.games.code_of_nine import GAME
from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine.items import Item
from tabletop.games.code_of_nine.layout import Phase

from .helpers import pawns, ready, set_will


def test_items_in_the_ruins_at_setup() -> None:
    """Step 2: 8 statues, 16 coins, 4 books, 2 legacies; the medal only in the expert game."""
    normal = ready(4)
    assert normal.ruins == [8, 16, 4, 2, 0]
    expert = ready(4, expert=True)
    assert expert.ruins == [8, 16, 4, 2, 1]


def test_start_will_by_seat_and_none_for_the_ghost() -> None:
    """Step 4: start player 0 Will, second and third 1, fourth 2; the ghost none."""
    s = ready(4)
    assert [s.will(p) for p in range(4)] == [0, 1, 1, 2]
    g = ready(3)
    assert [g.will(p) for p in range(4)] == [0, 1, 1, 0]


def test_two_memory_cards_each_from_the_normal_deck() -> None:
    """Step 5: two cards each; only cards 1-18 in the normal game."""
    for seed in range(20):
        s = ready(4, seed=seed)
        numbers = [s.cards.cards[c].number for c in s.cards_in_play()]
        assert len(set(numbers)) == 8
        assert all(1 <= n <= 18 for n in numbers)
        assert all(s.cards.cards[c].number <= 18 for c in s.deck)


def test_expert_deck_uses_all_28_cards_and_a_ninth_memory() -> None:
    """Steps 5 and 7: expert cards join the deck; one more card is the ninth memory."""
    seen_expert = False
    for seed in range(10):
        s = ready(4, expert=True, seed=seed)
        assert s.ninth >= 0 and s.ninth not in s.cards_in_play()
        assert len(s.deck) == 28 - 8 - 1
        seen_expert |= any(s.cards.cards[c].expert for c in s.cards_in_play())
    assert seen_expert
    assert ready(4).ninth == -1


def test_changing_memory_cards_costs_a_round_one_pawn() -> None:
    """Step 5: the one-time change returns both cards, re-deals, and costs an action pawn."""
    s = GAME.new_game(4, 3)
    before = s.cards_in_play()
    s.apply(0, "change")
    events = []
    for p in (1, 2, 3):
        events += s.apply(p, "keep")
    assert E.CardsChanged(0, True) in events and E.CardsChanged(1, False) in events
    assert s.phase == Phase.ASSIGN
    assert pawns(s, 0) == 2 and pawns(s, 1) == 3
    assert before[2:8] == s.cards_in_play()[2:8]
    assert len(set(s.cards_in_play())) == 8


def test_ruling_change_of_memory_cards_is_one_sealed_simultaneous_decision() -> None:
    """Rulings, "Turn structure": every player decides keep or change at once, without
    seeing anyone else's choice; the choices are revealed together, then the cards of
    those who changed are re-dealt to them."""
    s = GAME.new_game(4, 3)
    assert s.current_players() == (0, 1, 2, 3) and s.sealed_decision()
    hand = s.cards_in_play()
    events = s.apply(2, "change")  # any order: nobody waits for a turn
    committed = next(e for e in events if isinstance(e, E.ChangeCommitted))
    assert committed.for_player(2) == E.ChangeCommitted(2, True)
    for other in (0, 1, 3, None):
        assert committed.for_player(other) == E.ChangeCommitted(2, None)
    assert not any(isinstance(e, E.CardsChanged) for e in events)
    assert s.current_players() == (0, 1, 3)
    assert s.legal_actions(2) == []
    # Nothing of the commitment shows: no pawn paid, cards still on the sheet.
    assert pawns(s, 2) == 3 and s.cards_in_play() == hand
    for seat in (0, 1, 3):
        view = s.view(seat)
        assert view.my_change is None and not view.holders[2].changed_cards
        assert view.holders[2].pawns == 3
    assert s.view(2).my_change is True
    assert s.spectator_view().my_change is None
    s.apply(0, "keep")
    s.apply(3, "change")
    events = s.apply(1, "keep")
    assert [e for e in events if isinstance(e, E.CardsChanged)] == [
        E.CardsChanged(0, False),
        E.CardsChanged(1, False),
        E.CardsChanged(2, True),
        E.CardsChanged(3, True),
    ]
    dealt = [e for e in events if isinstance(e, E.CardsDealt)]
    assert [e.holder for e in dealt] == [2, 3]
    assert [pawns(s, p) for p in range(4)] == [3, 3, 2, 2]
    assert [s.view(0).holders[p].changed_cards for p in range(4)] == [False, False, True, True]
    assert s.cards_in_play()[:4] == hand[:4]
    assert s.phase == Phase.ASSIGN and s.current_players() == (0,)


def test_change_is_an_explicit_chance_node_without_auto_chance() -> None:
    """Setup chance comes only from chance nodes: the deal and the re-deal draw one card each."""
    s = GAME.new_game(4, 3, auto_chance=False)
    draws = 0
    while s.is_chance_node():
        outcomes = s.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        s.apply_chance(outcomes[0][0])
        draws += 1
    assert draws == 8 and s.phase == Phase.CHANGE
    s.apply(0, "change")
    for p in (1, 2, 3):
        assert not s.is_chance_node()
        s.apply(p, "keep")
    assert s.is_chance_node() and s.phase == Phase.REDEAL
    s.apply_chance(s.chance_outcomes()[-1][0])
    s.apply_chance(s.chance_outcomes()[-1][0])
    assert s.phase == Phase.ASSIGN


def test_abyss_choice_is_secret_and_sequential() -> None:
    """Step 6: each player chooses their Abyss card; nobody else learns which."""
    s = GAME.new_game(4, 5)
    for p in range(4):
        s.apply(p, "keep")
    first, second = (s.cards.cards[s.card(0, k)].number for k in (0, 1))
    events = s.apply(0, f"abyss:{second}")
    assert s.cards.cards[s.card(0, 0)].number == second
    assert s.cards.cards[s.card(0, 1)].number == first
    placed = next(e for e in events if isinstance(e, E.CardsPlaced))
    assert placed.for_player(0) == placed
    assert placed.for_player(1) == E.CardsPlaced(0, None, None)
    assert placed.for_player(None) == E.CardsPlaced(0, None, None)
    with pytest.raises(IllegalActionError):
        s.apply(1, f"abyss:{first}")
    assert s.current_players() == (1,)


def test_ghost_gets_two_hidden_cards_with_three_players() -> None:
    """Step 6 and rulings: with 3 players the ghost holds an Abyss and a Shoal card."""
    s = ready(3)
    assert s.card(3, 0) >= 0 and s.card(3, 1) >= 0
    assert len(set(s.cards_in_play())) == 8
    assert s.current_players() == (0,)
    for p in range(3):
        assert s.view(p).known_card(3, 0) is None and s.view(p).known_card(3, 1) is None


def test_expert_medal_and_legacies_positions() -> None:
    """Step 2: legacies wait on the round-2 section; the medal under Cult of Honeybook."""
    s = ready(4, expert=True)
    assert "looked" not in [a.notation() for a in s.legal_actions(0)]
    s.round = 2
    set_will(s, 0, 3)
    assert "looked" in [a.notation() for a in s.legal_actions(0)]
    assert s.ruins[Item.MEDAL] == 1


def test_the_deal_is_an_event_of_the_start_in_each_seats_version() -> None:
    """Step 5: ``new_game`` deals two memory cards to each player; the deal is in
    ``state.start_events`` and a record's first step, and only the owner sees the cards."""
    s = GAME.new_game(4, 9)
    dealt = [e for e in s.start_events if isinstance(e, E.CardsDealt)]
    assert [e.holder for e in dealt] == [0, 1, 2, 3]
    for e in dealt:
        assert e.cards == tuple(s.cards.cards[s.card(e.holder, k)].number for k in (0, 1))
        assert e.for_player(e.holder) == e
        for other in [q for q in range(4) if q != e.holder] + [None]:
            assert e.for_player(other) == E.CardsDealt(e.holder, None)
    _, move, events = next(s.record().steps(GAME))
    assert move is None and events == list(s.start_events)


def test_the_ghosts_deal_and_the_ninth_memory_are_events_too() -> None:
    """Steps 6-7: after the Abyss choices, the ghost's cards (hidden from everyone) and the
    expert game's ninth memory (public) are events of the step that leads to them."""
    s = GAME.new_game(3, 9, expert=True)
    for p in range(3):
        s.apply(p, "keep")
    events = []
    for p in range(3):
        events += s.apply(p, s.legal_actions(p)[0])
    ghost = [e for e in events if isinstance(e, E.CardsDealt) and e.holder == 3]
    assert len(ghost) == 1 and all(ghost[0].for_player(q).cards is None for q in (0, 1, 2, None))
    (ninth,) = [e for e in events if isinstance(e, E.NinthMemoryRevealed)]
    assert ninth.card == s.cards.cards[s.ninth].number and ninth.for_player(1) == ninth
