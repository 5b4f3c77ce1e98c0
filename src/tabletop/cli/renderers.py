"""Each game's terminal renderer, asked of its kit (the ``cli:renderer`` part).

The protocol and the plain fallback live in :mod:`tabletop.core.renderer`; a new game
brings its renderer in its own folder and the commands never change.
"""

from __future__ import annotations

from tabletop.core.errors import UnknownGameError
from tabletop.core.renderer import PlainRenderer, Renderer, renderer_of
from tabletop.games import REGISTRY


def renderer_for(game: str) -> Renderer:
    """The renderer of ``game``, or the plain fallback for a game without one (or a
    name no installed game has, such as a record of an uninstalled game)."""
    try:
        kit = REGISTRY.kit(game)
    except UnknownGameError:
        return PlainRenderer()
    return renderer_of(kit)
