"""The per-decision clock over a whole game: every decision of a silent seat waits the
clock, however many of its earlier decisions ran out (docs/server.md, "The clock")."""

from __future__ import annotations

import json
import math
import time

import pytest

import tabletop
from tabletop.games.code_of_nine.layout import Phase as NinePhase
from tabletop.games.wicked_labyrinth.elements import Phase as LabyrinthPhase

from .helpers import Viewer, create_table

pytestmark = pytest.mark.slow  # whole games on a real clock (not in --fast)

CLOCK = 0.4
SLACK = 0.5
"""A decision counts as waited when its time-out came at least half the clock after the
frame that began it reached this page: a frame can reach it late on a loaded machine
(the timer starts when the server sends it), while the bug this pins played them at
once, within milliseconds."""


def continues_a_decision(game: str, state, previous) -> bool:  # type: ignore[no-untyped-def]
    """Whether seat 0's step in ``state`` is a later step of a decision it began earlier
    (``previous``: the state before its last step), which the clock may play at once:
    the Labyrinth's soul processing after its first step of the round (section 8), a
    Code of Nine location's follow-ups after the placement."""
    if game == "wicked-labyrinth":
        return (
            previous is not None
            and state.phase == LabyrinthPhase.SOUL_PROCESSING
            and previous.phase == LabyrinthPhase.SOUL_PROCESSING
            and previous.round == state.round
        )
    if game == "code-of-nine":
        return state.phase == NinePhase.FOLLOW
    return False  # Goofspiel: every bid is a decision of its own


def clock_played_decisions(game: str, record: dict, waited: dict[int, float]):  # type: ignore[no-untyped-def]
    """Seat 0's decisions in ``record`` as (seq, notation, seconds its page saw it wait),
    each decision's first step only (its later steps follow at once) and only where the
    wait was timed (not nan); checks on the way that the clock played every step of
    seat 0, which never acts, and that the game reached its end."""
    state = tabletop.game(game).new_game(record["players"], record["seed"], **record["options"])
    previous = None
    for seq, (seat, text) in enumerate(record["actions"], 1):
        if seat == 0:
            assert seq in waited, f"seat 0 never acts: step {seq} must be the clock's"
            if not continues_a_decision(game, state, previous) and not math.isnan(waited[seq]):
                yield seq, text, waited[seq]
            previous = state.clone()
        state.apply(seat, text)
    assert state.is_terminal()


@pytest.mark.parametrize(
    ("game", "options"), [("wicked-labyrinth", {}), ("code-of-nine", {"expert": True})]
)
def test_every_decision_of_a_silent_seat_waits_the_whole_clock(
    client, game: str, options: dict
) -> None:
    """A seat whose time runs out at every decision: each decision (each declaration,
    each round's soul processing, each Code of Nine turn) is played by the clock only
    after the clock's seconds, from the frame that began it, to the end of the game;
    only the later steps of one decision follow at once. Before the fix, the first time
    out made the clock play every later decision of the seat at once."""
    table = create_table(
        client,
        game=game,
        players=3,
        options=options,
        clock=CLOCK,
        seats=[
            {"type": "open"},
            {"type": "bot", "bot": "random"},
            {"type": "bot", "bot": "random"},
        ],
    )
    token = client.post(f"/api/tables/{table['id']}/seats/0/join", json={"name": "silent"}).json()[
        "token"
    ]
    began: dict[int, float | None] = {}  # seat 0's decision marker -> when its frame came
    waited: dict[int, float] = {}  # seq the clock played for seat 0 -> seconds it waited
    # (nan: the decision was on before the page came, so its start is not known here)
    clock_left: list[float] = []
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_text(json.dumps({"type": "auth", "seat": 0, "token": token}))
        me = Viewer(ws, 0)
        marker = None
        deadline = time.monotonic() + 120
        while not me.last.get("over"):
            assert time.monotonic() < deadline, "the game did not end"
            frame = me.recv()
            now = time.monotonic()
            if frame["type"] not in ("welcome", "events", "view"):
                continue
            if frame.get("timeout") == 0:
                start = began[marker]
                waited[frame["seq"]] = float("nan") if start is None else now - start
            marker = frame.get("decision")
            if marker is not None and marker not in began:
                # a decision already on at the welcome began before this page was here
                began[marker] = now if frame["type"] == "events" else None
                if frame["type"] == "events":
                    clock_left.append(frame["clock_left"])
    record = client.get(f"/api/tables/{table['id']}/record").json()

    decisions = 0
    for seq, text, wait in clock_played_decisions(game, record, waited):
        decisions += 1
        assert wait >= SLACK * CLOCK, (
            f"step {seq} ({text}) was played after {wait:.3f} s, not the clock's {CLOCK} s"
        )
    assert decisions >= 15, decisions  # a whole game's worth of decisions, each timed
    assert all(0 < left <= CLOCK for left in clock_left), clock_left  # a fresh clock
