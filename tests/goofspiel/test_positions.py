"""Goofspiel positions (docs/goofspiel.md, "Positions"), notation and JSON round trips."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.errors import ActionParseError
from tabletop.core.position import PositionError
from tabletop.games.goofspiel import GAME, GoofspielState


def played(players: int, seed: int, steps: int, **options: object) -> GoofspielState:
    rng = random.Random(seed)
    state = GAME.new_game(players, seed, **options)
    assert isinstance(state, GoofspielState)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = rng.choice(state.current_players())
        state.apply(p, rng.choice(list(state.legal_action_ids(p))))
    return state


def test_the_documented_example_reads() -> None:
    state = GAME.from_position(
        {
            "game": "goofspiel",
            "players": 2,
            "options": {"num_cards": 5, "points_order": "random"},
            "point_cards": [3, 5],
            "seats": [{"bids": [4, 1]}, {"bids": [2]}],
        }
    )
    assert isinstance(state, GoofspielState)
    assert state.points == [3, 0]
    assert state.view(0).point_card == 5 and state.current_players() == (1,)
    assert state.view(0).my_bid == 1 and state.view(1).hand == (1, 3, 4, 5)


@pytest.mark.parametrize("order", ["random", "descending", "ascending"])
@pytest.mark.parametrize("steps", [0, 1, 5, 9, 40])
def test_a_position_continues_exactly_as_the_state(order: str, steps: int) -> None:
    """``state.position()`` read back is the same state, and plays on the same."""
    state = played(3, steps, steps, num_cards=6, points_order=order)
    data = json.loads(json.dumps(state.position()))
    back = GAME.from_position(data)
    assert back.to_json()["state"] == state.to_json()["state"]
    assert back.rng.state == state.rng.state
    for s in (state, back):
        while not s.is_terminal():
            for p in s.current_players():
                s.apply(p, s.legal_action_ids(p)[-1])
    assert back.to_json()["state"] == state.to_json()["state"]


@pytest.mark.parametrize(
    ("seats", "cards", "field"),
    [
        ([{"bids": [4]}, {"bids": [4, 1]}, {"bids": []}], [3], "seats"),
        ([{"bids": [9]}, {"bids": [1]}, {"bids": [1]}], [3], "seats[0].bids[0]"),
        ([{"bids": [2, 2]}, {"bids": [1, 3]}, {"bids": [3, 1]}], [3, 4], "seats[0].bids[1]"),
        ([{"bids": [2]}, {"bids": [1]}, {"bids": [3]}], [], "point_cards"),
        ([{"bids": [2]}, {"bids": [1]}, {"bids": [3]}], [3, 3], "point_cards[1]"),
        ([{"bids": [2]}, {"bids": [1]}], [3], "seats"),
        ([{"bids": [2]}, {"bids": [1]}, {"bids": [3], "hand": [1]}], [3], "seats[2].hand"),
    ],
)
def test_a_bad_position_names_the_field(
    seats: list[dict[str, object]], cards: list[int], field: str
) -> None:
    data = {"players": 3, "options": {"num_cards": 5}, "point_cards": cards, "seats": seats}
    with pytest.raises(PositionError) as err:
        GAME.from_position(data)
    assert err.value.field == field


def test_a_fixed_order_checks_its_point_cards() -> None:
    data = {
        "players": 2,
        "options": {"num_cards": 4, "points_order": "descending"},
        "point_cards": [3],
        "seats": [{"bids": [1]}, {"bids": [2]}],
    }
    with pytest.raises(PositionError, match="descending order gives 4"):
        GAME.from_position(data)


@given(st.integers(0, len(GAME.actions) - 1))
def test_notation_round_trips(action_id: int) -> None:
    action = GAME.action(action_id)
    assert GAME.action(action.notation()) == action
    assert GAME.action(f"  {action.notation().upper()} ") == action
    assert eval(repr(action), {"Bid": type(action)}) == action


@given(st.text(max_size=6))
def test_any_text_is_a_bid_or_refused(text: str) -> None:
    try:
        action = GAME.action(text)
    except ActionParseError:
        return
    assert action.notation() == text.strip().lower()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**20), steps=st.integers(0, 60), players=st.integers(2, 5))
def test_json_round_trips_at_any_point(seed: int, steps: int, players: int) -> None:
    state = played(players, seed, steps, num_cards=7)
    back = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert back.to_json() == state.to_json()
    assert back.position() == state.position()


_VALUES = st.one_of(st.integers(-2, 15), st.booleans(), st.text(max_size=2), st.none())


@settings(max_examples=300, deadline=None)
@given(
    players=st.integers(1, 4),
    cards=st.one_of(st.integers(0, 6), st.text(max_size=1)),
    order=st.sampled_from(["random", "descending", "ascending", "up"]),
    point_cards=st.one_of(st.lists(_VALUES, max_size=7), _VALUES),
    seats=st.one_of(
        st.lists(
            st.one_of(
                st.fixed_dictionaries({"bids": st.one_of(st.lists(_VALUES, max_size=7), _VALUES)}),
                _VALUES,
            ),
            max_size=5,
        ),
        _VALUES,
    ),
)
def test_any_position_data_is_read_or_refused_by_field(
    players: int, cards: object, order: str, point_cards: object, seats: object
) -> None:
    """Fuzzed position data: a state, or a PositionError naming the field; nothing else."""
    data = {
        "players": players,
        "options": {"num_cards": cards, "points_order": order},
        "point_cards": point_cards,
        "seats": seats,
    }
    try:
        state = GAME.from_position(data)
    except PositionError:
        return
    assert GAME.from_position(state.position()).to_json()["state"] == state.to_json()["state"]
