"""The Code of Nine bots play from views only and always choose a legal action."""

from __future__ import annotations

import pytest

from tabletop.bots import make_bot
from tabletop.bots.registry import UnknownBotError
from tabletop.games.code_of_nine import GAME
from tabletop.games.code_of_nine.layout import Phase
from tabletop.sim.runner import play_game


def test_heuristic_is_registered_for_code_of_nine() -> None:
    bot = make_bot("heuristic:samples=3", GAME, 0, 1)
    assert bot.name == "heuristic"
    with pytest.raises(UnknownBotError):
        make_bot("heuristic:samples=0", GAME, 0, 1)


@pytest.mark.parametrize(("players", "expert"), [(3, False), (4, True)])
def test_heuristic_plays_full_games(players: int, expert: bool) -> None:
    """A full game with heuristic bots ends with a result (legal choices only: apply checks)."""
    specs = ["heuristic:samples=3"] * players
    outcome = play_game(GAME, specs, 5, {"expert": expert})
    assert outcome.state.is_terminal() and len(outcome.result.scores) == players


def test_heuristic_decides_from_the_view_alone() -> None:
    """Given equal views and seeds, the bot makes the same choice whatever the hidden cards."""
    s = GAME.new_game(4, 3)
    while s.current_players()[0] != 0 or s.phase != Phase.PLACE:
        p = s.current_players()[0]
        s.apply(p, s.legal_actions(p)[0])
    view = s.view(0)
    other = GAME.determinize(view, 99)
    a = make_bot("heuristic", GAME, 0, 7).act(view, s.legal_actions(0))
    b = make_bot("heuristic", GAME, 0, 7).act(other.view(0), other.legal_actions(0))
    assert a == b
