"""OpenSpiel games: pyspiel's own random simulation test (with serialization) for every
case, directly and through the turn-based conversion, plus what that test cannot see."""

from __future__ import annotations

import numpy as np
import pytest
from spiel_moves import random_move

import tabletop
from tabletop import openspiel
from tabletop.core.errors import GameOptionError, IllegalActionError, UnknownGameError
from tabletop.encoding import encoder_for

pyspiel = pytest.importorskip("pyspiel")  # the rl extra; installed with .[all]


def load(case=None, game="wicked-labyrinth", players=3, **options):
    openspiel.register()
    if case is not None:
        game, players, options = case.game, case.players, case.options
    return pyspiel.load_game(openspiel.short_name(game), {"players": players, **options})


def test_random_sim_test(case):
    pyspiel.random_sim_test(load(case), num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_turn_based(simultaneous_case):
    game = pyspiel.convert_to_turn_based(load(simultaneous_case))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_facts_come_from_game_info(case):
    game = load(case)
    info = tabletop.game(case.game).info
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    simultaneous = pyspiel.GameType.Dynamics.SIMULTANEOUS
    # Code of Nine's one simultaneous decision is sealed: registered turn-based (its kit)
    registered = info.simultaneous and case.game != "code-of-nine"
    assert openspiel.is_turn_based(tabletop.game(case.game)) == (case.game == "code-of-nine")
    assert (kind.dynamics == simultaneous) == registered
    assert game.num_distinct_actions() == info.num_distinct_actions + int(registered)
    engine = tabletop.game(case.game)
    longest = engine.longest(
        case.players, engine.resolve_options(info.check(case.players, case.options))
    )
    assert game.max_game_length() == (longest.nodes if registered else longest.decisions)
    assert longest.decisions <= info.max_game_length
    assert game.max_chance_outcomes() == info.num_chance_outcomes
    size = encoder_for(case.game).size(case.players)
    assert game.observation_tensor_size() == size
    # the own-decision history holds exactly the decisions one seat can make, no padding
    assert game.information_state_tensor_size() == size + 2 * longest.per_seat


def test_the_returns_are_constant_sum_win_shares(case):
    """The game type says what the returns are: win shares that always sum to 1 (shared
    wins split one win), so OpenSpiel's constant-sum algorithms and checks apply; random
    games end with returns in [0, 1] summing to 1, as declared."""
    game = load(case)
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    rng = np.random.default_rng(3)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            random_move(state, rng)
        returns = state.returns()
        assert all(0.0 <= r <= 1.0 for r in returns) and sum(returns) == pytest.approx(1.0)


def play_to_first_decision(game):
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def test_tensors_and_strings_come_from_the_seats_view():
    game = load(players=4)
    state = play_to_first_decision(game)
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    encoder = encoder_for("wicked-labyrinth")
    for p in range(4):
        expected = encoder.encode(state.engine.view(p))
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), expected)
        assert "viewer: " + str(p) in state.observation_string(p)
    # the records are alike (every event so far is public), the observations are not
    # (each seat sees its own oracles), so neither are the information states
    record = [state.information_state_string(p).rsplit("\nseen: ", 1) for p in range(2)]
    assert record[0][0] == record[1][0] and record[0][1] != record[1][1]


def test_the_turn_based_form_hides_a_commitment_until_all_have_chosen():
    game = pyspiel.convert_to_turn_based(load(players=3))
    state = play_to_first_decision(game)
    assert state.current_player() == 0
    seen = set()
    for action in state.legal_actions()[:5]:
        child = state.child(action)
        assert child.current_player() == 1
        seen.add((child.information_state_string(1), tuple(child.observation_tensor(1))))
    assert len(seen) == 1


def test_the_information_state_is_the_seats_event_record():
    game = load(players=3)
    state = play_to_first_decision(game)
    before, now, seen = state.information_state_string(2).rsplit("\n", 2)
    assert now.startswith("now: deciding [0, 1, 2]; your choices: d0, ")
    assert seen.startswith("seen: ")
    state.apply_actions([state.legal_actions(p)[-1] for p in range(3)])
    after = state.information_state_string(2)
    added = after[len(before) :]
    assert after.startswith(before)
    assert added.index("you chose d") < added.index("DeclarationsRevealed")


