"""Handing a seat whose time keeps running out to a bot, by the others' vote: who may
vote and when (refusals in the player's words), the hand-over, and the person taking
the seat back (docs/server.md, "Voting a silent seat to a bot")."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tabletop.server.errors import TableError
from tabletop.server.seatvote import VOTE_AFTER, SeatVotes
from tabletop.server.store import SeatRow

from .helpers import ServerProcess, SyncSocket, Viewer

CLOCK = 1.0
"""Seconds per decision: the silent seat's time runs out twice in about 2 s, while the
voters (answering at once) never let theirs."""


def _people(n: int) -> list[SeatRow]:
    return [SeatRow(p, "human", f"p{p}") for p in range(n)]


def test_votes_count_a_majority_of_the_people_present() -> None:
    """Two time-outs in a row make a seat votable; a seat acting itself starts over;
    of four people, the three others vote and two of them make a majority; a voter
    whose own time ran out twice in a row may not vote (nor is counted)."""
    votes, seats = SeatVotes(4), _people(4)
    votes.note(0, "clock", (0, 1))
    votes.note(0, "clock", (0, 1))  # a later step of the same decision: still one
    assert votes.streak[0] == 1 and not votes.eligible(0, seats)
    votes.note(0, "seat", None)
    assert votes.streak[0] == 0
    for step in range(VOTE_AFTER):
        votes.note(0, "clock", (0, 10 + step))
    assert votes.eligible(0, seats) and votes.needed(0, seats) == 2  # 3 voters
    for step in range(VOTE_AFTER):
        votes.note(3, "clock", (0, 20 + step))  # seat 4 is silent too: not a voter
    assert votes.voters(0, seats) == [1, 2] and votes.needed(0, seats) == 2
    with pytest.raises(TableError) as refused:
        votes.cast(3, 0, seats)
    assert refused.value.code == "not_eligible"
    assert votes.cast(1, 0, seats) is False
    with pytest.raises(TableError) as refused:
        votes.cast(1, 0, seats)
    assert refused.value.code == "already_voted"
    assert votes.cast(2, 0, seats) is True
    away = [*seats[:2], SeatRow(2, "human", "p2", "random", away=True), seats[3]]
    with pytest.raises(TableError) as refused:
        votes.cast(2, 0, away)
    assert refused.value.code == "not_seated" and "away" in refused.value.message
    assert votes.forgive(0) and votes.streak[0] == 0 and 0 not in votes.votes


def test_kept_votes_stand_after_a_restart_unless_the_seat_acted_since() -> None:
    """``SeatVotes.restore`` (at load, after the log is replayed): the votes kept in the
    database count while the seat may still be voted on and has not acted since they
    were cast; a seat that acted since (its run forgiven) starts with none."""
    seats = _people(3)
    kept = {0: ([1], 5), 1: ([0], 5)}

    votes = SeatVotes(3)
    for seq in (3, 4):
        votes.note(0, "clock", (0, seq), seq)
    votes.restore(kept, seats)
    assert votes.votes == {0: {1}}  # seat 1 may not be voted on: its vote is dropped
    assert votes.needed(0, seats) == 2 and votes.cast(2, 0, seats) is True

    votes = SeatVotes(3)
    votes.note(0, "seat", None, 6)  # acted after the votes of step 5 ...
    for seq in (7, 8):
        votes.note(0, "clock", (0, seq), seq)  # ... and timed out twice again
    votes.restore(kept, seats)
    assert votes.eligible(0, seats) and votes.votes == {}


class _Table:
    """A real server's table of three people: seat 0 silent, seats 1 and 2 answering
    every decision at once."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=30)
        body = {"game": "goofspiel", "players": 3, "clock": CLOCK, "options": {"num_cards": 13}}
        created = self.http.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        self.id = created.json()["table"]["id"]
        self.tokens = []
        base = url.replace("http", "ws", 1) + f"/ws/tables/{self.id}"
        self.viewers: list[Viewer] = []
        for seat in range(3):
            joined = self.http.post(
                f"/api/tables/{self.id}/seats/{seat}/join", json={"name": f"p{seat}"}
            )
            self.tokens.append(joined.json()["token"])
            sock = SyncSocket(base)
            sock.send_text(json.dumps({"type": "auth", "seat": seat, "token": self.tokens[-1]}))
            self.viewers.append(Viewer(sock, seat))
        self.acted: dict[int, int] = {}

    def vote(self, voter: int, target: Any, token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token or self.tokens[voter]}"}
        return self.http.post(
            f"/api/tables/{self.id}/seats/{voter}/vote", json={"target": target}, headers=headers
        )

    def pump(self, until: Callable[[dict[str, Any]], bool], seconds: float = 30) -> dict[str, Any]:
        """Read every socket, seats 1 and 2 answering their decisions, until a frame
        satisfies ``until``; that frame."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for viewer in self.viewers:
                try:
                    text = viewer.ws.ws.recv(timeout=0.02)
                except TimeoutError:
                    continue
                frame = json.loads(text)
                viewer.frames.append(frame)
                marker = frame.get("decision")
                if (
                    viewer.seat != 0
                    and frame.get("legal")
                    and self.acted.get(viewer.seat) != marker
                ):
                    self.acted[viewer.seat or 0] = marker
                    viewer.send(
                        {
                            "type": "action",
                            "seq": frame["seq"],
                            "action": frame["legal"][0],
                            "decision": marker,
                        }
                    )
                if until(frame):
                    return frame
        raise AssertionError("the frame waited for never came")

    def close(self) -> None:
        for viewer in self.viewers:
            viewer.ws.close()
        self.http.close()


def _votable(frame: dict[str, Any]) -> bool:
    return frame["type"] == "seats" and frame["table"]["seats"][0].get("timeouts", 0) >= VOTE_AFTER


@pytest.mark.slow  # over 4 s: the full suite runs it, the fast tier not
def test_the_others_vote_a_silent_seat_to_a_bot_and_its_person_takes_it_back() -> None:
    server = ServerProcess().start()
    table = _Table(server.url)
    try:

        def refused(r: httpx.Response, status: int, code: str) -> str:
            assert r.status_code == status, r.text
            assert r.json()["error"]["code"] == code, r.text
            return str(r.json()["error"]["message"])

        # before any time-out: nothing to vote on, in the player's words
        assert "run out at 2 decisions in a row (not yet)" in refused(
            table.vote(1, 0), 409, "not_timed_out"
        )
        refused(table.vote(1, 1), 409, "vote_self")
        refused(table.vote(1, 9), 404, "bad_seat")
        refused(table.vote(1, 0, token="not-a-token"), 403, "auth_failed")
        no_token = table.http.post(f"/api/tables/{table.id}/seats/1/vote", json={"target": 0})
        refused(no_token, 401, "auth_required")
        refused(
            table.http.post(
                f"/api/tables/{table.id}/seats/1/vote",
                json={"target": "seat 1"},
                headers={"Authorization": f"Bearer {table.tokens[1]}"},
            ),
            422,
            "invalid",
        )

        # seat 0's time runs out twice in a row: every page hears it may be voted on
        frame = table.pump(_votable)
        described = frame["table"]["seats"][0]
        assert (described["votes"], described["needed"]) == (0, 2)  # seats 1 and 2 vote
        refused(table.vote(0, 1), 409, "not_timed_out")  # seat 2 answers its decisions

        first = table.vote(1, 0)
        assert first.status_code == 200, first.text
        assert (first.json()["votes"], first.json()["needed"], first.json()["handed"]) == (
            1,
            2,
            False,
        )
        assert first.json()["table"]["seats"][0]["votes"] == 1
        refused(table.vote(1, 0), 409, "already_voted")
        second = table.vote(2, 0)
        assert second.status_code == 200 and second.json()["handed"] is True, second.text
        seat = second.json()["table"]["seats"][0]
        assert seat["away"] is True and seat["bot"] == "heuristic"
        handed = table.pump(lambda f: f["type"] == "vote" and f["handed"])
        assert (handed["seat"], handed["voter"], handed["votes"]) == (0, 2, 2)
        refused(table.vote(1, 0), 409, "not_a_person")

        # the bot plays seat 0 now: its time never runs out again
        seats_frame = table.pump(lambda f: f["type"] == "seats" and f["table"]["seats"][0]["away"])
        start = seats_frame["seq"]
        later = table.pump(lambda f: f["type"] == "events" and f["seq"] >= start + 6)
        assert later["seq"] >= start + 6
        timeouts = [
            f for v in table.viewers for f in v.frames if f.get("timeout") == 0 and f["seq"] > start
        ]
        assert not timeouts, timeouts

        # the person takes the seat back with their link: forgiven, playing again
        back = table.http.post(
            f"/api/tables/{table.id}/seats/0/return",
            headers={"Authorization": f"Bearer {table.tokens[0]}"},
        )
        assert back.status_code == 200, back.text
        seat = back.json()["table"]["seats"][0]
        assert seat["away"] is False and "timeouts" not in seat
        refused(table.vote(1, 0), 409, "not_timed_out")
    finally:
        table.close()
        server.stop()
