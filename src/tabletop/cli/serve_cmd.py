"""``tabletop serve``: run the online play server under uvicorn.

One process with no ``--db`` keeps its tables in an SQLite file in the data directory.
Several ``--workers`` need a shared database (``--db postgresql+psycopg://...``) and
``--redis`` to carry table news between them.
"""

from __future__ import annotations

import os

import typer

from tabletop.server.config import ENV_VAR, ServerConfig, default_data_dir
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
    log_level: str = typer.Option("warning", "--log-level", help="uvicorn log level."),
) -> None:
    """Serve tables over HTTP and WebSockets (OpenAPI docs at /docs)."""
    import uvicorn

    if workers > 1 and (not db or db.startswith("sqlite") or not redis):
        raise typer.BadParameter(
            "several workers need a shared --db (PostgreSQL) and --redis", param_hint="--workers"
        )
    config = ServerConfig(
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
        "tabletop.server.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        ws_max_size=1 << 16,
        ws_per_message_deflate=False,
        access_log=False,
    )


def _safe(url: str) -> str:
    """A database URL without its password, for the start-up line."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(custom URL)"
