"""Text for people and for programs: ``render_mode="ansi"`` and OpenSpiel strings.

``render_ansi`` draws a view with the game's terminal renderer (its kit's
``cli:renderer``, the one ``tabletop play`` uses), as text with ANSI colours.
``render_view`` is plain, stable text for OpenSpiel's observation strings: it walks
the view's JSON form, so it works for every game and prints exactly what the view
holds, never a secret the view hides.
"""

from __future__ import annotations

import io
from typing import Any

from tabletop.core.jsonutil import to_jsonable
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


def render_view(view: Any) -> str:
    """The view as indented ``key: value`` lines (short lists on one line)."""
    lines: list[str] = []
    _walk(to_jsonable(view), 0, lines, "")
    return "\n".join(lines)


def _scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _walk(value: Any, depth: int, lines: list[str], key: str) -> None:
    pad = "  " * depth
    label = f"{key}: " if key else ""
    if isinstance(value, dict):
        if label:
            lines.append(f"{pad}{key}:")
            depth += 1
        for k, v in value.items():
            _walk(v, depth, lines, k)
    elif isinstance(value, list) and all(_scalar(v) for v in value):
        lines.append(f"{pad}{label}[{', '.join(map(str, value))}]")
    elif isinstance(value, list):
        lines.append(f"{pad}{key}:")
        for i, v in enumerate(value):
            _walk(v, depth + 1, lines, f"- {i}")
    else:
        lines.append(f"{pad}{label}{value}")
