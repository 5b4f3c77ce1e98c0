"""Turning the platform's frozen values (dataclasses, enums, tuples) into JSON data.

Views, events and results are dataclasses; clients (CLI, server, RL) need them as plain
JSON. One converter serves them all so no adapter writes its own.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

JSON = Any  # what json.dumps accepts: dict, list, str, int, float, bool, None


def to_jsonable(value: object) -> JSON:
    """Convert a value built from dataclasses, enums, tuples and mappings to JSON data.

    Dataclasses become objects with their fields (and ``"type"`` set to the class name
    when the class asks for it with ``json_type = True``); enums become their values;
    tuples, lists and sets become lists (sets sorted); mapping keys become strings.
    Fields declared with ``metadata={"json": False}`` are left out.
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, JSON] = {}
        if getattr(value, "json_type", False):
            out["type"] = type(value).__name__
        for f in dataclasses.fields(value):
            if not f.metadata.get("json", True):
                continue
            out[f.name] = to_jsonable(getattr(value, f.name))
        return out
    if isinstance(value, Mapping):
        return {str(to_jsonable(k)): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((to_jsonable(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [to_jsonable(v) for v in value]
    raise TypeError(f"cannot convert {type(value).__name__} to JSON")
