"""``tabletop simulate``: the JSON object, its arithmetic, shared wins and workers."""

from __future__ import annotations

import json
import statistics

import pytest

import tabletop
from tabletop.core.result import Result
from tabletop.sim import batch
from tabletop.sim.batch import GameSummary, summarise
from tabletop.sim.runner import play_game

WL = "wicked-labyrinth"
BOTS = ["random", "random", "random", "random"]


def _simulate(cli, *extra: str) -> dict:
    result = cli(
        "simulate", WL, "--bots", ",".join(BOTS), "--games", "6", "--seed", "250", "--json", *extra
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_keys_and_arithmetic_match_a_direct_computation(cli) -> None:
    data = _simulate(cli)
    assert {"game", "players", "games", "seed", "seats", "games_per_second"} <= set(data)
    assert (data["game"], data["players"], data["games"], data["seed"]) == (WL, 4, 6, 250)
    assert data["games_per_second"] > 0
    game = tabletop.game(WL)
    results = [play_game(game, BOTS, seed).result for seed in range(250, 256)]
    for p, seat in enumerate(data["seats"]):
        assert {"seat", "bot", "wins", "win_rate", "mean_score", "score_sd"} <= set(seat)
        scores = [r.scores[p] for r in results]
        wins = sum(1 / len(r.winners) for r in results if p in r.winners)
        assert seat["seat"] == p and seat["bot"] == "random"
        assert seat["wins"] == pytest.approx(wins)
        assert seat["win_rate"] == pytest.approx(wins / 6)
        assert seat["mean_score"] == pytest.approx(statistics.mean(scores))
        assert seat["score_sd"] == pytest.approx(statistics.stdev(scores))
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(6)
    (everyone,) = data["bots"]
    assert everyone["games"] == 24 and everyone["wins"] == pytest.approx(6)


def test_a_shared_win_counts_one_kth_to_each_winner(monkeypatch) -> None:
    class Outcome:
        result = Result((8, 8, 7, 8), (1, 1, 4, 1), (0, 1, 3), (True,) * 4)
        decisions = 10

    monkeypatch.setattr(batch, "play_game", lambda *args: Outcome())
    summary = batch.play_one(tabletop.game(WL), BOTS, 0, {})
    assert summary.shares == pytest.approx((1 / 3, 1 / 3, 0, 1 / 3))


def test_seat_and_bot_statistics() -> None:
    games = [
        GameSummary((10, 4, 4), (1.0, 0.0, 0.0), 5),
        GameSummary((6, 6, 2), (0.5, 0.5, 0.0), 5),
    ]
    result = summarise(WL, ["heuristic", "random", "random"], 1, games, seconds=2.0)
    first, second, third = result.seats
    assert (first.wins, first.win_rate, first.mean_score) == (1.5, 0.75, 8.0)
    assert first.score_sd == pytest.approx(statistics.stdev([10, 6]))
    assert (second.wins, third.wins) == (0.5, 0.0)
    heuristic, random = result.bots
    assert (heuristic.bot, heuristic.games, heuristic.wins) == ("heuristic", 2, 1.5)
    assert (random.bot, random.games, random.wins, random.win_rate) == ("random", 4, 0.5, 0.125)
    assert random.mean_score == pytest.approx(4.0)
    assert result.games_per_second == 1.0 and result.decisions_per_second == 5.0


def test_workers_give_the_same_results(cli) -> None:
    one, two = _simulate(cli), _simulate(cli, "--workers", "2")
    assert one["seats"] == two["seats"] and one["bots"] == two["bots"]


def test_table_output_and_progress(cli) -> None:
    result = cli("simulate", WL, "--bots", "random,random,random", "--games", "3")
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout and "games/s" in result.stdout
    assert "3/3" in result.stderr  # the progress bar goes to stderr
