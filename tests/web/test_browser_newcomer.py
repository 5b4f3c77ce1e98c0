"""The table explains itself (issue 26): the waiting room before play, a double click
that puts one move in without an error, and soul processing's moves kept over a reload.
Each test checks what the server received or sent, not only what the page shows."""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from web.players import join, new_page, take_turn
from web.server import LiveServer

pytestmark = pytest.mark.browser


class Actions:
    """Every action message this page sent over its WebSocket."""

    def __init__(self, page: Any) -> None:
        self.sent: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, payload: Any) -> None:
        message = json.loads(payload if isinstance(payload, str) else payload.decode())
        if message.get("type") == "action":
            self.sent.append(message)

    def _received(self, payload: Any) -> None:
        frame = json.loads(payload if isinstance(payload, str) else payload.decode())
        if frame.get("type") == "error":
            self.errors.append(frame)


def stored(data_dir: Path, table_id: str) -> list[tuple[int, str, str]]:
    """Every action the server stored for the table, in order: (seat, action, source)."""
    with closing(sqlite3.connect(data_dir / "tabletop.sqlite3")) as db:
        rows = db.execute(
            "SELECT seat, action, source FROM tabletop_actions WHERE table_id = ? ORDER BY seq",
            (table_id,),
        ).fetchall()
    return [(int(seat), str(action), str(source)) for seat, action, source in rows]


def seat_actions(data_dir: Path, table_id: str, seat: int) -> list[str]:
    return [action for who, action, _ in stored(data_dir, table_id) if who == seat]


def test_a_table_with_an_open_seat_shows_its_waiting_room(browser: Any, tmp_path: Any) -> None:
    """Seated, missing and the links to share, no board; the last seat taken brings the
    board by itself."""
    with LiveServer(tmp_path) as server:
        seats = [{"type": "open"}, {"type": "open"}, {"type": "bot", "bot": "random"}]
        request = {"game": "wicked-labyrinth", "players": 3, "seats": seats, "seed": 3}
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        alice = new_page(browser, errors)
        join(alice, server.url, table_id, 0, "Alice")
        room = alice.wait_for_selector("#waiting-room")
        assert server.api("GET", f"/api/tables/{table_id}")["table"]["status"] == "waiting"
        assert alice.query_selector(".labyrinth-box") is None
        assert alice.query_selector(".thinking") is None  # no seat is "deciding…"
        seated = [
            li.get_attribute("data-seat") for li in room.query_selector_all(".room-seated li")
        ]
        missing = [
            li.get_attribute("data-seat") for li in room.query_selector_all(".room-missing li")
        ]
        assert (seated, missing) == (["0", "2"], ["1"])
        assert "Alice" in room.inner_text()
        share = room.query_selector(".room-missing a.share")
        assert share is not None and (share.get_attribute("href") or "").endswith(
            f"#/join/{table_id}/1"
        )
        assert (alice.get_attribute("#table-link", "href") or "").endswith(f"#/watch/{table_id}")

        bob = new_page(browser, errors)
        join(bob, server.url, table_id, 1, "Bob")
        alice.wait_for_selector(".labyrinth-box")  # the board comes by itself
        assert alice.query_selector("#waiting-room") is None
        assert server.api("GET", f"/api/tables/{table_id}")["table"]["status"] == "playing"
        alice.wait_for_selector("#declaration #commit")
        assert errors == []


