"""The game clock and the vote, in Chromium: the lobby makes a table with a game clock
and the players panel shows every seat's; when a person's time runs out at decision
after decision, the other person is offered a vote to hand that seat to a bot, and the
person takes the seat back with one click."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from web.players import create_table, join, new_page
from web.server import LiveServer

pytestmark = pytest.mark.browser


def test_a_game_clock_set_in_the_lobby_shows_for_every_seat(
    live_server: LiveServer, browser: Any
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    table_id = create_table(
        page,
        live_server.url,
        "wicked-labyrinth",
        3,
        ["open", "random", "random"],
        settings={"#game-clock": "300", "#increment": "5"},
    )
    table = live_server.api("GET", f"/api/tables/{table_id}")["table"]
    assert (table["game_clock"], table["increment"], table["clock"]) == (300, 5, None)
    join(page, live_server.url, table_id, 0, "Al")
    assert "5:00 + 5 s a decision" in page.inner_text("#game-clock-setting")
    mine = page.wait_for_selector("#game-clock-0.running")
    assert re.fullmatch(r"5:0[0-5]", mine.inner_text()), mine.inner_text()  # total + increment
    page.wait_for_function(
        "() => document.getElementById('game-clock-0').textContent !== '5:05'", timeout=5000
    )
    assert page.inner_text("#game-clock-1") == "5:00"  # a bot's total stands still
    assert errors == []


def _bid(page: Any) -> None:
    with contextlib.suppress(PlaywrightError):  # redrawn under the pointer: next time
        button = page.query_selector("#hand button.bid")
        if button is not None:
            button.click(timeout=1000)


def test_the_others_may_vote_a_silent_seat_to_a_bot_and_it_is_taken_back(
    live_server: LiveServer, browser: Any
) -> None:
    """Alice bids at every decision; Bob lets his 2 s run out twice in a row: Alice is
    offered the vote (one vote is a majority of the one other person), both logs say
    Bob's seat went to a bot, and Bob takes it back with his page's button."""
    errors: list[str] = []
    seats = [{"type": "open"}, {"type": "open"}, {"type": "bot", "bot": "random"}]
    request = {
        "game": "goofspiel",
        "players": 3,
        "seats": seats,
        "clock": 2,
        "options": {"num_cards": 13},
    }
    table_id = live_server.api("POST", "/api/tables", json=request)["table"]["id"]
    alice, bob = new_page(browser, errors), new_page(browser, errors)
    join(bob, live_server.url, table_id, 1, "Bob")
    join(alice, live_server.url, table_id, 0, "Alice")
    assert bob.query_selector("#vote-0") is None
    for _ in range(400):  # about 20 s
        _bid(alice)
        if alice.query_selector("#vote-1"):
            break
        alice.wait_for_timeout(50)
    vote = alice.wait_for_selector("#vote-1")
    assert vote.inner_text() == "Hand to a bot (0/1)"
    assert bob.query_selector("#vote-1") is None  # nobody votes on their own seat
    vote.click()
    line = alice.wait_for_selector("#log li.vote")
    assert line.inner_text() == (
        "Bob's seat was handed to a bot by the others' vote; they can take it back with their link."
    )
    said = bob.wait_for_selector("#log li.vote")
    assert said.inner_text().startswith("The others handed your seat to a bot")
    assert live_server.api("GET", f"/api/tables/{table_id}")["table"]["seats"][1]["away"]
    bob.click("#return-seat")
    bob.wait_for_selector("#leave-seat")
    seat = live_server.api("GET", f"/api/tables/{table_id}")["table"]["seats"][1]
    assert seat["away"] is False and "timeouts" not in seat
    assert errors == []
