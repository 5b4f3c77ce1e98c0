"""The league: fixed pools that every game's bots can play, run as an arena with its
report; OpenSpiel's ISMCTS as a bot of both games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.arena.league import leagues, pool
from tabletop.bots import UnknownBotError, make_bot
from tabletop.cli.app import app
from tabletop.games import REGISTRY
from tabletop.sim.runner import play_game


def test_both_games_have_a_league_pool() -> None:
    assert {"wicked-labyrinth", "code-of-nine"} <= set(leagues())


@pytest.mark.parametrize("name", sorted(leagues()))
def test_every_pool_member_plays_and_the_strongest_search_is_in_it(name: str) -> None:
    game = tabletop.game(name)
    specs = [m.spec for m in pool(name)]
    for spec in specs:
        make_bot(spec, game, 0)
    assert "random" in specs and sum(s.startswith("heuristic") for s in specs) >= 3
    assert f"{REGISTRY.kit(name).search},clock=cpu" in specs
    assert len(set(specs)) == len(specs)


def test_league_runs_and_reports_its_pool(tmp_path: Path) -> None:
    results = tmp_path / "wl.jsonl"
    report = tmp_path / "report"
    out = CliRunner().invoke(
        app,
        [
            "league",
            "wicked-labyrinth",
            "--games",
            "2",
            "--json",
            "--results",
            str(results),
            "--report",
            str(report),
        ],
    )
    assert out.exit_code == 0, out.output
    figures = json.loads(out.stdout)
    assert figures["games"] == 2 and figures["players"] == 4
    assert [p["bot"] for p in figures["pool"]] == [m.spec for m in pool("wicked-labyrinth")]
    header = json.loads(results.read_text().splitlines()[0])
    assert header["bots"] == [m.spec for m in pool("wicked-labyrinth")]
    page = (report / "index.html").read_text()
    assert "<h1>League:" in page and "The pool" in page
    rated = {b["bot"] for b in figures["bots"] if b["win_rate"]}
    assert rated == set(json.loads(results.read_text().splitlines()[1])["seats"])


def test_league_refuses_a_game_without_a_pool_clearly() -> None:
    out = CliRunner().invoke(app, ["league", "chess"])
    assert out.exit_code == 2 and "error:" in out.output


def test_openspiel_ismcts_plays_code_of_nine_reproducibly() -> None:
    game = tabletop.game("code-of-nine")
    specs = ["ismcts:simulations=8", "random", "random"]
    first = play_game(game, specs, 3)
    again = play_game(game, specs, 3)
    assert first.state.record() == again.state.record()
    assert first.state.is_terminal()


def test_openspiel_ismcts_plays_whole_wicked_labyrinth_games_legally_and_reproducibly() -> None:
    """Its turn-based form: every decision, declarations and soul processing, is searched
    (``play_game`` applies each choice checked: an illegal one raises); the resampler
    is seeded, so the same seed plays the same game."""
    game = tabletop.game("wicked-labyrinth")
    specs = ["ismcts:simulations=4", "random", "ismcts:simulations=4"]
    first = play_game(game, specs, 3)
    again = play_game(game, specs, 3)
    assert first.state.is_terminal()
    assert first.state.record() == again.state.record()


def test_openspiel_ismcts_refuses_bad_parameters() -> None:
    with pytest.raises(UnknownBotError, match="simulations must be a whole number"):
        make_bot("ismcts:simulations=0", tabletop.game("code-of-nine"), 0)
    with pytest.raises(UnknownBotError, match="c must be a number"):
        make_bot("ismcts:c=-1", tabletop.game("wicked-labyrinth"), 0)


def test_openspiel_ismcts_keyed_by_views_searches_as_keyed_by_observation_strings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nodes keyed by the view (a hash) split states as the observation string (its
    text) does: the same seeded game either way."""
    import tabletop.bots.openspiel_ismcts as module

    game = tabletop.game("wicked-labyrinth")
    specs = ["ismcts:simulations=6", "heuristic", "ismcts:simulations=6"]
    by_view = play_game(game, specs, 5)
    monkeypatch.setattr(module, "_view_keyed", lambda base: base)  # OpenSpiel's own key
    by_string = play_game(game, specs, 5)
    assert by_view.state.record() == by_string.state.record()
