"""The terminal renderer a game's kit provides (its ``cli:renderer`` part), and the plain
one every other game is shown with.

A renderer is a module (or any object) with ``render_view(view)`` (a rich renderable
of a seat's or a spectator's view), ``describe_action(view, action)`` (plain words for
a prompt line) and ``describe_event(event)`` (plain words for the log, or None to skip
it). The commands and the RL environments' ``ansi`` mode draw every game through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from tabletop.core.actions import Action
from tabletop.core.events import Event
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.kit import Kit

if TYPE_CHECKING:
    from rich.console import RenderableType


class Renderer(Protocol):
    def render_view(self, view: Any) -> RenderableType: ...

    def describe_action(self, view: Any, action: Action) -> str: ...

    def describe_event(self, event: Event, view: Any = None) -> str | None: ...


class PlainRenderer:
    """The fallback: views and events as their JSON data, actions as their notation."""

    def render_view(self, view: Any) -> RenderableType:
        from rich.pretty import Pretty

        return Pretty(to_jsonable(view))

    def describe_action(self, view: Any, action: Action) -> str:
        return ""

    def describe_event(self, event: Event, view: Any = None) -> str | None:
        data = to_jsonable(event)
        kind = data.pop("type", type(event).__name__)
        fields = ", ".join(f"{k}={v}" for k, v in data.items())
        return f"{kind}({fields})"


def renderer_of(kit: Kit) -> Renderer:
    """The game's own renderer, or the plain fallback when its kit has none."""
    if kit.has("cli:renderer"):
        found: Renderer = kit.part("cli:renderer")
        return found
    return PlainRenderer()
