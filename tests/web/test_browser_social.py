"""Playing together in a real browser: table chat, turn alerts, continuing on another
device, the back button, rematch and the lobby's rows. Each test checks what the
server received or stored, not only what the page shows."""

from __future__ import annotations

import io
import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import httpx
import pytest
from websockets.sync.client import connect

from tabletop.server import chat
from web.players import is_over, join, new_page, screenshot
from web.server import LiveServer

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

COUNT_CHIMES = """
window.__chimes = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__chimes += 1;
  return start.apply(this, args);
};
"""
"""Counts the oscillators the page starts: each chime is two of them."""


def _table(server: LiveServer, seats: list[dict[str, Any]], **body: Any) -> str:
    request = {"game": "wicked-labyrinth", "players": len(seats), "seats": seats, **body}
    return str(server.api("POST", "/api/tables", json=request)["table"]["id"])


def _chat(server: LiveServer, table_id: str) -> list[dict[str, Any]]:
    return server.api("GET", f"/api/tables/{table_id}/chat")["messages"]  # type: ignore[no-any-return]


def test_chat_reaches_seats_and_spectators_as_text_and_stays(
    browser: Any, tmp_path: Path, screenshots: Path
) -> None:
    errors: list[str] = []
    with LiveServer(tmp_path, bot_delay=0.2) as server:
        table_id = _table(server, [{"type": "open"}, {"type": "open"}, {"type": "bot"}])
        alice = new_page(browser, errors, viewport={"width": 1280, "height": 900})
        bob = new_page(browser, errors, **PHONE)
        watcher = new_page(browser, errors)
        join(alice, server.url, table_id, 0, "Alice")
        join(bob, server.url, table_id, 1, "Bob")
        watcher.goto(f"{server.url}/#/watch/{table_id}")
        watcher.wait_for_selector("#connection.open")
        assert watcher.query_selector("#chat-form") is None  # spectators read only

        alice.fill("#chat-input", "good luck <b>Bob</b> & all")
        alice.press("#chat-input", "Enter")
        for page in (alice, bob, watcher):
            line = page.wait_for_selector("#chat-log li .chat-text")
            assert line.inner_text() == "good luck <b>Bob</b> & all"
            assert page.query_selector("#chat-log b") is None  # text, never markup
        assert alice.input_value("#chat-input") == ""
        bob.fill("#chat-input", "thanks!")
        bob.click("#chat-send")
        watcher.wait_for_selector("#chat-log li:nth-child(2):has-text('Bob: thanks!')")
        stored = _chat(server, table_id)
        assert [(m["seat"], m["name"], m["text"]) for m in stored] == [
            (0, "Alice", "good luck <b>Bob</b> & all"),
            (1, "Bob", "thanks!"),
        ]
        assert server.api("GET", f"/api/tables/{table_id}")["seq"] < 10  # not game moves
        screenshot(alice, screenshots / "chat.png")

        # too fast: the page says why, the text stays in the box, the server kept the rest
        sent = []
        for i in range(chat.BURST + 20):  # the bucket refills as the sends take time
            alice.fill("#chat-input", f"spam {i}")
            alice.press("#chat-input", "Enter")
            alice.wait_for_function(
                "document.getElementById('chat-input').value === '' || "
                "document.getElementById('chat-error') !== null",
                timeout=5000,
            )
            if alice.query_selector("#chat-error") is not None:
                break
            sent.append(f"spam {i}")
        assert "too fast" in alice.inner_text("#chat-error")
        assert alice.input_value("#chat-input") == f"spam {len(sent)}"
        texts = [m["text"] for m in _chat(server, table_id)]
        assert texts[2:] == sent  # the refused one is stored nowhere
        bob.reload()  # a reload shows the chat from the server
        bob.wait_for_selector("#chat-log li:has-text('good luck')")
        assert len(bob.query_selector_all("#chat-log li")) == len(texts)
    assert [e for e in errors if "429" not in e and "WebSocket" not in e] == []


