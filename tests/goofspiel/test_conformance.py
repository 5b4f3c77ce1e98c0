"""The generic conformance harness on Goofspiel: every player count, every order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.state import State
from tabletop.games.goofspiel import GAME, GoofspielState
from tabletop.games.goofspiel.rules import cards_in, total_points
from tabletop.testing.conformance import ConformanceError, play_checked

ORDERS = ("random", "descending", "ascending")


def conserved(state: State, step: int) -> None:
    """Cards are conserved: each hand holds the cards not yet bid, all hands are equally
    big, and the points won plus the cards discarded are the cards played."""
    assert isinstance(state, GoofspielState)
    for seat, hand in enumerate(state.hands):
        bid = {turn[seat] for turn in state.bid_history}
        if set(cards_in(hand)) != set(range(1, state.num_cards + 1)) - bid:
            raise ConformanceError(f"step {step}: seat {seat}'s hand is not its unbid cards")
    played = state.point_cards[: state.turn]
    discarded = sum(c for c, w in zip(played, state.winners, strict=True) if w < 0)
    if sum(state.points) + discarded != sum(played):
        raise ConformanceError(f"step {step}: points are not conserved")
    if sum(state.points) > total_points(state.num_cards):
        raise ConformanceError(f"step {step}: more points than the cards hold")


@pytest.mark.parametrize("players", GAME.info.player_counts)
@pytest.mark.parametrize("order", ORDERS)
def test_every_player_count_and_order_conforms(players: int, order: str) -> None:
    """Random legal play to the end for 2 to 10 players with every check."""
    state = play_checked(GAME, players, 31 * players, check_state=conserved, points_order=order)
    assert state.is_terminal()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from(GAME.info.player_counts),
    cards=st.integers(1, 13),
    order=st.sampled_from(ORDERS),
)
def test_random_play_conforms(seed: int, players: int, cards: int, order: str) -> None:
    state = play_checked(
        GAME, players, seed, check_state=conserved, num_cards=cards, points_order=order
    )
    assert len(state.result().scores) == players
