"""Text for people: ``render_mode="ansi"`` of the PettingZoo and Gymnasium envs.

``render_ansi`` draws a view with the game's terminal renderer (its kit's
``cli:renderer``, the one ``tabletop play`` uses), as text with ANSI colours. (The
plain text of OpenSpiel's observation strings is ``tabletop.encoding.render_view``.)
"""

from __future__ import annotations

import io
from typing import Any

from tabletop.core.renderer import renderer_of
from tabletop.games import REGISTRY

ANSI_WIDTH = 100


def render_ansi(game: str, view: Any) -> str:
    """The view as the terminal shows it, ANSI colours included."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=ANSI_WIDTH, color_system="standard")
    console.print(renderer_of(REGISTRY.kit(game)).render_view(view))
    return out.getvalue()
