"""Tentative soul processing (the client's undo): previews on a copy, never a leak.

A preview applies a seat's tentative actions to a copy of the table's state and shows
that seat's view of the copy. It must change nothing, agree with really playing the
same actions, and refuse anything that could draw chance or open other hands.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from server.helpers import make_client
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.state import State
from tabletop.games import REGISTRY
from tabletop.games.wicked_labyrinth.actions import Declare, Done
from tabletop.web.preview import PreviewRefused, try_actions


def processing_state(min_moves: int = 2) -> tuple[State, int]:
    """A Wicked Labyrinth state in soul processing where seat 0 has moves besides done."""
    for seed in range(200):
        state = tabletop.new_game("wicked-labyrinth", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            view = state.view(0)
            if view.phase.name == "SOUL_PROCESSING" and len(state.legal_actions(0)) > min_moves:
                return state, 0
            player = state.current_players()[0]
            legal = state.legal_actions(player)
            # seat 0 bids high so that it gains things to process
            pick = (
                legal[-1] if player == 0 and isinstance(legal[-1], Declare) else rng.choice(legal)
            )
            state.apply(player, pick)
    raise AssertionError("no seed gives seat 0 soul processing moves")


def test_a_preview_agrees_with_playing_and_changes_nothing() -> None:
    state, seat = processing_state()
    before = json.dumps(state.to_json(), sort_keys=True)
    first = next(a for a in state.legal_actions(seat) if not isinstance(a, Done))
    result = try_actions(state, seat, [first])
    assert json.dumps(state.to_json(), sort_keys=True) == before
    played = state.clone()
    played.apply(seat, first)
    assert to_jsonable(result.state.view(seat)) == to_jsonable(played.view(seat))
    assert result.state.legal_action_ids(seat) == played.legal_action_ids(seat)


def allow_all(state: State, seat: int, action: object) -> None:
    """A game's preview rule that allows every action (the safety net's tests)."""
    return None


ALLOW_ALL = f"{__name__}:allow_all"
"""``allow_all`` as a kit part reference."""


def test_done_and_declarations_are_never_previewed() -> None:
    state, seat = processing_state()
    with pytest.raises(PreviewRefused, match="commit it instead"):
        try_actions(state, seat, [Done()])
    fresh = tabletop.new_game("wicked-labyrinth", players=3, seed=1)
    with pytest.raises(PreviewRefused, match="only soul processing"):
        try_actions(fresh, 0, [fresh.legal_actions(0)[0]])


def test_whatever_a_game_allows_a_preview_stops_where_the_decision_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The safety net under the game's rule: even a rule allowing everything cannot
    preview the last declaration (it would open every hand) or 'done' (the round's end
    draws the next corridors)."""
    monkeypatch.setitem(REGISTRY.kit("wicked-labyrinth").parts, "web:preview", ALLOW_ALL)
    state = tabletop.new_game("wicked-labyrinth", players=3, seed=2)
    for seat in (1, 2):
        state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(PreviewRefused, match="would draw or reveal"):
        try_actions(state, 0, [state.legal_actions(0)[0]])
    processing, seat = processing_state()
    with pytest.raises(PreviewRefused, match="would draw or reveal"):
        try_actions(processing, seat, [Done()])


