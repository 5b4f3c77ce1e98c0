"""Every click reaches the server: whole games played through the page, checked against
the table's record (what the server stored), not against what the page shows.

The regression (issue 15): after a corridor that resolved with no choice dialog for the
seat, the next declaration's "+", witch's sign and soul's sign kept the handlers of the
previous declaration, so clicks changed nothing and an empty hand went out. It shows
when the person is the last to put out a hand: their own action then resolves the
corridor, and the next declaration arrives in the same frame. So the person here waits
until every bot has put out its hand before committing, as a slow player would.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from web.players import is_over, join, new_page, screenshot
from web.server import LiveServer

pytestmark = pytest.mark.browser

SEED = 7


class Sent:
    """What the page sent over its WebSocket and which actions were acknowledged."""

    def __init__(self, page: Any) -> None:
        self.acks = 0
        self.errors: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", self._received)

    def _received(self, payload: Any) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        if '"ack"' in text:
            self.acks += 1
        elif '"type":"error"' in text.replace(" ", ""):
            self.errors.append(text)

    def wait_ack(self, page: Any, before: int, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while self.acks <= before and not self.errors:
            if time.monotonic() > deadline:
                raise AssertionError("the action was never acknowledged")
            page.wait_for_timeout(20)


def others_committed(page: Any, timeout: float = 5.0) -> None:
    """Wait until this seat is the only one still deciding (as a slow player would)."""
    deadline = time.monotonic() + timeout
    while len(page.query_selector_all(".seats-panel li.deciding")) > 1:
        if time.monotonic() > deadline:
            return
        page.wait_for_timeout(30)


def declare(page: Any, sent: Sent) -> str:
    """Put out a non-empty hand with a sign when one is left; the hand clicked."""
    others_committed(page)
    search = 0
    if page.is_enabled("#search-plus"):
        page.click("#search-plus")
        search = 1
    witch = soul = False
    if page.is_enabled("#witch"):
        page.check("#witch")
        witch = True
    elif page.is_enabled("#soul"):
        page.check("#soul")
        soul = True
    before = sent.acks
    page.click("#commit")
    sent.wait_ack(page, before)
    return f"d{search}{'w' if witch else ''}{'s' if soul else ''}"


def process(page: Any) -> list[str]:
    """Soul processing: promote every pair offered (tried on the server's preview),
    so the low rank does not overflow; the moves clicked, before "done"."""
    moves: list[str] = []
    for _ in range(8):
        button = page.query_selector("#processing .choices button[data-action^='pair:']:enabled")
        if button is None:
            break
        moves.append(str(button.get_attribute("data-action")))
        button.click()
        page.wait_for_function(
            f"document.querySelectorAll('#tentative li').length === {len(moves)}"
        )
    return moves


def test_wicked_labyrinth_declarations_reach_the_server_as_clicked(
    browser: Any, tmp_path: Any, screenshots: Path
) -> None:
    with LiveServer(tmp_path, bot_delay=0.05) as server:
        seats = [{"type": "open"}] + [{"type": "bot", "bot": "heuristic"}] * 4
        request = {"game": "wicked-labyrinth", "players": 5, "seats": seats, "seed": SEED}
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
        sent = Sent(page)
        join(page, server.url, table_id, 0, "Alice")

        clicked: list[str] = []
        shown_rounds: list[int] = []
        steps: list[str] = []  # "declare" and "dialog", in the order the page showed them
        deadline = time.monotonic() + 240
        while not is_over(page):
            assert time.monotonic() < deadline, "the game did not end in time"
            assert not sent.errors, sent.errors
            if page.query_selector("#declaration #commit:enabled"):
                shown_rounds.append(check_story(page, players=5))
                if shown_rounds[-1] == 2 and page.query_selector("#round-summary"):
                    screenshot(page, screenshots / "wl-round-summary.png")
                clicked.append(declare(page, sent))
                steps.append("declare")
            elif button := page.query_selector("#choice button[data-action]:enabled"):
                before = sent.acks
                clicked.append(str(button.get_attribute("data-action")))
                button.click()
                sent.wait_ack(page, before)
                steps.append("dialog")
            elif page.query_selector("#done:enabled"):
                moves = process(page)
                before = sent.acks
                page.click("#done")
                sent.wait_ack(page, before + len(moves))
                clicked.extend([*moves, "done"])
                steps.append("process")
            else:
                page.wait_for_timeout(40)

        record = server.api("GET", f"/api/tables/{table_id}/record")
        assert [a for p, a in record["actions"] if p == 0] == clicked
        # the regression's path was taken: declarations one after another with no
        # dialog between them, and hands with search pieces and signs in them
        back_to_back = sum(1 for a, b in zip(steps, steps[1:], strict=False) if a == b == "declare")
        assert back_to_back >= 4, steps
        hands = [a for a in clicked if a[0] == "d" and a[1:2].isdigit()]
        assert sum(1 for hand in hands if hand[1] != "0" and len(hand) > 2) >= 4, hands
        assert sum(1 for a in clicked if a.startswith("pair:")) >= 2, clicked
        assert {1, 2, 3, 4} <= set(shown_rounds)  # the story was checked in every round
        assert errors == []


def check_story(page: Any, players: int) -> int:
    """Before a declaration: the reveal lists this round's corridors so far, each its
    own, in the labyrinth's order; at a round's first corridor (after round 1), the
    summary of the round before. The round number shown."""
    current = page.query_selector("svg .corridor.current")
    assert current is not None
    index = int(current.get_attribute("data-index") or 0)
    order = [g.get_attribute("data-id") for g in page.query_selector_all("svg .corridor")]
    round_no = int(page.inner_text(".status-line strong").split()[1])
    shown = [
        b.get_attribute("data-corridor")
        for b in page.query_selector_all("#reveal .corridor-result")
    ]
    assert shown == order[:index]
    for block in page.query_selector_all("#reveal .corridor-result"):
        assert len(block.query_selector_all(".hand")) == players
    if index == 0 and round_no > 1:
        assert page.query_selector("#round-summary") is not None
        rows = page.query_selector_all("#round-summary tbody tr")
        assert len(rows) == players
        title = page.inner_text("#round-summary h2")
        assert f"Round {round_no - 1}" in title
    else:
        assert page.query_selector("#round-summary") is None
    return round_no


def test_a_skipped_corridor_and_the_next_in_one_step_are_told_apart(
    browser: Any, tmp_path: Any
) -> None:
    """A corridor skipped (nobody held a piece) and the next one resolved in the same
    step: each keeps its own hands and gains (the panel used to title the first and
    list the second's gains)."""
    with LiveServer(tmp_path) as server:
        errors: list[str] = []
        page = new_page(browser, errors)
        page.goto(server.url + "/")
        empty = {"search": 0, "witch": False, "soul": False}
        full = {"search": 3, "witch": True, "soul": False}
        log = [
            {
                "seq": 9,
                "events": [
                    {
                        "type": "DeclarationsRevealed",
                        "round": 1,
                        "corridor": "A1",
                        "declarations": [empty, empty],
                    },
                    {
                        "type": "CorridorRanked",
                        "round": 1,
                        "corridor": "A1",
                        "first": None,
                        "seconds": [],
                        "witch_signs": 0,
                        "soul_signs": 0,
                        "skipped": True,
                    },
                    {
                        "type": "DeclarationCommitted",
                        "player": 0,
                        "declaration": None,
                        "forced": True,
                    },
                    {
                        "type": "DeclarationsRevealed",
                        "round": 1,
                        "corridor": "B2",
                        "declarations": [full, empty],
                    },
                    {
                        "type": "CorridorRanked",
                        "round": 1,
                        "corridor": "B2",
                        "first": 0,
                        "seconds": [],
                        "witch_signs": 1,
                        "soul_signs": 0,
                        "skipped": False,
                    },
                    {"type": "TokenGained", "player": 0, "colour": "red"},
                    {"type": "Promoted", "player": 0, "colour": "red", "rank": "low", "by": "pair"},
                    {"type": "TokenGained", "player": 0, "colour": "blue"},
                ],
            },
        ]
        found = page.evaluate(
            """async (log) => {
                const { rounds } = await import('/static/games/wicked-labyrinth/rounds.js');
                return rounds(log)[0].corridors.map((c) => ({
                    corridor: c.revealed.corridor,
                    skipped: c.ranked.skipped,
                    gains: c.gains.map((g) => g.colour),
                }));
            }""",
            log,
        )
        assert found == [
            {"corridor": "A1", "skipped": True, "gains": []},
            {"corridor": "B2", "skipped": False, "gains": ["red"]},
        ]
        assert errors == []


def test_code_of_nine_actions_reach_the_server_as_clicked(browser: Any, tmp_path: Any) -> None:
    """A whole expert game of Code of Nine through the page: every placement and every
    choice the person clicks (a different one each time, not always the first) is the
    action the server stored."""
    with LiveServer(tmp_path, bot_delay=0.02) as server:
        seats = [{"type": "open"}] + [{"type": "bot", "bot": "heuristic"}] * 3
        request = {
            "game": "code-of-nine",
            "players": 4,
            "seats": seats,
            "seed": SEED,
            "options": {"expert": True},
        }
        table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
        errors: list[str] = []
        page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
        sent = Sent(page)
        join(page, server.url, table_id, 0, "Alice")

        clicked: list[str] = []
        placed: dict[int, list[str]] = {}  # round -> locations the person placed on
        summaries: list[int] = []
        turn = 0
        deadline = time.monotonic() + 240
        while not is_over(page):
            assert time.monotonic() < deadline, "the game did not end in time"
            assert not sent.errors, sent.errors
            choices = page.query_selector_all("#choice button[data-action]:enabled")
            places = page.query_selector_all("button.location.legal")
            options = [(b, str(b.get_attribute("data-action"))) for b in choices] or [
                (b, str(b.get_attribute("data-location"))) for b in places
            ]
            if not options:
                page.wait_for_timeout(40)
                continue
            round_no = int(page.inner_text("#turn strong").split()[1])
            if round_no - 1 in placed and round_no - 1 not in summaries:
                # the summary of the round that just ended: where the person placed
                summary = page.wait_for_selector("#round-summary")
                assert f"Round {round_no - 1} " in summary.inner_text()
                shown = page.query_selector_all("#round-summary tr[data-seat='0'] td.placed span")
                assert [s.get_attribute("data-location") for s in shown] == placed[round_no - 1]
                page.click("#close-summary")
                page.wait_for_selector("#round-summary", state="detached")
                summaries.append(round_no - 1)
                continue  # the screen was drawn again: look at it afresh
            button, action = options[turn % len(options)]
            if not choices:
                placed.setdefault(round_no, []).append(action)
            turn += 1
            before = sent.acks
            clicked.append(action)
            button.click()
            sent.wait_ack(page, before)

        record = server.api("GET", f"/api/tables/{table_id}/record")
        assert [a for p, a in record["actions"] if p == 0] == clicked
        assert len(clicked) >= 9
        assert len(summaries) >= 3, summaries
        # the log names places and cards, never their ids
        ids = {
            loc["id"]
            for loc in server.api("GET", f"/api/web/tables/{table_id}/reference")["locations"]
        }
        pawns = [li.inner_text() for li in page.query_selector_all("#log li.PawnPlaced")]
        assert pawns and not [p for p in pawns if set(re.findall(r"[a-z]+", p)) & ids]
        dealt = page.inner_text("#log li.CardsDealt")
        assert re.search(r"#\d+ [A-Z]", dealt), dealt
        assert errors == []
