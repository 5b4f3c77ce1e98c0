"""Turn structure (rulebook "Game Play"; rulings, "Turn structure")."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalActionError
from tabletop.games.code_of_nine.layout import PAWNS, STRIDE, Phase

from .helpers import item, place_as, play, ready, set_items, set_round, set_will


def names(s, p: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.notation() for a in s.legal_actions(p)}


def test_three_pawns_each_placed_in_turn_from_the_start_player() -> None:
    """Each player places one pawn in turn, clockwise from the start player."""
    s = ready(4)
    order = []
    for _ in range(12):
        order.append(s.current_players()[0])
        play(s, "quarry")
    assert order == [0, 1, 2, 3] * 3
    assert s.round == 2


def test_players_without_pawns_are_skipped() -> None:
    """A player who changed cards has 2 pawns in round 1 and is skipped after them."""
    s = ready(4)
    s.b[1 * STRIDE + PAWNS] = 2  # as if seat 1 had paid a pawn to change cards
    order = []
    while s.round == 1:
        order.append(s.current_players()[0])
        play(s, "quarry")
    assert order == [0, 1, 2, 3, 0, 1, 2, 3, 0, 2, 3]


def test_no_passing_quarry_is_always_open() -> None:
    """A player with pawns cannot pass; Quarry of Wills takes any number of pawns."""
    s = ready(4)
    for _ in range(12):
        assert "quarry" in names(s, s.current_players()[0])
        play(s, "quarry")
    assert not any(a.notation() in ("done", "keep") for a in s.legal_actions(0))


def test_sections_open_by_round() -> None:
    """'1 only' is round 1 only; '2-5' from round 2; '4-5' from round 4; '5' in round 5."""
    s = ready(4, expert=True)
    set_will(s, 0, 20)
    set_items(s, 0, legacy=1)
    assert {"library", "fortune"} <= names(s, 0)
    assert not {"cathedral", "village", "tivoli", "devils"} & names(s, 0)
    set_round(s, 2)
    assert "cathedral" in names(s, 0) and not {"library", "fortune"} & names(s, 0)
    set_round(s, 3)
    assert {"village", "underground", "recorder", "street", "alley"} <= names(s, 0)
    set_round(s, 4)
    assert {"tivoli", "ended", "crossroads"} <= names(s, 0) and "tree" not in names(s, 0)
    set_round(s, 5)
    assert {"devils", "tree"} <= names(s, 0)


def test_expert_locations_closed_in_the_normal_game() -> None:
    """Locations marked expert are used only in the expert game."""
    s = ready(4)
    set_will(s, 0, 20)
    set_round(s, 5)
    assert not {"honeybook", "commune", "tivoli", "crossroads", "tree"} & names(s, 0)


def test_one_pawn_per_location() -> None:
    """A location with one place is closed once a pawn is on it."""
    s = ready(4)
    play(s, "hearth")
    assert "hearth" not in names(s, 1)
    with pytest.raises(IllegalActionError, match="no free place"):
        s.apply(1, "hearth")


def test_two_places_on_the_ended_old_world_not_twice_by_one_player() -> None:
    """The Place Where They Ended the Old World: 2 places, not twice by the same player."""
    s = ready(4)
    set_round(s, 4)
    for p in range(4):
        set_will(s, p, 5)
    play(s, "ended")
    s.turn = 0
    assert "ended" not in names(s, 0)
    with pytest.raises(IllegalActionError, match="twice"):
        s.apply(0, "ended")
    place_as(s, 1, "ended")
    assert "ended" not in names(s, 2)


def test_cost_is_paid_on_placing_and_unaffordable_locations_are_closed() -> None:
    """The cost in Will is paid on placing; a location you cannot pay is closed to you."""
    s = ready(4)
    assert "library" not in names(s, 0)  # start player has 0 Will
    with pytest.raises(IllegalActionError, match="costs 1 Will"):
        s.apply(0, "library")
    place_as(s, 1, "library")
    assert s.will(1) == 0 and item(s, 1, "book") == 1


def test_costs_depend_on_the_player_count() -> None:
    """Tivoli of the Pranksters 2/3 Will and Tree of Heaven 6/7 Will (4 / 3 players)."""
    four, three = ready(4, expert=True), ready(3, expert=True)
    for s in (four, three):
        set_round(s, 5)
        set_will(s, 0, 6)
        set_items(s, 0, coin=1)
    assert {"tivoli", "tree"} <= names(four, 0)
    assert "tree" not in names(three, 0) and "tivoli" in names(three, 0)
    set_will(three, 0, 2)
    assert "tivoli" not in names(three, 0)
    set_will(four, 0, 2)
    assert "tivoli" in names(four, 0)


def test_if_any_left_takes_what_remains() -> None:
    """An effect that takes from the Ruins takes what remains."""
    s = ready(4)
    set_items(s, 1, coin=15)
    play(s, "fortune")
    assert item(s, 0, "coin") == 1 and s.ruins[1] == 0


def test_clocktower_start_player_for_the_next_round() -> None:
    """Clocktower moves the marker at once; this round's order is unchanged."""
    s = ready(4)
    play(s, "quarry", "quarry")
    place_as(s, 2, "clocktower")
    assert s.start == 2
    order = []
    while s.round == 1:
        order.append(s.current_players()[0])
        play(s, "quarry")
    assert order[0] == 3 and order[:4] == [3, 0, 1, 2]
    assert s.current_players() == (2,)


def test_protections_end_with_the_round() -> None:
    """'For the rest of the round' protections end at the end of the round."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 3)
    play(s, "village")
    assert s.view(1).holders[0].protected_from_attacks
    while s.round == 3:
        play(s, "quarry")
    assert not s.view(1).holders[0].protected_from_attacks


def test_game_ends_after_round_five() -> None:
    """Five rounds, then the game ends and the result is available."""
    s = ready(4)
    while not s.is_terminal():
        play(s, "quarry")
    assert s.round == 5 and s.phase == Phase.OVER
    assert len(s.result().scores) == 4
