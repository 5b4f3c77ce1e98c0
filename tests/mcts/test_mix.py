"""``mcts:mix=``: a uniform prior mixed into the model of the rivals, so the search
does not bet everything on one model (issue 27)."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.bots import UnknownBotError, make_bot
from tabletop.bots.mcts.search import Budget, Settings, search

from .matrix_game import MatrixGame
from .test_knowledge import _Always
from .test_simultaneous_nodes import PENNIES


def _root(mix: float, samples: int, iterations: int, model: _Always):  # type: ignore[no-untyped-def]
    game = MatrixGame(PENNIES)
    settings = Settings(c=0.7, margin=0.0, knowledge=model, samples=samples, mix=mix)
    out = search(
        lambda k: game.determinize(None, k),
        0,
        [0, 1],
        Budget(iterations=iterations),
        settings,
        random.Random(3),
    )
    return out.root


def test_without_mix_every_modelled_move_is_the_models() -> None:
    model = _Always(MatrixGame(PENNIES), 0, 1)
    root = _root(0.0, 3, 60, model)
    assert model.asked == 3 and set(root.model.values()) == {1}
    assert root.mean(0, 1) == 1.0  # the search trusts the model fully


def test_with_full_mix_the_rival_is_uniform_and_the_model_never_asked() -> None:
    model = _Always(MatrixGame(PENNIES), 0, 1)
    root = _root(1.0, 40, 400, model)
    assert model.asked == 0
    picks = list(root.model.values())
    assert len(picks) == 40 and 10 < sum(picks) < 30  # each line's rival move random


def test_a_partial_mix_hedges_the_models_best_answer() -> None:
    """With half the lines' rival random, matching the modelled choice wins about three
    lines in four (not all), and the model is asked for about half the lines."""
    model = _Always(MatrixGame(PENNIES), 0, 1)
    root = _root(0.5, 40, 400, model)
    assert 10 < model.asked < 30
    assert 0.55 < root.mean(0, 1) < 0.95
    assert max(root.visits(0), key=lambda a: root.visits(0)[a]) == 1


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:model=heuristic,mix=1.5", "mix must be between 0 and 1"),
        ("mcts:mix=0.2", "mix needs a model"),
    ],
)
def test_bad_mixes_are_refused(spec: str, words: str) -> None:
    with pytest.raises(UnknownBotError, match=words):
        make_bot(spec, tabletop.game("code-of-nine"), 0)


def test_a_mixed_search_plays_legal_moves() -> None:
    from .test_mcts_bot import _deciding_state

    state, seat = _deciding_state("code-of-nine", 4)
    bot = make_bot("mcts:iterations=30,model=heuristic,samples=4,mix=0.3", state.game, seat, 1)
    assert state.is_legal(seat, bot.act(state.view(seat), state.legal_actions(seat)))
