"""The fast OpenSpiel path (``tabletop.openspiel``): the tensors pyspiel's Python
callers get from the state's shared rows equal those of pyspiel's own path (the
observer, through C++) and the view encoder's, at every node of random games of every
case, also in clones and deserialized states; every seat's tensors cost one encoding
per state change; the information-state string changes whenever the seat's observation
does; and the sizes are the proved bounds' (``Game.longest``)."""

from __future__ import annotations

import numpy as np
from spiel_moves import load, pyspiel, random_move

import tabletop
from tabletop.encoding import encoder_for

GAMES = 3


def nodes(game, seed, games=GAMES):
    """Every node of ``games`` random games, terminal ones included."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        state = game.new_initial_state()
        yield state
        while not state.is_terminal():
            random_move(state, rng)
            yield state


def test_the_fast_path_gives_pyspiels_values(case):
    game = load(case)
    encoder = encoder_for(case.game)
    base = pyspiel.State
    for k, state in enumerate(nodes(game, 1)):
        node = state.clone() if k % 2 else state  # clones share rows until they move
        for p in range(game.num_players()):
            observation = node.observation_tensor(p)
            assert observation == base.observation_tensor(node, p)
            assert np.array_equal(np.float32(observation), encoder.encode(node.engine.view(p)))
            assert node.information_state_tensor(p) == base.information_state_tensor(node, p)
            assert node.legal_actions(p) == base.legal_actions(node, p)
        assert node.is_chance_node() == base.is_chance_node(node)
        assert node.rewards() == base.rewards(node)


def test_a_deserialized_state_has_the_same_tensors(case):
    game = load(case)
    for k, state in enumerate(nodes(game, 2, games=1)):
        if k % 7:
            continue
        again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
        for p in range(game.num_players()):
            assert again.information_state_tensor(p) == state.information_state_tensor(p)
            assert again.information_state_string(p) == state.information_state_string(p)


def test_every_seat_costs_one_encoding_per_state_change(case, monkeypatch):
    game = load(case)
    table = game.tensors.table
    encodes = []
    real = table.encode
    monkeypatch.setattr(table, "encode", lambda state: encodes.append(1) or real(state))
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        random_move(state, rng)
        encodes.clear()
        for p in range(game.num_players()):
            state.information_state_tensor(p)
            state.observation_tensor(p)
            pyspiel.State.information_state_tensor(state, p)  # the observer shares them
            state.information_state_string(p)
        assert len(encodes) == 1


def test_the_information_state_string_changes_with_the_observation(case):
    """No seat keeps its information-state string across a step that changes its
    observation tensor or string (a card dealt to it, another seat's follow-up step):
    the string's last line is a digest of the observation."""
    game = load(case)
    players = game.num_players()
    rng = np.random.default_rng(4)
    steps = 0
    for _ in range(GAMES):
        state = game.new_initial_state()
        while not state.is_terminal():
            before = [
                (
                    state.information_state_string(p),
                    state.observation_tensor(p),
                    state.observation_string(p),
                )
                for p in range(players)
            ]
            random_move(state, rng)
            steps += 1
            for p, (string, tensor, text) in enumerate(before):
                if tensor != state.observation_tensor(p) or text != state.observation_string(p):
                    assert state.information_state_string(p) != string, (p, steps)
    assert steps > 10


def test_the_sizes_are_the_proved_bounds(case):
    game = load(case)
    engine = tabletop.game(case.game)
    longest = engine.longest(case.players, game.options)
    assert game.information_state_tensor_size() == (
        encoder_for(case.game).size(case.players) + 2 * longest.per_seat
    )
    simultaneous = game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.max_game_length() == (longest.nodes if simultaneous else longest.decisions)
    if simultaneous:  # OpenSpiel's conversion: every seat in turn at every node
        turns = pyspiel.convert_to_turn_based(game)
        assert turns.max_game_length() == longest.nodes * case.players


def test_random_games_stay_within_the_proved_lengths(case):
    """Random games, directly and after ``convert_to_turn_based``, never reach more
    nodes than ``max_game_length`` nor more own decisions than the history holds."""
    game = load(case)
    forms = [game]
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        forms.append(pyspiel.convert_to_turn_based(game))
    per_seat = game.longest.per_seat
    for form in forms:
        rng = np.random.default_rng(5)
        for _ in range(GAMES):
            state = form.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                decisions += not state.is_chance_node()
                random_move(state, rng)
            assert decisions <= form.max_game_length()
        inner = state if form is game else None
        if inner is not None:
            assert max(len(state.own_decisions(p)) for p in range(case.players)) <= per_seat
