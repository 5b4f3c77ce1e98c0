"""Section 10's placing order, as ``board.result_of`` applies it to each seat's tally
(called directly: docs/mutation.md, the state's ``result`` reaches it only at a game's
end)."""

from __future__ import annotations

from tabletop.games.wicked_labyrinth.board import result_of


def test_section_10_places_by_score_then_oracles_tokens_and_less_impurity() -> None:
    """Rulebook section 10: the most points wins; ties are broken by more great oracles,
    then more high, middle and low tokens, then less impurity; seats equal on all of
    them share the place. A tally is (score, great oracles, high, middle, low,
    impurity); the result keeps the scores as given."""
    tallies = [
        (20, 1, 3, 2, 1, 4),  # seat 0: less impurity than seat 1
        (20, 1, 3, 2, 1, 5),
        (21, 0, 0, 0, 0, 9),  # seat 2: the most points, whatever else
        (20, 1, 3, 2, 1, 4),  # seat 3: equal to seat 0 on everything
    ]
    result = result_of(tallies)
    assert result.scores == (20, 20, 21, 20)
    assert result.placings == (2, 4, 1, 2)
    assert result.winners == (2,)


def test_section_10_each_tie_break_in_turn() -> None:
    """Rulebook section 10: each tie-break decides only when the ones before it are
    equal: more great oracles first, then high, middle, low tokens, then less impurity."""
    base = (10, 1, 1, 1, 1, 1)
    for k, better in ((1, 2), (2, 2), (3, 2), (4, 2), (5, 0)):
        other = list(base)
        other[k] = better
        assert result_of([base, tuple(other)]).placings == (2, 1), k  # type: ignore[arg-type]
