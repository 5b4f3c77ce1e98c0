"""``model=adaptive`` (Code of Nine): each rival's player is inferred from its own
placements, not assumed."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.bots import make_bot
from tabletop.bots.mcts import MctsBot
from tabletop.games.code_of_nine.bots.adaptive import (
    HEURISTIC,
    NEURAL,
    UNIFORM,
    AdaptiveModel,
    Check,
    posterior,
)
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.sim.runner import play_game

CON = "code-of-nine"
SEARCH = "mcts:iterations=12,model=adaptive,samples=4,c=0.2"
NOBODY: Check = (frozenset(), 8)
BOTH: Check = (frozenset({HEURISTIC, NEURAL}), 8)


def fitted(rival: str, seed: int) -> AdaptiveModel:
    searcher = play_game(tabletop.game(CON), [SEARCH, rival, rival], seed).bots[0]
    assert isinstance(searcher, MctsBot) and isinstance(searcher.knowledge, AdaptiveModel)
    return searcher.knowledge


def test_random_rivals_are_taken_for_uniform_players_and_heuristic_ones_for_the_heuristic() -> None:
    random_model = fitted("random", 21)
    heuristic_model = fitted("heuristic", 21)
    for model in (random_model, heuristic_model):
        assert set(model.checks) == {1, 2}
        assert all(len(checks) >= 5 for checks in model.checks.values())
    for rival in (1, 2):
        assert random_model.player(rival) == UNIFORM
        assert heuristic_model.player(rival) == HEURISTIC
        assert posterior(heuristic_model.checks[rival])[HEURISTIC] > 0.9


def test_the_fit_is_repeatable_from_the_seed() -> None:
    assert fitted("random", 22).checks == fitted("random", 22).checks


def test_a_rival_no_candidate_names_moves_towards_uniform_play() -> None:
    shares = [posterior([NOBODY] * k)[UNIFORM] for k in range(6)]
    assert shares[0] == pytest.approx(0.1)  # the prior: a reasonable player first
    assert all(a < b for a, b in zip(shares, shares[1:], strict=False))
    assert shares[-1] > 0.9


def test_a_named_rival_is_taken_for_the_player_that_names_it() -> None:
    assert posterior([BOTH] * 3)[UNIFORM] < 0.01
    only_neural: Check = (frozenset({NEURAL}), 8)
    assert posterior([only_neural] * 6)[NEURAL] > 0.8
    model = AdaptiveModel(tabletop.game(CON), 0, bots=make_bot)
    assert model.player(1) == HEURISTIC  # until its placements say otherwise
    model.checks[1] = [only_neural] * 6
    model.checks[2] = [NOBODY] * 6
    assert model.player(1) == NEURAL and model.player(2) == UNIFORM


def test_without_numpy_the_candidates_are_the_heuristic_and_uniform_play() -> None:
    found = posterior([NOBODY] * 6, (HEURISTIC, UNIFORM))
    assert set(found) == {HEURISTIC, UNIFORM} and found[UNIFORM] > 0.8


def test_each_candidate_plays_its_own_way_in_the_search() -> None:
    game = tabletop.game(CON)
    model = AdaptiveModel(game, 0, bots=make_bot)
    state = game.new_game(3, 5)
    assert isinstance(state, CodeOfNineState)
    while not (state.phase == Phase.PLACE and state.turn == 2):
        for p in state.current_players():
            state.apply_unchecked(p, state.legal_action_ids(p)[0])
    legal = state.legal_action_ids(2)
    model._players = {2: UNIFORM}
    assert model.policy(state, 2) is None  # the search then draws a legal move itself
    model._players = {2: NEURAL}
    neural = model.policy(state, 2)
    model._players = {2: HEURISTIC}
    heuristic = model.policy(state, 2)
    assert neural in legal and heuristic in legal
    assert neural == model._neural_policy(state, 2)  # the network's own choice