def test_a_look_at_a_hidden_card_is_never_previewed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Code of Nine's looks show a card to the looker only: even with a rule allowing
    previews, one that would show a card is refused."""
    monkeypatch.setitem(REGISTRY.kit("code-of-nine").parts, "web:preview", ALLOW_ALL)
    for seed in range(100):
        state = tabletop.new_game("code-of-nine", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_players()[0]
            names = [a.notation() for a in state.legal_actions(player)]
            if "watchtower" in names:
                first = try_actions(state, player, [state.game.action("watchtower")])
                target = first.state.legal_actions(player)[0]
                with pytest.raises(PreviewRefused, match="would draw or reveal"):
                    try_actions(state, player, [state.game.action("watchtower"), target])
                return
            state.apply(player, rng.choice(state.legal_actions(player)))
    raise AssertionError("no game offered Sooty Watchtower")


def test_games_without_tentative_moves_refuse_previews() -> None:
    state = tabletop.new_game("code-of-nine", players=3, seed=1)
    player = state.current_players()[0]
    with pytest.raises(PreviewRefused, match="no tentative actions"):
        try_actions(state, player, [state.legal_actions(player)[0]])


# ---------------------------------------------------------------- over HTTP


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def seat_in_processing(client: TestClient) -> tuple[str, str, dict[str, Any], Any]:
    """Seat 0 of a table with two bots, played over the WebSocket to soul processing."""
    for seed in range(60):
        table = client.post(
            "/api/tables",
            json={
                "game": "wicked-labyrinth",
                "players": 3,
                "seed": seed,
                "seats": [{"type": "open"}, {"type": "bot"}, {"type": "bot"}],
            },
        ).json()["table"]
        token = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "a"}).json()[
            "token"
        ]
        ws_context = client.websocket_connect(f"/ws/tables/{table['id']}")
        ws = ws_context.__enter__()
        ws.send_json({"type": "auth", "seat": 0, "token": token, "views": True})
        frame: dict[str, Any] = {}
        while True:
            incoming = ws.receive_json()
            if incoming["type"] in ("welcome", "events", "seats"):
                frame = {**frame, **incoming}
            legal = incoming.get("legal") or []
            if incoming.get("over"):
                break
            if incoming["type"] == "seats" or not legal:
                continue
            if frame["view"]["phase"] == "soul_processing":
                if len(legal) > 2:
                    return table["id"], token, frame, ws_context
                ws.send_json({"type": "action", "seq": incoming["seq"], "action": "done"})
                continue
            ws.send_json({"type": "action", "seq": incoming["seq"], "action": legal[-1]})
        ws_context.__exit__(None, None, None)
    raise AssertionError("no seed gives seat 0 soul processing moves")


def test_the_preview_route_shows_the_seat_its_own_view(client: TestClient) -> None:
    table_id, token, frame, ws_context = seat_in_processing(client)
    try:
        auth = {"Authorization": f"Bearer {token}"}
        url = f"/api/web/tables/{table_id}/seats/0/preview"
        move = next(n for n in frame["legal"] if n != "done")
        r = client.post(url, json={"seq": frame["seq"], "actions": [move]}, headers=auth)
        assert r.status_code == 200, r.text
        out = r.json()
        assert out["actions"] == [move]
        assert out["view"]["viewer"] == 0
        assert set(out) == {"seq", "actions", "view", "legal"}
        # the table did not move for seat 0 (the bots process on meanwhile)
        now = client.get(f"/api/tables/{table_id}/seats/0", headers=auth).json()
        assert now["view"]["boards"][0] == frame["view"]["boards"][0]
        assert now["legal"] == frame["legal"]

        refused = {
            "no token": (client.post(url, json={"seq": frame["seq"], "actions": [move]}), 401),
            "done": (
                client.post(url, json={"seq": frame["seq"], "actions": ["done"]}, headers=auth),
                409,
            ),
            "nonsense": (
                client.post(url, json={"seq": frame["seq"], "actions": ["fly"]}, headers=auth),
                422,
            ),
            "future": (client.post(url, json={"seq": 10**9, "actions": []}, headers=auth), 409),
            "stale": (
                client.post(url, json={"seq": frame["decision"] - 1, "actions": []}, headers=auth),
                409,
            ),
            "too many": (
                client.post(url, json={"seq": frame["seq"], "actions": [move] * 65}, headers=auth),
                422,
            ),
        }
        for name, (response, status) in refused.items():
            assert response.status_code == status, (name, response.text)
            assert response.json()["error"]["message"], name
        other = client.post(
            f"/api/web/tables/{table_id}/seats/1/preview",
            json={"seq": frame["seq"], "actions": []},
            headers=auth,
        )
        assert other.status_code == 403  # seat 0's token is no key to seat 1
    finally:
        ws_context.__exit__(None, None, None)
