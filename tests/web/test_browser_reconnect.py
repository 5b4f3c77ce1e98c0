"""Network loss: the server goes away mid-game and comes back; the page reconnects by
itself, finds its seat and decision again, and play goes on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from web.players import join, new_page, one_person_and_bots
from web.server import LiveServer

pytestmark = pytest.mark.browser


def test_the_page_reconnects_when_the_server_comes_back(browser: Any, tmp_path: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    first = LiveServer(tmp_path)
    with first:
        table_id = one_person_and_bots(first, seed=3)
        join(page, first.url, table_id, 0, "Alice")
        page.wait_for_selector("#declaration")
        first_hand = page.get_attribute("#declaration", "data-decision")
        page.click("#commit")
        page.wait_for_selector("#log li:has-text('You put out a closed hand')")
        # Read the table's number only once nothing can move but the person: their next
        # declaration is open (its marker is the number it opened at) and both bots have
        # put out their hands for it. Read earlier, it moved on under a loaded machine.
        page.wait_for_function(
            "old => { const d = document.querySelector('#declaration');"
            " return d !== null && d.dataset.decision !== old; }",
            arg=first_hand,
            timeout=20_000,
        )
        opened = int(page.get_attribute("#declaration", "data-decision") or 0)
        deadline = time.monotonic() + 20
        while (seq := first.api("GET", f"/api/tables/{table_id}")["seq"]) < opened + 2:
            assert time.monotonic() < deadline, "the bots did not put out their hands"
            time.sleep(0.05)
        assert seq == opened + 2
    page.wait_for_selector("#connection.closed")  # the server is gone: the page says so

    with LiveServer(tmp_path, port=first.port) as again:
        page.wait_for_selector("#connection.open", timeout=20_000)
        page.wait_for_selector("#declaration")
        assert again.api("GET", f"/api/tables/{table_id}")["seq"] == seq
        page.click("#commit")  # and the game goes on from where it was
        page.wait_for_function(
            f"document.querySelector('#log li:last-child').dataset.seq > {seq}", timeout=10_000
        )
    assert [e for e in errors if "WebSocket" not in e] == []


def test_a_bot_plays_while_the_person_is_away(browser: Any, tmp_path: Path) -> None:
    """ "Let a bot play for me" hands the seat to a bot, which plays on; "Take my seat
    back" returns it. A name is shown as text, never as markup."""
    errors: list[str] = []
    page = new_page(browser, errors)
    with LiveServer(tmp_path, bot_delay=0.3) as server:
        table_id = one_person_and_bots(server)
        join(page, server.url, table_id, 0, "<b>Al</b>")
        page.wait_for_selector("#declaration")
        assert "<b>Al</b>" in page.inner_text(".table-head")
        page.click("#leave-seat")
        page.wait_for_selector("#return-seat")
        assert "away" in page.inner_text(".seats-panel li.me")
        page.wait_for_selector("#log li:has-text('You put out a closed hand')")  # the bot did
        page.click("#return-seat")
        page.wait_for_selector("#leave-seat")
        page.wait_for_selector("#declaration, #processing, #choice, #final")
    assert errors == []


def test_moves_made_while_the_page_was_away_fill_its_log(browser: Any, tmp_path: Path) -> None:
    """The page closes while a bot plays the seat; opened again, its log holds every
    step it missed (the seat's own versions, from the server), not a gap."""
    errors: list[str] = []
    page = new_page(browser, errors)
    with LiveServer(tmp_path, bot_delay=0.05) as server:
        table_id = one_person_and_bots(server, seed=4)
        join(page, server.url, table_id, 0, "Al")
        page.wait_for_selector("#declaration")
        page.click("#commit")
        page.wait_for_selector("#log li:has-text('You put out a closed hand')")
        page.click("#leave-seat")
        page.wait_for_selector("#return-seat")
        page.goto("about:blank")  # away: the bot plays on for the seat
        left = server.api("GET", f"/api/tables/{table_id}")["seq"]
        deadline = time.monotonic() + 30
        while server.api("GET", f"/api/tables/{table_id}")["seq"] < left + 10:
            assert time.monotonic() < deadline, "the bots did not play on"
            time.sleep(0.05)

        page.goto(f"{server.url}/#/table/{table_id}?seat=0")
        page.wait_for_function(
            # a step the server filled in, not the gap marker (which carries a seq too)
            "[...document.querySelectorAll('#log li:not(.gap)')].some(li => li.dataset.seq > "
            f"{left + 5})",
            timeout=10_000,
        )
        assert page.query_selector("#log li.gap") is None
        mine = page.query_selector_all("#log li:has-text('You put out a closed hand')")
        assert len(mine) >= 2  # before leaving, by the person; after, by the bot
    assert [e for e in errors if "WebSocket" not in e] == []
