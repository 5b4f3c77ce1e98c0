"""Resident memory after abandoned tables (issue 26, item 7), and what stays.

Makes N tables in one server process (the application in this process, driven through
its ASGI interface by Starlette's test client, on a fresh SQLite file), each joined by
one person who never comes back, then lets the idle sweep take them (as if
``idle_seconds`` had passed), collects and trims, and prints resident memory at each
point. A warm-up round of the same tables comes first, so caches and allocator arenas
that any server fills once are counted in the baseline, not as retained.

With ``--trace`` it also takes tracemalloc snapshots after the warm-up and after the
sweep and prints the biggest growth by allocation site (tracemalloc costs memory and
time itself: read the RSS figures of a run without it).

    nice .venv/bin/python scripts/abandoned_memory.py --tables 1500
    nice .venv/bin/python scripts/abandoned_memory.py --tables 1500 --rounds 3
    nice .venv/bin/python scripts/abandoned_memory.py --tables 1500 --trace
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import psutil
from fastapi.testclient import TestClient

from tabletop.server import ServerConfig, create_app
from tabletop.server.manager import give_back_memory

GAMES = ("code-of-nine", "wicked-labyrinth")


def rss_mb() -> float:
    return psutil.Process().memory_info().rss / 2**20


def parts() -> str:
    """Resident memory by kind (Linux): the heap's (anonymous) and mapped files'."""
    try:
        lines = Path("/proc/self/status").read_text().splitlines()
    except OSError:
        return ""
    kinds = {k: v for k, _, v in (line.partition(":") for line in lines)}
    return ", ".join(
        f"{name} {int(kinds[key].split()[0]) / 1024:.1f}"
        for name, key in (("anon", "RssAnon"), ("file", "RssFile"), ("shmem", "RssShmem"))
        if key in kinds
    )


def abandon(client: TestClient, n: int) -> None:
    """``n`` tables of three, seat 0 joined, nobody ever connecting."""
    for k in range(n):
        body = {"game": GAMES[k % 2], "players": 3}
        made = client.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        tid = made.json()["table"]["id"]
        joined = client.post(f"/api/tables/{tid}/seats/0/join", json={"name": "gone"})
        assert joined.status_code == 200, joined.text


def settle(manager: object) -> int:
    """Sweep every idle table, collect and trim; how many tables left memory."""
    gone = manager.sweep(time.monotonic() + 10 * 3600)  # type: ignore[attr-defined]
    gc.collect()
    give_back_memory()
    return len(gone)


def small_cache(kib: int) -> None:
    """Give every SQLite connection the store opens a page cache of ``kib`` KiB."""
    from tabletop.server import store

    pragmas = store._sqlite_pragmas

    def with_cache(dbapi_connection: Any, record: Any) -> None:
        pragmas(dbapi_connection, record)
        dbapi_connection.execute(f"PRAGMA cache_size=-{kib}")

    store._sqlite_pragmas = with_cache


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1500)
    parser.add_argument("--warm-up", type=int, default=300)
    parser.add_argument(
        "--rounds", type=int, default=1, help="abandon and sweep N tables this many times"
    )
    parser.add_argument("--trace", action="store_true", help="tracemalloc diff by site")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument(
        "--sqlite-cache-kib",
        type=int,
        default=0,
        help="set each SQLite connection's page cache to this many KiB (an experiment:"
        " how much of what stays is SQLite's cache; default: SQLite's own, 2,000 KiB)",
    )
    args = parser.parse_args()
    if args.sqlite_cache_kib:
        small_cache(args.sqlite_cache_kib)
    with tempfile.TemporaryDirectory() as data:
        config = ServerConfig(
            data_dir=str(Path(data)), quota_exempt=("testclient",), sweep_every=3600.0
        )
        with TestClient(create_app(config)) as client:
            manager = client.app.state.manager  # type: ignore[attr-defined]
            start = rss_mb()
            abandon(client, args.warm_up)
            settle(manager)
            if args.trace:
                tracemalloc.start(12)
            before = rss_mb()
            print(f"after warm-up by kind, MB: {parts()}")
            first = tracemalloc.take_snapshot() if args.trace else None
            for round_ in range(1, args.rounds + 1):
                abandon(client, args.tables)
                made = rss_mb()
                gone = settle(manager)
                after = rss_mb()
                print(
                    f"round {round_}: {args.tables} abandoned tables (after {args.warm_up}"
                    f" warm-up): RSS start {start:.1f} MB, after warm-up {before:.1f}, with"
                    f" the tables {made:.1f}, after the sweep {after:.1f} MB"
                    f" (+{after - before:.1f} MB over the warm-up; {gone} tables swept,"
                    f" {len(manager.tables)} left); after the sweep by kind, MB: {parts()}",
                    flush=True,
                )
            if first is not None:
                last = tracemalloc.take_snapshot()
                stats = last.compare_to(first, "traceback")
                grown = sum(s.size_diff for s in stats) / 2**20
                print(f"tracemalloc: {grown:+.2f} MB over the sweep's baseline; largest sites:")
                for stat in stats[: args.top]:
                    print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks")
                    for line in stat.traceback.format()[-6:]:
                        print(f"      {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