def test_a_private_tables_waiting_room_shares_each_seats_invitation(
    browser: Any, tmp_path: Any
) -> None:
    """The creator's waiting room shows the open seat's link with its invitation (kept
    from the lobby), and a friend who opens that link is seated by the server."""
    with LiveServer(tmp_path) as server:
        errors: list[str] = []
        creator = new_page(browser, errors)
        creator.goto(server.url + "/")
        creator.wait_for_selector("#create")
        creator.select_option("#game", "wicked-labyrinth")
        creator.select_option("#players", "3")
        creator.select_option("select[name=seat0]", "open")
        creator.select_option("select[name=seat1]", "open")
        creator.check("#private")
        creator.click("#create")
        creator.wait_for_selector("#created a[data-seat]")
        creator.click("#created a[data-seat='0']")
        creator.fill("#player-name", "Alice")
        creator.click("#join")
        room = creator.wait_for_selector("#waiting-room")
        share = room.query_selector(".room-missing a.share")
        assert share is not None
        link = share.get_attribute("href") or ""
        assert "/1?invite=" in link, link

        friend = new_page(browser, errors)
        friend.goto(link)
        friend.fill("#player-name", "Bob")
        friend.click("#join")
        friend.wait_for_selector(".labyrinth-box")
        creator.wait_for_selector(".labyrinth-box")
        table_id = link.split("#/join/")[1].split("/")[0]
        seats = server.api("GET", f"/api/tables/{table_id}")["table"]["seats"]
        assert [s["name"] for s in seats[:2]] == ["Alice", "Bob"]
        assert errors == []


def test_a_double_click_puts_one_move_in_and_shows_no_error(browser: Any, tmp_path: Any) -> None:
    with LiveServer(tmp_path) as server:
        seats = [{"type": "open"}] + [{"type": "bot", "bot": "random"}] * 2
        request = {"game": "wicked-labyrinth", "players": 3, "seats": seats, "seed": 5}
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        page = new_page(browser, errors)
        actions = Actions(page)
        join(page, server.url, table_id, 0, "Alice")
        page.wait_for_selector("#declaration #commit:enabled")
        page.dblclick("#commit")
        deadline = time.monotonic() + 10
        while not seat_actions(tmp_path, table_id, 0):
            assert time.monotonic() < deadline, "the declaration never reached the server"
            page.wait_for_timeout(50)
        page.wait_for_timeout(500)  # room for a second action and its refusal
        assert len(seat_actions(tmp_path, table_id, 0)) == 1
        assert len(actions.sent) == 1, actions.sent
        assert actions.errors == []
        assert page.query_selector("#refused") is None
        assert page.query_selector("#toasts .error") is None
        assert errors == []


def test_soul_processing_moves_survive_a_reload(browser: Any, tmp_path: Any) -> None:
    """Moves tried but not yet sent are back after a reload, and Done sends them."""
    with LiveServer(tmp_path, bot_delay=0.02) as server:
        seats = [{"type": "open"}] + [{"type": "bot", "bot": "heuristic"}] * 4
        request = {"game": "wicked-labyrinth", "players": 5, "seats": seats, "seed": 7}
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
        join(page, server.url, table_id, 0, "Alice")

        def choices() -> list[Any]:
            return page.query_selector_all("#processing .choices button[data-action]:enabled")

        deadline = time.monotonic() + 150
        while not (page.query_selector("#processing") and choices()):
            assert time.monotonic() < deadline, "no soul processing with a move to make"
            if page.query_selector("#processing #done:enabled"):
                page.click("#done")  # nothing to try in this one: on to the next
            elif not take_turn(page):
                page.wait_for_timeout(50)
        before = seat_actions(tmp_path, table_id, 0)
        moves: list[str] = []
        for _ in range(2):
            offered = choices()
            if not offered:
                break
            moves.append(str(offered[0].get_attribute("data-action")))
            offered[0].click()
            page.wait_for_function(
                f"document.querySelectorAll('#tentative li').length === {len(moves)}"
            )
        shown = page.inner_text("#tentative")

        page.reload()
        page.wait_for_function(
            f"document.querySelectorAll('#tentative li').length === {len(moves)}"
        )
        assert page.inner_text("#tentative") == shown
        assert seat_actions(tmp_path, table_id, 0) == before  # nothing was sent meanwhile
        page.click("#done:enabled")
        deadline = time.monotonic() + 10
        while len(seat_actions(tmp_path, table_id, 0)) < len(before) + len(moves) + 1:
            assert time.monotonic() < deadline, "the moves never reached the server"
            page.wait_for_timeout(50)
        after = seat_actions(tmp_path, table_id, 0)
        assert after[len(before) : len(before) + len(moves) + 1] == [*moves, "done"]
        assert errors == []


