"""Ranking by search pieces: rulebook section 7 ②, rulings "Search phase" 3."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.games.wicked_labyrinth.rules import rank_players


def test_nobody_holds_a_search_piece_skips_the_corridor() -> None:
    """Ruling 3: nobody holds a search piece -> no 1st, no 2nd."""
    assert rank_players([0, 0, 0, 0]) == (None, ())


def test_single_most_is_first_and_next_highest_is_second() -> None:
    """Section 7 ②: the most is 1st, the second most is 2nd."""
    assert rank_players([4, 1, 0, 2, 3]) == (0, (4,))


def test_several_players_on_the_next_highest_count_are_all_second() -> None:
    """Section 7 ② note: one 1st and several second-most -> all of them are 2nd."""
    assert rank_players([5, 2, 2, 1]) == (0, (1, 2))


def test_tie_for_the_most_makes_all_of_them_second_and_nobody_first() -> None:
    """Section 7 ② note: a tie for the most -> all 2nd, no 1st, the next gets nothing."""
    assert rank_players([3, 3, 2, 0]) == (None, (0, 1))


def test_player_without_search_piece_never_gets_a_right() -> None:
    """Ruling 3: a player with no search piece never gets a right, even as runner-up."""
    assert rank_players([2, 0, 0]) == (0, ())


@given(st.lists(st.integers(0, 8), min_size=3, max_size=5))
def test_ranking_invariants(search: list[int]) -> None:
    first, seconds = rank_players(search)
    ranked = ([first] if first is not None else []) + list(seconds)
    assert all(search[p] > 0 for p in ranked)
    assert len(set(ranked)) == len(ranked)
    if first is not None:
        assert all(search[first] > search[q] for q in range(len(search)) if q != first)
        assert all(search[p] < search[first] for p in seconds)
        assert len({search[p] for p in seconds}) <= 1
    elif seconds:
        assert {search[p] for p in seconds} == {max(search)}
    else:
        assert max(search) == 0
