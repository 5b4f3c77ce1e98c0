"""Goofspiel through every door, as a stranger would use it: the CLI's commands, the RL
adapters with their libraries' own checkers, and the server over HTTP."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.cli.app import app

GAME = "goofspiel"
runner = CliRunner()


def _cli(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.output


# ------------------------------------------------------------------ the registry and CLI


def test_goofspiel_is_registered() -> None:
    assert GAME in tabletop.games()
    state = tabletop.new_game(GAME, players=3, seed=1, num_cards=6, points_order="ascending")
    assert state.view(0).point_card == 1


def test_play_simulate_replay_and_review(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    _cli("play", GAME, "--seats", "heuristic,random", "--seed", "1", "--save", str(record))
    state = tabletop.replay(json.loads(record.read_text()))
    assert state.is_terminal()
    assert "Your hand" in _cli("replay", str(record), "--seat", "1", "--to-end")
    figures = json.loads(
        _cli("simulate", GAME, "--bots", "heuristic,random", "--games", "20", "--json")
    )
    assert figures["games"] == 20
    review = json.loads(_cli("review", str(record), "--seat", "2", "--samples", "2", "--json"))
    assert review["seat"] in (1, 2)


def test_a_person_plays_in_the_terminal(tmp_path: Path) -> None:
    """A human seat: the hand and the choices are shown, typed bids are played."""
    bids = "\n".join(f"b{k}" for k in range(1, 6)) + "\n"
    out = runner.invoke(
        app, ["play", GAME, "--seats", "human,random", "--seed", "3", "-o", "num_cards=5"], bids
    )
    assert out.exit_code == 0, out.output
    assert "Your hand: 1 2 3 4 5" in out.output and "Game over" in out.output


def test_analyse_a_position(tmp_path: Path) -> None:
    position = tmp_path / "position.json"
    position.write_text(
        json.dumps(
            {
                "game": GAME,
                "players": 2,
                "options": {"num_cards": 5, "points_order": "random"},
                "point_cards": [3, 5],
                "seats": [{"bids": [4, 1]}, {"bids": [2]}],
            }
        )
    )
    out = _cli("analyse", str(position), "--bot", "mcts:iterations=50", "--json")
    assert "b5" in out


def test_arena_with_the_search(tmp_path: Path) -> None:
    out = _cli(
        "arena",
        GAME,
        "--bots",
        "heuristic,random,mcts:iterations=20",
        "--games",
        "3",
        "--results",
        str(tmp_path / "arena.jsonl"),
    )
    assert "heuristic" in out


def test_league_runs_its_pool(tmp_path: Path) -> None:
    from tabletop.arena.league import pool

    out = json.loads(
        _cli(
            "league",
            GAME,
            "--games",
            "1",
            "--json",
            "--results",
            str(tmp_path / "league.jsonl"),
            "--report",
            str(tmp_path / "report"),
        )
    )
    assert [p["bot"] for p in out["pool"]] == [m.spec for m in pool(GAME)]


# ------------------------------------------------------------------ the RL adapters

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_checkers(players: int) -> None:
    from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

    from tabletop.rl.pettingzoo import env, parallel_env

    parallel_api_test(parallel_env(GAME, players), num_cycles=2_000)
    api_test(env(GAME, players), num_cycles=2_000)
    parallel_seed_test(lambda: parallel_env(GAME, players))
    seed_test(lambda: env(GAME, players))


@pytest.mark.parametrize("players", [2, 3])
def test_gymnasium_checker(players: int) -> None:
    from gymnasium.utils.env_checker import check_env

    from tabletop.rl.gymnasium import SingleSeatEnv

    check_env(SingleSeatEnv(GAME, players, seat=players - 1, num_cards=7))


@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_random_sim_test(players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from tabletop import openspiel

    openspiel.register()
    game = pyspiel.load_game(openspiel.short_name(GAME), {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    turn_based = pyspiel.convert_to_turn_based(game)
    pyspiel.random_sim_test(turn_based, num_sims=2, serialize=True, verbose=False)


# ------------------------------------------------------------------ the server


def test_a_table_of_bots_plays_to_the_end_over_http(tmp_path: Path) -> None:
    from server.helpers import make_client

    with make_client(tmp_path) as client:
        r = client.post(
            "/api/tables",
            json={
                "game": GAME,
                "players": 3,
                "options": {"num_cards": 6, "points_order": "descending"},
                "seats": [{"type": "bot", "bot": "heuristic"}, {"type": "bot"}, {"type": "bot"}],
                "seed": 4,
            },
        )
        assert r.status_code == 201, r.text
        table = r.json()["table"]
        deadline = time.monotonic() + 60  # bots think in worker processes: a loaded machine
        while time.monotonic() < deadline:
            r = client.get(f"/api/tables/{table['id']}/record")
            if r.status_code == 200:
                break
            time.sleep(0.05)
        assert r.status_code == 200, r.text
        final = tabletop.replay(r.json())
        seen = client.get(f"/api/tables/{table['id']}").json()
        assert seen["over"] and seen["result"]["scores"] == list(final.result().scores)


def test_the_server_lists_goofspiel_and_its_bots(tmp_path: Path) -> None:
    """A game whose kit has no difficulty levels (no league has rated its bots yet) is
    listed with none."""
    from server.helpers import make_client

    with make_client(tmp_path) as client:
        r = client.get("/api/games")
        assert r.status_code == 200, r.text
        games = {g["name"]: g for g in r.json()}
        assert {"heuristic", "random", "mcts"} <= set(games[GAME]["bots"])
        assert games[GAME]["difficulty"] == []
