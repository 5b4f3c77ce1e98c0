"""Parsing a data file's text sent by a browser, by the same rule games read files.

A name ending in ``.json`` is JSON, anything else TOML (as
``tabletop.core.datafile.read_data_file`` decides for a path). The result is plain
data; the game validates it when a table is created with it.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any


def parse_data_file(name: str, text: str) -> Any:
    """The data in ``text``; ValueError naming the file and the problem."""
    kind = "JSON" if name.lower().endswith(".json") else "TOML"
    try:
        data = json.loads(text) if kind == "JSON" else tomllib.loads(text)
    except ValueError as exc:
        raise ValueError(f"{name}: not valid {kind}: {exc}") from None
    except RecursionError:  # nested far deeper than any card file
        raise ValueError(f"{name}: nested too deep to be a data file") from None
    if not isinstance(data, dict):
        raise ValueError(f"{name}: a data file holds a table (an object) at the top")
    return data
