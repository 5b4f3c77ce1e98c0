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


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_deal_and_round_one_layout_are_events_of_the_start(players: int) -> None:
    """Sections 4-5: ``new_game`` deals the oracles and lays out round 1's corridors; both
    are events (``state.start_events``), public in every seat's version, and a game
    record's first step carries them."""
    from tabletop.games.wicked_labyrinth import events as E

    state = tabletop.new_game("wicked-labyrinth", players=players, seed=11)
    assert isinstance(state, WickedLabyrinthState)
    dealt = [e for e in state.start_events if isinstance(e, E.OraclesDealt)]
    cards = state.cards
    assert [e.player for e in dealt] == list(range(players))
    for e in dealt:
        o = e.player * STRIDE
        great = tuple(cards.great_oracles[state.b[o + GREAT + k]].id for k in (0, 1))
        small = tuple(cards.small_oracles[state.b[o + SMALL + k]].id for k in (0, 1))
        assert (e.great_oracles, e.small_oracles) == (great, small)
    (laid,) = [e for e in state.start_events if isinstance(e, E.CorridorsLaidOut)]
    assert laid == E.CorridorsLaidOut(1, tuple(cards.corridors[c].id for c in state.labyrinth))
    assert state.start_events[-1] == laid and len(state.start_events) == players + 1
    for event in state.start_events:  # public: every seat and a spectator see all of it
        assert all(event.for_player(q) == event for q in [*range(players), None])
    start, move, events = next(state.record().steps(state.game))
    assert move is None and events == list(state.start_events)
    assert state.clone().start_events == state.start_events
    assert tabletop.state_from_json(state.to_json()).start_events == state.start_events
    again = tabletop.new_game("wicked-labyrinth", players=players, seed=11)
    assert again.start_events == state.start_events


def test_without_auto_chance_the_deal_events_come_from_the_chance_steps() -> None:
    """With explicit chance (OpenSpiel), nothing is dealt at ``new_game``: each draw is a
    chance step, and the deal's and the layout's events come from those steps."""
    from tabletop.games.wicked_labyrinth import events as E

    state = tabletop.game("wicked-labyrinth").new_game(3, 4, auto_chance=False)
    assert state.start_events == ()
    events = []
    while state.is_chance_node():
        events += state.apply_chance(state.chance_outcomes()[0][0])
    assert [type(e) for e in events] == [E.OraclesDealt] * 3 + [E.CorridorsLaidOut]
