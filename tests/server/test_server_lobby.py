"""The lobby (public tables, bounded rows, pages) and private tables with invitations."""

from __future__ import annotations

import tomllib

from server.helpers import create_table
from tabletop.games.wicked_labyrinth import cards

WL = "wicked-labyrinth"


def error_code(response) -> str:  # type: ignore[no-untyped-def]
    return response.json()["error"]["code"]  # type: ignore[no-any-return]


def test_the_lobby_pages_through_public_tables_newest_first(client) -> None:
    made = [create_table(client, game=WL, players=3)["id"] for _ in range(7)]
    seen: list[str] = []
    before = None
    pages = 0
    while True:
        query = {"limit": 3} if before is None else {"limit": 3, "before": before}
        page = client.get("/api/tables", params=query).json()
        assert len(page["tables"]) <= 3
        seen += [t["id"] for t in page["tables"]]
        pages += 1
        before = page["next"]
        if before is None:
            break
    assert seen == made[::-1] and pages == 3
    for query in ({"limit": 0}, {"limit": 101}, {"before": "yesterday"}, {"before": "nan:x"}):
        r = client.get("/api/tables", params=query)
        assert r.status_code == 422 and error_code(r) in ("invalid", "bad_cursor"), query


def test_lobby_rows_leave_card_data_out(client) -> None:
    path = cards.__file__.replace("cards.py", "cards.toml")
    with open(path, "rb") as f:
        data = tomllib.load(f)
    table = create_table(client, game=WL, players=3, options={"cards": data})
    assert table["options"]["cards"] == data  # the table's own page has them
    (row,) = client.get("/api/tables").json()["tables"]
    assert row["id"] == table["id"] and row["options"] == {"cards": "custom"}


def test_a_private_table_is_unlisted_and_its_seats_need_their_invitations(client) -> None:
    r = client.post(
        "/api/tables",
        json={
            "game": WL,
            "players": 3,
            "private": True,
            "seats": [{"type": "open"}, {"type": "open"}, {"type": "bot", "bot": "random"}],
        },
    )
    assert r.status_code == 201
    body = r.json()
    table, invitations = body["table"], body["invitations"]
    assert table["private"] and [i["seat"] for i in invitations] == [0, 1]
    assert len({i["invitation"] for i in invitations}) == 2
    assert client.get("/api/tables").json()["tables"] == []
    public = create_table(client, game=WL, players=3)
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [public["id"]]
    assert client.get(f"/api/tables/{table['id']}").json()["table"]["private"]

    join = f"/api/tables/{table['id']}/seats"
    r = client.post(f"{join}/0/join", json={"name": "stranger"})
    assert r.status_code == 403 and error_code(r) == "invitation_required"
    wrong = invitations[1]["invitation"]  # seat 1's invitation does not open seat 0
    r = client.post(f"{join}/0/join", json={"name": "stranger", "invitation": wrong})
    assert r.status_code == 403 and error_code(r) == "bad_invitation"
    seats = client.get(f"/api/tables/{table['id']}").json()["table"]["seats"]
    assert [s["kind"] for s in seats] == ["open", "open", "bot"]
    mine = invitations[0]["invitation"]
    r = client.post(f"{join}/0/join", json={"name": "friend", "invitation": mine})
    assert r.status_code == 200 and r.json()["token"]
    r = client.post(f"{join}/0/join", json={"name": "again", "invitation": mine})
    assert r.status_code == 409 and error_code(r) == "seat_taken"
    assert mine not in client.get(f"/api/tables/{table['id']}").text
    # a public table's seats need no invitation (one given is not looked at)
    r = client.post(f"/api/tables/{public['id']}/seats/0/join", json={"name": "anyone"})
    assert r.status_code == 200
