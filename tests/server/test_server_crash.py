"""Kill -9 a real server mid-game, start it again, finish: nothing acknowledged is lost.

The finished game must equal, action for action, the game the same players make with
no server and no crash at all.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from server.helpers import GAMES, ServerProcess, connect_seats, local_policy_record, play_step
from tabletop.loadtest.runner import default_players

SEED = 77
KILL_AFTER = 25


@pytest.mark.parametrize("game", GAMES)
def test_a_killed_server_resumes_every_table_exactly(tmp_path: Path, game: str) -> None:
    players = default_players(game)
    server = ServerProcess("--data-dir", str(tmp_path)).start()
    try:
        http = httpx.Client(base_url=server.url, timeout=10)
        r = http.post("/api/tables", json={"game": game, "players": players, "seed": SEED})
        table_id = r.json()["table"]["id"]
        tokens = [
            http.post(f"/api/tables/{table_id}/seats/{s}/join", json={"name": f"p{s}"}).json()[
                "token"
            ]
            for s in range(players)
        ]
        viewers = connect_seats(server.url, table_id, tokens)
        for _ in range(KILL_AFTER):
            assert play_step(viewers, SEED)
        server.kill()  # right after the last acknowledgement
        for v in viewers:
            v.ws.close()

        server = ServerProcess("--data-dir", str(tmp_path), port=server.port).start()
        viewers = connect_seats(server.url, table_id, tokens)
        assert [v.last["seq"] for v in viewers] == [KILL_AFTER] * len(viewers)
        while play_step(viewers, SEED):
            pass
        for v in viewers:
            v.ws.close()
        record = http.get(f"/api/tables/{table_id}/record").json()
    finally:
        server.stop()
    assert record == local_policy_record(game, players, SEED, SEED)
