"""Perfect recall, checked the way the algorithms rely on it: in random games (and
one-step side branches off them), for every case, nodes that give a seat the same
information state (string, or tensor) give it the same legal actions and the same
acting player; and the record holds the seat's own decisions."""

from __future__ import annotations

import numpy as np
import pytest
from spiel_moves import load, pyspiel, random_move

from tabletop import openspiel

GAMES = 6
NODES_PER_GAME = {"goofspiel": 10}
"""Decision nodes (and their side branches) a game must yield at the least: 50 but in
goofspiel, a dozen turns long."""


def facts(state, seat):
    """What an information state must pin down for ``seat``."""
    return state.current_player(), tuple(state.legal_actions(seat))


def check(seen, key, value, what):
    known = seen.setdefault(key, value)
    assert known == value, f"two nodes share a {what} but differ in {known} / {value}"


def test_equal_information_states_give_equal_choices(case):
    game = load(case)
    rng = np.random.default_rng(7)
    strings: dict = {}
    tensors: dict = {}
    nodes = 0
    for _ in range(GAMES):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                branch = state.clone()
                random_move(branch, rng)  # a side branch: another history next to this one
                for node in (state, branch):
                    if node.is_terminal() or node.is_chance_node():
                        continue
                    nodes += 1
                    for seat in range(game.num_players()):
                        value = facts(node, seat)
                        check(strings, (seat, node.information_state_string(seat)), value, "string")
                        tensor = np.asarray(node.information_state_tensor(seat), np.float32)
                        check(tensors, (seat, tensor.tobytes()), value, "tensor")
            random_move(state, rng)
    assert nodes > NODES_PER_GAME.get(case.game, 50) * GAMES


def test_the_record_holds_the_seats_own_decisions_and_its_choices():
    openspiel.register()
    game = pyspiel.load_game("tabletop_code_of_nine", {"players": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_chance_node():
        random_move(state, rng)
    seat = state.current_player()
    choices = [game.action_to_string(seat, a) for a in state.legal_actions()]
    before = state.information_state_string(seat)
    assert before.rsplit("\nseen: ", 1)[0].endswith("your choices: " + ", ".join(choices))
    action = state.legal_actions()[-1]
    tensor_before = np.asarray(state.information_state_tensor(seat))
    state.apply_action(action)
    after = state.information_state_string(seat)
    assert f"you chose {game.action_to_string(seat, action)}" in after
    others = [p for p in range(3) if p != seat]
    assert all("you chose" not in state.information_state_string(p) for p in others)
    size = game.observation_tensor_size()
    tensor_after = np.asarray(state.information_state_tensor(seat))
    assert not tensor_before[size:].any()
    assert tensor_after[size] == 1.0
    assert tensor_after[size + 1] == pytest.approx((action + 1) / (game.num_distinct_actions() + 1))
