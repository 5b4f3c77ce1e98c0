"""Code of Nine in a real browser: two people and a bot (and the ghost), lobby to the
scoring card by card, with a refused placement shown to the player who tried it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from web.players import create_table, is_over, join, new_page, play_until, screenshot
from web.server import LiveServer

pytestmark = pytest.mark.browser

SEED = 4


def test_full_expert_game_with_a_refused_move(
    live_server: LiveServer, browser: Any, screenshots: Path
) -> None:
    errors: list[str] = []
    alice = new_page(browser, errors, viewport={"width": 1280, "height": 900})
    bob = new_page(browser, errors, viewport={"width": 1024, "height": 800})
    received: list[str] = []
    bob.on("websocket", lambda ws: ws.on("framereceived", lambda text: received.append(text)))
    table_id = create_table(
        alice, live_server.url, "code-of-nine", 3, ["open", "open", "random"], SEED, expert=True
    )
    join(alice, live_server.url, table_id, 0, "Alice")
    join(bob, live_server.url, table_id, 1, "Bob")

    # setup decisions come as dialogs; then Alice's first placement
    play_until([alice, bob], lambda: alice.query_selector("button.location.legal") is not None)
    closed = alice.query_selector("button.location.closed")
    assert closed is not None
    where = closed.get_attribute("data-location")
    seq = alice.evaluate("document.querySelector('#log li:last-child')?.dataset.seq")
    assert closed.get_attribute("aria-disabled") == "true"  # announced as not open
    closed.click(force=True)  # pressed anyway (Playwright waits on aria-disabled otherwise)
    name = closed.query_selector(".loc-name")
    assert name is not None
    place = name.inner_text().strip(" ⚔")
    refused = alice.wait_for_selector("#refused")
    text = refused.inner_text()
    # in the player's words: the location by its name, not the rules' ids
    assert text.startswith(place) and "closed" in text, text
    assert "cannot play" not in text and f" {where}" not in text, text
    assert alice.query_selector("button.location.legal") is not None  # still Alice's decision
    assert alice.evaluate("document.querySelector('#log li:last-child')?.dataset.seq") == seq
    assert "Alice" in alice.inner_text("#turn") or "your turn" in alice.inner_text("#turn")

    screens = {"board": False}

    def board_screenshot(page: Any) -> bool:
        """A mid-game board (round 3) from Alice's seat, once."""
        if page is alice and not screens["board"] and "Round 3" in page.inner_text("#turn"):
            screenshot(page, screenshots / "con-board.png")
            screens["board"] = True
        return False

    play_until([alice, bob], lambda: is_over(alice) and is_over(bob), before=board_screenshot)
    assert screens["board"]

    final = live_server.api("GET", f"/api/web/tables/{table_id}/final")
    for page in (alice, bob):
        page.wait_for_selector("#final .card-by-card tbody tr.step")
        steps = page.query_selector_all("#final .card-by-card tbody tr.step")
        assert len(steps) == len(final["steps"])
    # the last step's scores are the final scores, holder by holder
    last = alice.query_selector_all("#final .card-by-card tbody tr.step")[-1]
    cells = [c.inner_text().split(" ")[0] for c in last.query_selector_all("td.num")]
    assert cells == [str(s) for s in final["steps"][-1]["scores"]]
    alice.wait_for_timeout(4000)  # the card-by-card rows appear one after another
    screenshot(alice, screenshots / "con-scoring.png")
    assert errors == []
    assert_only_own_secrets([json.loads(text) for text in received], seat=1)


def assert_only_own_secrets(frames: list[dict[str, Any]], seat: int) -> None:
    """Every frame a seat's browser received holds that seat's secrets only: its own
    dealt cards and the cards it looked at, nobody else's, until the end reveals all."""
    assert any(f.get("over") for f in frames)
    for frame in frames:
        if frame.get("over"):
            continue
        for event in frame.get("events", []):
            if event["type"] == "CardsDealt" and event["holder"] != seat:
                assert event["cards"] is None, event
            if event["type"] == "CardsPlaced" and event["holder"] != seat:
                assert event["abyss"] is None and event["shoal"] is None, event
            if event["type"] == "CardLooked" and event["looker"] != seat:
                assert event["card"] is None, event
            if event["type"] == "ChangeCommitted" and event["player"] != seat:
                assert event["change"] is None, event
        view = frame.get("view")
        if view is not None:
            assert view["viewer"] == seat and view["revealed"] == [] and view["scores"] == []
            looked = {(o, slot) for o, slot in view["holders"][seat]["has_looked_at"]}
            assert {(c["owner"], c["slot"]) for c in view["seen"]} <= looked


def test_the_sealed_change_of_memory_cards_with_two_people_at_once(
    live_server: LiveServer, browser: Any
) -> None:
    """Rulings, "Turn structure": both people get the change dialog at the same time, out
    of seat order; each sees only that the other has decided, until all are in; then the
    choices open together. The log starts with each seat's own deal (step 0)."""
    errors: list[str] = []
    alice = new_page(browser, errors)
    bob = new_page(browser, errors)
    received: list[str] = []
    alice.on("websocket", lambda ws: ws.on("framereceived", lambda text: received.append(text)))
    table_id = create_table(
        alice, live_server.url, "code-of-nine", 3, ["open", "open", "random"], SEED
    )
    join(alice, live_server.url, table_id, 0, "Alice")
    join(bob, live_server.url, table_id, 1, "Bob")
    change = '#choice button[data-action="change"]'
    keep = '#choice button[data-action="keep"]'
    alice.wait_for_selector(keep)
    bob.wait_for_selector(change)  # both decide now: nobody waits for a turn
    for page in (alice, bob):
        assert "You were dealt #" in page.inner_text("#log")  # the deal, own cards only
    bob.click(change)
    alice.wait_for_function("document.querySelector('#log').innerText.includes('Bob has decided')")
    assert alice.query_selector(keep) is not None  # Alice still decides
    assert "You chose to change" in bob.inner_text("#log")
    spectator = live_server.api("GET", f"/api/tables/{table_id}/events?after=0")
    committed = [
        e for step in spectator["steps"] for e in step["events"] if e["type"] == "ChangeCommitted"
    ]
    assert {"type": "ChangeCommitted", "player": 1, "change": None} in committed
    alice.click(keep)
    for page in (alice, bob):
        page.wait_for_function(
            "document.querySelector('#log').innerText.includes('pays a pawn to change')"
        )
    assert "Alice (you) keeps their memory cards." in alice.inner_text("#log")
    assert "Bob pays a pawn to change memory cards." in alice.inner_text("#log")
    seen = [json.loads(text) for text in received]
    welcome = next(f for f in seen if f["type"] == "welcome")
    assert [e["holder"] for e in welcome["start"] if e["type"] == "CardsDealt"] == [0, 1, 2]
    assert [e["cards"] is None for e in welcome["start"]] == [False, True, True]
    for frame in seen:
        for event in frame.get("events", []):
            if event["type"] == "ChangeCommitted" and event["player"] == 1:
                assert event["change"] is None
    assert errors == []
