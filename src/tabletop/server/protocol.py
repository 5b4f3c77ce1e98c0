"""The wire protocol: what a seat or a spectator is sent, and reading what clients send.

This module is the only place the server turns game data into frames, and it reads
only ``state.view(seat)``, ``state.spectator_view()``, ``event.for_player(seat)`` (or
``None`` for spectators) and the seat's own legal actions. Nothing else of the state
reaches a client, so a frame cannot carry another seat's secret unless the game's own
view does. See ``docs/server.md`` for the message reference.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import orjson

from tabletop.core.actions import Action
from tabletop.core.errors import ActionParseError
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.state import State
from tabletop.server.decisions import Decision, Decisions
from tabletop.server.jsondepth import value_depth

Viewer = int | None
"""A seat number, or ``None`` for a spectator."""


class ProtocolError(Exception):
    """A client message the server refuses; ``code`` is the typed error clients match on."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def encode(frame: dict[str, Any]) -> str:
    """A frame's text. orjson: encoding is a good part of the server's work per frame."""
    return _json(frame)


def with_ack(text: str, ref: Any) -> str:
    """An encoded frame with ``"ack": ref`` added, without encoding the frame again."""
    return f'{text[:-1]},"ack":{_json(ref)}}}'


def error_frame(code: str, message: str, ref: Any = None) -> str:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        frame["ref"] = ref
    return encode(frame)


def pong_frame(ref: Any) -> str:
    return encode({"type": "pong", "ref": ref})


def visible_events(events: Sequence[Event], viewer: Viewer) -> list[Any]:
    """The viewer's version of each event, leaving out the ones hidden from it."""
    out = []
    for event in events:
        seen = event.for_player(viewer)
        if seen is not None:
            out.append(to_jsonable(seen))
    return out


def view_of(state: State, viewer: Viewer) -> Any:
    return to_jsonable(state.spectator_view() if viewer is None else state.view(viewer))


def decision_part(state: State, viewer: Viewer, decision: Decision) -> dict[str, Any]:
    """What the viewer needs to act: its own legal actions, when its decision began and,
    on a table with a clock, the seconds it has left."""
    if viewer is None or decision is None:
        return {}
    marker, clock_left = decision
    names = notations(state.game)
    part: dict[str, Any] = {
        "decision": marker,
        "legal": [names[i] for i in state.legal_action_ids(viewer)],
    }
    if clock_left is not None:
        part["clock_left"] = round(clock_left, 1)
    return part


def clocks_part(decisions: Sequence[Decision]) -> dict[str, Any]:
    """Every seat's time left on the table's clock, for everyone (who is deciding is
    public, and so is how long they have): a list by seat, None for a seat that is not
    deciding or is played by a bot; nothing on a table without a clock. At a table with
    a game clock, also ``game_clocks``: every seat's game clock left."""
    clocks = [None if d is None or d[1] is None else round(d[1], 1) for d in decisions]
    out: dict[str, Any] = {}
    if any(c is not None for c in clocks):
        out["clocks"] = clocks
    totals = decisions.game_clocks if isinstance(decisions, Decisions) else None
    if totals is not None:  # every seat's game clock left, deciding or not
        out["game_clocks"] = [round(left, 1) for left in totals]
    return out


def end_part(state: State) -> dict[str, Any]:
    if not state.is_terminal():
        return {"over": False}
    return {"over": True, "result": to_jsonable(state.result())}


