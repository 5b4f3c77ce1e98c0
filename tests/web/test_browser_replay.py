"""The replay viewer in words: each step's caption says the choice as its button said it
(never the notation the server stores), and the keyboard steps through the game."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tabletop.web.games import strings
from web.players import new_page
from web.server import LiveServer

pytestmark = pytest.mark.browser

EN = strings("en")


def _finished_bot_table(server: LiveServer, game: str, players: int, **body: Any) -> str:
    seats = [{"type": "bot", "bot": "random"}] * players
    request = {"game": game, "players": players, "seats": seats, "seed": 3, **body}
    table_id = str(server.api("POST", "/api/tables", json=request)["table"]["id"])
    deadline = time.monotonic() + 120
    while server.api("GET", f"/api/tables/{table_id}")["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    return table_id


def _captions(page: Any, count: int) -> list[str]:
    """The captions of steps 1..count, stepping with the right arrow key."""
    shown = []
    for step in range(1, count + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            f"document.getElementById('replay-position').textContent.startsWith('Step {step} ')"
        )
        shown.append(page.inner_text("#replay-caption"))
    return shown


def _declaration(notation: str) -> str:
    m = re.fullmatch(r"d(\d)(w?)(s?)", notation)
    assert m is not None
    parts = [EN["wl.searchN"].replace("{n}", m[1])]
    if m[2]:
        parts.append(EN["wl.witchSign"])
    if m[3]:
        parts.append(EN["wl.soulSign"])
    return " + ".join(parts)


def test_wicked_labyrinth_replay_captions_and_keys(browser: Any, tmp_path: Any) -> None:
    errors: list[str] = []
    with LiveServer(tmp_path, bot_delay=0.0) as server:
        table_id = _finished_bot_table(server, "wicked-labyrinth", 3)
        steps = server.api("GET", f"/api/web/tables/{table_id}/replay?viewer=spectator")["steps"]
        page = new_page(browser, errors)
        page.goto(f"{server.url}/#/replay/{table_id}?viewer=spectator")
        page.wait_for_selector("#replay-position")
        count = 12
        captions = _captions(page, count)
        for step, caption in zip(steps[:count], captions, strict=True):
            who = EN["table.botName"].format(n=step["seat"] + 1, bot=EN["bot.random"])
            hand = re.fullmatch(r"d\d\w*", step["action"])
            words = _declaration(step["action"]) if hand else None
            assert caption.startswith(f"{who}'s choice: "), caption
            if words is not None:
                assert caption == f"{who}'s choice: {words}"
            assert step["action"] not in caption.split(": ", 1)[1].split()
        page.keyboard.press("End")
        page.wait_for_function(
            "document.getElementById('replay-position').textContent === "
            f"'Step {len(steps)} of {len(steps)}'"
        )
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(
            "document.getElementById('replay-position').textContent.startsWith("
            f"'Step {len(steps) - 1} ')"
        )
        page.keyboard.press("Home")
        page.wait_for_function(
            "document.getElementById('replay-position').textContent.startsWith('Step 0 ')"
        )
    assert errors == []


def test_code_of_nine_replay_names_places_not_ids(browser: Any, tmp_path: Any) -> None:
    errors: list[str] = []
    with LiveServer(tmp_path, bot_delay=0.0) as server:
        table_id = _finished_bot_table(server, "code-of-nine", 3, options={"expert": True})
        steps = server.api("GET", f"/api/web/tables/{table_id}/replay?viewer=0")["steps"]
        board = server.api("GET", f"/api/web/tables/{table_id}/replay/0?viewer=0")["view"]
        names = {loc["id"]: loc["name"] for loc in board["locations"]}
        page = new_page(browser, errors)
        page.goto(f"{server.url}/#/replay/{table_id}?viewer=0")
        page.wait_for_selector("#replay-position")
        count = min(len(steps), 16)
        captions = _captions(page, count)
        placements = 0
        for step, caption in zip(steps[:count], captions, strict=True):
            said = caption.split(": ", 1)[1]
            if step["action"] in names:
                assert said == EN["con.act.place"].replace("{location}", names[step["action"]])
                placements += 1
            assert not set(re.findall(r"[a-z]+", said)) & set(names), caption
            assert ":" not in said, caption  # no notation such as item:coin
        assert placements >= 3
    assert errors == []
