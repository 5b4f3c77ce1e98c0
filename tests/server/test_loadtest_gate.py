"""The load test's seating gate: nobody acts before everybody is seated, and a table
that could not be set up never holds the others back."""

from __future__ import annotations

import asyncio
from pathlib import Path

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
    """Against a server with the per-client quota, the load test's report carries the
    server's own refusal and the flag that lifts it."""
    with LiveServer(tmp_path, tables_per_client=1) as server:
        report = asyncio.run(
            asyncio.wait_for(run_loadtest(server.url, tables=3, think_ms=0, timeout=30), 60)
        )
    refused = [s for s in report.samples if "too_many_tables" in s]
    assert report.errors >= 2 and len(refused) == report.errors
    assert all("--quota-exempt" in s and "POST /api/tables: 429" in s for s in refused)
