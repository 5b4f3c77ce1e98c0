"""Each game's terminal renderer, found by name: ``tabletop.cli.render_<game>``.

A renderer module provides ``render_view(view)`` (a rich renderable of a seat's or a
spectator's view), ``describe_action(view, action)`` (plain words for a prompt line) and
``describe_event(event)`` (plain words for the log, or None to skip it). A new game
needs only its renderer module; the commands never change. A game without one is shown
through :class:`PlainRenderer`, its views and events as data.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty

from tabletop.core.actions import Action
from tabletop.core.events import Event
from tabletop.core.jsonutil import to_jsonable


class Renderer(Protocol):
    def render_view(self, view: Any) -> RenderableType: ...

    def describe_action(self, view: Any, action: Action) -> str: ...

    def describe_event(self, event: Event, view: Any = None) -> str | None: ...


class PlainRenderer:
    """The fallback: views and events as their JSON data, actions as their notation."""

    def render_view(self, view: Any) -> RenderableType:
        return Pretty(to_jsonable(view))

    def describe_action(self, view: Any, action: Action) -> str:
        return ""

    def describe_event(self, event: Event, view: Any = None) -> str | None:
        data = to_jsonable(event)
        kind = data.pop("type", type(event).__name__)
        fields = ", ".join(f"{k}={v}" for k, v in data.items())
        return f"{kind}({fields})"


def module_name(game: str) -> str:
    return f"tabletop.cli.render_{game.replace('-', '_')}"


def renderer_for(game: str) -> Renderer:
    """The renderer module of ``game``, or the plain fallback when it has none."""
    name = module_name(game)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return PlainRenderer()
