"""Goofspiel in a real browser: a person against the heuristic bot, from the lobby to
the final score, clicking bids; the page never receives the bot's bids."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from web.conftest import browser, live_server, screenshots  # noqa: F401 (fixtures)
from web.players import create_table, is_over, join, new_page, screenshot
from web.server import LiveServer

pytestmark = pytest.mark.browser


def test_a_person_bids_through_a_whole_game(
    live_server: LiveServer,  # noqa: F811
    browser: Any,  # noqa: F811
    screenshots: Path,  # noqa: F811
) -> None:
    errors: list[str] = []
    alice = new_page(browser, errors, viewport={"width": 1100, "height": 800})
    received: list[str] = []
    alice.on("websocket", lambda ws: ws.on("framereceived", lambda text: received.append(text)))
    table_id = create_table(alice, live_server.url, "goofspiel", 2, ["open", "heuristic"], 7)
    join(alice, live_server.url, table_id, 0, "Alice")
    alice.wait_for_selector("#point-card")
    assert len(alice.query_selector_all("#hand button.gs-card.bid")) == 13
    clicks = 0
    for _ in range(400):
        if is_over(alice):
            break
        bids = alice.query_selector_all("#hand button.gs-card.bid")
        if bids:
            try:
                bids[-1].click(timeout=2000)  # the highest card left
                clicks += 1
            except PlaywrightError:
                pass  # the screen changed under the pointer: look again
        alice.wait_for_timeout(80)
    assert is_over(alice)
    assert clicks == 12  # the last turn plays itself

    final = live_server.api("GET", f"/api/web/tables/{table_id}/final")
    rows = alice.query_selector_all("#final #score-table tbody tr")
    shown = {
        r.query_selector_all("td")[1].inner_text(): r.query_selector_all("td")[2].inner_text()
        for r in rows
    }
    mine = [score for name, score in shown.items() if name.startswith("Alice")]
    assert mine == [str(final["result"]["scores"][0])], shown
    screenshot(alice, screenshots / "gs-final.png")
    assert errors == []

    frames = [json.loads(text) for text in received]
    for frame in frames:
        for step in frame.get("steps", []) or []:
            for event in step.get("events", []):
                if event.get("type") == "BidSealed" and event["player"] != 0:
                    assert event["card"] is None
        for event in frame.get("events", []) or []:
            if event.get("type") == "BidSealed" and event["player"] != 0:
                assert event["card"] is None
        view = frame.get("view")
        if view:
            assert view["viewer"] == 0 and "bids" not in view


def test_the_tutorial_explains_each_step_once(
    live_server: LiveServer,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    """From the lobby's tutorial button: bidding, then who took the card, then the end."""
    errors: list[str] = []
    page = new_page(browser, errors, viewport={"width": 1100, "height": 800})
    page.goto(live_server.url + "/")
    page.click("#tutorial-goofspiel")
    page.wait_for_selector("#tutorial")
    table_id = page.url.split("#/table/")[1].split("?")[0]
    for step, title in (
        ("bidding", "Bidding"),
        ("outcome", "Who took the card"),
        ("end", "The end"),
    ):
        for _ in range(400):
            if page.query_selector(f"#tutorial[data-step='{step}']") is not None:
                break
            bids = page.query_selector_all("#hand button.gs-card.bid")
            if bids and page.query_selector("#tutorial") is None:
                with contextlib.suppress(PlaywrightError):  # redrawn under the pointer
                    bids[0].click(timeout=2000)
            page.wait_for_timeout(60)
        assert page.inner_text("#tutorial h2").endswith(title)
        page.click("#tutorial-ok")
    assert is_over(page)
    table = live_server.api("GET", f"/api/tables/{table_id}")["table"]
    assert table["game"] == "goofspiel" and table["players"] == 2
    assert errors == []


def test_the_table_fits_a_phone(
    live_server: LiveServer,  # noqa: F811
    browser: Any,  # noqa: F811
    screenshots: Path,  # noqa: F811
) -> None:
    """At 390 px the hand, the point card and the seats fit without scrolling sideways."""
    errors: list[str] = []
    page = new_page(
        browser, errors, viewport={"width": 390, "height": 800}, is_mobile=True, has_touch=True
    )
    request = {
        "game": "goofspiel",
        "players": 4,
        "seats": [{"type": "open"}] + [{"type": "bot"}] * 3,
    }
    table_id = str(live_server.api("POST", "/api/tables", json=request)["table"]["id"])
    join(page, live_server.url, table_id, 0, "Alice")
    page.wait_for_selector("#hand button.gs-card.bid")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, screenshots / "gs-phone-390.png")
    assert errors == []


def test_the_lobby_sets_the_number_of_cards_and_their_order(
    live_server: LiveServer,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    """The lobby's form offers a game's number and word options (Goofspiel's
    ``num_cards`` and ``points_order``), and the server stores what was typed; an
    option left at its default is not sent."""
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server.url + "/")
    page.select_option("#game", "goofspiel")
    page.select_option("#players", "2")
    page.select_option("select[name=seat1]", "heuristic")
    assert page.input_value("input[name='val:num_cards']") == "13"
    assert page.input_value("input[name='val:points_order']") == "random"
    page.fill("input[name='val:num_cards']", "5")
    page.fill("input[name='val:points_order']", "descending")
    page.click("#create")
    link = page.wait_for_selector("#created a[data-seat]")
    table_id = (link.get_attribute("href") or "").split("/")[2]
    table = live_server.api("GET", f"/api/tables/{table_id}")["table"]
    assert table["options"] == {"num_cards": 5, "points_order": "descending"}, table
    assert errors == []
