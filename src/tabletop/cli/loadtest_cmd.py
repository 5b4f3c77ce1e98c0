"""``tabletop loadtest``: many concurrent tables against a running server."""

from __future__ import annotations

import asyncio
import json

import typer


def loadtest(
    url: str = typer.Option(
        "http://127.0.0.1:8000",
        "--url",
        help="Server base URL; several, comma-separated, spread the seats.",
    ),
    tables: int = typer.Option(10, "--tables", min=1, help="Concurrent tables."),
    game: str = typer.Option("", "--game", help="Game to play (default: cycle through all)."),
    players: int = typer.Option(
        0, "--players", min=0, help="Players per table (default: game's middle count)."
    ),
    think_ms: float = typer.Option(
        250.0, "--think-ms", min=0, help="Wait before each decision (ms)."
    ),
    check_leaks: bool = typer.Option(
        False, "--check-leaks", help="Check every frame against the seat's own view."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the clients' choices."),
    timeout: float = typer.Option(900.0, "--timeout", min=1, help="Seconds a table may take."),
    ramp_s: float = typer.Option(
        5.0,
        "--ramp-s",
        min=0,
        help="Once everyone is seated, start the tables one after another over this many seconds.",
    ),
    procs: int = typer.Option(
        1, "--procs", min=1, max=16, help="Client processes sharing the tables."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Bots play full games through the real WebSocket protocol; fails on errors or leaks."""
    from tabletop.loadtest import run_loadtest
    from tabletop.loadtest.processes import run_in_processes

    options = {
        "url": url,
        "game": game or None,
        "players": players or None,
        "think_ms": think_ms,
        "check_leaks": check_leaks,
        "seed": seed,
        "timeout": timeout,
        "ramp_s": ramp_s,
    }
    if procs > 1:
        report = run_in_processes(procs, tables, **options)
    else:
        from tabletop.loadtest.worker import prepare_process

        prepare_process()
        report = asyncio.run(run_loadtest(tables=tables, **options))  # type: ignore[arg-type]
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
    else:
        rtt = report.rtt_ms
        typer.echo(
            f"tables {report.completed}/{report.tables} completed, errors {report.errors}, "
            f"stale {report.stale}, leaks {report.leaks}"
            + (f" ({report.leak_checked_frames} frames checked)" if check_leaks else "")
        )
        typer.echo(
            f"actions {report.actions} in {report.duration_s} s = {report.actions_per_s}/s; "
            f"round trip ms p50 {rtt.get('p50')} p95 {rtt.get('p95')} p99 {rtt.get('p99')} "
            f"max {rtt.get('max')}"
        )
        for line in report.samples:
            typer.echo(f"  {line}")
    if not report.ok:
        raise typer.Exit(1)
