"""``/api/tables/{id}/review``: refused before the end, computed in the background
with its progress, and the same review the library makes from the record."""

from __future__ import annotations

import time
from typing import Any

import pytest

import tabletop
from server.helpers import create_table
from tabletop.core.record import GameRecord
from tabletop.review import review_record

CON = "code-of-nine"


def error_code(r: Any) -> str:
    return str(r.json()["error"]["code"])


def finished_table(client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    table = create_table(
        client, game=CON, seats=[{"type": "bot", "bot": "heuristic"}] * 3, players=3, seed=8
    )
    for _ in range(600):
        r = client.get(f"/api/tables/{table['id']}/record")
        if r.status_code == 200:
            return table, r.json()
        time.sleep(0.05)
    raise AssertionError("the bot table did not finish")


def test_review_refused_while_the_game_is_on(client) -> None:
    table = create_table(client, game=CON, players=3)  # open seats: it never starts
    for method in (client.post, client.get):
        r = method(f"/api/tables/{table['id']}/review", params={"seat": 0})
        assert r.status_code == 409 and error_code(r) == "not_over"
        assert "only after the game is over" in r.json()["error"]["message"]


@pytest.mark.slow  # over 4 s: the full suite runs it, the fast tier not
def test_review_runs_in_the_background_and_matches_the_library(client) -> None:
    table, record = finished_table(client)
    url = f"/api/tables/{table['id']}/review"
    r = client.get(url, params={"seat": 2, "samples": 2})
    assert r.status_code == 404 and error_code(r) == "no_review"
    r = client.post(url, params={"seat": 2, "samples": 2})
    assert r.status_code == 202 and r.json()["status"] == "running"
    progress = []
    for _ in range(1200):
        out = client.get(url, params={"seat": 2, "samples": 2}).json()
        progress.append(out["done"])
        if out["status"] != "running":
            break
        time.sleep(0.05)
    assert out["status"] == "done", out
    assert out["done"] == out["total"] > 0
    assert progress == sorted(progress)
    game = tabletop.game(CON)
    expected = review_record(game, GameRecord.from_json(record), 2, samples=2).to_json()
    assert out["review"] == expected
    again = client.post(url, params={"seat": 2, "samples": 2})
    assert again.status_code == 200 and again.json()["review"] == expected
    r = client.post(url, params={"seat": 3})
    assert r.status_code == 404 and error_code(r) == "bad_seat"
    r = client.post(url, params={"seat": 0, "samples": 99})
    assert r.status_code == 422