def test_the_corridor_key_opens_with_a_tap(browser: Any, tmp_path: Any) -> None:
    """A phone has no hover for the marks' titles: a button shows what every mark on a
    corridor card is, in the page's language, and every mark on the board is in it."""
    with LiveServer(tmp_path) as server:
        seats = [{"type": "open"}] + [{"type": "bot", "bot": "random"}] * 2
        request = {"game": "wicked-labyrinth", "players": 3, "seats": seats, "seed": 5}
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        page = new_page(browser, errors, viewport={"width": 390, "height": 844}, has_touch=True)
        join(page, server.url, table_id, 0, "Alice")
        page.wait_for_selector("#declaration")
        assert page.query_selector("#corridor-key") is None
        page.tap("#corridor-key-toggle")
        key = page.wait_for_selector("#corridor-key")
        listed = {li.get_attribute("data-element") for li in key.query_selector_all("li")}
        view = server.api("GET", f"/api/tables/{table_id}")["view"]
        shown = {e for card in view["labyrinth"] for e in [*card["upper"], card["lower"]]}
        assert shown and shown <= listed
        assert "soul fragment" in key.inner_text() and "1st" in key.inner_text()
        page.tap("#declaration #search-plus")  # a redraw keeps the key open
        assert page.query_selector("#corridor-key") is not None
        page.tap("#corridor-key-toggle")
        page.wait_for_selector("#corridor-key", state="detached")
        assert errors == []


def test_code_of_nine_on_a_phone_shows_my_cards_and_decision_first(
    browser: Any, tmp_path: Any
) -> None:
    """At 390x844 the player's own memory cards and the decision (the turn line, a
    dialog, the first location they may place on) are in the first screen; at 360 px
    the final score table fits its box (no clipped columns)."""
    with LiveServer(tmp_path) as server:
        seats = [{"type": "open"}] + [{"type": "bot", "bot": "random"}] * 3
        request = {"game": "code-of-nine", "players": 4, "seats": seats, "seed": 5}
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        phone = {"is_mobile": True, "has_touch": True, "device_scale_factor": 1}
        page = new_page(browser, errors, viewport={"width": 390, "height": 844}, **phone)
        join(page, server.url, table_id, 0, "Alice")
        page.wait_for_selector("#memory .memory-card")

        def first_screen(selector: str) -> None:
            box = page.eval_on_selector(
                selector,
                "(el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; }",
            )
            assert box[0] >= 0 and box[1] <= 844, (selector, box)

        page.evaluate("window.scrollTo(0, 0)")
        first_screen("#turn")
        first_screen("#memory .cards")
        if page.query_selector("#choice"):
            first_screen("#choice")
        for _ in range(60):  # into the placements: the board follows the cards
            if page.query_selector("button.location.legal"):
                break
            button = page.query_selector("#choice button[data-action]:enabled")
            if button is not None:
                button.click()
            page.wait_for_timeout(100)
        page.wait_for_selector("button.location.legal")
        page.evaluate("window.scrollTo(0, 0)")
        first_screen("#memory .cards")
        cards = server.api("GET", f"/api/tables/{table_id}/seats/0", headers=auth(page, table_id))
        shown = page.query_selector_all("#memory > .cards .memory-card")
        assert len(shown) == len(cards["view"]["my_cards"]) > 0
        order = page.evaluate(
            "['#turn', '#memory', '#board'].map((s) => document.querySelector(s)"
            ".getBoundingClientRect().top)"
        )
        assert order == sorted(order), order

        page.set_viewport_size({"width": 360, "height": 740})
        page.click("#leave-seat")  # a bot plays Alice's seat to the end
        page.wait_for_selector("#final #score-table", timeout=60000)
        sizes = page.evaluate(
            """() => { const t = document.querySelector('#score-table');
                return {table: t.scrollWidth, box: t.parentElement.clientWidth,
                        page: document.documentElement.scrollWidth}; }"""
        )
        assert sizes["table"] <= sizes["box"] and sizes["page"] <= 360, sizes
        assert errors == []


