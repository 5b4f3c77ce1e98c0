"""The lobby's difficulty levels: chosen from the league's ratings by a stated rule,
and the shipped ladders are the ones the committed league reports give."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop
from tabletop.arena.league import leagues, pool
from tabletop.bots import make_bot
from tabletop.bots.levels import (
    CEILING,
    DIFFICULTIES,
    LEVELS,
    NOT_OFFERED,
    choose_ladder,
    gaps,
    levels,
    lobby_spec,
)
from tabletop.games import REGISTRY

DOCS = Path(__file__).resolve().parents[2] / "docs" / "league"


def test_the_rule_picks_the_ends_and_the_most_even_split() -> None:
    ratings = [
        ("random", 0.0, 5.0),
        ("a", 10.0, 5.0),
        ("b", 14.0, 5.0),
        ("c", 20.0, 5.0),
        ("d", 21.0, 5.0),
        ("e", 30.0, 5.0),
        ("ismcts:simulations=9", 40.0, 5.0),
        ("neural", 5.0, 5.0),
    ]
    ladder = choose_ladder(ratings)
    assert [lv.name for lv in ladder] == list(DIFFICULTIES)
    # random, ismcts and neural are never levels; between a (10) and e (30): b, d give gaps
    # 4, 7, 9 (spread 5), better than b, c (4, 6, 10) and c, d (10, 1, 9)
    assert [lv.spec for lv in ladder] == ["a", "b", "d", "e"]
    with pytest.raises(ValueError, match="needs 4 rated bots"):
        choose_ladder(ratings[:3])
    spec = "mcts:time=0.25,model=heuristic"
    lobby = f"{spec},clock=cpu,ceiling={CEILING}"
    assert lobby_spec(f"{spec},clock=cpu") == lobby
    assert lobby_spec(spec) == lobby
    assert lobby_spec(f"{spec},clock=wall,ceiling=9") == lobby
    assert lobby_spec("heuristic:samples=2") == "heuristic:samples=2"
    assert lobby_spec("mcts:iterations=300") == "mcts:iterations=300"


@pytest.mark.parametrize("game", sorted(LEVELS))
def test_the_lobby_offers_every_timed_search_in_cpu_time_with_a_ceiling(game: str) -> None:
    """A level is as strong at any load (CPU time) and a person waits at most CEILING."""
    searches = [s for specs in LEVELS[game].values() for s in specs if "time=" in s]
    assert searches
    for spec in searches:
        bot = make_bot(spec, tabletop.game(game), 0)
        assert bot.budget.cpu and bot.budget.ceiling == CEILING  # type: ignore[attr-defined]


LEAGUES = sorted(name for name in leagues() if (DOCS / name / "summary.json").exists())


def test_both_games_ship_a_league_and_its_report() -> None:
    assert {"wicked-labyrinth", "code-of-nine"} <= set(LEAGUES)


@pytest.mark.parametrize("name", LEAGUES)
def test_the_shipped_ladder_is_the_committed_leagues(name: str) -> None:
    summary = json.loads((DOCS / name / "summary.json").read_text())
    assert summary["header"]["bots"] == [m.spec for m in pool(name)]
    ratings = [(b["bot"], b["mu"], b["sigma"]) for b in summary["bots"]]
    kit = REGISTRY.kit(name)
    assert choose_ladder(ratings) == kit.levels
    assert all(g > 0 for g in gaps(name))
    game = tabletop.game(name)
    for level in kit.levels:
        make_bot(level.spec, game, 0)
        assert level.spec in levels(name, level.spec.split(":")[0])
    offered = {spec for specs in LEVELS[name].values() for spec in specs}
    assert kit.search is not None
    assert offered == {level.spec for level in kit.levels} | {lobby_spec(kit.search)}
    best = max(summary["bots"], key=lambda b: b["mu"])
    if best["bot"].split(":")[0] not in NOT_OFFERED:
        assert kit.levels[-1].spec == lobby_spec(best["bot"])