def test_the_chat_stays_where_its_reader_scrolled_until_a_new_message(
    browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    with LiveServer(tmp_path) as server:
        table_id = _table(server, [{"type": "open"}, {"type": "open"}, {"type": "bot"}])
        tokens = [
            server.api("POST", f"/api/tables/{table_id}/seats/{s}/join", json={"name": n})["token"]
            for s, n in enumerate(["Ann", "Bob"])
        ]

        def say(seat: int, text: str) -> None:
            httpx.post(
                f"{server.url}/api/tables/{table_id}/seats/{seat}/chat",
                json={"text": text},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            ).raise_for_status()

        for i in range(chat.BURST):
            say(0, f"ann {i}")
            say(1, f"bob {i}")
        page = new_page(browser, errors)
        page.goto(f"{server.url}/#/watch/{table_id}")
        page.wait_for_selector("#chat-log li:nth-child(10)")
        page.wait_for_function("(l => l.scrollTop > 0)(document.getElementById('chat-log'))")
        page.evaluate("document.getElementById('chat-log').scrollTop = 0")
        seq = server.api("GET", f"/api/tables/{table_id}")["seq"]
        url = server.url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
        with connect(url) as ws:  # Ann moves: the page redraws, the chat stays put
            ws.send(json.dumps({"type": "auth", "seat": 0, "token": tokens[0]}))
            legal = json.loads(ws.recv())["legal"]
            ws.send(json.dumps({"type": "action", "seq": seq, "action": legal[0]}))
            page.wait_for_function(
                f"[...document.querySelectorAll('#log li')].some(li => li.dataset.seq > {seq})"
            )
        assert page.evaluate("document.getElementById('chat-log').scrollTop") == 0
        time.sleep(1.1 / chat.RATE)
        say(0, "new one")
        page.wait_for_selector("#chat-log li:has-text('new one')")
        page.wait_for_function(
            "(l => l.scrollTop + l.clientHeight >= l.scrollHeight - 2)"
            "(document.getElementById('chat-log'))"
        )
    assert errors == []


def test_the_tab_title_and_the_sound_say_when_it_is_your_turn(browser: Any, tmp_path: Path) -> None:
    """Alice declares first, so her turn ends until Bob declares; then her next one
    begins: the title says so again, and the chime (turned on) plays once."""
    errors: list[str] = []
    with LiveServer(tmp_path) as server:
        table_id = _table(server, [{"type": "open"}, {"type": "open"}, {"type": "bot"}])
        context = browser.new_context()
        context.add_init_script(COUNT_CHIMES)
        alice = context.new_page()
        alice.on("pageerror", lambda exc: errors.append(str(exc)))
        bob = new_page(browser, errors)
        join(alice, server.url, table_id, 0, "Alice")
        join(bob, server.url, table_id, 1, "Bob")
        alice.wait_for_selector("#declaration")
        assert alice.title() == "(Your turn) tabletop"
        assert alice.evaluate("window.__chimes") == 0  # the sound is off by default
        assert alice.get_attribute("#sound-toggle", "aria-pressed") == "false"
        alice.click("#sound-toggle")  # on: a sample chime on the click
        assert alice.get_attribute("#sound-toggle", "aria-pressed") == "true"
        assert alice.evaluate("window.__chimes") == 2
        alice.click("#commit")
        alice.wait_for_function("document.title === 'tabletop'")  # Bob decides now
        assert alice.evaluate("window.__chimes") == 2
        bob.wait_for_selector("#declaration")
        bob.click("#commit")
        alice.wait_for_function("document.title === '(Your turn) tabletop'")
        assert alice.evaluate("window.__chimes") == 4  # one chime as the turn began
        steps = server.api("GET", f"/api/tables/{table_id}/events")["steps"]
        assert any(e["type"] == "DeclarationsRevealed" for s in steps for e in s["events"])
        alice.select_option("#lang", "ja")
        alice.wait_for_function("document.title === '（あなたの番）tabletop'")
    assert errors == []


def _decode_qr(png: bytes) -> str:
    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(found) == 1, "no QR code could be read"
    return str(found[0].text)


def test_continue_on_another_device_by_link_or_qr_code(
    browser: Any, live_server: LiveServer
) -> None:
    errors: list[str] = []
    table_id = _table(live_server, [{"type": "open"}, {"type": "bot"}, {"type": "bot"}])
    desktop = new_page(browser, errors)
    join(desktop, live_server.url, table_id, 0, "Alice")
    desktop.wait_for_selector("#declaration")
    desktop.click("#continue-button")
    link = desktop.input_value("#resume-link")
    qr = desktop.wait_for_selector("#resume-qr")
    assert _decode_qr(qr.screenshot()) == link  # the code says exactly the link
    assert link.startswith(f"{live_server.url}/#/resume/{table_id}/0/")
    token = unquote(link.rsplit("/", 1)[1])

    watcher = new_page(browser, errors)  # a spectator has no secret to show
    watcher.goto(f"{live_server.url}/#/watch/{table_id}")
    watcher.wait_for_selector("#connection.open")
    assert watcher.query_selector("#continue-button") is None

    phone = new_page(browser, errors, **PHONE)  # the other device: nothing stored yet
    phone.goto(link)
    phone.wait_for_selector("#declaration")
    assert re.search(rf"#/table/{table_id}\?seat=0$", phone.url)  # the secret left the URL
    phone.click("#search-plus")
    phone.click("#commit")
    phone.wait_for_selector("#log li:has-text('You put out a closed hand')")
    desktop.wait_for_selector("#log li:has-text('You put out a closed hand')")
    seat = httpx.get(
        f"{live_server.url}/api/tables/{table_id}/seats/0",
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    events = live_server.api("GET", f"/api/tables/{table_id}/events")["steps"]
    revealed = [e for s in events for e in s["events"] if e["type"] == "DeclarationsRevealed"]
    assert revealed and revealed[0]["declarations"][0]["search"] == 1  # the phone's hand
    assert seat["seat"] == 0
    assert errors == []


def test_back_and_join_on_a_held_seat_lead_to_the_table(
    browser: Any, live_server: LiveServer
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    table_id = _table(live_server, [{"type": "open"}, {"type": "open"}, {"type": "bot"}])
    page.goto(f"{live_server.url}/#/")
    page.wait_for_selector(f".table-row[data-id='{table_id}']")
    page.click(f".table-row[data-id='{table_id}'] a:has-text('Join')")
    held: list[Any] = []  # the table's chat history, held back until the person left
    page.route("**/chat?after=*", lambda route: held.append(route))
    page.fill("#player-name", "Alice")
    page.click("#join")
    page.wait_for_selector("#connection.open")
    page.go_back()  # the join form is not in the history any more: the lobby
    page.wait_for_function("location.hash === '#/'")
    page.wait_for_selector("#create")
    assert held, "the table asked for its chat"
    for route in held:  # answered now, it must not draw the table over the lobby
        route.continue_()
    page.unroute("**/chat?after=*")
    page.wait_for_timeout(500)
    assert page.query_selector("#create") is not None
    assert page.query_selector(".table-screen") is None
    assert page.query_selector("#player-name") is None
    page.goto(f"{live_server.url}/#/join/{table_id}/0")  # an old link to the held seat
    page.wait_for_selector("#connection.open")
    assert f"#/table/{table_id}?seat=0" in page.url
    assert page.query_selector("#player-name") is None
    assert page.query_selector(".toast.error") is None
    seats = live_server.api("GET", f"/api/tables/{table_id}")["table"]["seats"]
    assert [(s["kind"], s["name"]) for s in seats[:2]] == [("human", "Alice"), ("open", None)]
    assert errors == []


def test_rematch_moves_who_accepts_to_a_table_with_the_same_seats(
    browser: Any, live_server: LiveServer
) -> None:
    errors: list[str] = []
    old_id = _table(
        live_server,
        [{"type": "open"}, {"type": "open"}, {"type": "bot", "bot": "heuristic"}],
        clock=120,
    )
    alice = new_page(browser, errors)
    bob = new_page(browser, errors)
    eve = new_page(browser, errors)
    join(alice, live_server.url, old_id, 0, "Alice")
    join(bob, live_server.url, old_id, 1, "Bob")
    for page in (alice, bob):  # the game goes faster with bots in their seats
        page.click("#leave-seat")
        page.wait_for_selector("#return-seat")
    deadline = time.monotonic() + 90
    while not (is_over(alice) and is_over(bob)):
        assert time.monotonic() < deadline, "the game did not end"
        alice.wait_for_timeout(200)

    watcher = new_page(browser, errors)
    watcher.goto(f"{live_server.url}/#/watch/{old_id}")
    watcher.wait_for_selector("#final")
    assert watcher.query_selector("#rematch") is None  # spectators cannot ask
    alice.click("#rematch")
    alice.wait_for_url(re.compile(r"#/table/(?!" + old_id + r")\w+\?seat=0$"))
    new_id = alice.url.split("#/table/")[1].split("?")[0]
    alice.wait_for_selector("#waiting-room .kept:has-text('Bob')")
    accept = bob.wait_for_selector("#rematch-accept")  # told by the server's frame

    eve.goto(f"{live_server.url}/#/join/{new_id}/1")  # Bob's seat is kept for Bob
    eve.fill("#player-name", "Eve")
    eve.click("#join")
    assert "kept for its player" in eve.wait_for_selector(".toast.error").inner_text()

    watch = watcher.wait_for_selector("#rematch-watch")  # but are told, and may follow
    assert watch.get_attribute("href") == f"#/watch/{new_id}"
    accept.click()
    bob.wait_for_url(re.compile(rf"#/table/{new_id}\?seat=1$"))
    for page in (alice, bob):
        page.wait_for_selector("#declaration")
    old = live_server.api("GET", f"/api/tables/{old_id}")["table"]
    new = live_server.api("GET", f"/api/tables/{new_id}")["table"]
    assert old["rematch"] == new_id
    assert (new["players"], new["options"], new["clock"], new["status"]) == (
        3,
        old["options"],
        120,
        "playing",
    )
    assert [(s["kind"], s["name"], s.get("bot")) for s in new["seats"]] == [
        ("human", "Alice", None),
        ("human", "Bob", None),
        ("bot", "heuristic", "heuristic"),
    ]
    tokens = bob.evaluate("JSON.parse(localStorage.getItem('tabletop.seats'))")
    assert tokens[new_id]["1"]["token"] != tokens[old_id]["1"]["token"]
    assert [e for e in errors if "409" not in e] == []


def test_a_rematch_need_not_wait_for_someone_who_does_not_come(
    browser: Any, live_server: LiveServer
) -> None:
    errors: list[str] = []
    old_id = _table(live_server, [{"type": "open"}, {"type": "open"}, {"type": "bot"}])
    alice = new_page(browser, errors)
    join(alice, live_server.url, old_id, 0, "Alice")
    bob = live_server.api("POST", f"/api/tables/{old_id}/seats/1/join", json={"name": "Bob"})
    for seat, token in (
        (
            0,
            alice.evaluate("JSON.parse(localStorage.getItem('tabletop.seats'))")[old_id]["0"][
                "token"
            ],
        ),
        (1, bob["token"]),
    ):
        httpx.post(
            f"{live_server.url}/api/tables/{old_id}/seats/{seat}/leave",
            headers={"Authorization": f"Bearer {token}"},
        ).raise_for_status()
    alice.wait_for_selector("#final #score-table", timeout=90_000)
    alice.click("#rematch")
    button = alice.wait_for_selector("#fill-kept-1")
    assert button.inner_text() == "Give Bob's seat to a bot"
    button.click()
    alice.wait_for_selector("#declaration")  # the game started
    new_id = alice.url.split("#/table/")[1].split("?")[0]
    seats = live_server.api("GET", f"/api/tables/{new_id}")["table"]["seats"]
    assert [(s["kind"], s.get("bot")) for s in seats] == [
        ("human", None),
        ("bot", "random"),
        ("bot", "random"),
    ]
    assert errors == []


def test_lobby_rows_show_seats_names_status_age_and_bot_tables(
    browser: Any, live_server: LiveServer
) -> None:
    errors: list[str] = []
    people = _table(
        live_server, [{"type": "open"}, {"type": "open"}, {"type": "bot", "bot": "heuristic"}]
    )
    live_server.api("POST", f"/api/tables/{people}/seats/0/join", json={"name": "Alice"})
    page = new_page(browser, errors)
    page.goto(f"{live_server.url}/#/")
    page.select_option("#game", "wicked-labyrinth")
    page.select_option("#players", "3")
    for i in range(3):
        page.select_option(f"select[name=seat{i}]", "random")
    page.click("#create")
    created = page.wait_for_selector("#created")
    assert "Every seat is a bot" in created.inner_text()
    assert "every seat is taken" not in created.inner_text()
    bots = [
        t
        for t in live_server.api("GET", "/api/tables")["tables"]
        if all(s["kind"] == "bot" for s in t["seats"])
    ]
    assert len(bots) == 1
    row = page.wait_for_selector(f".table-row[data-id='{people}']")
    seats = [li.inner_text() for li in row.query_selector_all(".row-seats li")]
    assert seats == ["Alice", "open", "Bot: heuristic"]
    assert "waiting for players" in row.inner_text()
    assert row.query_selector(".bots-only") is None
    assert re.search(r"now|seconds? ago", row.query_selector(".age").inner_text())
    bot_row = page.wait_for_selector(f".table-row[data-id='{bots[0]['id']}']")
    assert bot_row.query_selector(".bots-only").inner_text() == "bots only"
    page.select_option("#lang", "ja")
    badge = f".table-row[data-id='{bots[0]['id']}'] .bots-only:has-text('ボットのみ')"
    page.wait_for_selector(badge)
    assert errors == []


def test_the_lobby_pages_through_older_tables(browser: Any, tmp_path: Path) -> None:
    """The lobby shows the server's first page and asks for the next one on request."""
    errors: list[str] = []
    with LiveServer(tmp_path, lobby_page=2) as server:
        made = [_table(server, [{"type": "open"}] * 3) for _ in range(3)]
        page = new_page(browser, errors)
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("#lobby-older")
        shown = page.eval_on_selector_all(".table-row", "rows => rows.map(r => r.dataset.id)")
        assert shown == made[:0:-1]  # the newest two
        page.click("#lobby-older")
        page.wait_for_selector(f".table-row[data-id='{made[0]}']")
        assert page.query_selector("#lobby-older") is None  # nothing older
        assert len(page.query_selector_all(".table-row")) == 3
    assert errors == []
