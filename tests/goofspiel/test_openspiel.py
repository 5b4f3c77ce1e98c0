"""Our goofspiel against OpenSpiel's, game for game (issue 25, item 4).

Hundreds of seeded random games are played on both engines with the same bids and, in
the random order, the same point cards fed as OpenSpiel's chance outcomes. At every
step both agree on who decides, each seat's legal actions, the chance outcomes, and
what each seat observes (OpenSpiel's imp_info observation: the card up, the points,
the seat's hand and the win sequence); at the end, on the scores.
"""

from __future__ import annotations

import random

import pytest

from tabletop.games.goofspiel import GAME, GoofspielState

pyspiel = pytest.importorskip("pyspiel")

ORDERS = ("random", "descending", "ascending")
TIED = -3
"""OpenSpiel's ``kInvalidPlayer``: the win sequence's entry for a tie."""


def _configurations() -> list[tuple[int, int, str, int]]:
    """(players, num_cards, points_order, seed): every order and card count with 2 to 4
    players many times over, and every player count up to 10."""
    out = []
    seed = 0
    for order in ORDERS:
        for cards in range(1, 14):
            for players in (2, 3, 4):
                for _ in range(4):
                    out.append((players, cards, order, seed))
                    seed += 1
        for players in range(5, 11):
            for cards in (2, 6, 13):
                out.append((players, cards, order, seed))
                seed += 1
    return out


CONFIGURATIONS = _configurations()


def _observed(text: str) -> dict[str, str]:
    """OpenSpiel's observation string as ``{field: its text}``."""
    out = {}
    for line in text.strip().splitlines():
        name, _, rest = line.partition(":")
        out[name.strip()] = rest.strip()
    return out


def _numbers(values: object) -> str:
    return " ".join(str(v) for v in values)  # type: ignore[attr-defined]


def _check_views(ours: GoofspielState, theirs: object, players: int) -> None:
    for p in range(players):
        seen = _observed(theirs.observation_string(p))  # type: ignore[attr-defined]
        view = ours.view(p)
        # at the end OpenSpiel still shows the last card played; our view none
        up = view.point_cards[-1] if view.over else view.point_card or 0
        assert seen["Current point card"] == str(up)
        # OpenSpiel writes the cards left with no space between them
        assert seen["Remaining Point Cards"] == "".join(map(str, view.remaining_point_cards))
        assert seen["Points"] == _numbers(view.points)
        assert seen[f"P{p} hand"] == _numbers(view.hand)
        assert seen["Win sequence"] == _numbers(TIED if w is None else w for w in view.winners)


def play_both(players: int, cards: int, order: str, seed: int) -> tuple[list[int], list[float]]:
    """One random game on both engines; returns both final scores."""
    rng = random.Random(seed)
    theirs = pyspiel.load_game(
        "goofspiel",
        {
            "players": players,
            "num_cards": cards,
            "points_order": order,
            "imp_info": True,
            "returns_type": "total_points",
        },
    ).new_initial_state()
    ours = GAME.new_game(players, seed, auto_chance=False, num_cards=cards, points_order=order)
    assert isinstance(ours, GoofspielState)
    while not theirs.is_terminal():
        assert not ours.is_terminal()
        _check_views(ours, theirs, players)
        if theirs.is_chance_node():
            assert ours.is_chance_node()
            outcomes = theirs.chance_outcomes()
            assert [o for o, _ in ours.chance_outcomes()] == [o for o, _ in outcomes]
            assert [q for _, q in ours.chance_outcomes()] == pytest.approx([q for _, q in outcomes])
            outcome = rng.choice(outcomes)[0]
            theirs.apply_action(outcome)
            ours.apply_chance(outcome)
            continue
        assert ours.current_players() == tuple(range(players))
        joint = []
        for p in range(players):
            legal = theirs.legal_actions(p)
            assert list(ours.legal_action_ids(p)) == legal
            joint.append(rng.choice(legal))
        theirs.apply_actions(joint)
        for p, action in enumerate(joint):
            ours.apply(p, action)
    assert ours.is_terminal()
    _check_views(ours, theirs, players)
    return list(ours.result().scores), theirs.returns()


@pytest.mark.parametrize(("players", "cards", "order", "seed"), CONFIGURATIONS)
def test_same_scores_as_openspiel(players: int, cards: int, order: str, seed: int) -> None:
    ours, theirs = play_both(players, cards, order, seed)
    assert ours == theirs


def test_the_comparison_covers_hundreds_of_games() -> None:
    """Every order, every card count from 1 to 13 and every player count from 2 to 10."""
    assert len(CONFIGURATIONS) >= 500
    assert {c[0] for c in CONFIGURATIONS} == set(range(2, 11))
    assert {c[1] for c in CONFIGURATIONS} == set(range(1, 14))
    assert {c[2] for c in CONFIGURATIONS} == set(ORDERS)


def test_same_facts_as_openspiel() -> None:
    """Action ids, player counts, chance outcomes and score bounds as OpenSpiel declares."""
    game = pyspiel.load_game("goofspiel", {"imp_info": True, "returns_type": "total_points"})
    kind = game.get_type()
    assert GAME.info.player_counts == tuple(range(kind.min_num_players, kind.max_num_players + 1))
    assert GAME.info.num_distinct_actions == game.num_distinct_actions() == 13
    assert GAME.info.num_chance_outcomes == game.max_chance_outcomes() == 13
    assert (GAME.info.min_score, GAME.info.max_score) == (game.min_utility(), game.max_utility())
    assert GAME.info.simultaneous and GAME.info.hidden_information
