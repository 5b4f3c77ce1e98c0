"""No frame to a seat carries another seat's secrets (both games, full games).

Every seat and a spectator record all their traffic through a whole game; the frames are
then compared with what the replayed record lets each of them see. A deliberately leaked
event shows that the check would catch a leak.
"""

from __future__ import annotations

import contextlib
import copy
import json

import pytest

import tabletop
from server.helpers import GAMES, Viewer, create_table, join_all, play_step
from tabletop.core.jsonutil import to_jsonable
from tabletop.loadtest.leaks import check_frames


def play_recorded_game(client, game: str, seed: int):  # type: ignore[no-untyped-def]
    # a clock too long to run out: the frames say how long each decision has left
    table = create_table(client, game=game, seed=seed, clock=600)
    tokens = join_all(client, table)
    frames: dict[int | None, list[dict]] = {}
    with contextlib.ExitStack() as stack:
        viewers = []
        hellos = [
            (s, {"type": "auth", "seat": s, "token": t, "views": True})
            for s, t in enumerate(tokens)
        ] + [(None, {"type": "spectate", "views": True})]
        for seat, hello in hellos:
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{table['id']}"))
            ws.send_text(json.dumps(hello))
            viewers.append(Viewer(ws, seat))
            viewers[-1].recv_until("welcome")
        while play_step(viewers, seed):
            pass
        for v in viewers:
            frames[v.seat] = v.frames
    record = client.get(f"/api/tables/{table['id']}/record").json()
    return record, frames


@pytest.mark.parametrize("game", GAMES)
def test_no_frame_reveals_another_seats_secrets(client, game: str) -> None:
    record, frames = play_recorded_game(client, game, seed=21)
    report = check_frames(record, frames)
    assert report.problems == []
    assert report.frames == sum(len(f) for f in frames.values())
    assert any("clock_left" in f for seat in range(record["players"]) for f in frames[seat])

    # time left is the seat's own: a spectator's frame with it is caught
    watched = copy.deepcopy(frames)
    watched[None][-1]["clock_left"] = 12.5
    assert check_frames(record, watched).problems
    if tabletop.game(game).info.hidden_information:
        assert report.hidden_events > 0  # the game really hid things from someone

    # a frame carrying the full version of an event hidden from seat 0 is caught
    state = tabletop.new_game(game, players=record["players"], seed=record["seed"])
    hidden_at = None
    for seq, (player, text) in enumerate(record["actions"], start=1):
        hidden = [e for e in state.apply(player, text) if e.for_player(0) != e]
        if hidden:
            hidden_at = seq
            break
    if hidden_at is None:
        assert not tabletop.game(game).info.hidden_information, "seat 0 never had a secret"
        return
    leaky = copy.deepcopy(frames)
    frame = next(f for f in leaky[0] if f["type"] == "events" and f["seq"] == hidden_at)
    frame["events"] = [to_jsonable(e) for e in hidden]
    assert check_frames(record, leaky).problems


def test_wicked_labyrinth_declarations_stay_closed_until_the_reveal(client) -> None:
    """Rulings, "What is hidden": others see only that a player has committed."""
    record, frames = play_recorded_game(client, "wicked-labyrinth", seed=4)
    seen_committed = 0
    for viewer, received in frames.items():
        for frame in received:
            for event in frame.get("events", []):
                if event["type"] == "DeclarationCommitted" and event["player"] != viewer:
                    assert event["declaration"] is None
                    seen_committed += 1
            view = frame.get("view")
            if view is not None and viewer is None:
                assert view["my_declaration"] is None
    assert seen_committed > 0
