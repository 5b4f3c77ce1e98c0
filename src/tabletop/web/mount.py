"""Serving the client: the static files, the page at ``/`` and the web routes.

Files are served from the package (``static/``), so an installed wheel serves the same
client as a checkout. The page uses hash routes (``/#/table/ID``), so one HTML file at
``/`` is the whole site and a seat token kept in a link's fragment never reaches the
server or its logs.
"""

from __future__ import annotations

import logging
from importlib.resources import files
from pathlib import Path, PurePosixPath

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

from tabletop.games import REGISTRY
from tabletop.web import routes
from tabletop.web.games import SERVED, web_folder
from tabletop.web.routes import NO_CACHE

log = logging.getLogger(__name__)

STATIC = Path(str(files("tabletop.web") / "static"))
"""The client's files inside the installed package."""

FONT = Path(str(files("tabletop.web") / "fonts")) / "node_modules" / "@fontsource" / "noto-sans-jp"
"""Noto Sans JP as the npm package ships it (``scripts/setup.sh`` installs it): its
``400.css`` declares one ``@font-face`` per slice of characters (``unicode-range``), so
a page downloads only the slices of the characters it shows."""


class _Static(StaticFiles):
    """Static files that a browser revalidates (ETag) instead of caching blindly."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(NO_CACHE)
        return response


class _GameStatic(_Static):
    """A game's web folder: its scripts, styles and strings, never its Python."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        if PurePosixPath(path).suffix not in SERVED:
            return Response(status_code=404)
        return await super().get_response(path, scope)


def mount_web(app: FastAPI) -> None:
    """Add the browser client to the server application ``app``."""
    app.include_router(routes.router)
    for kit in REGISTRY.kits():  # before /static, which would take their paths
        folder = web_folder(kit)
        if folder is not None:
            app.mount(f"/static/games/{kit.name}", _GameStatic(directory=folder))
    app.mount("/static", _Static(directory=STATIC), name="static")
    if FONT.is_dir():
        app.mount("/fonts/noto-sans-jp", StaticFiles(directory=FONT), name="font")
    else:
        log.warning("the Japanese web font is not installed at %s (scripts/setup.sh)", FONT)

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=NO_CACHE)
