"""Setup and the shape of a game: rulebook sections 4-6, rulings "Fixed facts"."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.errors import GameOptionError
from tabletop.games.wicked_labyrinth import WickedLabyrinthState
from tabletop.games.wicked_labyrinth.board import GREAT, SEARCH, SMALL, SOUL, STRIDE, WITCH
from tabletop.games.wicked_labyrinth.elements import Phase


@pytest.mark.parametrize(("players", "pieces", "corridors"), [(3, 6, 4), (4, 7, 5), (5, 8, 6)])
def test_setup_by_player_count(players: int, pieces: int, corridors: int) -> None:
    """Sections 4 ③-④ and 5 ②: search pieces and corridors laid out by player count."""
    state = tabletop.new_game("wicked-labyrinth", players=players, seed=1)
    assert isinstance(state, WickedLabyrinthState)
    assert len(state.labyrinth) == corridors
    for p in range(players):
        o = p * STRIDE
        assert (state.b[o + SEARCH], state.b[o + WITCH], state.b[o + SOUL]) == (pieces, 1, 1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_two_great_and_two_small_oracles_each_all_different(players: int) -> None:
    """Section 5 ④: two great and two small oracles dealt to each player, face up."""
    state = tabletop.new_game("wicked-labyrinth", players=players, seed=2)
    assert isinstance(state, WickedLabyrinthState)
    greats = [state.b[p * STRIDE + GREAT + k] for p in range(players) for k in range(2)]
    smalls = [state.b[p * STRIDE + SMALL + k] for p in range(players) for k in range(2)]
    assert len(set(greats)) == len(greats) == 2 * players
    assert len(set(smalls)) == len(smalls) == 2 * players


@pytest.mark.parametrize(("players", "removed"), [(3, 8), (4, 4), (5, 0)])
def test_four_rounds_use_the_deck_exactly(players: int, removed: int) -> None:
    """Section 4 ③ and 10: after removing cards unseen the deck runs out with round 4."""
    state = tabletop.new_game("wicked-labyrinth", players=players, seed=3)
    assert isinstance(state, WickedLabyrinthState)
    seen: list[int] = []
    rounds = 0
    while not state.is_terminal():
        if state.round > rounds:
            rounds = state.round
            seen += state.labyrinth
        p = state.current_players()[0]
        state.apply_unchecked(p, state.legal_action_ids(p)[-1])
    assert rounds == 4
    assert len(set(seen)) == len(seen) == 24 - removed
    assert state.phase == Phase.OVER


def test_wrong_player_count_and_unknown_option_are_refused() -> None:
    with pytest.raises(GameOptionError, match="3, 4, 5 players, not 6"):
        tabletop.new_game("wicked-labyrinth", players=6)
    with pytest.raises(GameOptionError, match="no option 'expert'"):
        tabletop.new_game("wicked-labyrinth", players=4, expert=True)


def test_same_seed_same_deal_and_layout() -> None:
    """All chance comes from the state's own seeded generator."""
    a = tabletop.new_game("wicked-labyrinth", players=4, seed=11)
    b = tabletop.new_game("wicked-labyrinth", players=4, seed=11)
    c = tabletop.new_game("wicked-labyrinth", players=4, seed=12)
    assert a.to_json() == b.to_json()
    assert a.to_json()["state"] != c.to_json()["state"]
