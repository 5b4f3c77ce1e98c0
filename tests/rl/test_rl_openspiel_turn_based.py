"""The Wicked Labyrinth's turn-based OpenSpiel form (for sequential-only algorithms such
as OpenSpiel's ISMCTS): sequential, whole games play out, sealed hands stay sealed."""

from __future__ import annotations

import pickle
import random

import pytest

from tabletop import openspiel

pyspiel = pytest.importorskip("pyspiel")  # the rl extra


def turn_based(players: int = 3) -> openspiel.TabletopGame:
    return openspiel.sequential_class("wicked-labyrinth")({"players": players})


def test_the_turn_based_labyrinth_is_sequential_and_plays_to_its_end() -> None:
    game = turn_based()
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.get_type().short_name == "tabletop_wicked_labyrinth_turn_based"
    assert (
        game.num_distinct_actions()
        == openspiel.game_class("wicked-labyrinth")({"players": 3}).num_distinct_actions() - 1
    )  # no no-op: one seat acts at a time
    rng = random.Random(0)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            player = state.current_player()
            assert player >= 0  # never SIMULTANEOUS
            assert state.engine.current_players()[0] == player
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert sum(state.returns()) == pytest.approx(1.0) and steps > 50


def test_a_sealed_declaration_shows_nothing_to_the_seats_after_it() -> None:
    """Seat 0 commits first; whatever it declared, seat 1's information state is the same."""
    rng = random.Random(1)
    state = turn_based().new_initial_state()
    while state.is_chance_node() or not state.engine.sealed_decision():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == 0
    choices = state.legal_actions()
    assert len(choices) > 1
    seen = set()
    for action in choices[:2]:
        after = state.clone()
        after.apply_action(action)
        assert after.current_player() == 1
        seen.add(after.information_state_string(1))
    assert len(seen) == 1


def test_the_turn_based_game_pickles_as_itself() -> None:
    game = pickle.loads(pickle.dumps(turn_based(4)))
    assert isinstance(game, openspiel.game_class("wicked-labyrinth", True))
    assert type(game).__name__ == "TurnBasedWickedLabyrinthGame"
    assert game.num_players() == 4
    assert openspiel.sequential_class("code-of-nine") is openspiel.game_class("code-of-nine")
