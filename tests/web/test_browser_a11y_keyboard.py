"""Both games (and Goofspiel), start to finish, by keyboard alone (issue 29).

A person in seat 1 plays every decision with ``keyboard.press`` only (no click, no
``focus()`` from the test): the page must put the focus where the next decision starts
and keep it off <body> after every move. What the server stored is what was pressed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from web.keyboard import KeyboardPlayer
from web.players import new_page
from web.server import LiveServer

pytestmark = pytest.mark.browser


def _keyboard_game(
    browser: Any, server: LiveServer, game: str, players: int, seed: int
) -> tuple[KeyboardPlayer, list[str], list[str]]:
    """Play a whole game of `game` by keys against random bots: the player, the seat's
    actions as the server stored them, and those the page played for the person (a
    decision with one legal action is not asked)."""
    seats = [{"type": "open"}] + [{"type": "bot", "bot": "random"}] * (players - 1)
    request = {"game": game, "players": players, "seats": seats, "seed": seed}
    table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
    joined = server.api("POST", f"/api/tables/{table_id}/seats/0/join", json={"name": "Kei"})
    errors: list[str] = []
    page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
    player = KeyboardPlayer(page)
    page.goto(f"{server.url}/#/resume/{table_id}/0/{joined['token']}")
    page.wait_for_selector("#connection.open")
    player.play()
    stored = [
        a for p, a in server.api("GET", f"/api/tables/{table_id}/record")["actions"] if p == 0
    ]
    forced = [
        str(li.get_attribute("data-action")) for li in page.query_selector_all("#log li.forced")
    ]
    assert errors == []
    return player, stored, forced


def _only_pressed_and_forced(stored: list[str], pressed: list[str], forced: list[str]) -> None:
    """The record is the keys' choices in order, with the forced ones among them."""
    rest = list(stored)
    at = 0
    for action in pressed:
        while rest[at] != action:
            at += 1  # an action between two pressed ones: must be a forced one (below)
        rest.pop(at)
    assert Counter(rest) == Counter(forced), (rest, forced)


def test_a_whole_wicked_labyrinth_game_by_keyboard(browser: Any, tmp_path: Any) -> None:
    with LiveServer(tmp_path) as server:
        player, stored, forced = _keyboard_game(browser, server, "wicked-labyrinth", 3, 5)
    _only_pressed_and_forced(stored, player.pressed, forced)
    hands = [a for a in player.pressed if a[:1] == "d" and a[1:2].isdigit()]
    assert len(hands) >= 8, player.pressed  # every round's declarations, by digits and Enter
    assert any(hand.endswith(("w", "s")) for hand in hands), hands  # a sign by its key
    assert player.pressed.count("done") == 4, player.pressed  # each round's processing
    assert player.kinds["declare"] == len(hands), player.kinds
    assert player.roved == 2  # the reveal's hands, by the arrow keys
    assert player.controls >= 2  # by Tab, Enter and Space on the controls
    said = player.said()
    assert "Your turn." in said and any("Hands opened for corridor" in line for line in said), said


def test_a_whole_code_of_nine_game_by_keyboard(browser: Any, tmp_path: Any) -> None:
    with LiveServer(tmp_path) as server:
        player, stored, forced = _keyboard_game(browser, server, "code-of-nine", 4, 11)
    _only_pressed_and_forced(stored, player.pressed, forced)
    assert player.refused >= 1  # a closed location pressed: said why, nothing sent
    assert player.kinds["place"] >= 6 and player.kinds["dialog"] >= 2, player.kinds
    said = player.said()
    assert "Your turn." in said and any("Round 1 is over" in line for line in said), said


def test_a_whole_goofspiel_game_by_keyboard(browser: Any, tmp_path: Any) -> None:
    with LiveServer(tmp_path) as server:
        player, stored, forced = _keyboard_game(browser, server, "goofspiel", 2, 3)
    _only_pressed_and_forced(stored, player.pressed, forced)
    assert player.kinds["bid"] >= 12, player.kinds  # the last bid, one card left, is forced
