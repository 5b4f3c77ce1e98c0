"""The Labyrinth's adaptive model weighs a uniform declarer against its family of styles
by Bayes' rule (issue 27, item 1): a rival whose hands no style names is modelled as
declaring at random, one a style names keeps its style."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.bots.mcts import MctsBot
from tabletop.games.wicked_labyrinth.bots import adaptive
from tabletop.games.wicked_labyrinth.bots.adaptive import AdaptiveModel, uniform_weight
from tabletop.sim.runner import play_game

NONE = frozenset[int]()
EVERY = frozenset(range(len(adaptive.STYLES)))


def test_a_declarer_no_style_names_is_taken_for_uniform_within_a_few_hands() -> None:
    weights = [uniform_weight([(NONE, 16)] * k, prior=0.1) for k in range(5)]
    assert weights[0] == pytest.approx(0.1)
    assert weights == sorted(weights) and len(set(weights)) == 5  # rises with every miss
    assert weights[1] < 0.5 < weights[2]
    assert weights[4] > 0.95


def test_a_declarer_a_style_names_stays_a_style() -> None:
    one = frozenset({3})
    named = [(one, 16), (one, 32), (NONE, 16), (one, 8), (one, 16)]
    weights = [uniform_weight(named[:k], prior=0.1) for k in range(len(named) + 1)]
    assert weights[1] < weights[0] and weights[2] < 0.01  # falls with every hit
    assert weights[3] < 0.05  # one miss among hits does not make it uniform
    assert weights[-1] < 0.001
    assert uniform_weight([(EVERY, 16)] * 3, prior=0.1) < uniform_weight([(one, 16)] * 3, prior=0.1)


def test_a_hand_with_one_choice_says_nothing() -> None:
    assert uniform_weight([(EVERY, 1)] * 5, prior=0.1) == pytest.approx(0.1)
    assert uniform_weight([(NONE, 16)] * 5, prior=0.0) == 0.0


def test_in_a_game_the_random_rival_is_modelled_uniform_and_the_heuristics_are_not() -> None:
    seats = [
        "mcts:iterations=20,model=adaptive,guide=heuristic,search=sealed",
        "random",
        "heuristic:aggression=1.6,spite=0.6",
        "heuristic",
    ]
    searcher = play_game(tabletop.game("wicked-labyrinth"), seats, 91).bots[0]
    assert isinstance(searcher, MctsBot) and isinstance(searcher.knowledge, AdaptiveModel)
    model = searcher.knowledge
    assert model.uniform(1)
    assert not model.uniform(2) and not model.uniform(3)
    assert model.style(2) == (1.6, 0.6)
    assert uniform_weight(model.checks[1]) > 0.99 > 0.01 > uniform_weight(model.checks[2])
