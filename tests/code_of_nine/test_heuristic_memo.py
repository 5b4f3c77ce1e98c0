"""The heuristic's memo of expected margins changes no choice: whole seeded games with
the memo and with the plain computation (the reference) take the same actions."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.bots.code_of_nine.heuristic import CodeOfNineHeuristic


class Reference(CodeOfNineHeuristic):
    """The heuristic as it was: every leaf's margin computed afresh."""

    def _margin(self, counts, released, points):
        return self._expected_margin(counts, released, points)


def play(bot_class, players, seed):
    game = tabletop.game("code-of-nine")
    state = game.new_game(players, seed)
    bots = [bot_class(game, p, seed * 10 + p) for p in range(players)]
    choices = []
    while not state.is_terminal():
        for p in state.current_players():
            action = bots[p].act(state.view(p), state.legal_actions(p))
            choices.append((p, str(action)))
            state.apply(p, action)
    return choices, state.result().scores


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_memoised_margins_choose_exactly_as_the_reference(players, seed):
    memo, memo_scores = play(CodeOfNineHeuristic, players, seed)
    plain, plain_scores = play(Reference, players, seed)
    assert len(memo) > 40
    assert memo == plain and memo_scores == plain_scores
