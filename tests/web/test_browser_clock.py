"""A table with a clock: the deciding seat sees its seconds run down; a spectator sees
only the clock's setting."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from web.players import (
    create_table,
    is_over,
    join,
    new_page,
    one_person_and_bots,
    screenshot,
)
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
        arg=first,
        timeout=5000,
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
    table_id = create_table(
        page,
        live_server.url,
        "wicked-labyrinth",
        3,
        ["open", "random", "random"],
        settings={"input[name=clock]": "8", "input[name=bank]": "20"},
    )
    table = next(t for t in live_server.api("GET", "/api/tables")["tables"] if t["id"] == table_id)
    assert (table["clock"], table["bank"]) == (8, 20)
    join(page, live_server.url, table_id, 0, "Al")
    clock = page.wait_for_selector("#seat-clock-0")
    assert re.fullmatch(r"[5-8] s \+ 20 s bank", clock.inner_text()), clock.inner_text()
    assert errors == []


def _click(page: Any, selector: str) -> None:
    with contextlib.suppress(PlaywrightError):  # redrawn under the pointer: look again
        page.click(selector, timeout=2000)


def test_moves_on_the_screen_are_kept_when_processing_runs_out_of_time(
    live_server: LiveServer, browser: Any
) -> None:
    """Soul processing's moves stay in the page until Done (so they can be undone). On a
    clock the page sends them, then Done, just before the time runs out: the server's
    time-out would otherwise end processing without what the player did on the screen."""
    errors: list[str] = []
    seats = [{"type": "open"}] + [{"type": "bot", "bot": "heuristic"}] * 2
    request = {"game": "wicked-labyrinth", "players": 3, "seats": seats, "seed": 7, "clock": 8}
    table_id = live_server.api("POST", "/api/tables", json=request)["table"]["id"]
    page = new_page(browser, errors)
    join(page, live_server.url, table_id, 0, "Al")
    tried = None
    while tried is None:
        assert not is_over(page), "no soul processing offered a move"
        if page.query_selector("#declaration #commit:enabled"):
            for _ in range(3):  # hands with search pieces, for tokens to process
                if page.query_selector("#search-plus:enabled"):
                    _click(page, "#search-plus")
            _click(page, "#commit")
        elif page.query_selector("#choice button[data-action]:enabled"):
            _click(page, "#choice button[data-action]:enabled")
        elif page.query_selector("#done:enabled"):
            move = page.query_selector("#processing .choices button[data-action]:enabled")
            if move is None:
                _click(page, "#done")
                continue
            seq = live_server.api("GET", f"/api/tables/{table_id}")["seq"]
            tried = str(move.get_attribute("data-action"))
            move.click()
            page.wait_for_selector("#tentative li")  # on the screen, not sent
        else:
            page.wait_for_timeout(40)
    toast = page.wait_for_selector(".toast:has-text('time was running out')", timeout=15000)
    assert "the 1 move on your screen was sent" in toast.inner_text()
    page.wait_for_selector("#processing", state="detached")
    steps = live_server.api("GET", f"/api/tables/{table_id}/events")["steps"]
    mine = [
        (step.get("timeout"), event["type"])
        for step in steps
        if step["seq"] > seq
        for event in step["events"]
        if event.get("player") == 0
        and event["type"] in ("Promoted", "ColourChanged", "OracleAchieved", "ProcessingDone")
    ]
    assert mine[-1] == (None, "ProcessingDone")  # the page said Done, not the clock
    assert len(mine) >= 2 and all(timeout is None for timeout, _ in mine), (tried, mine)
    assert errors == []
