"""CPU per request of the server's reads: lobby, events, replay, a spectator's view.

Plays 50 tables of random bots to their end in one process (the application through
its ASGI interface, as the tests drive it), then reads each route 200 times and prints
the process's CPU time per request (the in-process client's included: ``/healthz``
shows what that costs alone). docs/server.md quotes its figures. Run:
``TABLETOP_PURE_PYTHON=1 .venv/bin/python scripts/readcost.py``.
"""

from __future__ import annotations

import tempfile
import time
import warnings

warnings.filterwarnings("ignore")

from fastapi.testclient import TestClient  # noqa: E402

from tabletop.server import ServerConfig  # noqa: E402
from tabletop.web.app import create_app  # noqa: E402

GAMES = ("wicked-labyrinth", "code-of-nine")
TABLES = 25
"""Tables of each game."""
READS = 200


def main() -> None:
    config = ServerConfig(
        data_dir=tempfile.mkdtemp(), quota_exempt=("testclient",), http_rate=1e9, http_burst=1e9
    )
    with TestClient(create_app(config)) as client:
        ids: dict[str, list[str]] = {game: [] for game in GAMES}
        for game in GAMES:
            for seed in range(TABLES):
                seats = [{"type": "bot", "bot": "random"}] * 3
                body = {"game": game, "players": 3, "seats": seats, "seed": seed}
                ids[game].append(client.post("/api/tables", json=body).json()["table"]["id"])
        for table_id in (t for tables in ids.values() for t in tables):
            while not client.get(f"/api/tables/{table_id}").json()["over"]:
                time.sleep(0.05)

        def cost(path: str) -> float:
            client.get(path)
            start = time.process_time()
            for _ in range(READS):
                response = client.get(path)
                if response.status_code != 200:
                    raise RuntimeError(f"{path}: {response.text}")
            return (time.process_time() - start) / READS * 1000

        first = {game: tables[0] for game, tables in ids.items()}
        steps = {g: client.get(f"/api/tables/{t}").json()["seq"] for g, t in first.items()}
        print(f"steps of the first game of each: {steps}")
        reads = [
            ("/healthz (the client's and the app's own cost)", "/healthz"),
            ("lobby (50 rows)", "/api/tables"),
            *((f"events after=0, {g}", f"/api/tables/{t}/events") for g, t in first.items()),
            *((f"replay (web), {g}", f"/api/web/tables/{t}/replay") for g, t in first.items()),
            ("a spectator's view", f"/api/tables/{first[GAMES[0]]}"),
        ]
        for name, path in reads:
            print(f"{name}: {cost(path):.2f} ms of CPU per request")


if __name__ == "__main__":
    main()
