"""Reading a game's data files: the one place games touch files.

Cards, locations and boards are data (TOML, or JSON for a file ending in ``.json``)
beside each game, and a user may load their own. Every read goes through here, so every
game reports an unreadable or malformed file the same way: a ``CardDataError`` that
names the file.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from importlib import resources
from typing import Any, TypeVar

from tabletop.core.errors import CardDataError

T = TypeVar("T")


def read_data_file(path: str) -> Any:
    """The data in a TOML file, or a JSON one if ``path`` ends in ``.json``."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise CardDataError(path, None, None, f"cannot read the file ({exc.strerror})") from None
    kind = "JSON" if path.endswith(".json") else "TOML"
    try:
        return json.loads(raw) if kind == "JSON" else tomllib.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise CardDataError(path, None, None, f"not valid {kind}: {exc}") from None


def packaged_data(package: str, name: str) -> Any:
    """A TOML data file shipped inside ``package`` (the game's default data)."""
    return tomllib.loads(resources.files(package).joinpath(name).read_text("utf-8"))


def resolve_data(
    value: Any,
    option: str,
    default: Callable[[], T],
    load: Callable[[str], T],
    parse: Callable[[Any, str], T],
) -> T:
    """A data option's value as validated data.

    ``None`` is the game's default data, text is a file path, a mapping is the data
    itself (as a record carries it); anything else is already validated data.
    """
    if value is None:
        return default()
    if isinstance(value, str):
        return load(value)
    if isinstance(value, dict):
        return parse(value, f"{option} option")
    return value  # type: ignore[no-any-return]
