"""The online play server: tables, seats, live play over WebSockets, an event-log store.

``create_app(ServerConfig(...))`` builds the FastAPI application; ``tabletop serve`` runs
it under uvicorn. The protocol is documented in ``docs/server.md``.

The names are imported on first use: the load tester and the web client's replay import
``tabletop.server.protocol`` alone and need not pay for loading FastAPI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.server.app import create_app
    from tabletop.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from tabletop.server.app import create_app

        return create_app
    if name == "ServerConfig":
        from tabletop.server.config import ServerConfig

        return ServerConfig
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
