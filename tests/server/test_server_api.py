"""The HTTP API: every endpoint, and every bad input gets a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import tabletop
from server.helpers import GAMES, create_table, join_all, make_client

WL = "wicked-labyrinth"


def error_code(response) -> str:  # type: ignore[no-untyped-def]
    return response.json()["error"]["code"]  # type: ignore[no-any-return]


def test_games_lists_every_registered_game_with_options_and_bots(client) -> None:
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == tabletop.games()
    for g in games:
        info = tabletop.game(g["name"]).info
        assert g["player_counts"] == list(info.player_counts)
        assert [o["name"] for o in g["options"]] == [o.name for o in info.options]
        assert "random" in g["bots"]
        assert set(g["levels"]) == set(g["bots"])


def test_games_offer_the_measured_search_for_mcts(client) -> None:
    """A bare ``mcts`` is weaker than ``heuristic``: the lobby's levels for it are the
    game's model search, and each is a spec the server's seats accept."""
    from tabletop.bots import make_bot

    for g in client.get("/api/games").json():
        assert g["levels"]["random"] == ["random"]
        searches = g["levels"]["mcts"]
        assert searches and all("model=" in spec for spec in searches)
        for spec in searches:
            make_bot(spec, tabletop.game(g["name"]), 0)


def test_openapi_documents_the_routes(client) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/seats/{seat}/join",
        "/api/tables/{table_id}/record",
    ):
        assert path in paths


def test_create_table_waits_for_its_open_seats_and_hides_its_seed(client) -> None:
    table = create_table(
        client,
        seats=[{"type": "open"}, {"type": "bot", "bot": "random"}, {"type": "open"}],
        players=3,
    )
    assert table["status"] == "waiting"
    assert [s["kind"] for s in table["seats"]] == ["open", "bot", "open"]
    assert "seed" not in table and not table["seeded"]
    listed = client.get("/api/tables").json()["tables"]
    assert table["id"] in [t["id"] for t in listed]


def test_create_table_refuses_bad_input(client) -> None:
    cases = [
        ({"game": "chess", "players": 2}, 422, "bad_table"),
        ({"game": WL, "players": 9}, 422, "bad_table"),
        ({"game": WL, "players": "4"}, 422, "invalid"),
        ({"game": WL, "players": 4.0}, 422, "invalid"),
        ({"game": WL, "players": 4, "options": {"nope": 1}}, 422, "bad_table"),
        ({"game": WL, "players": 4, "options": {"cards": "/etc/passwd"}}, 422, "bad_options"),
        ({"game": WL, "players": 4, "options": {"cards": {"corridors": []}}}, 422, "bad_table"),
        ({"game": WL, "players": 3, "seats": [{"type": "open"}]}, 422, "bad_seats"),
        (
            {"game": WL, "players": 3, "seats": [{"type": "bot", "bot": "nobot"}] * 3},
            422,
            "bad_bot",
        ),
        ({"game": WL, "players": 3, "seats": [{"type": "alien"}] * 3}, 422, "invalid"),
        ({"game": WL, "players": 3, "seed": -1}, 422, "invalid"),
        ({"game": WL, "players": 3, "seed": 1 << 64}, 422, "invalid"),
        ({"game": WL, "players": 3, "clock": 0}, 422, "invalid"),
        ({"game": WL, "players": 3, "colour": "red"}, 422, "invalid"),
        ({"players": 3}, 422, "invalid"),
    ]
    for body, status, code in cases:
        r = client.post("/api/tables", json=body)
        assert (r.status_code, error_code(r)) == (status, code), (body, r.text)
        assert r.json()["error"]["message"]


def test_malformed_and_oversized_bodies_are_refused(client) -> None:
    r = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and error_code(r) == "invalid"
    big = json.dumps({"game": WL, "players": 4, "options": {"x": "a" * (2 << 20)}})
    r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and error_code(r) == "too_large"
    assert client.get("/healthz").json() == {"ok": True}


def test_unknown_tables_and_seats(client) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/record", "/api/tables/" + "x" * 40):
        r = client.get(path)
        assert r.status_code == 404 and error_code(r) == "unknown_table", path
    r = client.post("/api/tables/nope/seats/0/join", json={"name": "a"})
    assert r.status_code == 404
    table = create_table(client)
    for seat in (-1, 99):
        r = client.post(f"/api/tables/{table['id']}/seats/{seat}/join", json={"name": "a"})
        assert r.status_code == 404 and error_code(r) == "bad_seat"
    r = client.post(f"/api/tables/{table['id']}/seats/x/join", json={"name": "a"})
    assert r.status_code == 422


def test_join_gives_a_long_secret_token_once(client) -> None:
    table = create_table(client)
    r = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "ann"})
    token = r.json()["token"]
    assert len(token) >= 40
    r = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "bob"})
    assert r.status_code == 409 and error_code(r) == "seat_taken"
    for body in ({}, {"name": ""}, {"name": 5}, {"name": "x" * 65}):
        r = client.post(f"/api/tables/{table['id']}/seats/1/join", json=body)
        assert r.status_code == 422, body
    state = client.get(f"/api/tables/{table['id']}").json()
    assert token not in json.dumps(state)


def test_seat_view_needs_that_seats_token(client) -> None:
    table = create_table(client)
    tokens = join_all(client, table)
    base = f"/api/tables/{table['id']}/seats"
    own = client.get(f"{base}/0", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert own.status_code == 200
    body = own.json()
    assert body["seat"] == 0 and body["view"] and body["seq"] == 0
    assert body["table"]["status"] == "playing"
    assert body["legal"]
    for headers in ({"Authorization": "Bearer wrong"}, {"Authorization": f"Bearer {tokens[1]}"}):
        r = client.get(f"{base}/0", headers=headers)
        assert r.status_code == 403 and error_code(r) == "auth_failed", headers
    for headers in ({}, {"Authorization": tokens[0]}):  # no bearer token at all
        r = client.get(f"{base}/0", headers=headers)
        assert r.status_code == 401 and error_code(r) == "auth_required", headers
        assert r.headers["www-authenticate"] == "Bearer"
    spectator = client.get(f"/api/tables/{table['id']}").json()
    assert spectator["seat"] is None and "legal" not in spectator or spectator["legal"] is None


def test_leave_and_return_need_the_token_and_switch_the_seat(client) -> None:
    table = create_table(client)
    tokens = join_all(client, table)
    base = f"/api/tables/{table['id']}/seats/1"
    assert client.post(f"{base}/leave").status_code == 401
    assert (
        client.post(f"{base}/leave", headers={"Authorization": f"Bearer {tokens[0]}"}).status_code
        == 403
    )
    auth = {"Authorization": f"Bearer {tokens[1]}"}
    r = client.post(f"{base}/leave", json={"bot": "nobot"}, headers=auth)
    assert r.status_code == 422 and error_code(r) == "bad_bot"
    r = client.post(f"{base}/leave", json={"bot": "random"}, headers=auth)
    seat = r.json()["table"]["seats"][1]
    assert seat["away"] and seat["bot"] == "random"
    r = client.post(f"{base}/return", headers=auth)
    assert not r.json()["table"]["seats"][1]["away"]


def test_record_only_after_the_end_and_it_replays(client) -> None:
    table = create_table(client, seats=[{"type": "bot"}] * 4, players=4, seed=11)
    # an all-bot table plays itself; the record appears once it is over
    import time

    for _ in range(400):
        r = client.get(f"/api/tables/{table['id']}/record")
        if r.status_code == 200:
            break
        assert r.status_code == 409 and error_code(r) == "not_over"
        time.sleep(0.05)
    record = r.json()
    assert record["seed"] == 11
    final = tabletop.replay(record)
    view = client.get(f"/api/tables/{table['id']}").json()
    assert view["over"] and view["result"]["scores"] == list(final.result().scores)


def test_bot_tables_are_reproducible_from_their_seed(tmp_path: Path) -> None:
    """Server bots are seeded from the table seed, seat and decision: same seed, same game."""
    records = []
    for n in range(2):
        with make_client(tmp_path / str(n)) as c:
            table = create_table(c, game=GAMES[0], seats=[{"type": "bot"}] * 3, players=3, seed=5)
            import time

            for _ in range(400):
                r = c.get(f"/api/tables/{table['id']}/record")
                if r.status_code == 200:
                    records.append(r.json())
                    break
                time.sleep(0.05)
    assert len(records) == 2 and records[0] == records[1]


def test_http_floods_get_429_and_the_server_stays_up(tmp_path: Path) -> None:
    with make_client(tmp_path, http_rate=1.0, http_burst=5.0) as c:
        codes = [c.get("/api/games").status_code for _ in range(20)]
        assert codes[:5] == [200] * 5 and 429 in codes
        r = c.get("/api/games")
        assert r.status_code == 429 and error_code(r) == "rate_limited"
        assert r.headers["retry-after"] == "1"


def test_research_options_are_flagged_and_made_through_the_api(client) -> None:
    """A research configuration (a smaller game for game-theory methods, not the
    published one) is listed with ``research: true``, which the web lobby leaves out;
    the API makes its tables."""
    for g in client.get("/api/games").json():
        info = tabletop.game(g["name"]).info
        assert [o["research"] for o in g["options"]] == [o.research for o in info.options]
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name in ("code-of-nine", WL):
        assert {o["name"] for o in games[name]["options"] if o["research"]} >= {"research"}
        table = create_table(client, game=name, players=3, options={"research": "tiny"})
        assert table["options"] == {"research": "tiny"}
    r = client.post("/api/tables", json={"game": WL, "players": 3, "options": {"research": "huge"}})
    assert r.status_code == 422 and "research is one of tiny" in r.text
