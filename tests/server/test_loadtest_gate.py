"""The load test's seating gate: nobody acts before everybody is seated, and a table
that could not be set up never holds the others back."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from server.helpers import free_port
from tabletop.loadtest import run_loadtest
from tabletop.loadtest.client import SeatGate
from web.server import LiveServer


def test_the_gate_opens_once_every_client_arrived_or_gave_up() -> None:
    async def scenario() -> list[bool]:
        gate = SeatGate(5)
        seen = [gate.all_seated.is_set()]
        gate.arrive()
        gate.arrive(3)  # a table of three that failed to set up
        seen.append(gate.all_seated.is_set())
        gate.arrive()
        seen.append(gate.all_seated.is_set())
        seen.append(gate.open.is_set())
        gate.let_in()
        seen.append(gate.open.is_set() and gate.opened_at > 0)
        return seen

    assert asyncio.run(scenario()) == [False, False, True, False, True]


def test_tables_that_cannot_be_set_up_are_errors_not_a_hang() -> None:
    """No server listens: every set-up fails, the gate still opens, the report says so."""
    url = f"http://127.0.0.1:{free_port()}"
    report = asyncio.run(asyncio.wait_for(run_loadtest(url, tables=3, think_ms=0, timeout=10), 30))
    assert report.errors == 3 and report.completed == 0 and not report.ok
    assert all("ConnectError" in s for s in report.samples)


def test_a_refused_set_up_says_why_and_how_to_lift_a_quota(tmp_path: Path) -> None:
    """Against a server with the per-client quota, the load test stops at the first
    refusal, and its report carries the server's own refusal and the flag that lifts it
    (before: every other table played to its end, and the refused ones were errors)."""
    with LiveServer(tmp_path, tables_per_client=1) as server:
        report = asyncio.run(
            asyncio.wait_for(run_loadtest(server.url, tables=3, think_ms=0, timeout=30), 60)
        )
    assert report.errors == 1 and report.completed == 0 and not report.ok
    (refused,) = report.samples
    assert "too_many_tables" in refused and "POST /api/tables: 429" in refused
    assert "--quota-exempt" in refused


@pytest.mark.parametrize(
    ("tables", "config"),
    [
        (40, {}),  # the case: 40 tables against a default server's 20 per address
        (3, {"sockets_per_client": 4}),  # a refused WebSocket, not a refused table
    ],
)
def test_a_quota_stops_the_load_test_at_once(
    tmp_path: Path, tables: int, config: dict[str, Any]
) -> None:
    """Before, the tables set up played on beside a seat whose socket was refused, each
    waiting for ever for that seat: the test hung for its whole table timeout."""
    with LiveServer(tmp_path, **config) as server:
        start = time.monotonic()
        report = asyncio.run(
            asyncio.wait_for(run_loadtest(server.url, tables=tables, timeout=600), 120)
        )
        took = time.monotonic() - start
    print(f"stopped after {took:.1f} s: {report.samples}")
    assert report.errors == 1 and not report.ok
    assert "--quota-exempt" in report.samples[0] and "stopped at once" in report.samples[0]
    assert took < 30
