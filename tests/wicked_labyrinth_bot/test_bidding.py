"""Declaration planning: rank chances, the rivals' model and the round's plan."""

from __future__ import annotations

import pytest

from tabletop.games.wicked_labyrinth.bots.bidding import (
    CorridorWorth,
    Rival,
    outlooks,
    plan_declarations,
    rank_chances,
)
from tabletop.games.wicked_labyrinth.rules import rank_players

WORTHLESS = CorridorWorth(0.0, 0.0, 0.0)
RICH = CorridorWorth(9.0, 3.0, 1.5)


def brute_force(search: int, bids: list[list[float]]) -> tuple[float, float]:
    """P(1st), P(2nd) by enumerating every combination of rival counts."""
    first = second = 0.0

    def walk(j: int, counts: list[int], p: float) -> None:
        nonlocal first, second
        if j == len(bids):
            one, twos = rank_players([search, *counts])
            first += p if one == 0 else 0.0
            second += p if 0 in twos else 0.0
            return
        for n, q in enumerate(bids[j]):
            if q:
                walk(j + 1, [*counts, n], p * q)

    walk(0, [], 1.0)
    return first, second


@pytest.mark.parametrize("search", range(6))
def test_rank_chances_match_the_ranking_rule(search: int) -> None:
    """Ruling 3 (unique most is 1st, ties for most all 2nd, next count 2nd), by brute force."""
    bids = [[0.1, 0.2, 0.3, 0.4], [0.25] * 4, [0.5, 0.0, 0.0, 0.0, 0.5]]
    first, second, _ = rank_chances(search, bids)
    want = brute_force(search, bids)
    assert first == pytest.approx(want[0]) and second == pytest.approx(want[1])


def test_rivals_are_all_in_on_the_last_corridor() -> None:
    """Ruling 2: the last corridor takes every piece left, so the model goes all in."""
    model = outlooks([Rival(2, True, False)], 2, aggression=1.0)
    assert model[0].bids[0] == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert model[1].bids[0] == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert model[0].witch == pytest.approx(0.5) and model[1].witch == pytest.approx(0.5)
    assert model[0].soul == 0.0


def test_the_last_corridor_takes_every_piece_left() -> None:
    """The forced last declaration: all search pieces and both sign pieces."""
    plan = plan_declarations(
        [WORTHLESS], outlooks([Rival(3, True, True)] * 3, 1, 1.0), 4, True, True, 0.3
    )
    assert (plan.search, plan.witch, plan.soul) == (4, True, True)


def test_bids_nothing_on_a_worthless_corridor_when_saving_pays() -> None:
    """Pieces spent on a corridor worth nothing are missing on the rich one after it."""
    rivals = [Rival(7, True, True)] * 3
    plan = plan_declarations(
        [WORTHLESS, RICH, WORTHLESS], outlooks(rivals, 3, 1.0), 7, False, False, 0.3
    )
    assert plan.search == 0


def test_the_witch_sign_goes_where_it_hurts_rivals_only() -> None:
    """Revealed on a corridor the bot does not search, impurity lands on rivals only;
    kept to the end it would be forced onto the bot's own corridor."""
    rivals = [Rival(7, False, False)] * 3
    plan = plan_declarations([WORTHLESS, RICH], outlooks(rivals, 2, 1.0), 7, True, False, 0.3)
    assert (plan.search, plan.witch) == (0, True)


def test_the_soul_sign_goes_where_the_lower_fragment_is_wanted() -> None:
    """An extra lower token is worth 2 here and nothing on the last corridor."""
    rivals = [Rival(1, False, False)] * 3
    wanted = CorridorWorth(6.0, 3.0, 2.0)
    plan = plan_declarations([wanted, WORTHLESS], outlooks(rivals, 2, 1.0), 7, False, True, 0.3)
    assert plan.search >= 2 and plan.soul


def test_plans_need_one_worth_per_corridor() -> None:
    with pytest.raises(ValueError, match="one worth"):
        plan_declarations([], [], 3, False, False, 0.3)
