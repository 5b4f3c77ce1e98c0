"""The online play server: tables, seats, live play over WebSockets, an event-log store.

``create_app(ServerConfig(...))`` builds the FastAPI application; ``tabletop serve`` runs
it under uvicorn. The protocol is documented in ``docs/server.md``.
"""

from tabletop.server.app import create_app
from tabletop.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
