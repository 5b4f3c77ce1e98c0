"""Code of Nine on a phone: the whole table fits 360-414 px wide with no sideways
scrolling, and each player's Will and items are in the Players panel; the lobby fits
too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from web.players import join, new_page, screenshot
from web.server import LiveServer

pytestmark = pytest.mark.browser

ITEMS = ["statue", "coin", "book", "legacy", "medal"]


@pytest.mark.parametrize("width", [360, 390, 414])
def test_code_of_nine_fits_a_phone(
    live_server: LiveServer, browser: Any, screenshots: Path, width: int
) -> None:
    seats = [{"type": "open"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    request = {
        "game": "code-of-nine",
        "players": 3,
        "seats": seats,
        "seed": 5,
        "options": {"expert": True},
    }
    table_id = live_server.api("POST", "/api/tables", json=request)["table"]["id"]
    errors: list[str] = []
    page = new_page(
        browser,
        errors,
        viewport={"width": width, "height": 800},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=1,
    )
    join(page, live_server.url, table_id, 0, "Alice")
    page.wait_for_selector("#board")
    page.wait_for_selector(".seats-panel .resources")
    # play into the placements, where the board, the sheets and the dialogs all show
    for _ in range(40):
        if page.query_selector("button.location.legal"):
            break
        button = page.query_selector("#choice button[data-action]:enabled")
        if button is not None:
            button.click()
        page.wait_for_timeout(100)
    page.wait_for_selector("button.location.legal")
    sizes = page.evaluate(
        "({scroll: document.documentElement.scrollWidth,"
        " client: document.documentElement.clientWidth})"
    )
    assert sizes["scroll"] <= sizes["client"] == width, sizes
    wide = page.evaluate(
        """(w) => [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > w + 0.5)
            .map((el) => el.tagName + '.' + el.className)""",
        width,
    )
    assert wide == []
    # each player's resources in the Players panel, as the server's view has them
    view = live_server.api("GET", f"/api/tables/{table_id}")["view"]
    for holder in view["holders"][:3]:
        row = page.query_selector(f".seats-panel li.seat-{holder['seat']} .resources")
        assert row is not None
        assert row.query_selector("[data-item='will']").inner_text() == str(holder["will"])
        for i, item in enumerate(ITEMS[:4]):
            shown = row.query_selector(f"[data-item='{item}']").inner_text()
            assert shown == str(holder["items"][i])
    if width == 390:
        screenshot(page, screenshots / "con-phone-390.png")
        # a choice's label says what it gives: Venerable Cathedral's coins are 2
        labels = page.evaluate(
            """async () => {
                const { actionText } = await import('/static/games/code-of-nine/parts.js');
                const ctx = {
                    view: { pending: { location: 'cathedral' }, locations: [] },
                    reference: { locations: [{ id: 'cathedral', choice: [
                        { item: 'statue', count: 1 }, { item: 'coin', count: 2 }] }] },
                };
                return [actionText('item:coin', ctx), actionText('item:statue', ctx)];
            }"""
        )
        assert labels == ["2 coins", "1 statue"]
    assert errors == []


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_the_lobby_fits_a_phone(live_server: LiveServer, browser: Any, locale: str) -> None:
    """The lobby's form, with either game's seats (a select as wide as its longest bot
    name used to push the page 460-530 px wide), in both languages."""
    errors: list[str] = []
    for width in (360, 414):
        page = new_page(
            browser,
            errors,
            viewport={"width": width, "height": 800},
            is_mobile=True,
            has_touch=True,
            device_scale_factor=1,
            locale=locale,
        )
        page.goto(live_server.url + "/")
        page.wait_for_selector("#create")
        for game in ("wicked-labyrinth", "code-of-nine"):
            page.select_option("#game", game)
            page.wait_for_selector("select[name=seat2]")
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, (locale, width, game, scroll)
            past = page.evaluate(
                """() => [...document.querySelectorAll('.panel *')].filter((el) =>
                    el.getBoundingClientRect().right
                    > el.closest('.panel').getBoundingClientRect().right + 0.5)
                  .map((el) => el.tagName + '.' + el.className)"""
            )
            assert past == [], (locale, width, game, past)
        page.close()
    assert errors == []
