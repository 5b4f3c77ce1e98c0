"""The FastAPI application: its state (store, writer, bus, tables) lives for its lifespan."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from fastapi import FastAPI
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from tabletop.server import api, apidoc, envelope, review_api, ws
from tabletop.server.clients import Clients
from tabletop.server.config import ServerConfig
from tabletop.server.manager import TableManager
from tabletop.server.middleware import GuardMiddleware
from tabletop.server.owners import make_owners
from tabletop.server.pubsub import make_bus
from tabletop.server.reviews import ReviewJobs
from tabletop.server.services import Services
from tabletop.server.store import Store
from tabletop.server.writer import Writer

log = logging.getLogger(__name__)


Mount = Callable[[FastAPI], None]
"""What a layer above the server adds to its application (the web client's pages and
routes: ``tabletop.web.app.create_app``), under the same guards, error envelope and API
document as the server's own routes."""


def create_app(config: ServerConfig | None = None, mounts: Sequence[Mount] = ()) -> FastAPI:
    """The server application for ``config`` (defaults: SQLite in the data directory),
    with ``mounts`` added (the full app with the browser client: ``tabletop.web``)."""
    config = config or ServerConfig()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(config.database_url())
        writer = Writer(store, inline=store.url.startswith("sqlite"))
        writer.start()
        bus = make_bus(config.redis_url)
        owners = make_owners(bus, config.owner_lease)
        services = Services(config, store, writer, bus, owners, config.bot_delay)
        manager = TableManager(services)
        await bus.start(manager.on_bus)
        app.state.config = config
        app.state.manager = manager
        app.state.reviews = reviews = ReviewJobs()
        app.state.clients = Clients(config)
        background = [
            asyncio.create_task(_resume(manager)),
            asyncio.create_task(manager.sweep_forever(config.sweep_every)),
        ]
        if config.redis_url:
            background.append(asyncio.create_task(manager.sync_forever()))
            background.append(asyncio.create_task(manager.keep_owning(config.owner_lease / 3)))
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            manager.close()
            reviews.close()
            services.close_bots()  # at once: a search in progress is abandoned
            await bus.close()
            await writer.close()
            await store.aclose()

    app = FastAPI(
        title="tabletop server",
        summary="Authoritative online play for every registered tabletop game.",
        version="1",
        lifespan=lifespan,
    )
    app.add_middleware(
        GuardMiddleware,
        max_body=config.max_body_bytes,
        max_depth=config.max_json_depth,
        rate=config.http_rate,
        burst=config.http_burst,
        exempt=config.quota_exempt,
    )
    if config.trusted_proxies:  # outermost: every guard sees the forwarded client
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(config.trusted_proxies))
    app.include_router(api.router)
    app.include_router(review_api.router)
    app.include_router(ws.router)
    for mount in mounts:
        mount(app)
    envelope.install(app)
    apidoc.install(app)

    @app.get("/healthz", include_in_schema=False)
    async def health() -> dict[str, Any]:
        return {"ok": True}

    return app


async def _resume(manager: TableManager) -> None:
    """After a restart, load unfinished tables so their bots and clocks play on."""
    try:
        count = await manager.resume_all()
        log.info("resumed %d unfinished tables", count)
    except Exception:
        log.exception("could not resume tables")
