"""Kill -9 a real server mid-game, start it again, finish: nothing acknowledged is lost.

The finished game must equal, action for action, the game the same players make with
no server and no crash at all.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from server.helpers import GAMES, ServerProcess, kill_and_resume

pytestmark = pytest.mark.slow  # real servers killed and restarted (not in --fast)


@pytest.mark.parametrize("game", GAMES)
def test_a_killed_server_resumes_every_table_exactly(tmp_path: Path, game: str) -> None:
    kill_and_resume(game, "--data-dir", str(tmp_path))


def _bot_table_record(server: ServerProcess, table_id: str, deadline: float) -> dict:
    import time

    while time.monotonic() < deadline:
        r = httpx.get(f"{server.url}/api/tables/{table_id}/record", timeout=10)
        if r.status_code == 200:
            return r.json()  # type: ignore[no-any-return]
        time.sleep(0.1)
    raise AssertionError("the bot table did not finish")


def test_bot_tables_play_on_after_a_kill_as_if_nothing_happened(tmp_path: Path) -> None:
    """Restart resumes tables nobody is connected to; bots are seeded per decision."""
    import time

    game = GAMES[0]
    body = {"game": game, "players": 3, "seed": 5, "seats": [{"type": "bot"}] * 3}
    calm = ServerProcess("--data-dir", str(tmp_path / "calm"), "--bot-delay", "0.02").start()
    crashed = ServerProcess("--data-dir", str(tmp_path / "crash"), "--bot-delay", "0.02").start()
    try:
        calm_id = httpx.post(f"{calm.url}/api/tables", json=body).json()["table"]["id"]
        crash_id = httpx.post(f"{crashed.url}/api/tables", json=body).json()["table"]["id"]
        seq, waited = 0, time.monotonic() + 30
        while seq == 0 and time.monotonic() < waited:  # the bot processes start
            time.sleep(0.2)
            seq = httpx.get(f"{crashed.url}/api/tables/{crash_id}").json()["seq"]
        crashed.kill()
        assert seq > 0
        crashed = ServerProcess(
            "--data-dir", str(tmp_path / "crash"), "--bot-delay", "0.02", port=crashed.port
        ).start()
        deadline = time.monotonic() + 60
        expected = _bot_table_record(calm, calm_id, deadline)
        resumed = _bot_table_record(crashed, crash_id, deadline)
    finally:
        calm.stop()
        crashed.stop()
    assert resumed == expected and len(resumed["actions"]) > seq


def test_loadtest_command_against_a_real_server(tmp_path: Path) -> None:
    """``tabletop loadtest`` in two client processes: tables finish, frames are leak-free."""
    import json
    import subprocess
    import sys

    server = ServerProcess("--data-dir", str(tmp_path)).start()
    try:
        exe = str(Path(sys.executable).parent / "tabletop")
        run = subprocess.run(
            [
                exe,
                "loadtest",
                "--url",
                server.url,
                "--tables",
                "3",
                "--think-ms",
                "0",
                "--check-leaks",
                "--procs",
                "2",
                "--ramp-s",
                "1",
                "--json",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        server.stop()
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout)
    assert report["ok"] and report["completed"] == 3 and report["errors"] == 0
    assert report["leaks"] == 0 and report["leak_checked_frames"] > 0
    assert report["actions"] > 0 and report["rtt_ms"]["p99"] >= report["rtt_ms"]["p50"] > 0
    assert report["setup_s"] > 0 and report["duration_s"] > 0
