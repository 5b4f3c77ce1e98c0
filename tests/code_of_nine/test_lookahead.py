"""The heuristic's compiled leaf valuation scores exactly as ``Scorer.score`` does.

``Lookahead.margin`` unrolls the four holders, sums the margins as integers, keys its
memo by packed holdings and orders each completion's value effects itself; here every
one of those shortcuts is checked against the plain definition (each completion scored
by :class:`Scorer`, the margin over the best rival still in the running clipped to 12,
out of the running a loss of 12, averaged) on random holdings (nearly empty to very
large), released or not, with 3 and 4 players, with every card of the expert set in
some completion, and with holdings too large to pack.
"""

from __future__ import annotations

import pytest

from tabletop.core.rng import SplitMix64
from tabletop.games.code_of_nine import GAME
from tabletop.games.code_of_nine.bots.lookahead import Lookahead
from tabletop.games.code_of_nine.items import HOLDERS
from tabletop.games.code_of_nine.layout import ITEMS, STRIDE, WILL
from tabletop.games.code_of_nine.memory_cards import MemoryCard
from tabletop.games.code_of_nine.scoring import Scorer, quantities


def defined_margin(
    seat: int,
    players: int,
    scorers: list[Scorer],
    b: list[int],
    released: bool,
    points: tuple[int, ...],
) -> float:
    """The expected margin as the heuristic defines it, through score sheets."""
    counts = [
        quantities(b[h * STRIDE + ITEMS : h * STRIDE + ITEMS + 5], b[h * STRIDE + WILL])
        for h in range(HOLDERS)
    ]
    total = 0.0
    for scorer in scorers:
        sheet = scorer.score(counts, released, points)
        rivals = [sheet.scores[p] for p in range(players) if p != seat and sheet.eligible[p]]
        margin = sheet.scores[seat] - (max(rivals) if rivals else -10)
        total += max(-12.0, min(12.0, float(margin)))
        if not sheet.eligible[seat]:
            total -= 12.0
    return total / len(scorers)


def completions(
    rng: SplitMix64, cards: tuple[MemoryCard, ...], count: int
) -> list[tuple[MemoryCard, ...]]:
    """``count`` sets of eight cards in play: two fixed, six drawn (so some cards are
    common to every completion and some are not)."""
    out = []
    for _ in range(count):
        rest = list(cards[2:])
        rng.shuffle(rest)
        out.append((cards[0], cards[1], *rest[:6]))
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_leaf_margins_are_the_score_sheets_margins(players: int) -> None:
    state = GAME.new_game(players, 11, expert=True)
    cards = state.cards.cards
    points = state.board.points
    rng = SplitMix64(players)
    checked = 0
    for trial in range(120):
        deck = list(cards)
        rng.shuffle(deck)
        samples = completions(rng, tuple(deck), 1 + trial % 8)
        scorers = [Scorer(c) for c in samples]
        seat = rng.below(players)
        search = Lookahead(seat, players, samples, 0.45, 1.2, 0.35)
        for _ in range(6):
            b = list(state.b)
            # Some holdings too large for the packed memo key, some nearly empty (so
            # that "most" finds no holder and ties are common).
            spread = (70, 2, 9, 9)[rng.below(4)]
            for h in range(HOLDERS):
                for i in range(5):
                    b[h * STRIDE + ITEMS + i] = rng.below(spread)
                b[h * STRIDE + WILL] = rng.below(spread + 3)
            released = rng.below(2)
            want = defined_margin(seat, players, scorers, b, bool(released), points)
            assert search.margin(b, released, points) == want
            assert search.margin(b, released, points) == want  # from the memo
            checked += 1
    assert checked == 720
