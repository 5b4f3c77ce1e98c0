"""The Wicked Labyrinth in a real browser: two people and a bot, lobby to final score.

Alice (a desktop browser) creates the table in the lobby and takes seat 1; Bob (a
phone-sized browser, in Japanese) joins seat 2 by its link; a random bot plays seat 3.
Both people click the first choice offered, except that Alice puts every search piece
on the first corridor and tries, undoes and commits soul processing moves. Bob reloads
mid-game and carries on. Screenshots of the main screens go to ``screenshots``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from web.players import create_table, is_over, join, new_page, play_until, screenshot
from web.server import LiveServer

pytestmark = pytest.mark.browser

SEED = 11
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}


def test_full_game_from_the_lobby_with_two_people(
    live_server: LiveServer, browser: Any, screenshots: Path
) -> None:
    errors: list[str] = []
    alice = new_page(browser, errors, viewport={"width": 1280, "height": 900})
    bob = new_page(browser, errors, **PHONE)

    table_id = create_table(
        alice, live_server.url, "wicked-labyrinth", 3, ["open", "open", "random"], SEED
    )
    screenshot(alice, screenshots / "lobby.png")
    alice.click("#created a[data-seat='0']")
    alice.fill("#player-name", "Alice")
    alice.click("#join")
    alice.wait_for_selector("#connection.open")

    bob.goto(live_server.url + "/")
    bob.select_option("#lang", "ja")
    bob.wait_for_selector("text=オンラインで遊ぶ")
    join(bob, live_server.url, table_id, 1, "Bob")

    # the first declaration: Alice holds every search piece, Bob sees Japanese terms
    alice.wait_for_selector("#declaration")
    bob.wait_for_selector("#declaration")
    assert "探索駒" in bob.inner_text("#declaration")
    assert "魔女の気配駒" in bob.inner_text("#declaration")
    while alice.is_enabled("#search-plus"):
        alice.click("#search-plus")
    assert alice.inner_text("#search-count") == "6"  # every search piece of a 3-player game
    screenshot(alice, screenshots / "wl-declaration.png")
    alice.click("#commit")
    alice.wait_for_selector("#my-hand, #reveal")
    screenshot(bob, screenshots / "wl-phone-ja.png")

    tried: dict[str, bool] = {"processing": False, "reloaded": False}

    def alice_processes(page: Any) -> bool:
        """Alice's first soul processing with a move: try it, undo it, try it, commit."""
        if page is not alice or tried["processing"] or page.query_selector("#processing") is None:
            return False
        move = page.query_selector("#processing .choices button[data-action]:enabled")
        if move is None:
            return False
        token = page.query_selector(".board.mine button.tok")
        if token is not None:  # a token on the board shows its own moves only
            token.click()
            page.wait_for_selector("#processing button:has-text('Show every move')")
            page.click("#processing button:has-text('Show every move')")
        before = page.inner_text(".preview-line")
        action = move.get_attribute("data-action")
        page.click(f"#processing button[data-action='{action}']")
        page.wait_for_selector("#tentative li")
        assert page.inner_text("#done").endswith("1 move")
        page.click("#undo")
        page.wait_for_selector("#tentative", state="detached")
        assert page.inner_text(".preview-line") == before
        page.click(f"#processing button[data-action='{action}']")
        page.wait_for_selector("#tentative li")
        screenshot(page, screenshots / "wl-processing.png")
        page.click("#done")
        page.wait_for_selector("#tentative", state="detached")
        tried["processing"] = True
        return True

    def bob_reloads(page: Any) -> bool:
        """Bob reloads his page in round 2 and must find his seat and decision again."""
        if (
            page is not bob
            or tried["reloaded"]
            or "2" not in page.inner_text(".status-line strong")
        ):
            return False
        page.reload()
        page.wait_for_selector("#connection.open")
        page.wait_for_selector("#declaration, #my-hand, #processing, #choice")
        assert "Bob" in page.inner_text(".table-head")
        assert page.query_selector("#log li:not(.gap)") is not None  # the log survived the reload
        tried["reloaded"] = True
        return True

    def act_first(page: Any) -> bool:
        return alice_processes(page) or bob_reloads(page)

    play_until([alice, bob], lambda: is_over(alice) and is_over(bob), before=act_first)
    assert tried == {"processing": True, "reloaded": True}

    for page in (alice, bob):
        page.wait_for_selector("#final #score-table tbody tr")
        rows = page.query_selector_all("#final #score-table tbody tr")
        assert len(rows) == 3
    final = live_server.api("GET", f"/api/web/tables/{table_id}/final")
    best = max(row["score"] for row in final["rows"])
    assert alice.inner_text("#score-table tbody tr td:nth-child(3)") == str(best)
    names = {0: "Alice", 1: "Bob", 2: "random"}
    for seat in final["result"]["winners"]:
        assert names[seat] in alice.inner_text("#winners")
    screenshot(alice, screenshots / "wl-final.png")

    # the replay: step through the finished game from Alice's seat
    alice.click("#replay-link")
    alice.wait_for_selector("#replay-position")
    alice.click("#replay-next")
    alice.wait_for_function(
        "document.querySelector('#replay-position').textContent.startsWith('Step 1 ')"
    )
    alice.click("#replay-last")
    alice.wait_for_selector(".replay-step")
    assert errors == []
