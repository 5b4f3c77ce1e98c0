"""The game review in a real browser: a person plays The Wicked Labyrinth against two
bots to the end, presses Review, watches its progress, and reads the mistakes the
server computed, in English and then in Japanese."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from web.players import is_over, join, new_page, one_person_and_bots, play_until
from web.server import LiveServer

pytestmark = pytest.mark.browser


def test_review_after_the_end(live_server: LiveServer, browser: Any) -> None:
    errors: list[str] = []
    page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
    asked: list[str] = []
    page.on(
        "request", lambda r: asked.append(f"{r.method} {r.url}") if "/review" in r.url else None
    )
    table_id = one_person_and_bots(live_server, seed=21)
    url = f"{live_server.url}/api/tables/{table_id}/review"

    join(page, live_server.url, table_id, 0, "Alice")
    early = httpx.post(url, params={"seat": 0}, timeout=10)
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_over"
    assert page.query_selector("#review-button") is None  # no review during the game

    play_until([page], lambda: is_over(page))
    page.click("#review-button")
    page.wait_for_selector("#review-progress")  # the server's job reports its progress
    page.wait_for_selector("#review-mistakes", timeout=180_000)

    computed = httpx.get(url, params={"seat": 0}, timeout=10).json()
    assert computed["status"] == "done"
    review = computed["review"]
    assert review["seat"] == 0 and review["appraised"] > 0
    shown = [li.inner_text() for li in page.query_selector_all("#review-mistakes li")]
    assert shown == [m["lines"]["en"] for m in review["mistakes"]]
    assert shown, "the search would change none of a first-choice player's declarations"
    assert shown[0].startswith("corridor ") and "points expected" in shown[0]
    assert f"{review['appraised']} of your decisions" in page.inner_text("#review-summary")
    assert any(a.startswith("POST ") and "seat=0" in a for a in asked)

    page.select_option("#lang", "ja")
    page.wait_for_selector("#review-mistakes li >> text=期待値で約")
    shown_ja = [li.inner_text() for li in page.query_selector_all("#review-mistakes li")]
    assert shown_ja == [m["lines"]["ja"] for m in review["mistakes"]]
    assert errors == []
