"""Server settings, read once at startup (from the CLI or, for workers, the environment)."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

ENV_VAR = "TABLETOP_SERVER_CONFIG"

DEFAULT_BOT_LIMITS: dict[str, float] = {
    "time": 2.0,
    "ceiling": 2.0,
    "iterations": 4000,
    "samples": 64,
    "depth": 200,
    "horizon": 12,
    "c": 100.0,
    "bias": 100.0,
    "margin": 1.0,
    "budget": 5000,
    "aggression": 10.0,
    "spite": 10.0,
    "future": 10.0,
    "will": 10.0,
    "info": 10.0,
    "guard": 10.0,
}
"""Each numeric bot parameter's largest value on a server (``time`` in seconds per
decision, ``ceiling`` the wall-clock cap of a ``clock=cpu`` search's decision;
``iterations`` of search; ``samples``, ``depth``, ``horizon``, ``budget`` bound the
search's work; the rest are weights)."""


def default_data_dir() -> Path:
    """Where the embedded SQLite database lives when no ``--db`` is given."""
    base = os.environ.get("TABLETOP_DATA_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "tabletop"


@dataclass(frozen=True)
class ServerConfig:
    """Everything a server process needs; frozen so every worker sees the same."""

    db_url: str = ""
    """Any SQLAlchemy URL; empty means SQLite in ``data_dir`` (WAL mode)."""
    data_dir: str = field(default_factory=lambda: str(default_data_dir()))
    redis_url: str = ""
    """Redis for pub/sub between worker processes; empty means in-process only."""
    max_message_bytes: int = 8192
    """Largest WebSocket text message the server reads; larger ones get ``too_large``."""
    max_body_bytes: int = 256 << 10
    """Largest HTTP request body (card data for a table is some kilobytes)."""
    max_json_depth: int = 32
    """Deepest nesting of arrays and objects in a request body or WebSocket message."""
    max_options_bytes: int = 64 << 10
    """Largest table options as JSON (a card set is about 4 KiB)."""
    max_option_text: int = 200
    """Longest text in table options: a card id, a title, a key."""
    max_option_items: int = 200
    """Most items in one list or object of table options: cards in a set, fields."""
    max_option_depth: int = 8
    """Deepest nesting of table options (a card set nests three deep)."""
    lobby_page: int = 50
    """Tables in one page of the lobby (``GET /api/tables``); at most 100 may be asked."""
    tables_per_client: int = 20
    """Unfinished tables one client address may have made in the last hour."""
    bot_seconds_per_client: float = 20.0
    """Seconds a decision the search bots of one client address's unfinished tables
    (those of ``tables_per_client``) may ask for in all: each bot seat weighs its
    ``time`` (a search without one, the largest allowed), a quick bot nothing."""
    sockets_per_client: int = 32
    """WebSockets one client address may hold open at once."""
    ws_connect_rate: float = 5.0
    ws_connect_burst: float = 40.0
    """WebSocket connects a second (and burst) per client address."""
    auth_failures_free: int = 10
    """Failed WebSocket auths a client address may make before it has to wait: then
    1 s, doubling with each further failure up to ``auth_backoff_max``."""
    auth_backoff_max: float = 60.0
    quota_exempt: tuple[str, ...] = ()
    """Client addresses free of the per-client quotas and rates above (a load test's)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses whose ``X-Forwarded-For`` names the client (none: the peer is)."""
    bot_workers: int = 2
    """Processes that make server bots' decisions (apart from the event loop and the
    database's threads)."""
    bot_limits: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_BOT_LIMITS))
    """The largest value of each numeric bot parameter a seat may ask for; a parameter
    not listed may not be given."""
    bot_grace: float = 1.0
    """Seconds past its time (``ceiling``, else ``time``, else ``bot_limits["time"]``)
    after which a bot's decision is stopped and its fallback plays."""
    bot_table_share: float = 0.5
    bot_table_burst: float = 30.0
    """One table's bots may think, on average, this share of one bot process's time,
    in bursts of up to ``bot_table_burst`` seconds; then the table waits."""
    idle_seconds: float = 300.0
    """A table nobody watches and nothing plays by itself leaves memory after this long
    (it loads again on demand); a finished one after a tenth of it."""
    sweep_every: float = 10.0
    """Seconds between looks for tables to let go of."""
    ws_rate: float = 50.0
    ws_burst: float = 100.0
    """Messages a second (and burst) one WebSocket may send before ``rate_limited``."""
    ws_flood_close: int = 100
    """Refused messages after which a flooding WebSocket is closed."""
    http_rate: float = 200.0
    http_burst: float = 2000.0
    """Requests a second (and burst) per client address before HTTP 429."""
    max_header_bytes: int = 16 << 10
    """Largest HTTP request head (request line and headers; a browser's is about 1 KiB)."""
    max_headers: int = 100
    """Most headers in one HTTP request."""
    request_timeout: float = 20.0
    """Seconds an HTTP request has to arrive whole, head and body, from its first byte
    (a new connection: from its opening); a body is at most ``max_body_bytes``."""
    keep_alive: int = 5
    """Seconds an HTTP connection is kept open between requests."""
    connections_per_client: int = 64
    """Open TCP connections per client address, HTTP and WebSocket together (room for
    ``sockets_per_client`` WebSockets and as many requests)."""
    auth_timeout: float = 10.0
    """Seconds a new WebSocket has to send its ``auth`` or ``spectate`` message."""
    send_queue: int = 1000
    """Frames queued for one slow client before the server drops it."""
    bot_delay: float = 0.0
    """Seconds a server bot waits before each decision (0: as fast as it can)."""
    owner_lease: float = 15.0
    """With several workers: seconds a table's owner keeps it without renewing (it
    renews every third of that); a dead owner's tables move after at most this long."""

    def database_url(self) -> str:
        if self.db_url:
            return self.db_url
        Path(self.data_dir).mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{Path(self.data_dir) / 'tabletop.sqlite3'}"

    def to_env(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls) -> ServerConfig:
        raw = os.environ.get(ENV_VAR)
        if not raw:
            return cls()
        data = json.loads(raw)
        for name in ("quota_exempt", "trusted_proxies"):
            data[name] = tuple(data.get(name, ()))
        return cls(**data)