def auth(page: Any, table_id: str) -> dict[str, str]:
    """The seat's token header, read from the page's storage (as the page sends it)."""
    token = page.evaluate(
        f"JSON.parse(localStorage.getItem('tabletop.seats'))['{table_id}']['0'].token"
    )
    return {"Authorization": f"Bearer {token}"}


def test_a_decision_with_one_legal_action_is_not_asked(browser: Any, tmp_path: Any) -> None:
    """Alice puts out every search piece and both signs at the round's first corridor:
    her next declarations have one legal hand, the empty one, which her page puts out
    for her at once; the page never asks, the server stores exactly what was clicked
    and what was played for her, and her log says so."""
    with LiveServer(tmp_path, bot_delay=0.02) as server:
        seats = [{"type": "open"}] + [{"type": "bot", "bot": "random"}] * 2
        request = {"game": "wicked-labyrinth", "players": 3, "seats": seats, "seed": 5}
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        page = new_page(browser, errors)
        actions = Actions(page)
        join(page, server.url, table_id, 0, "Alice")
        page.wait_for_selector("#declaration #commit:enabled")
        while page.is_enabled("#search-plus"):
            page.click("#search-plus")
        page.check("#witch")
        page.check("#soul")
        page.click("#commit")
        page.wait_for_selector("#declaration", state="detached")
        clicked = [m["action"] for m in actions.sent]

        deadline = time.monotonic() + 60
        while not page.query_selector("#log li.forced"):
            assert time.monotonic() < deadline, "no decision with one legal action came"
            if page.query_selector("#declaration"):
                raise AssertionError("an empty hand, the only one left, was asked for")
            if not take_turn(page):
                page.wait_for_timeout(30)
        line = page.wait_for_selector("#log li.forced[data-action='d0']")
        assert "played for you" in line.inner_text()
        page.wait_for_timeout(300)
        mine = [action for seat, action, _ in stored(tmp_path, table_id) if seat == 0]
        sent = [m["action"] for m in actions.sent]
        assert sent[: len(clicked)] == clicked and "d0" in sent[len(clicked) :]
        assert mine == sent  # the server stored exactly what the page sent, in order
        assert actions.errors == []
        assert errors == []


@pytest.mark.parametrize(("game", "players"), [("wicked-labyrinth", 5), ("code-of-nine", 4)])
def test_final_scores_are_readable_at_360_px(
    browser: Any, tmp_path: Any, game: str, players: int
) -> None:
    """Every column of the final table is on the page: the table fits its box, or its
    box scrolls sideways inside the page (the page itself never does)."""
    with LiveServer(tmp_path, bot_delay=0.0) as server:
        seats = [{"type": "bot", "bot": "random"}] * players
        request = {"game": game, "players": players, "seats": seats, "seed": 3}
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        phone = {"is_mobile": True, "has_touch": True, "device_scale_factor": 1}
        page = new_page(browser, errors, viewport={"width": 360, "height": 740}, **phone)
        page.goto(f"{server.url}/#/watch/{table_id}")
        page.wait_for_selector("#final #score-table", timeout=60000)
        sizes = page.evaluate(
            """() => { const t = document.querySelector('#score-table');
                const box = t.parentElement, r = box.getBoundingClientRect();
                return {table: t.scrollWidth, box: box.clientWidth, right: r.right,
                        scrolls: getComputedStyle(box).overflowX,
                        page: document.documentElement.scrollWidth}; }"""
        )
        assert sizes["page"] <= 360 and sizes["right"] <= 360, sizes
        assert sizes["table"] <= sizes["box"] or sizes["scrolls"] == "auto", sizes
        columns = len(server.api("GET", f"/api/tables/{table_id}")["table"]["seats"])
        assert len(page.query_selector_all("#score-table thead th")) >= columns
        assert errors == []
