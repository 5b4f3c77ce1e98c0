"""Determinization: the states the search bots sample agree with the seat's view."""

from __future__ import annotations

import random

import pytest

from tabletop.games.goofspiel import GAME, GoofspielState
from tabletop.games.goofspiel.rules import cards_in


def _walk(players: int, cards: int, seed: int) -> list[GoofspielState]:
    rng = random.Random(seed)
    state = GAME.new_game(players, seed, num_cards=cards)
    assert isinstance(state, GoofspielState)
    out = []
    while not state.is_terminal():
        out.append(state.clone())
        p = rng.choice(state.current_players())
        state.apply(p, rng.choice(list(state.legal_action_ids(p))))
    return out


@pytest.mark.parametrize(("players", "cards"), [(2, 13), (3, 8), (4, 13), (6, 5), (10, 13)])
def test_a_determinization_shows_the_seat_the_same_view(players: int, cards: int) -> None:
    """Whatever it draws, the sampled state's view for the seat is the seat's view: the
    same outcomes of every turn (winners and ties), points, hand and own bids."""
    for k, state in enumerate(_walk(players, cards, players * 100 + cards)):
        for viewer in [*range(players), None]:
            view = state.view(viewer) if viewer is not None else state.spectator_view()
            sample = GAME.determinize(view, k * 31 + (viewer or 0))
            again = sample.view(viewer) if viewer is not None else sample.spectator_view()
            assert again == view


def test_determinizations_differ_in_what_is_hidden() -> None:
    """Different seeds draw different hands for the other seats (they are not the truth
    copied), all of the right size."""
    state = _walk(2, 13, 5)[8]
    view = state.view(0)
    hands = {tuple(cards_in(GAME.determinize(view, s).hands[1])) for s in range(40)}
    assert len(hands) > 1
    assert all(len(h) == view.hand_size for h in hands)
