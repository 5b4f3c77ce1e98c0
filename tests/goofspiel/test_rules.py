"""One test per rule (OpenSpiel's goofspiel.cc, ``DoApplyActions``; docs/goofspiel.md)."""

from __future__ import annotations

import pytest

from tabletop.core.errors import GameOptionError, IllegalActionError
from tabletop.games.goofspiel import GAME, GoofspielState
from tabletop.games.goofspiel import events as E


def new(players: int = 2, **options: object) -> GoofspielState:
    state = GAME.new_game(players, 1, **options)
    assert isinstance(state, GoofspielState)
    return state


def bid(state: GoofspielState, *cards: int) -> list[object]:
    events: list[object] = []
    for seat, card in enumerate(cards):
        events += state.apply(seat, f"b{card}")
    return events


def test_every_player_holds_cards_one_to_num_cards() -> None:
    """Each player starts with the bid cards 1..num_cards."""
    state = new(3, num_cards=6)
    for seat in range(3):
        assert state.view(seat).hand == (1, 2, 3, 4, 5, 6)
        assert list(state.legal_action_ids(seat)) == [0, 1, 2, 3, 4, 5]


def test_bidding_card_k_is_action_id_k_minus_one() -> None:
    """As in OpenSpiel: the bid of card k is action k - 1, written ``bk``."""
    assert GAME.action(6).notation() == "b7"
    assert GAME.actions.id_of(GAME.action("b7")) == 6


def test_the_bid_is_a_sealed_simultaneous_decision() -> None:
    """Every player bids on the card up at once, in secret."""
    state = new(3)
    assert state.current_players() == (0, 1, 2)
    assert state.sealed_decision()
    state.apply(1, "b5")
    assert state.current_players() == (0, 2)
    assert state.view(0).my_bid is None and state.view(1).my_bid == 5


def test_the_single_highest_bid_takes_the_point_card() -> None:
    """The one highest bidder scores the point card's value."""
    state = new(3, points_order="descending", num_cards=5)
    events = bid(state, 2, 4, 3)
    assert state.points == [0, 5, 0]
    assert E.TurnResolved(1, 5, 1) in events


def test_a_tie_for_the_highest_bid_discards_the_point_card() -> None:
    """Two or more highest bids: nobody scores it, even if a lower bid is single."""
    state = new(3, points_order="descending", num_cards=5)
    events = bid(state, 4, 4, 1)
    assert state.points == [0, 0, 0]
    assert E.TurnResolved(1, 5, None) in events
    assert state.view(2).winners == (None,)


def test_bid_cards_are_used_up() -> None:
    """A bid card leaves the hand: bidding it again is refused with the reason."""
    state = new(2, points_order="ascending", num_cards=4)
    bid(state, 3, 1)
    assert state.view(0).hand == (1, 2, 4)
    with pytest.raises(IllegalActionError, match="card 3 was already bid"):
        state.apply(0, "b3")


def test_a_card_above_num_cards_is_refused() -> None:
    state = new(2, num_cards=4)
    with pytest.raises(IllegalActionError, match="cards are 1 to 4"):
        state.apply(0, "b9")


def test_a_player_bids_once_per_turn() -> None:
    state = new(2)
    state.apply(0, "b5")
    with pytest.raises(IllegalActionError, match="not this player's decision"):
        state.apply(0, "b6")


def test_the_last_turn_is_played_out_at_once() -> None:
    """With one card left each there is no choice: OpenSpiel plays it with the last
    point card as soon as the turn before ends, and the game is over."""
    state = new(2, points_order="ascending", num_cards=3)
    bid(state, 1, 2)
    events = bid(state, 3, 1)
    assert state.is_terminal()
    assert state.bid_history[-1] == (2, 3)
    assert E.BidSealed(0, 2, forced=True) in events
    assert state.points == [2, 1 + 3]
    assert isinstance(events[-1], E.GameEnded)


def test_a_one_card_game_has_one_turn_with_one_bid() -> None:
    state = new(2, num_cards=1)
    assert list(state.legal_action_ids(0)) == [0]
    bid(state, 1, 1)
    assert state.is_terminal() and state.points == [0, 0]


@pytest.mark.parametrize(("order", "first", "second"), [("descending", 5, 4), ("ascending", 1, 2)])
def test_fixed_orders_reveal_point_cards_in_order(order: str, first: int, second: int) -> None:
    state = new(2, num_cards=5, points_order=order)
    assert state.start_events == (E.PointCardRevealed(1, first),)
    bid(state, 1, 2)
    assert state.view(0).point_card == second


def test_the_random_order_draws_each_point_card_by_chance() -> None:
    """``random``: each turn's card is a chance outcome among the cards face down,
    drawn from the state's seeded generator."""
    explicit = GAME.new_game(2, 3, auto_chance=False, num_cards=4)
    assert explicit.is_chance_node()
    assert explicit.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    explicit.apply_chance(2)
    assert explicit.view(0).point_card == 3
    a, b = GAME.new_game(2, 9), GAME.new_game(2, 9)
    assert a.view(0).point_card == b.view(0).point_card


def test_scores_are_points_won_and_ties_share_the_win() -> None:
    """The score is the points won; equal highest scores share the win."""
    state = new(2, points_order="ascending", num_cards=3)
    bid(state, 2, 1)  # seat 0 takes 1
    bid(state, 1, 2)  # seat 1 takes 2; the last card (3) is then tied: 3 against 3
    result = state.result()
    assert result.scores == (1, 2) and result.winners == (1,)
    tied = new(2, points_order="ascending", num_cards=2)
    bid(tied, 1, 1)
    assert tied.result().winners == (0, 1) and tied.result().placings == (1, 1)


@pytest.mark.parametrize(
    "options",
    [{"num_cards": 0}, {"num_cards": 14}, {"points_order": "sideways"}, {"imp_info": False}],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(GameOptionError):
        GAME.new_game(2, 0, **options)


def test_player_counts_are_openspiels() -> None:
    with pytest.raises(GameOptionError):
        GAME.new_game(1, 0)
    with pytest.raises(GameOptionError):
        GAME.new_game(11, 0)
