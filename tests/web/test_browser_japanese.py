"""The Japanese UI: the switch, the lobby, the rules summary and a table's screen."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.web.games import strings
from web.players import new_page
from web.server import LiveServer

pytestmark = pytest.mark.browser


def test_switching_to_japanese_translates_every_screen(
    live_server: LiveServer, browser: Any
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server.url + "/")
    page.wait_for_selector("#create")
    assert page.inner_text("#create") == "Create the table"
    page.select_option("#lang", "ja")
    page.wait_for_selector("text=テーブルを作る")
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert "ウィキッド・ラビリンス" in page.inner_text("#game")

    page.click("#rules-button")
    rules = page.inner_text("#dialog")
    for term in (
        "回廊",
        "探索駒",
        "魔女の気配駒",
        "魂の欠片トークン",
        "大神託カード",
        "深淵",
        "浅瀬",
    ):
        assert term in rules
    page.click("#dialog button")

    table = live_server.api(
        "POST",
        "/api/tables",
        json={
            "game": "code-of-nine",
            "players": 3,
            "seats": [{"type": "bot", "bot": "random"}] * 3,
        },
    )["table"]
    page.goto(f"{live_server.url}/#/watch/{table['id']}")
    page.wait_for_selector("#board")
    assert "時計塔" in page.inner_text("#board")  # Clocktower
    assert "観戦中" in page.inner_text(".table-head")
    # at the end every memory card is shown, with its title in Japanese
    page.wait_for_selector("#final #score-table", timeout=60_000)
    shown = page.inner_text("body")
    titles = [v for k, v in _japanese().items() if k.startswith("con.cardTitle.")]
    assert sum(title in shown for title in titles) >= 6  # the eight cards in play

    page.reload()  # the choice is kept
    page.wait_for_selector("#board")
    assert page.input_value("#lang") == "ja"
    page.select_option("#lang", "en")
    page.wait_for_selector("text=Clocktower")
    assert errors == []


def _japanese() -> dict[str, str]:
    return strings("ja")


def test_a_refusal_on_a_japanese_page_is_all_japanese(
    live_server: LiveServer, browser: Any
) -> None:
    """The server explains a refusal in English; a Japanese page shows its own text for
    the error code alone, an English page adds the server's explanation."""
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server.url + "/")
    page.wait_for_selector("#create")
    show = """async () => (await import('/static/js/errors.js')).refusal(
        {code: 'illegal_action', message: 'seat 1 cannot play cathedral: closed'})"""
    english = page.evaluate(show)
    assert english == "That move is not allowed now. (seat 1 cannot play cathedral: closed)"
    page.select_option("#lang", "ja")
    page.wait_for_selector("text=テーブルを作る")
    japanese = page.evaluate(show)
    assert japanese == strings("ja")["error.code.illegal_action"]
    assert not any("a" <= c.lower() <= "z" for c in japanese)
    assert errors == []
