"""The whole application: the server's API and live play, with the browser client.

The server (``tabletop.server``) knows nothing of pages; this layer above it adds them
(``mount_web``) to the server's application, so ``tabletop serve`` and the tests run the
app a person opens.
"""

from __future__ import annotations

from fastapi import FastAPI

from tabletop.server.app import create_app as create_server_app
from tabletop.server.config import ServerConfig
from tabletop.server.gctune import tune_gc
from tabletop.web.mount import mount_web


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The server application for ``config`` with the browser client mounted."""
    return create_server_app(config, mounts=(mount_web,))


def app_from_env() -> FastAPI:
    """The factory uvicorn workers call: the config comes from ``TABLETOP_SERVER_CONFIG``.

    A serving process also tunes its garbage collector, once everything is loaded.
    """
    app = create_app(ServerConfig.from_env())
    tune_gc()
    return app
