"""Plain-text rendering of a view, for ``render_mode="ansi"`` and OpenSpiel strings.

It works for every game because it walks the view's JSON form (``to_jsonable``): what
is printed is exactly what the view holds, so it cannot show a secret the view hides.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.jsonutil import to_jsonable


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
