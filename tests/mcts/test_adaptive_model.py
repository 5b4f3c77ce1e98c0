"""``model=adaptive`` (The Wicked Labyrinth): each rival's declaring style is fitted
from the hands the seat saw opened, not assumed."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.bots.mcts import MctsBot
from tabletop.games.wicked_labyrinth.bots.adaptive import STYLES, AdaptiveModel
from tabletop.sim.runner import play_game

WL = "wicked-labyrinth"
SEARCH = "mcts:iterations=20,model=adaptive,guide=heuristic,search=sealed"


def fitted(rival: str, seed: int) -> AdaptiveModel:
    searcher = play_game(tabletop.game(WL), [SEARCH, rival, rival, rival], seed).bots[0]
    assert isinstance(searcher, MctsBot) and isinstance(searcher.knowledge, AdaptiveModel)
    return searcher.knowledge


def test_a_cautious_rival_is_modelled_as_cautious() -> None:
    model = fitted("heuristic:aggression=0.6,spite=0", 77)
    assert set(model.hits) == {1, 2, 3}
    for rival in (1, 2, 3):
        row = model.hits[rival]
        assert sum(row) > 0
        assert model.style(rival) == (0.6, 0.0)
        assert row[STYLES.index((0.6, 0.0))] > row[0]  # it beat the default's count
    assert model.style(0) == STYLES[0]  # the seat's own plan stays the heuristic's


def test_default_heuristic_rivals_keep_the_default_style() -> None:
    model = fitted("heuristic", 78)
    for rival in (1, 2, 3):
        assert model.style(rival) == STYLES[0]
        assert model.hits[rival][0] == max(model.hits[rival])


def test_the_model_is_named_and_refuses_a_horizon() -> None:
    from tabletop.bots.mcts.knowledge import knowledge

    with pytest.raises(ValueError, match="known: adaptive, heuristic"):
        knowledge(tabletop.game(WL), 0, "fitted")
    with pytest.raises(ValueError, match="no horizon"):
        AdaptiveModel(tabletop.game(WL), 0, horizon=2)
