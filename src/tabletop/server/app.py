"""The FastAPI application: its state (store, writer, bus, tables) lives for its lifespan."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from tabletop.server import api, review_api, ws
from tabletop.server.config import ServerConfig
from tabletop.server.errors import TableError
from tabletop.server.gctune import tune_gc
from tabletop.server.manager import TableManager
from tabletop.server.middleware import GuardMiddleware
from tabletop.server.owners import make_owners
from tabletop.server.pubsub import make_bus
from tabletop.server.reviews import ReviewJobs
from tabletop.server.services import Services
from tabletop.server.store import Store
from tabletop.server.writer import Writer
from tabletop.web import mount_web

log = logging.getLogger(__name__)


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The server application for ``config`` (defaults: SQLite in the data directory)."""
    config = config or ServerConfig()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(config.database_url())
        writer = Writer(store, inline=store.url.startswith("sqlite"))
        writer.start()
        bus = make_bus(config.redis_url)
        owners = make_owners(bus, config.owner_lease)
        manager = TableManager(Services(config, store, writer, bus, owners, config.bot_delay))
        await bus.start(manager.on_bus)
        app.state.config = config
        app.state.manager = manager
        app.state.reviews = reviews = ReviewJobs()
        background = [asyncio.create_task(_resume(manager))]
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
        rate=config.http_rate,
        burst=config.http_burst,
    )
    app.include_router(api.router)
    app.include_router(review_api.router)
    app.include_router(ws.router)
    mount_web(app)

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return JSONResponse({"error": {"code": exc.code, "message": exc.message}}, exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"where": [str(p) for p in e.get("loc", ())], "problem": e.get("msg", "")}
            for e in exc.errors()
        ]
        text = "; ".join(f"{'.'.join(p['where'])}: {p['problem']}" for p in problems)
        return JSONResponse(
            {"error": {"code": "invalid", "message": text, "problems": problems}}, 422
        )

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


def app_from_env() -> FastAPI:
    """The factory uvicorn workers call: the config comes from ``TABLETOP_SERVER_CONFIG``.

    A serving process also tunes its garbage collector, once everything is loaded.
    """
    app = create_app(ServerConfig.from_env())
    tune_gc()
    return app
