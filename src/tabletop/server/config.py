"""Server settings, read once at startup (from the CLI or, for workers, the environment)."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

ENV_VAR = "TABLETOP_SERVER_CONFIG"


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
    max_body_bytes: int = 1 << 20
    """Largest HTTP request body (card data for a table can be some kilobytes)."""
    ws_rate: float = 50.0
    ws_burst: float = 100.0
    """Messages a second (and burst) one WebSocket may send before ``rate_limited``."""
    ws_flood_close: int = 100
    """Refused messages after which a flooding WebSocket is closed."""
    http_rate: float = 200.0
    http_burst: float = 2000.0
    """Requests a second (and burst) per client address before HTTP 429."""
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
        return cls(**json.loads(raw)) if raw else cls()
