"""Scoring and the determination of the hero: rulebook section 10, rulings "End and scoring"."""

from __future__ import annotations

from tabletop.games.wicked_labyrinth.board import GREAT_DONE, IMPURITY, SMALL_DONE, STRIDE, tally
from tabletop.games.wicked_labyrinth.elements import Phase

from .helpers import dealt, set_tokens


def scored(boards):  # type: ignore[no-untyped-def]
    """A finished 3-player game whose boards are set from (tokens, greats, smalls, impurity)."""
    state = dealt(3, greats=[("G01", "G02"), ("G03", "G04"), ("G05", "G06")])
    for p, (tokens, greats, smalls, impurity) in enumerate(boards):
        set_tokens(state, p, tokens)
        o = p * STRIDE
        for k in range(greats):
            state.b[o + GREAT_DONE + k] = 1
        for k in range(smalls):
            state.b[o + SMALL_DONE + k] = 1
        state.b[o + IMPURITY] = impurity
    state.phase = Phase.OVER
    return state


def test_tokens_score_by_rank_oracles_add_and_impurity_subtracts() -> None:
    """Section 10 ①-④: tokens 1/2/5, great oracle 5 (+ its two high tokens), small 2."""
    state = scored(
        [
            ({"rl": 2, "gm": 1, "bh": 1}, 1, 1, 5),
            ({}, 0, 0, 3),
            ({"yl": 1}, 0, 0, 0),
        ]
    )
    # 2*1 + 1*2 + 1*5 + (great: 5 + two high tokens 10) + small 2 - (5 - 2)
    assert state.result().scores == (2 + 2 + 5 + 15 + 2 - 3, -3, 1)


def test_great_oracles_return_impurity_but_never_below_zero() -> None:
    """Section 10 ③: two impurity returned per great oracle; none left is zero, not less."""
    state = scored([({}, 2, 0, 1), ({}, 0, 0, 0), ({}, 0, 0, 0)])
    assert state.result().scores[0] == 2 * 15


def test_tie_breaks_on_more_great_oracles_first() -> None:
    """Section 10: on equal score, more great oracles wins."""
    # 15 points each: one great oracle vs three high tokens
    state = scored([({}, 1, 0, 0), ({"rh": 3}, 0, 0, 0), ({}, 0, 0, 0)])
    result = state.result()
    assert result.scores[:2] == (15, 15)
    assert result.winners == (0,) and result.placings[:2] == (1, 2)


def test_tie_breaks_on_high_then_middle_then_low_tokens() -> None:
    """Section 10: then more high, then middle, then low tokens."""
    high = scored([({"rh": 1}, 0, 0, 0), ({"rm": 2, "gl": 1}, 0, 0, 0), ({}, 0, 0, 0)])
    assert high.result().scores[:2] == (5, 5) and high.result().winners == (0,)
    middle = scored([({"rm": 2}, 0, 0, 0), ({"rm": 1, "gl": 2}, 0, 0, 0), ({}, 0, 0, 0)])
    assert middle.result().scores[:2] == (4, 4) and middle.result().winners == (0,)
    low = scored([({"rl": 3}, 0, 0, 1), ({"rl": 2}, 0, 0, 0), ({}, 0, 0, 0)])
    assert low.result().scores[:2] == (2, 2) and low.result().winners == (0,)


def test_tie_breaks_on_fewer_impurity_then_shares_the_victory() -> None:
    """Section 10: then fewer impurity wins; if still equal, the victory is shared."""
    # a small oracle (2 points) against two more impurity: same score, same tokens
    fewer = scored([({"rm": 1}, 0, 1, 2), ({"gm": 1}, 0, 0, 0), ({}, 0, 0, 0)])
    assert fewer.result().scores[:2] == (2, 2)
    assert fewer.result().winners == (1,)
    shared = scored([({"rm": 1}, 0, 0, 0), ({"gm": 1}, 0, 0, 0), ({}, 0, 0, 0)])
    result = shared.result()
    assert result.winners == (0, 1) and result.placings == (1, 1, 3)
    assert result.win_share(0) == result.win_share(1) == 0.5


def test_high_tokens_on_great_oracles_count_as_high_for_the_tie_break() -> None:
    """Rulings: tokens on great oracles count as high (also when breaking ties)."""
    state = scored([({}, 1, 0, 0), ({}, 0, 0, 0), ({}, 0, 0, 0)])
    assert tally(state.b, 0, state.cards)[2] == 2


def test_scores_are_whole_numbers_of_points() -> None:
    """Section 10: every score is a whole number of points (records and results carry
    them as integers), whatever the ranks of the tokens."""
    state = scored([({"rl": 3}, 0, 0, 0), ({"rl": 1, "gm": 2}, 0, 1, 1), ({}, 1, 0, 0)])
    scores = state.result().scores
    assert scores == (3, 1 + 4 + 2 - 1, 10 + 5)
    assert all(type(s) is int for s in scores)
    assert all(type(n) is int for n in tally(state.b, 0, state.cards))
