"""A game's state as a record: copies that play on alike, saved states loaded with a
check, the result only at the end, and the events of each round's end (rulebook
sections 9-10)."""

from __future__ import annotations

import pytest

from tabletop.games.wicked_labyrinth import GAME
from tabletop.games.wicked_labyrinth import events as E

from .helpers import dealt, finish_others, processing


def _plays_on_alike(state, moves: int = 12) -> None:  # type: ignore[no-untyped-def]
    """The clone has the same record and legal actions, and stays equal move for move."""
    copy = state.clone()
    for _ in range(moves):
        assert copy.to_json() == state.to_json()
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcome = state.chance_outcomes()[-1][0]
            state.apply_chance(outcome)
            copy.apply_chance(outcome)
            continue
        p = state.current_players()[0]
        assert copy.legal_actions(p) == state.legal_actions(p)
        action = state.legal_actions(p)[-1]
        state.apply(p, action)
        copy.apply(p, action)


def test_a_clone_plays_on_like_the_original_in_every_phase() -> None:
    """A clone taken during the deal, while players wait on each other's white-fragment
    choices (a pending order of choosers), and during soul processing plays on alike."""
    _plays_on_alike(GAME.new_game(4, 5, auto_chance=False))
    state = dealt(4, corridors=["C21"])  # upper promotion, lower white
    for p, hand in enumerate(["d1s", "d2", "d0", "d0"]):
        state.apply(p, hand)
    assert state.order  # the 1st and the 2nd each choose colours, in turn
    _plays_on_alike(state)
    _plays_on_alike(processing(dealt(4), 0, {"rl": 2}, promotion=1))


def test_a_saved_board_of_the_wrong_length_is_refused() -> None:
    """Loading checks the boards fit the player count."""
    data = dealt(4).to_json()
    data["state"]["b"] = data["state"]["b"][:-1]
    with pytest.raises(ValueError) as info:
        GAME.state_from_json(data)
    assert str(info.value).endswith("ValueError('board data has the wrong length')")


def test_the_result_exists_only_once_the_game_is_over() -> None:
    """Section 10: the hero is determined at the end of the game, not before."""
    with pytest.raises(ValueError) as info:
        dealt(4).result()
    assert str(info.value) == "the game is not over yet"


def test_each_round_ends_with_its_number_and_the_last_with_the_result() -> None:
    """Sections 9-10: the end of each round is announced with its number; after round 4
    the game ends with every score and the winners."""
    state = processing(dealt(3), 0, {})
    finish_others(state, 0)
    events = state.apply(0, "done")
    assert events[-1] == E.RoundEnded(1)
    state = processing(dealt(3), 0, {"rl": 3, "gh": 1})
    state.round = 4
    finish_others(state, 0)
    events = state.apply(0, "done")
    result = state.result()
    assert result.scores == (3 + 5, 0, 0) and result.winners == (0,)
    assert events[-2:] == [E.RoundEnded(4), E.GameEnded(result.scores, result.winners)]
