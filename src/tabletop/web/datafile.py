"""Parsing a data file's text sent by a browser, by the same rule games read files.

A name ending in ``.json`` is JSON, anything else TOML (as
``tabletop.core.datafile.read_data_file`` decides for a path). The result is plain
data; the game validates it when a table is created with it.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from tabletop.server.jsondepth import value_depth

MAX_DEPTH = 32
"""Deepest nesting a parsed file may have: as deep as the server lets any JSON body
nest (``ServerConfig.max_json_depth``), so the answer can always be written back."""


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
    if value_depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise ValueError(f"{name}: nested deeper than {MAX_DEPTH} levels; no data file needs that")
    try:
        json.dumps(data, ensure_ascii=False, default=str).encode("utf-8")
    except UnicodeEncodeError:  # JSON's "\ud800" escape: half a character, not text
        raise ValueError(f"{name}: text holds a lone surrogate (\\ud800-\\udfff)") from None
    return data
