"""The lobby's difficulty levels are pinned by the level ladder's committed results
(``tabletop bots ladder --data src/tabletop/bots/ladder.json``): the kits' levels are
the specs measured there, each rung clears (30% one against three of the level below,
the interval above 25%) or is named here as not clearing, and the docs' table is the
data's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop
from tabletop.arena import ladder
from tabletop.arena.league import leagues, pool
from tabletop.arena.stats import wilson
from tabletop.bots import make_bot
from tabletop.bots.levels import (
    CEILING,
    DIFFICULTIES,
    LEVELS,
    MEASURED,
    Strength,
    levels,
    lobby_spec,
    measured,
    strength,
)
from tabletop.core.kit import Level
from tabletop.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "league"
REPORT = ROOT / "docs" / "bots" / "ladder.md"
GAMES = sorted(kit.name for kit in REGISTRY.kits() if kit.levels)

NOT_CLEARING: set[tuple[str, str]] = set()
"""Rungs measured and not clearing as (game, level), each listed with its figures under
docs/bots/ladder.md's table (never hidden: a rung that stops clearing, or one listed
here that starts, fails the test until this set says so). None at present."""

HEURISTIC_GAMES = 400
"""A heuristic rung's games (seconds each); a search rung plays what time allowed."""


def test_a_lobby_spec_is_searched_in_cpu_time_under_the_ceiling() -> None:
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


def test_both_games_have_four_levels_and_a_measured_ladder() -> None:
    assert GAMES == ["code-of-nine", "wicked-labyrinth"]
    assert MEASURED.exists()
    for game in GAMES:
        assert tuple(lv.name for lv in REGISTRY.kit(game).levels) == DIFFICULTIES
        assert len(measured(game)) == len(DIFFICULTIES) - 1


@pytest.mark.parametrize("game", GAMES)
def test_the_kits_levels_are_the_ones_the_ladder_measured(game: str) -> None:
    found = REGISTRY.kit(game).levels
    rungs = [(s.lower, s.lower_spec, s.level, s.spec) for s in measured(game)]
    assert rungs == [
        (a.name, a.spec, b.name, b.spec) for a, b in zip(found, found[1:], strict=False)
    ]
    tabletop_game = tabletop.game(game)
    for level in found:
        make_bot(level.spec, tabletop_game, 0)
        assert level.spec in levels(game, level.spec.split(":")[0])
    offered = {spec for specs in LEVELS[game].values() for spec in specs}
    search = REGISTRY.kit(game).search
    assert search is not None
    bounded = {lobby_spec(search), lobby_spec("ismcts")}  # OpenSpiel's search, bounded
    kit = REGISTRY.kit(game)
    thinking = {f"neural:think={kit.part('neural:think')}"} if kit.has("neural:think") else set()
    assert offered == {level.spec for level in found} | bounded | thinking


def test_the_lobby_offers_the_labyrinths_learned_bot_thinking() -> None:
    """Its kit says how long it thinks: measured stronger than the bare policy."""
    assert levels("wicked-labyrinth", "neural") == ("neural:think=0.08",)
    assert levels("code-of-nine", "neural") == ("neural",)  # its bare policy is its best
    make_bot("neural:think=0.08", tabletop.game("wicked-labyrinth"), 0)


@pytest.mark.parametrize("game", GAMES)
def test_each_rung_clears_or_is_named_as_not_clearing(game: str) -> None:
    rows = [r for r in json.loads(MEASURED.read_text("utf-8"))["rungs"] if r["game"] == game]
    for r, s in zip(rows, measured(game), strict=True):
        assert (s.low, s.high) == pytest.approx(wilson(r["wins"], r["games"]), abs=1e-12)
        assert s.rate == pytest.approx(r["wins"] / r["games"])
        assert s.clears is (s.rate >= ladder.TARGET and s.low > ladder.FLOOR)
        assert s.clears is ((game, s.level) not in NOT_CLEARING), (s.level, s.rate, s.low)
        if not s.spec.startswith("mcts") and not s.lower_spec.startswith("mcts"):
            assert s.games >= HEURISTIC_GAMES
        assert s.games % ladder.PLAYERS == 0  # whole deals: the upper level in every seat


def test_the_docs_table_is_the_committed_data() -> None:
    data = json.loads(MEASURED.read_text("utf-8"))
    steps = [ladder.step_of(r) for r in data["rungs"]]
    assert sorted(data["commands"]) == GAMES
    assert REPORT.read_text("utf-8") == ladder.markdown(steps, data["commands"])


def test_a_level_shows_only_its_own_specs_figure() -> None:
    game = "code-of-nine"
    easy, normal, *_ = REGISTRY.kit(game).levels
    found = strength(game, normal)
    assert isinstance(found, Strength) and found.lower == easy.name
    assert found.to_json()["against"] == "easy" and found.to_json()["games"] >= HEURISTIC_GAMES
    assert strength(game, easy) is None  # the weakest has no level below
    assert strength(game, Level("normal", "heuristic:samples=3")) is None
    assert strength("goofspiel", Level("normal", "heuristic")) is None


LEAGUES = sorted(name for name in leagues() if (DOCS / name / "summary.json").exists())


def test_both_games_ship_a_league_report_of_their_pool() -> None:
    """The league's ratings stay a report (docs/league.md), of the pool in the code."""
    assert {"wicked-labyrinth", "code-of-nine"} <= set(LEAGUES)
    for name in LEAGUES:
        summary = json.loads((DOCS / name / "summary.json").read_text())
        assert summary["header"]["bots"] == [m.spec for m in pool(name)]


@pytest.mark.parametrize("game", GAMES)
def test_the_games_route_serves_each_levels_measured_strength(game: str) -> None:
    """What the lobby labels a level with (``GET /api/games``'s ``difficulty``)."""
    from tabletop.server.api import game_info

    served = game_info(tabletop.game(game))["difficulty"]
    found = REGISTRY.kit(game).levels
    assert [(d["level"], d["spec"]) for d in served] == [(lv.name, lv.spec) for lv in found]
    assert served[0]["measured"] is None
    for entry, level, below in zip(served[1:], found[1:], found[:-1], strict=True):
        figure = strength(game, level)
        assert figure is not None and entry["measured"] == figure.to_json()
        assert entry["measured"]["against"] == below.name and entry["measured"]["games"] > 0