class EventsFrames:
    """The ``events`` frames of one accepted action, built for one viewer at a time.

    A frame is the viewer's version of the events, its own decision and the state of
    the game's end; each part is encoded on its own, once per action for what several
    viewers share (the end; a version of the events seen alike, such as public events)
    and the frame's text is put together from them. Every part still comes only from
    ``event.for_player(viewer)``, the viewer's legal actions and its view.
    """

    def __init__(
        self,
        state: State,
        seq: int,
        events: Sequence[Event],
        decisions: Sequence[Decision] = (),
        timeout: int | None = None,
    ) -> None:
        self.state = state
        self.seq = seq
        self.events = events
        self._versions: dict[tuple[int, ...], tuple[tuple[Event, ...], str]] = {}
        self._converted: dict[int, tuple[Event, Any]] = {}
        end = end_part(state)
        shared: dict[str, Any] = {**clocks_part(decisions), **end}
        if timeout is not None:
            shared["timeout"] = timeout  # the clock played this action for that seat
        self._end = "".join(f',"{name}":{_json(value)}' for name, value in shared.items())

    def text(self, viewer: Viewer, decision: Decision, with_view: bool) -> str:
        """The encoded frame for connections of ``viewer`` (with the view if asked)."""
        seen = tuple(s for e in self.events if (s := e.for_player(viewer)) is not None)
        key = tuple(map(id, seen))
        hit = self._versions.get(key)
        # the entry holds its events, so no other object can take their ids meanwhile
        if hit is None or any(a is not b for a, b in zip(hit[0], seen, strict=True)):
            hit = self._versions[key] = (seen, _json([self._convert(e) for e in seen]))
        parts = [f'{{"type":"events","seq":{self.seq},"events":{hit[1]}']
        for name, value in decision_part(self.state, viewer, decision).items():
            parts.append(f',"{name}":{_json(value)}')
        parts.append(self._end)
        if with_view:
            parts.append(f',"view":{_json(view_of(self.state, viewer))}')
        parts.append("}")
        return "".join(parts)

    def _convert(self, event: Event) -> Any:
        """An event version as JSON data, converted once however many viewers see it."""
        hit = self._converted.get(id(event))
        if hit is None or hit[0] is not event:
            hit = self._converted[id(event)] = (event, to_jsonable(event))
        return hit[1]


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


def view_frame(
    kind: str,
    state: State,
    viewer: Viewer,
    seq: int,
    decision: Decision,
    decisions: Sequence[Decision] = (),
) -> dict[str, Any]:
    """A ``welcome`` (on connect) or ``view`` (on request) frame: the whole current view
    (``decisions``: every seat's, for the clocks)."""
    frame: dict[str, Any] = {
        "type": kind,
        "seq": seq,
        "seat": viewer,
        "view": view_of(state, viewer),
    }
    frame.update(decision_part(state, viewer, decision))
    frame.update(clocks_part(decisions))
    frame.update(end_part(state))
    return frame


# ---------------------------------------------------------------------- client input


MAX_DEPTH = 32
"""Deepest nesting of a client message (an action's JSON form is two levels)."""


def parse_message(text: Any, max_bytes: int, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """A client message as a JSON object with a string ``type``, or ProtocolError."""
    if not isinstance(text, str):
        raise ProtocolError("bad_message", "messages are JSON text frames, not binary")
    if len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ProtocolError("too_large", f"a message may be at most {max_bytes} bytes")
    try:
        message = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        if "recursion" in str(exc):
            raise ProtocolError(
                "too_deep", f"a message may nest at most {max_depth} levels deep"
            ) from None
        raise ProtocolError("malformed_json", f"not valid JSON: {exc}") from None
    # fewer brackets than the limit cannot nest past it (every action message): no walk
    few = text.count("{") + text.count("[") <= max_depth
    if not few and value_depth(message, max_depth) > max_depth:
        raise ProtocolError("too_deep", f"a message may nest at most {max_depth} levels deep")
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    if not isinstance(message.get("type"), str):
        raise ProtocolError("bad_message", "a message needs a string field 'type'")
    return message


def require_int(message: dict[str, Any], name: str) -> int:
    value = message.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("bad_message", f"field {name!r} must be an integer, got {value!r}")
    return value


def action_json(action: Action) -> dict[str, Any]:
    """An action's JSON form: its class name as ``type`` plus its fields."""
    data = to_jsonable(action)
    return {"type": type(action).__name__, **(data if isinstance(data, dict) else {})}


@lru_cache(maxsize=32)
def notations(game: Game) -> tuple[str, ...]:
    """Every action's notation by id, formatted once per game."""
    return tuple(a.notation() for a in game.actions)


@lru_cache(maxsize=32)
def _json_forms(game: Game) -> dict[str, Action]:
    return {json.dumps(action_json(a), sort_keys=True): a for a in game.actions}


def parse_action(game: Game, value: Any) -> Action:
    """An action from its notation, its integer id or its JSON form."""
    if isinstance(value, dict):
        try:
            key = json.dumps(value, sort_keys=True)
        except (TypeError, ValueError, RecursionError):
            key = ""
        found = _json_forms(game).get(key)
        if found is None:
            raise ProtocolError("unknown_action", f"{value!r} is not an action of {game.info.name}")
        return found
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ProtocolError(
            "bad_message", "field 'action' must be notation text, an action id or an object"
        )
    try:
        return game.action(value)
    except ActionParseError as exc:
        raise ProtocolError("unknown_action", str(exc)) from None
