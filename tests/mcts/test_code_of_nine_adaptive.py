"""``model=adaptive`` (Code of Nine): each rival's share of heuristic play is fitted
from its own placements, not assumed."""

from __future__ import annotations

import tabletop
from tabletop.bots.code_of_nine.adaptive import AdaptiveModel
from tabletop.bots.mcts import MctsBot
from tabletop.sim.runner import play_game

CON = "code-of-nine"
SEARCH = "mcts:iterations=12,model=adaptive,samples=4,c=0.2"


def fitted(rival: str, seed: int) -> AdaptiveModel:
    searcher = play_game(tabletop.game(CON), [SEARCH, rival, rival], seed).bots[0]
    assert isinstance(searcher, MctsBot) and isinstance(searcher.knowledge, AdaptiveModel)
    return searcher.knowledge


def test_random_rivals_are_fitted_as_far_less_heuristic_than_heuristic_ones() -> None:
    random_model = fitted("random", 21)
    heuristic_model = fitted("heuristic", 21)
    for model in (random_model, heuristic_model):
        assert set(model.checks) == {1, 2}
        assert all(len(checks) >= 5 for checks in model.checks.values())
    for rival in (1, 2):
        assert random_model.share(rival) < 0.5 < heuristic_model.share(rival)
        named = sum(n for n, _ in heuristic_model.checks[rival])
        assert named > sum(n for n, _ in random_model.checks[rival])


def test_the_share_follows_the_checks() -> None:
    model = AdaptiveModel(tabletop.game(CON), 0)
    assert model.share(1) == 1.0  # the heuristic, until its placements say otherwise
    model.checks[1] = [(True, 6)] * 8
    model.checks[2] = [(False, 6)] * 8
    assert model.share(1) == 1.0 and model.share(2) < 0.35


def test_a_rival_of_share_zero_is_left_to_uniform_play() -> None:
    game = tabletop.game(CON)
    model = AdaptiveModel(game, 0)
    state = game.new_game(3, 5)
    model._shares = {1: 0.0, 2: 1.0}
    assert model.policy(state, 1) is None  # the search then draws a legal move itself
    assert model.policy(state, 2) in state.legal_action_ids(2)  # share 1: the heuristic
