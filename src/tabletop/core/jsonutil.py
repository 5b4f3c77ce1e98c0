"""Turning the platform's frozen values (dataclasses, enums, tuples) into JSON data.

Views, events and results are dataclasses; clients (CLI, server, RL) need them as plain
JSON. One converter serves them all so no adapter writes its own. It runs for every
frame the server sends, so field lists are computed once per class and immutable
values that mark themselves ``json_cache = True`` (cards) are converted once.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

JSON = Any  # what json.dumps accepts: dict, list, str, int, float, bool, None

_FIELDS: dict[type, tuple[bool, tuple[str, ...]]] = {}
_CACHE: dict[int, tuple[object, JSON]] = {}
_SCALARS = (type(None), bool, int, float, str)


def _fields(cls: type) -> tuple[bool, tuple[str, ...]]:
    entry = _FIELDS.get(cls)
    if entry is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("json", True))
        entry = (bool(getattr(cls, "json_type", False)), names)
        _FIELDS[cls] = entry
    return entry


def to_jsonable(value: object) -> JSON:
    """Convert a value built from dataclasses, enums, tuples and mappings to JSON data.

    Dataclasses become objects with their fields (and ``"type"`` set to the class name
    when the class asks for it with ``json_type = True``); enums become their names in
    lower case (``"red"``, ``"soul_processing"``), readable by any client;
    tuples, lists and sets become lists (sets sorted); mapping keys become strings.
    Fields declared with ``metadata={"json": False}`` are left out.
    """
    cls = type(value)
    if cls in _SCALARS:
        return value
    if cls is tuple or cls is list:
        return [to_jsonable(v) for v in value]  # type: ignore[attr-defined]
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cached = getattr(cls, "json_cache", False)
        if cached:
            hit = _CACHE.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
        typed, names = _fields(cls)
        out: dict[str, JSON] = {"type": cls.__name__} if typed else {}
        for name in names:
            out[name] = to_jsonable(getattr(value, name))
        if cached:
            _CACHE[id(value)] = (value, out)
        return out
    if isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Mapping):
        return {str(to_jsonable(k)): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((to_jsonable(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [to_jsonable(v) for v in value]
    raise TypeError(f"cannot convert {type(value).__name__} to JSON")
