"""The game clock and the vote with two workers on PostgreSQL and Redis, and a restart.

A table with a game clock is made on worker A (its owner: A's clock plays the silent
seat); its people are connected to worker B, which tells them every seat's total as A
spends it. A vote cast through B counts on A; a restart (new workers, same database)
keeps the totals and the vote, and the second vote there hands the seat to a bot.
Like the other ``services`` tests, under ``CI=true`` a missing service fails them.
"""

from __future__ import annotations

from typing import Any

import pytest

from server.helpers import Viewer, create_table, join_all
from server.test_server_services import (  # noqa: F401
    _live,
    _seat_socket,
    _wait,
    _worker,
    pg_url,
    redis_url,
)
from tabletop.server.seatvote import VOTE_AFTER
from tabletop.server.store import Store

pytestmark = pytest.mark.services

TOTAL = 2.0
INCREMENT = 0.5
"""Seat 0's first time-out comes 2.5 s into the game, the next 0.5 s later; the two
people who answer at once keep their totals, so they stay voters throughout."""


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _answer_until_votable(people: list[Viewer], silent: Viewer) -> None:
    """Seats 1 and 2 bid at each of their decisions (goofspiel: one bid a round, the
    round ending when seat 0's clock bids for it) until seat 0 may be voted on."""
    acted: dict[int, Any] = {}
    while True:
        for v in people:
            while not (v.last.get("legal") and v.last["decision"] != acted.get(v.seat)):
                v.recv()
            acted[v.seat or 0] = v.last["decision"]
            legal = v.last["legal"]
            v.send(
                {"type": "action", "seq": v.last["seq"], "decision": v.last["decision"],
                 "action": legal[len(legal) // 2]}
            )  # fmt: skip
        described = [
            f["table"]["seats"][0] for v in people for f in v.frames if f["type"] == "seats"
        ]
        if any(d.get("timeouts", 0) >= VOTE_AFTER and "needed" in d for d in described):
            return


def test_game_clock_and_vote_across_two_workers_and_a_restart(
    pg_url: str,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    with _worker(pg_url, redis_url) as a, _worker(pg_url, redis_url) as b:
        body = {"game_clock": TOTAL, "increment": INCREMENT, "options": {"num_cards": 13}}
        table = create_table(a, "goofspiel", 3, **body)
        tid = table["id"]
        tokens = join_all(a, table)
        silent, *people = [_seat_socket(b, tid, s, tokens[s]) for s in range(3)]
        owner, other = _live(a, tid), _live(b, tid)
        assert owner.owned and not other.owned
        # every seat bids from the start: its total and the increment, counting down
        assert silent.last["game_clocks"] == pytest.approx([TOTAL + INCREMENT] * 3, abs=0.2)

        _answer_until_votable(people, silent)
        # B's frames tell the total A's clock spent: seat 0's is gone, the others' kept
        _wait(lambda: other.seats[0].bank_used == TOTAL)
        while not any(f.get("game_clocks", [None])[0] == 0.0 for f in silent.frames):
            silent.recv()
        told = next(f["game_clocks"] for f in silent.frames if f.get("game_clocks", [1])[0] == 0)
        assert all(left > TOTAL - 0.5 for left in told[1:]), told
        seen = b.get(f"/api/tables/{tid}").json()["table"]["seats"]
        assert seen[0]["game_left"] == 0.0 and seen[0]["timeouts"] >= VOTE_AFTER
        assert (seen[0]["votes"], seen[0]["needed"]) == (0, 2)

        # a vote through B counts on A (the owner), and is kept in the database
        r = b.post(
            f"/api/tables/{tid}/seats/1/vote", json={"target": 0}, headers=_bearer(tokens[1])
        )
        assert r.status_code == 200 and r.json()["handed"] is False, r.text
        _wait(lambda: owner.votes.votes.get(0) == {1})
        assert a.get(f"/api/tables/{tid}").json()["table"]["seats"][0]["votes"] == 1
        again = a.post(
            f"/api/tables/{tid}/seats/1/vote", json={"target": 0}, headers=_bearer(tokens[1])
        )
        assert again.status_code == 409 and again.json()["error"]["code"] == "already_voted"

    store = Store(pg_url)
    try:
        stored = [s.bank_used for s in store.load_seats(tid)]
        assert store.load_votes(tid)[0][0] == [1]
    finally:
        store.close()
    assert stored[0] == TOTAL

    # a restart: new workers on the same database keep the totals and the vote
    with _worker(pg_url, redis_url) as c:
        seats = c.get(f"/api/tables/{tid}").json()["table"]["seats"]
        assert [s["game_left"] for s in seats] == [
            round(max(0.0, TOTAL - used), 1) for used in stored
        ]
        assert (seats[0]["votes"], seats[0]["needed"]) == (1, 2), seats[0]
        assert _live(c, tid).votes.votes == {0: {1}}
        watcher = _seat_socket(c, tid, 1, tokens[1])
        assert watcher.last["game_clocks"][0] == 0.0
        r = c.post(
            f"/api/tables/{tid}/seats/2/vote", json={"target": 0}, headers=_bearer(tokens[2])
        )
        assert r.status_code == 200, r.text
        assert (r.json()["votes"], r.json()["handed"]) == (2, True)
        handed = r.json()["table"]["seats"][0]
        assert handed["away"] is True and handed["bot"] == "heuristic"
