"""``tabletop serve``: run the online play server under uvicorn.

One process with no ``--db`` keeps its tables in an SQLite file in the data directory.
Several ``--workers`` need a shared database (``--db postgresql+psycopg://...``) and
``--redis`` to carry table news between them.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from tabletop.server.config import DEFAULT_BOT_LIMITS, ENV_VAR, ServerConfig, default_data_dir
from tabletop.server.store import Store


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    db: str = typer.Option("", "--db", help="SQLAlchemy URL (default: SQLite in --data-dir)."),
    data_dir: str = typer.Option(
        "",
        "--data-dir",
        help=f"Where the default SQLite file lives (default {default_data_dir()}).",
    ),
    redis: str = typer.Option("", "--redis", help="Redis URL for pub/sub between workers."),
    workers: int = typer.Option(1, "--workers", min=1, max=64, help="Worker processes."),
    bot_delay: float = typer.Option(
        0.0, "--bot-delay", min=0, max=60, help="Seconds server bots wait before each decision."
    ),
    ws_rate: float = typer.Option(
        50.0, "--ws-rate", min=0.1, help="Messages a second one WebSocket may send (burst: 2x)."
    ),
    owner_lease: float = typer.Option(
        15.0,
        "--owner-lease",
        min=0.5,
        max=600,
        help="With several workers: seconds before a dead worker's tables move to another.",
    ),
    bot_workers: int = typer.Option(
        2, "--bot-workers", min=1, max=64, help="Processes that make server bots' decisions."
    ),
    bot_max_time: float = typer.Option(
        DEFAULT_BOT_LIMITS["time"],
        "--bot-max-time",
        min=0.01,
        max=60,
        help="Largest 'time' (seconds per decision) a bot spec may ask for.",
    ),
    bot_max_iterations: int = typer.Option(
        int(DEFAULT_BOT_LIMITS["iterations"]),
        "--bot-max-iterations",
        min=1,
        max=10_000_000,
        help="Largest 'iterations' a bot spec may ask for.",
    ),
    bot_limit: Annotated[
        list[str] | None,
        typer.Option(
            "--bot-limit", help="Another bot parameter's largest value, NAME=MAX (repeatable)."
        ),
    ] = None,
    tables_per_client: int = typer.Option(
        20, "--tables-per-client", min=1, help="Unfinished tables per address (last hour)."
    ),
    bot_seconds_per_client: float = typer.Option(
        20.0,
        "--bot-seconds-per-client",
        min=0,
        max=3600,
        help=(
            "Seconds of thinking a decision the bots of one address's unfinished tables"
            " may ask for in all (a bot seat weighs its 'time'; quick bots nothing)."
        ),
    ),
    sockets_per_client: int = typer.Option(
        32, "--sockets-per-client", min=1, help="Open WebSockets per address."
    ),
    connections_per_client: int = typer.Option(
        64,
        "--connections-per-client",
        min=1,
        help="Open connections per address, HTTP and WebSocket together.",
    ),
    request_timeout: float = typer.Option(
        20.0,
        "--request-timeout",
        min=0.1,
        max=3600,
        help="Seconds an HTTP request has to arrive whole (head and body).",
    ),
    quota_exempt: Annotated[
        list[str] | None,
        typer.Option("--quota-exempt", help="An address free of per-client limits (repeatable)."),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help="A proxy address whose X-Forwarded-For is believed (repeatable; none by default).",
        ),
    ] = None,
    log_level: str = typer.Option("warning", "--log-level", help="uvicorn log level."),
) -> None:
    """Serve tables over HTTP and WebSockets (OpenAPI docs at /docs)."""
    import uvicorn

    if workers > 1 and (not db or db.startswith("sqlite") or not redis):
        raise typer.BadParameter(
            "several workers need a shared --db (PostgreSQL) and --redis", param_hint="--workers"
        )
    config = ServerConfig(
        bot_workers=bot_workers,
        bot_limits={
            **DEFAULT_BOT_LIMITS,
            "time": bot_max_time,
            "iterations": bot_max_iterations,
            **_limits(bot_limit or []),
        },
        tables_per_client=tables_per_client,
        bot_seconds_per_client=bot_seconds_per_client,
        sockets_per_client=sockets_per_client,
        connections_per_client=connections_per_client,
        request_timeout=request_timeout,
        quota_exempt=tuple(quota_exempt or ()),
        trusted_proxies=tuple(trusted_proxy or ()),
        db_url=db,
        redis_url=redis,
        bot_delay=bot_delay,
        ws_rate=ws_rate,
        ws_burst=2 * ws_rate,
        owner_lease=owner_lease,
        data_dir=data_dir or str(default_data_dir()),
    )
    os.environ[ENV_VAR] = config.to_env()
    Store(config.database_url()).close()  # create the schema once, before any worker
    typer.echo(
        f"tabletop server on http://{host}:{port} ({workers} worker(s), "
        f"{'database ' + _safe(db) if db else 'SQLite in ' + config.data_dir})"
    )
    uvicorn.run(
        "tabletop.web.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        ws_max_size=1 << 16,
        proxy_headers=False,  # the app reads X-Forwarded-For from --trusted-proxy only
        ws_per_message_deflate=False,
        access_log=False,
        # uvicorn's httptools protocol with bounds on heads, time and connections
        http="tabletop.server.httpguard:BoundedHttpProtocol",
        timeout_keep_alive=config.keep_alive,
    )


def _limits(pairs: list[str]) -> dict[str, float]:
    out = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        try:
            out[name.strip()] = float(value)
        except ValueError:
            eq = ""
        if not eq or not name.strip() or out[name.strip()] != out[name.strip()]:
            raise typer.BadParameter(f"expected NAME=MAX, got {pair!r}", param_hint="--bot-limit")
    return out


def _safe(url: str) -> str:
    """A database URL without its password, for the start-up line."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(custom URL)"
