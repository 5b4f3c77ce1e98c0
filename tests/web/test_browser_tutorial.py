"""The guided first game: from the lobby, a tutorial table of each game (a fixed deal
against heuristic bots) whose page explains each step the first time it comes up, in
English or Japanese, and never again once put away."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tabletop.web.games import strings
from web.players import is_over, new_page, screenshot, take_turn
from web.server import LiveServer

pytestmark = pytest.mark.browser

JA = strings("ja")


def _play_until(page: Any, selector: str, prefer: str | None = None, seconds: float = 150) -> None:
    """Take this page's turns until ``selector`` shows: the first choice, or the
    ``prefer`` element when it is there."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.query_selector(selector) is not None:
            return
        chosen = page.query_selector(prefer) if prefer else None
        if chosen is not None:
            with contextlib.suppress(PlaywrightError):  # redrawn under the pointer: again
                chosen.click(timeout=2000)
        elif not take_turn(page):
            page.wait_for_timeout(30)
    raise AssertionError(f"{selector} never showed")


def _steps_seen(page: Any, table_id: str) -> list[str]:
    stored = page.evaluate("JSON.parse(localStorage.getItem('tabletop.tutorials'))")
    return list(stored[table_id]["seen"])


def _start(page: Any, server: LiveServer, game: str) -> str:
    page.goto(server.url + "/")
    page.click(f"#tutorial-{game}")
    page.wait_for_selector("#tutorial")
    return str(page.url.split("#/table/")[1].split("?")[0])


def test_the_wicked_labyrinth_tutorial(
    browser: Any, live_server: LiveServer, screenshots: Path
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
    table_id = _start(page, live_server, "wicked-labyrinth")
    table = live_server.api("GET", f"/api/tables/{table_id}")["table"]
    assert table["seeded"] and table["status"] == "playing"
    assert [(s["kind"], s.get("bot")) for s in table["seats"]] == [
        ("human", None),
        ("bot", "heuristic"),
        ("bot", "heuristic"),
    ]
    hint = page.wait_for_selector("#tutorial[data-step='declaration']")
    assert "closed hand" in hint.inner_text() and "1/3" in hint.inner_text()
    screenshot(page, screenshots / "tutorial.png")
    page.click("#tutorial-ok")
    page.wait_for_selector("#tutorial", state="detached")

    page.click("#search-plus")
    page.click("#search-plus")
    page.click("#commit")
    page.wait_for_selector("#tutorial[data-step='ranking']")
    steps = live_server.api("GET", f"/api/tables/{table_id}/events")["steps"]
    revealed = [e for s in steps for e in s["events"] if e["type"] == "DeclarationsRevealed"]
    assert revealed[0]["declarations"][0]["search"] == 2  # the hand set on the page

    page.reload()  # what was put away stays away; what was not is still explained
    page.wait_for_selector("#tutorial[data-step='ranking']")
    page.click("#tutorial-ok")
    _play_until(page, "#tutorial[data-step='processing']")
    page.select_option("#lang", "ja")
    page.wait_for_selector("#tutorial h2:has-text('魂の処理')")
    text = page.inner_text("#tutorial p")
    assert text == JA["tutorial.wicked-labyrinth.processing"]
    page.click("#tutorial-ok")
    _play_until(page, "#final #score-table")
    assert page.query_selector("#tutorial") is None
    assert _steps_seen(page, table_id) == ["declaration", "ranking", "processing"]
    assert live_server.api("GET", f"/api/tables/{table_id}/record")["seed"] == 7  # the fixed deal
    assert errors == []


def test_the_code_of_nine_tutorial(browser: Any, live_server: LiveServer) -> None:
    errors: list[str] = []
    page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
    table_id = _start(page, live_server, "code-of-nine")
    table = live_server.api("GET", f"/api/tables/{table_id}")["table"]
    assert table["game"] == "code-of-nine" and table["players"] == 4
    shown = []
    # the person looks at a card whenever they can (Sooty Watchtower, Allure Show): the
    # explanation of looks comes with the first look, theirs or a bot's
    look = ", ".join(
        f"button.location.legal[data-location='{where}']" for where in ("watchtower", "allure")
    )
    for step in ("cards", "placement", "looks", "scoring"):
        _play_until(page, f"#tutorial[data-step='{step}']", look)
        shown.append(step)
        assert page.inner_text("#tutorial h2").endswith(
            {
                "cards": "Your memory cards",
                "placement": "Placing a pawn",
                "looks": "Looks",
                "scoring": "Scoring",
            }[step]
        )
        page.click("#tutorial-ok")
    assert is_over(page)
    assert _steps_seen(page, table_id) == shown
    assert live_server.api("GET", f"/api/tables/{table_id}/record")["seed"] == 11
    assert errors == []
