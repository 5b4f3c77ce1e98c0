"""The core protocol: registry, options, records, results and the generator."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop
from tabletop.core import GameRecord, Result, SplitMix64
from tabletop.core.errors import (
    GameOptionError,
    IllegalActionError,
    RecordError,
    SeatError,
    UnknownGameError,
)


def test_registry_lists_games_and_refuses_unknown_names() -> None:
    assert "wicked-labyrinth" in tabletop.games()
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        tabletop.new_game("chess", players=2)


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_player_count_must_be_an_integer(players: object) -> None:
    with pytest.raises(GameOptionError):
        tabletop.new_game("wicked-labyrinth", players=players)  # type: ignore[arg-type]


def test_option_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(GameOptionError, match="option 'cards' must be"):
        tabletop.new_game("wicked-labyrinth", players=4, cards=3)


def test_apply_refuses_other_seats_bad_players_and_finished_games() -> None:
    state = tabletop.new_game("wicked-labyrinth", players=3, seed=1)
    before = state.to_json()
    with pytest.raises(SeatError, match="no player 7"):
        state.apply(7, "d0")
    with pytest.raises(IllegalActionError, match="must declare a closed hand"):
        state.apply(0, "done")
    assert state.to_json() == before


def test_record_round_trip_and_bad_records() -> None:
    state = tabletop.new_game("wicked-labyrinth", players=3, seed=4)
    state.apply(0, "d2")
    data = json.loads(json.dumps(state.record().to_json()))
    assert GameRecord.from_json(data).to_json() == data
    assert tabletop.replay(data).to_json() == state.to_json()
    for bad in (
        [],
        {"game": "wicked-labyrinth"},
        {**data, "format": 99},
        {**data, "actions": [[0, "d9"]]},
        {**data, "players": 9},
    ):
        with pytest.raises(RecordError):
            tabletop.replay(bad)  # type: ignore[arg-type]


def test_state_from_json_refuses_malformed_data() -> None:
    state = tabletop.new_game("wicked-labyrinth", players=3, seed=4)
    data = state.to_json()
    for bad in ({}, {**data, "state": {}}, {**data, "rng": "x"}, {**data, "game": "chess"}):
        with pytest.raises((RecordError, UnknownGameError)):
            tabletop.state_from_json(bad)


def test_result_placings_ties_and_ineligible_players() -> None:
    result = Result.from_keys([5, 7, 7, 9], [(5,), (7,), (7,), (9,)], [True, True, True, False])
    assert result.winners == (1, 2)
    assert result.placings == (3, 1, 1, 4)
    assert result.win_share(1) == 0.5 and result.win_share(3) == 0.0


@given(st.integers(0, 2**64 - 1), st.integers(1, 1000))
def test_generator_is_deterministic_and_in_range(seed: int, bound: int) -> None:
    a, b = SplitMix64(seed), SplitMix64(seed)
    xs = [a.below(bound) for _ in range(20)]
    assert xs == [b.below(bound) for _ in range(20)]
    assert all(0 <= x < bound for x in xs)
    assert a.copy().next_u64() == b.next_u64()


@pytest.mark.parametrize("name", ["wicked-labyrinth", "code-of-nine"])
def test_states_pickle_and_copy_to_equal_independent_states(name: str) -> None:
    import copy
    import pickle

    state = tabletop.new_game(name, players=3, seed=5)
    for p in state.current_players():
        state.apply(p, state.legal_action_ids(p)[0])
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert twin is not state and twin.to_json() == state.to_json()
        p = twin.current_players()[0]
        twin.apply(p, twin.legal_action_ids(p)[0])
        assert twin.to_json() != state.to_json()
    rng = SplitMix64(99)
    rng.next_u64()
    again = pickle.loads(pickle.dumps(rng))
    assert again.next_u64() == rng.next_u64()
