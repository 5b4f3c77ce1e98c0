"""Code of Nine's proved length bounds (``length.py``): every location's effect has its
cost there, and games played to be long (the costliest placement open, no follow-up
cut short) stay within the bounds, per game and per seat; GameInfo's is the default
board's longest."""

from __future__ import annotations

import random

import pytest

from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine import length
from tabletop.games.code_of_nine.effects import _RESOLVE
from tabletop.games.code_of_nine.game import GAME, INFO
from tabletop.games.code_of_nine.locations import LOCATION_IDS, default_board

STOPS = {A.DONE, A.NO_TARGET, A.NO_ITEM}
"""Follow-up choices that cut a location's effect short: taken only when alone."""


def long_game(players: int, seed: int, expert: bool) -> tuple[int, list[int]]:
    """A game where every seat keeps its cards (a change costs a pawn), places on the
    open location with the most follow-ups and never cuts one short: (decisions, each
    seat's)."""
    rng = random.Random(seed)
    board = default_board()
    cost = {
        A.PLACE_BASE + i: length.placement_decisions(loc) for i, loc in enumerate(board.locations)
    }
    state = GAME.new_game(players, seed, expert=expert)
    seats = [0] * players
    while not state.is_terminal():
        for p in state.current_players():
            legal = list(state.legal_action_ids(p))
            if A.KEEP in legal:
                choice = A.KEEP
            elif all(a in cost for a in legal):
                most = max(cost[a] for a in legal)
                choice = rng.choice([a for a in legal if cost[a] == most])
            else:
                choice = rng.choice([a for a in legal if a not in STOPS] or legal)
            state.apply(p, choice)
            seats[p] += 1
    return sum(seats), seats


def test_every_location_has_its_cost():
    assert set(_RESOLVE) == set(LOCATION_IDS)
    for location in default_board().locations:
        assert length.placement_decisions(location) >= 1
    assert set(length.FOLLOW_UPS) | {"tivoli", "tree"} == set(LOCATION_IDS)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("expert", [False, True])
def test_long_games_stay_within_the_bounds(players, expert):
    bound = length.longest(players, expert=expert)
    assert length.longest_for_options(players, {"expert": expert}) == bound
    for seed in range(10):
        decisions, seats = long_game(players, seed, expert)
        assert decisions <= bound.decisions
        assert max(seats) <= bound.per_seat


def test_game_info_holds_the_default_boards_longest_game():
    assert INFO.max_game_length == max(
        length.longest(n, expert=e).decisions for n in INFO.player_counts for e in (False, True)
    )