def test_register_is_idempotent_and_names_unknown_games():
    assert openspiel.register() == openspiel.register()
    with pytest.raises(UnknownGameError):
        openspiel.register(["no-such-game"])


def test_bad_parameters_are_refused():
    openspiel.register()
    with pytest.raises(GameOptionError, match="not 7"):
        pyspiel.load_game("tabletop_wicked_labyrinth", {"players": 7})
    with pytest.raises((pyspiel.SpielError, ValueError), match="colour"):
        pyspiel.load_game("tabletop_wicked_labyrinth", {"colour": "red"})


def test_a_joint_action_with_an_illegal_part_changes_nothing():
    game = load(players=3)
    state = play_to_first_decision(game)
    before = str(state)
    bad = [state.legal_actions(0)[0], state.legal_actions(1)[0], game.num_distinct_actions() - 2]
    with pytest.raises((IllegalActionError, pyspiel.SpielError)):
        state.apply_actions(bad)
    assert str(state) == before


def test_every_labyrinth_decision_node_is_simultaneous():
    game = load(players=4)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    noop = game.num_distinct_actions() - 1
    single = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
        deciding = state.engine.current_players()
        single += len(deciding) == 1
        for p in range(4):
            legal = state.legal_actions(p)
            assert (legal == [noop]) == (p not in deciding)
        state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(4)])
    assert single > 0  # nodes where one seat decides are simultaneous too


def test_game_objects_pickle_into_a_fresh_process(tmp_path):
    import pickle
    import subprocess
    import sys

    game = load(players=4)
    state = play_to_first_decision(game)
    path = tmp_path / "game.pkl"
    path.write_bytes(pickle.dumps((game, str(state))))
    code = (
        "import pickle, sys; game, text = pickle.load(open(sys.argv[1], 'rb')); "
        "print(game.num_players(), game.get_type().short_name)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["4", "tabletop_wicked_labyrinth"]
    again = pickle.loads(pickle.dumps(game))
    assert again.get_parameters() == game.get_parameters()


def test_actions_and_chance_outcomes_read_as_words():
    game = load(game="code-of-nine", players=3)
    assert game.action_to_string(0, 30) == str(tabletop.game("code-of-nine").actions[30])
    state = game.new_initial_state()
    outcome = state.chance_outcomes()[0][0]
    number = state.engine.cards.cards[outcome].number
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcome) == f"memory card {number}"
    labyrinth = load(players=3)
    assert labyrinth.action_to_string(0, labyrinth.num_distinct_actions() - 1) == "no-op"
    deal = labyrinth.new_initial_state()
    text = deal.action_to_string(pyspiel.PlayerId.CHANCE, deal.chance_outcomes()[0][0])
    assert text.startswith("great oracle card G")


@pytest.mark.parametrize(("game", "players"), [("code-of-nine", 3), ("wicked-labyrinth", 4)])
def test_resample_from_infostate_keeps_what_the_seat_knows(game, players):
    spiel = load(game=game, players=players)
    state = spiel.new_initial_state()
    rng = np.random.default_rng(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    while not state.is_terminal() and checked < 25:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        seat = int(rng.choice(state.engine.current_players()))
        sample = state.resample_from_infostate(seat, sampler)
        if checked == 0 and game == "code-of-nine":  # the others' cards are drawn anew
            worlds = {str(state.resample_from_infostate(seat, sampler)) for _ in range(5)}
            assert len(worlds) > 1
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        assert sample.current_player() == state.current_player()
        checked += 1
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(players)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked == 25


def test_code_of_nine_sealed_change_is_committed_seat_by_seat():
    """The sealed change of memory cards (rulings) as OpenSpiel turns: the lowest seat
    still deciding commits first, and the next seat's strings do not show its choice."""
    state = play_to_first_decision(load(game="code-of-nine", players=4))
    assert state.current_player() == 0 and state.legal_actions() == [0, 1]
    state.apply_action(0)  # change
    assert state.current_player() == 1 and state.legal_actions(0) == []
    assert "ChangeCommitted(player=0, change=True)" in state.information_state_string(0)
    seen_by_1 = state.information_state_string(1)
    assert "ChangeCommitted(player=0, change=None)" in seen_by_1 and "change=True" not in seen_by_1
    for _ in range(3):
        state.apply_action(1)  # keep
    assert state.is_chance_node()  # seat 0's re-deal
    assert "CardsChanged(player=0, change=True)" in state.information_state_string(2)
