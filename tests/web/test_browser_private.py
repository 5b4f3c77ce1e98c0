"""A private table from the lobby: its creator gets one invitation link per open seat, a
stranger who only knows the table (no invitation) is refused, and a friend with the
link takes the seat. Asserted on the seats the server holds."""

from __future__ import annotations

from typing import Any

import pytest

from web.players import new_page
from web.server import LiveServer

pytestmark = pytest.mark.browser


def test_a_private_tables_seat_is_taken_only_through_its_invitation(
    live_server: LiveServer, browser: Any
) -> None:
    errors: list[str] = []
    creator = new_page(browser, errors)
    creator.goto(live_server.url + "/")
    creator.wait_for_selector("#create")
    creator.select_option("#game", "wicked-labyrinth")
    creator.select_option("#players", "3")  # seats 1 and 2 open, seat 3 a bot
    creator.select_option("select[name=seat0]", "open")
    creator.select_option("select[name=seat1]", "open")
    creator.check("#private")
    creator.click("#create")
    links = creator.wait_for_selector("#created")
    assert "private" in links.inner_text()
    hrefs = creator.eval_on_selector_all(
        "#created a[data-seat]", "as => as.map(a => a.getAttribute('href'))"
    )
    assert len(hrefs) == 2 and all("?invite=" in h for h in hrefs)
    table_id = hrefs[1].split("/")[2]
    table = live_server.api("GET", f"/api/tables/{table_id}")["table"]
    assert table["private"] is True
    lobby = live_server.api("GET", "/api/tables")["tables"]
    assert table_id not in [t["id"] for t in lobby]

    stranger = new_page(browser, errors)
    stranger.goto(f"{live_server.url}/#/join/{table_id}/1")
    stranger.fill("#player-name", "stranger")
    stranger.click("#join")
    toast = stranger.wait_for_selector(".toast.error")
    assert "private" in toast.inner_text()
    seats = live_server.api("GET", f"/api/tables/{table_id}")["table"]["seats"]
    assert seats[1]["kind"] == "open"

    friend = new_page(browser, errors)
    friend.goto(f"{live_server.url}/{hrefs[1]}")
    friend.fill("#player-name", "friend")
    friend.click("#join")
    friend.wait_for_selector("#connection.open")
    seats = live_server.api("GET", f"/api/tables/{table_id}")["table"]["seats"]
    assert (seats[1]["kind"], seats[1]["name"]) == ("human", "friend")
    assert seats[0]["kind"] == "open"
    assert [e for e in errors if "403" not in e] == []  # the stranger's refusal logs its 403
