"""The browser client: static files (HTML, CSS, JavaScript modules) and the few routes
they need beyond the server's own API.

The client is plain files served as they are (no build step): ``static/index.html``
loads ES modules that talk to the documented HTTP API and WebSocket protocol, and each
game's own module from its folder (:mod:`tabletop.web.games`). The extra routes in
:mod:`tabletop.web.routes` (a preview of tentative actions, the final breakdown, a
replay) read only views and what the record publishes after the end, so the browser
gets nothing a seat may not see. See ``docs/web.md``.
"""

from __future__ import annotations

from tabletop.web.mount import mount_web

__all__ = ["mount_web"]
