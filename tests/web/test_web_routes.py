"""The web client's read routes: final breakdowns, the replay, reference data, files."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.helpers import make_client
from tabletop.games.wicked_labyrinth.elements import CAPACITY


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def bot_table(client: TestClient, game: str, players: int, seed: int, **options: Any) -> str:
    table = client.post(
        "/api/tables",
        json={
            "game": game,
            "players": players,
            "seed": seed,
            "options": options,
            "seats": [{"type": "bot", "bot": "random"}] * players,
        },
    ).json()["table"]
    return str(table["id"])


def finished(client: TestClient, table_id: str) -> None:
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["over"] is False:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)


def test_everything_after_the_end_is_refused_before_it(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "code-of-nine", "players": 3}).json()["table"]
    for path in ("final", "replay", "replay/0"):
        r = client.get(f"/api/web/tables/{table['id']}/{path}")
        assert r.status_code == 409, path
        assert r.json()["error"]["code"] == "not_over"
    assert client.get("/api/web/tables/nope/final").status_code == 404


def test_wicked_labyrinth_final_table_explains_the_placings(client: TestClient) -> None:
    for seed in range(6):
        table_id = bot_table(client, "wicked-labyrinth", 4, seed)
        finished(client, table_id)
        final = client.get(f"/api/web/tables/{table_id}/final").json()
        result = final["result"]
        rows = final["rows"]
        assert [r["score"] for r in rows] == result["scores"]
        for row in rows:
            tb = row["tie_breaks"]
            tokens = tb["low"] + 2 * tb["middle"] + 5 * tb["high"]
            assert row["token_points"] == tokens
            assert row["score"] == tokens + row["oracle_points"] - tb["impurity"]

        def key(row: dict[str, Any]) -> tuple[int, ...]:
            tb = row["tie_breaks"]
            return (
                row["score"],
                tb["great_oracles"],
                tb["high"],
                tb["middle"],
                tb["low"],
                -tb["impurity"],
            )

        for a in rows:
            better = sum(1 for b in rows if key(b) > key(a))
            assert result["placings"][a["seat"]] == 1 + better


def test_code_of_nine_scoring_goes_card_by_card_to_the_result(client: TestClient) -> None:
    table_id = bot_table(client, "code-of-nine", 3, 7, expert=True)
    finished(client, table_id)
    final = client.get(f"/api/web/tables/{table_id}/final").json()
    steps = final["steps"]
    cards = final["cards"]
    assert len(cards) == 8  # two per holder, the ghost's too
    orders = [cards[str(n)]["order"] for step in steps[1:] for n in step["cards"]]
    assert orders == sorted(orders)
    assert len(steps) == 1 + len({c["order"] for c in cards.values()})
    assert steps[-1]["scores"][:3] == final["result"]["scores"]
    assert steps[-1]["eligible"][:3] == final["result"]["eligible"]
    items = [h["items"] for h in final["holders"]]
    # before any card, items score their own points: statue 1, coin 0, book 1, legacy 3, medal 0
    assert steps[0]["scores"] == [i[0] + i[2] + 3 * i[3] for i in items]


def test_the_replay_steps_through_the_record_as_one_seat_saw_it(client: TestClient) -> None:
    table_id = bot_table(client, "code-of-nine", 3, 3)
    finished(client, table_id)
    record = client.get(f"/api/tables/{table_id}/record").json()
    replay = client.get(f"/api/web/tables/{table_id}/replay", params={"viewer": "1"}).json()
    assert [(s["seat"], s["action"]) for s in replay["steps"]] == [
        tuple(a) for a in record["actions"]
    ]
    dealt = [e for s in replay["steps"] for e in s["events"] if e["type"] == "CardsDealt"]
    assert all((e["cards"] is None) == (e["holder"] != 1) for e in dealt)  # only seat 1's own
    start = client.get(
        f"/api/web/tables/{table_id}/replay/0", params={"viewer": "spectator"}
    ).json()
    end = client.get(f"/api/web/tables/{table_id}/replay/{len(record['actions'])}").json()
    assert start["over"] is False and end["over"] is True
    assert start["view"]["my_cards"] == []
    missing = client.get(f"/api/web/tables/{table_id}/replay/{len(record['actions']) + 1}")
    assert missing.status_code == 404
    assert (
        client.get(f"/api/web/tables/{table_id}/replay", params={"viewer": "7"}).status_code == 404
    )
    assert (
        client.get(f"/api/web/tables/{table_id}/replay", params={"viewer": "x"}).status_code == 422
    )


def test_reference_gives_the_tables_own_board(client: TestClient) -> None:
    con = client.post("/api/tables", json={"game": "code-of-nine", "players": 4}).json()["table"]
    ref = client.get(f"/api/web/tables/{con['id']}/reference").json()
    by_id = {loc["id"]: loc for loc in ref["locations"]}
    assert by_id["tree"]["expert"] and not by_id["quarry"]["expert"]
    assert "Will" in by_id["hearth"]["effect"]
    # what each offered item gives, for the choice's labels ("2 coins")
    assert by_id["cathedral"]["choice"] == [
        {"item": "statue", "count": 1},
        {"item": "coin", "count": 2},
    ]
    # the Labyrinth's board: each rank's token spots, low first, from the rules
    wl = client.post("/api/tables", json={"game": "wicked-labyrinth", "players": 3}).json()["table"]
    assert client.get(f"/api/web/tables/{wl['id']}/reference").json() == {
        "game": "wicked-labyrinth",
        "capacity": list(CAPACITY),
    }


def test_a_card_file_is_parsed_for_the_lobby(client: TestClient) -> None:
    good = client.post(
        "/api/web/data-file", json={"name": "cards.toml", "text": "[[corridor]]\nid = 'X'\n"}
    )
    assert good.status_code == 200 and good.json() == {"corridor": [{"id": "X"}]}
    for name, text, problem in (
        ("cards.toml", "[[corridor]\n", "not valid TOML"),
        ("cards.json", "{", "not valid JSON"),
        ("cards.json", "[1]", "a table"),
    ):
        r = client.post("/api/web/data-file", json={"name": name, "text": text})
        assert r.status_code == 422 and problem in r.json()["error"]["message"], r.text
    # the parsed data then goes to table creation, which validates it and names the card
    table = client.post(
        "/api/tables",
        json={"game": "wicked-labyrinth", "players": 3, "options": {"cards": good.json()}},
    )
    assert table.status_code == 422 and "card X" in table.json()["error"]["message"]


def test_a_finished_games_replay_is_built_once_per_viewer_and_step(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that is over never changes, so its replay (and each step's view) is built
    the first time a viewer asks and then served as kept (``LiveTable.finished_read``):
    a client reading it at its rate limit costs a lookup. Every viewer has its own."""
    from tabletop.web import replay

    built: list[tuple[str, Any]] = []
    steps, view_at = replay.steps, replay.view_at
    monkeypatch.setattr(replay, "steps", lambda r, v: built.append(("steps", v)) or steps(r, v))
    monkeypatch.setattr(
        replay, "view_at", lambda r, v, n: built.append(("view", v, n)) or view_at(r, v, n)
    )
    table_id = bot_table(client, "goofspiel", 2, 5)
    finished(client, table_id)
    base = f"/api/web/tables/{table_id}/replay"
    first = [client.get(base).json() for _ in range(3)]
    assert first[0] == first[1] == first[2] and first[0]["viewer"] is None
    seat = client.get(base, params={"viewer": "1"}).json()
    assert (
        seat["viewer"] == 1
        and seat["steps"] == client.get(base, params={"viewer": "1"}).json()["steps"]
    )
    views = [client.get(f"{base}/2").json() for _ in range(2)]
    assert views[0] == views[1] and views[0]["step"] == 2
    assert client.get(f"{base}/9999").status_code == 404  # not kept, still refused
    assert built == [("steps", None), ("steps", 1), ("view", None, 2), ("view", None, 9999)]
