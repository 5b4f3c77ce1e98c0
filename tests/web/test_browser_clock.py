"""A table with a clock: the deciding seat sees its seconds run down; a spectator sees
only the clock's setting."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from web.players import join, new_page, one_person_and_bots, screenshot
from web.server import LiveServer

pytestmark = pytest.mark.browser


def test_a_seat_on_a_clock_sees_its_time_run_down(live_server: LiveServer, browser: Any) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    table_id = one_person_and_bots(live_server, clock=30)
    join(page, live_server.url, table_id, 0, "Al")
    page.wait_for_selector("#declaration")
    first = int(page.inner_text("#clock-left").split()[0])
    assert 25 <= first <= 30
    page.wait_for_function(
        "n => parseInt(document.getElementById('clock-left').textContent) < n",
        arg=first, timeout=5000,
    )

    watcher = new_page(browser, errors)
    watcher.goto(f"{live_server.url}/#/watch/{table_id}")
    watcher.wait_for_selector(".table-head .clock")
    assert watcher.query_selector("#clock-left") is None
    assert "30 s a decision" in watcher.inner_text(".table-head .clock")
    assert errors == []


def test_every_clock_and_every_time_out_is_shown_to_everyone(
    live_server: LiveServer, browser: Any, screenshots: Path
) -> None:
    """Two people at a table on a short clock: each sees the other's seconds running by
    their name, and when one lets the time run out, both logs and a spectator's say
    whose time ran out and what was put out for them (an empty hand)."""
    errors: list[str] = []
    seats = [{"type": "open"}, {"type": "open"}, {"type": "bot", "bot": "random"}]
    request = {"game": "wicked-labyrinth", "players": 3, "seats": seats, "clock": 6}
    table_id = live_server.api("POST", "/api/tables", json=request)["table"]["id"]
    alice, bob = new_page(browser, errors), new_page(browser, errors)
    join(alice, live_server.url, table_id, 0, "Alice")
    join(bob, live_server.url, table_id, 1, "Bob")
    watcher = new_page(browser, errors)
    watcher.goto(f"{live_server.url}/#/watch/{table_id}")
    for page in (alice, bob, watcher):
        page.wait_for_selector("#seat-clock-0")
        page.wait_for_selector("#seat-clock-1")
        left = int(page.inner_text("#seat-clock-1").split()[0])
        assert 1 <= left <= 6
    screenshot(watcher, screenshots / "clocks.png")
    alice.click("#search-plus")
    alice.click("#commit")
    alice.wait_for_selector("#seat-clock-0", state="detached")  # Alice has put out her hand
    for page in (alice, bob, watcher):
        line = page.wait_for_selector("#log li.timeout", timeout=12000)
        assert line.inner_text() in (
            "Bob's time ran out: an empty hand was put out.",
            "Your time ran out: an empty hand was put out.",
        )
    assert bob.inner_text("#log li.timeout").startswith("Your time ran out")
    assert alice.inner_text("#log li.timeout").startswith("Bob's time ran out")
    assert errors == []


def test_a_time_bank_set_in_the_lobby_shows_by_the_clock(
    live_server: LiveServer, browser: Any
) -> None:
    """The lobby's time bank reaches the server, and each deciding player's clock shows
    the decision's seconds and the bank left after them."""
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server.url + "/")
    page.select_option("#game", "wicked-labyrinth")
    page.select_option("#players", "3")
    for i, spec in enumerate(["open", "random", "random"]):
        page.select_option(f"select[name=seat{i}]", spec)
    page.click("details summary")
    page.fill("input[name=clock]", "8")
    page.fill("input[name=bank]", "20")
    page.click("#create")
    link = page.wait_for_selector("#created a[data-seat='0']")
    table_id = (link.get_attribute("href") or "").split("/")[2]
    table = next(
        t for t in live_server.api("GET", "/api/tables")["tables"] if t["id"] == table_id
    )
    assert (table["clock"], table["bank"]) == (8, 20)
    join(page, live_server.url, table_id, 0, "Al")
    clock = page.wait_for_selector("#seat-clock-0")
    assert re.fullmatch(r"[5-8] s \+ 20 s bank", clock.inner_text()), clock.inner_text()
    assert errors == []
