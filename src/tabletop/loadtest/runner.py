"""Running a load test: set up N tables over HTTP, then play them all at once."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import httpx
import orjson

import tabletop
from tabletop.loadtest.client import (
    QUOTA_HINT,
    QuotaRefused,
    SeatClient,
    SeatGate,
    SeatStats,
    SetupRefused,
)
from tabletop.loadtest.leaks import check_frames

SPECTATOR_EVERY = 10
"""With leak checks, every tenth table also has a spectator client, checked like a seat."""

SETUP_CONNECTIONS = 8
"""HTTP connections (and tables being set up at once) per client process.

Setting up is five requests a table; httpx's pool costs more CPU the more connections
it holds, and a client process busy setting up tables answers the tables already
playing late. Eight set 200 tables up twice as fast as fifty, for half the CPU.
"""


@dataclass
class LoadReport:
    """What a load test measured; ``ok`` when every table finished cleanly."""

    tables: int
    completed: int = 0
    errors: int = 0
    stale: int = 0
    conflicts: int = 0
    leaks: int = 0
    leak_checked_frames: int = 0
    hidden_events_checked: int = 0
    actions: int = 0
    setup_s: float = 0.0
    """Seconds to set up every table and seat every client, before play began."""
    duration_s: float = 0.0
    """Seconds of play, from the moment every client was seated."""
    actions_per_s: float = 0.0
    rtt_ms: dict[str, float] = field(default_factory=dict)
    samples: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list, repr=False)
    """Every round trip in seconds (for merging the reports of several processes)."""

    @property
    def ok(self) -> bool:
        return self.completed == self.tables and self.errors == 0 and self.leaks == 0

    def to_json(self, raw: bool = False) -> dict[str, Any]:
        data = {**asdict(self), "ok": self.ok}
        if not raw:
            del data["latencies"]
        return data

    @classmethod
    def merge(cls, parts: list[dict[str, Any]]) -> LoadReport:
        """One report from the raw reports of processes that ran at the same time."""
        out = cls(tables=sum(p["tables"] for p in parts))
        for name in (
            "completed",
            "errors",
            "stale",
            "conflicts",
            "leaks",
            "leak_checked_frames",
            "hidden_events_checked",
            "actions",
        ):
            setattr(out, name, sum(p[name] for p in parts))
        out.setup_s = max(p["setup_s"] for p in parts)
        out.duration_s = max(p["duration_s"] for p in parts)
        out.latencies = [x for p in parts for x in p["latencies"]]
        out.actions_per_s = round(out.actions / out.duration_s, 1) if out.duration_s else 0.0
        out.rtt_ms = _percentiles(out.latencies)
        out.samples = [x for p in parts for x in p["samples"]][:20]
        return out


def _percentiles(values: list[float]) -> dict[str, float]:
    if len(values) < 2:
        return {}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {
        "p50": round(cuts[49] * 1000, 2),
        "p95": round(cuts[94] * 1000, 2),
        "p99": round(cuts[98] * 1000, 2),
        "max": round(max(values) * 1000, 2),
    }


def default_players(game: str) -> int:
    counts = tabletop.game(game).info.player_counts
    return counts[len(counts) // 2]


def _checked(response: httpx.Response) -> dict[str, Any]:
    """The response's JSON, or :class:`SetupRefused` with the server's error code and
    message (a per-client quota names the flag that lifts it)."""
    if response.is_success:
        return response.json()  # type: ignore[no-any-return]
    try:
        error = response.json()["error"]
        reason = f"{error['code']}: {error['message']}"
    except (ValueError, KeyError, TypeError):
        reason = response.text[:200]
    where = f"{response.request.method} {response.request.url.path}"
    if response.status_code == 429:
        raise QuotaRefused(f"{where}: 429 {reason}{QUOTA_HINT}")
    raise SetupRefused(f"{where}: {response.status_code} {reason}")


async def _setup_table(http: httpx.AsyncClient, game: str, players: int) -> tuple[str, list[str]]:
    created = _checked(await http.post("/api/tables", json={"game": game, "players": players}))
    table_id = created["table"]["id"]
    tokens = []
    for seat in range(players):
        joined = _checked(
            await http.post(
                f"/api/tables/{table_id}/seats/{seat}/join", json={"name": f"load{seat}"}
            )
        )
        tokens.append(joined["token"])
    return table_id, tokens


async def _open(gate: SeatGate, before_start: Callable[[], Awaitable[None]] | None) -> float:
    """Let play begin once every client is seated (and ``before_start`` returned); when."""
    await gate.all_seated.wait()
    if before_start is not None:
        await before_start()
    gate.let_in()
    return time.perf_counter()


def _clients_of(index: int, players: int, check_leaks: bool) -> int:
    """How many clients table ``index`` has: its seats, and with leak checks maybe a
    spectator."""
    return players + (1 if check_leaks and index % SPECTATOR_EVERY == 0 else 0)


async def _play_table(
    ws_urls: list[str],
    http: httpx.AsyncClient,
    index: int,
    game: str,
    players: int,
    think: float,
    check_leaks: bool,
    seed: int,
    timeout: float,
    start_delay: float,
    setting_up: asyncio.Semaphore,
    gate: SeatGate,
) -> tuple[str, list[SeatStats], dict[str, Any] | None]:
    """Play one table; its id, its seats' stats and (to check leaks) its record.

    Its clients act ``start_delay`` seconds after the gate opens."""
    try:
        async with setting_up:
            table_id, tokens = await _setup_table(http, game, players)
    except BaseException:
        gate.arrive(_clients_of(index, players, check_leaks))  # they will never sit down
        raise

    def client(url: str, seat: int | None, token: str | None, seed: int, keep: bool) -> SeatClient:
        return SeatClient(url, table_id, seat, token, seed, think, keep, gate, start_delay)

    clients = [
        client(
            ws_urls[(index + seat) % len(ws_urls)],
            seat,
            tokens[seat],
            seed * 1_000_003 + index * 101 + seat,
            check_leaks,
        )
        for seat in range(players)
    ]
    if _clients_of(index, players, check_leaks) > players:  # a spectator
        clients.append(client(ws_urls[index % len(ws_urls)], None, None, 0, True))
    runs = [asyncio.create_task(c.run()) for c in clients]
    for run in runs:
        run.add_done_callback(lambda done: _stop_if_refused(done, runs))
    try:
        _, pending = await asyncio.wait(runs, timeout=timeout)
    finally:  # past the timeout, or the whole test stopped: no client plays on
        for run in runs:
            run.cancel()
    if pending:
        raise TimeoutError(f"table {table_id} did not end in {timeout:g} s")
    results = [
        asyncio.CancelledError() if r.cancelled() else r.exception() or r.result() for r in runs
    ]
    refused = next((r for r in results if isinstance(r, QuotaRefused)), None)
    if refused is not None:
        raise QuotaRefused(f"table {table_id} {refused}")
    stats: list[SeatStats] = []
    for seat, res in enumerate(results):
        if isinstance(res, BaseException):
            s = SeatStats()
            s.errors.append(f"table {table_id} seat {seat}: {type(res).__name__}: {res}")
            stats.append(s)
        else:
            stats.append(res)
    record = None
    if check_leaks and all(s.over for s in stats):
        r = await http.get(f"/api/tables/{table_id}/record")
        r.raise_for_status()
        record = r.json()
    return table_id, stats, record


def _stop_if_refused(done: asyncio.Task[Any], tasks: list[asyncio.Task[Any]]) -> None:
    """A quota refused a table: stop every table (the others would be refused too, or
    wait for ever on a seat whose socket was refused)."""
    if not done.cancelled() and isinstance(done.exception(), QuotaRefused):
        for task in tasks:
            task.cancel()


async def run_loadtest(
    url: str,
    tables: int,
    game: str | None = None,
    players: int | None = None,
    think_ms: float = 250.0,
    check_leaks: bool = False,
    seed: int = 0,
    timeout: float = 900.0,
    ramp_s: float = 0.0,
    first_table: int = 0,
    before_start: Callable[[], Awaitable[None]] | None = None,
    before_checks: Callable[[], Awaitable[None]] | None = None,
) -> LoadReport:
    """Play ``tables`` concurrent tables against the server(s) at ``url``.

    ``url`` may list several base URLs separated by commas (one per worker); each table's
    seats are spread over them. Without ``game`` the tables cycle through every game.
    Tables are numbered from ``first_table`` (their clients' seeds and games follow the
    number), so several processes can share one load test. Every table is set up and
    every client seated before any client acts (:class:`SeatGate`; processes sharing a
    test wait for each other in ``before_start``), and ``duration_s`` counts from there;
    the tables then start one after another over ``ramp_s`` seconds. The leak checks run once
    every table is over, after awaiting ``before_checks`` (processes sharing a test wait
    there for each other, so no process checks while another one's tables still play).
    """
    bases = [u.strip().rstrip("/") for u in url.split(",") if u.strip()]
    ws_urls = ["ws" + b[4:] if b.startswith("http") else b for b in bases]
    games = [game] if game else tabletop.games()
    report = LoadReport(tables=tables)
    latencies: list[float] = []
    # idle connections are dropped before the server's keep-alive timeout (5 s) can
    # close them under a request
    limits = httpx.Limits(max_connections=SETUP_CONNECTIONS, keepalive_expiry=2.0)
    setting_up = asyncio.Semaphore(SETUP_CONNECTIONS)
    counts = [
        players or default_players(games[(first_table + i) % len(games)]) for i in range(tables)
    ]
    gate = SeatGate(sum(_clients_of(first_table + i, n, check_leaks) for i, n in enumerate(counts)))
    async with httpx.AsyncClient(base_url=bases[0], timeout=60, limits=limits) as http:
        start = time.perf_counter()
        opening = asyncio.create_task(_open(gate, before_start))
        jobs: list[asyncio.Task[tuple[str, list[SeatStats], dict[str, Any] | None]]] = []
        for i in range(tables):
            index = first_table + i
            g = games[index % len(games)]
            job = asyncio.create_task(
                _play_table(
                    ws_urls,
                    http,
                    index,
                    g,
                    counts[i],
                    think_ms / 1000,
                    check_leaks,
                    seed,
                    timeout,
                    ramp_s * i / tables,
                    setting_up,
                    gate,
                )
            )
            job.add_done_callback(lambda done: _stop_if_refused(done, [*jobs, opening]))
            jobs.append(job)
        outcomes = await asyncio.gather(*jobs, return_exceptions=True)
        refused = next((o for o in outcomes if isinstance(o, QuotaRefused)), None)
        if refused is not None:
            opening.cancel()
            report.errors = 1
            report.samples = [f"stopped at once: {refused}"]
            report.setup_s = round(time.perf_counter() - start, 2)
            return report
        opened = await opening
        report.setup_s = round(opened - start, 2)
        report.duration_s = round(time.perf_counter() - opened, 2)
    if before_checks is not None:
        await before_checks()
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            report.errors += 1
            report.samples.append(f"{type(outcome).__name__}: {outcome}")
            continue
        table_id, stats, record = outcome
        if all(s.over for s in stats):
            report.completed += 1
        for s in stats:
            latencies.extend(s.latencies)
            report.errors += len(s.errors)
            report.stale += s.stale
            report.conflicts += s.conflicts
            report.samples.extend(s.errors[:3])
        if record is not None:
            # checked after every table is done, so checking does not slow the others
            viewers: list[int | None] = [*range(record["players"]), None][: len(stats)]
            frames: dict[int | None, Sequence[dict[str, Any]]] = {
                v: [orjson.loads(text) for text in s.frames]
                for v, s in zip(viewers, stats, strict=True)
            }
            leak = check_frames(record, frames)
            report.leaks += len(leak.problems)
            report.samples.extend(f"table {table_id}: {p}" for p in leak.problems[:3])
            report.leak_checked_frames += leak.frames
            report.hidden_events_checked += leak.hidden_events
    report.latencies = latencies
    report.actions = len(latencies)
    report.actions_per_s = (
        round(len(latencies) / report.duration_s, 1) if report.duration_s else 0.0
    )
    report.rtt_ms = _percentiles(latencies)
    report.samples = report.samples[:20]
    return report
