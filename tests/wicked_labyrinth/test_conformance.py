"""Conformance over random legal play for 3, 4 and 5 players (design guide, tests 1)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.state import State
from tabletop.games.wicked_labyrinth import GAME, WickedLabyrinthState
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    DECLARED,
    GREAT_DONE,
    MODE,
    PROMOTION,
    SEARCH,
    SOUL,
    STRIDE,
    WITCH,
    rank_count,
)
from tabletop.games.wicked_labyrinth.elements import CAPACITY, Mode, Phase
from tabletop.testing.conformance import Checks, ConformanceError, play_checked


def wicked_invariants(state: State, step: int) -> None:
    """Capacities never exceeded, pieces conserved, score recomputed from the view."""
    assert isinstance(state, WickedLabyrinthState)
    n = state.num_players
    spent = [0] * n
    for i, d in enumerate(state.revealed):
        spent[i % n] += d // 4
    for p in range(n):
        o = p * STRIDE
        for rank in range(3):
            # a seventh low token waits in hand while its owner chooses what to return
            extra = 1 if rank == 0 and state.b[o + MODE] == Mode.OVERFLOW else 0
            if rank_count(state.b, o, rank) > CAPACITY[rank] + extra:
                raise ConformanceError(f"step {step}: player {p} holds too many rank {rank}")
        pending = state.b[o + DECLARED]
        held = (pending - 1) // 4 if pending else 0
        if state.phase == Phase.SEARCH and state.b[o + SEARCH] + spent[p] != state.search:
            raise ConformanceError(f"step {step}: player {p}'s search pieces are not conserved")
        if held > state.b[o + SEARCH]:
            raise ConformanceError(f"step {step}: player {p} declared pieces they do not have")
        if (
            min(
                state.b[o + SEARCH],
                state.b[o + WITCH],
                state.b[o + SOUL],
                state.b[o + PROMOTION],
                state.b[o + COLOUR_CHANGE],
            )
            < 0
        ):
            raise ConformanceError(f"step {step}: a negative count on player {p}'s board")
    view = state.spectator_view()
    for board in view.boards:
        greats = sum(1 for g in board.great_oracles if g.achieved)
        smalls = sum(1 for s in board.small_oracles if s.achieved)
        low, middle, high = (sum(row) for row in board.tokens)
        expected = (
            low
            + 2 * middle
            + 5 * (high + 2 * greats)
            + 5 * greats
            + 2 * smalls
            - max(0, board.impurity - 2 * greats)
        )
        if board.score != expected:
            raise ConformanceError(f"step {step}: score of {board.seat} is not recomputed")
    assert all(state.b[p * STRIDE + GREAT_DONE] in (0, 1) for p in range(n))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32))
def test_random_play_keeps_every_invariant(players: int, seed: int) -> None:
    checks = Checks(json_every=3, replay_every=40, legal_sample=2, illegal_sample=2)
    state = play_checked(GAME, players, seed, checks, wicked_invariants)
    assert state.is_terminal()
    assert len(state.result().scores) == players


def test_every_player_count_plays_to_the_end_with_full_checks() -> None:
    for players in (3, 4, 5):
        state = play_checked(GAME, players, 1000 + players, Checks(), wicked_invariants)
        result = state.result()
        assert result.winners and all(1 <= p <= players for p in result.placings)
