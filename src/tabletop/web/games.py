"""Each game's web module, as its kit provides it, and the page's merged strings.

A game's kit may name a web folder (its ``web:module`` part: a package inside the
game's folder). The server serves its files under ``/static/games/<name>/``:
``index.js``, the game's screen (an ES module whose default export draws views, events
and the final table, and whose ``tutorial`` export is its guided first game),
``game.css``, its styles, and ``en.json`` and ``ja.json``, its strings, which the page
reads merged with the shell's own (``/api/web/i18n/<lang>``). The shell asks
``/api/web/games`` which games have which, so it names no game. A game's module reads
its actions as the rules describe them (``/api/web/games/<name>/actions``), so it
parses no notation.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

from tabletop.core.game import Game
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.kit import Kit
from tabletop.games import REGISTRY

LANGUAGES = ("en", "ja")
"""The languages the page is written in."""

SERVED = frozenset({".js", ".css", ".json"})
"""The kinds of file served from a game's web folder (not its Python)."""

SHELL_STRINGS = Path(str(files("tabletop.web") / "static" / "i18n"))
"""The shell's own strings: lobby, table frame, dialogs, errors."""


def web_folder(kit: Kit) -> Path | None:
    """The folder of the game's web module, or None for a game shown as plain data."""
    if not kit.has("web:module"):
        return None
    module = kit.part("web:module")
    return Path(module.__file__).parent


def _served(kit: Kit, folder: Path | None, name: str) -> str | None:
    """The URL of the game's file ``name``, or None when its web folder has none."""
    if folder is None or not (folder / name).is_file():
        return None
    return f"/static/games/{kit.name}/{name}"


def games() -> list[dict[str, Any]]:
    """Every game's web module and stylesheet (None where it has none), in registry
    order (the order the stylesheets load)."""
    out = []
    for kit in REGISTRY.kits():
        folder = web_folder(kit)
        out.append(
            {
                "name": kit.name,
                "module": _served(kit, folder, "index.js"),
                "css": _served(kit, folder, "game.css"),
            }
        )
    return out


def strings(lang: str) -> dict[str, Any]:
    """The page's strings in ``lang``: the shell's, then each game's. A key two tables
    both define is a mistake, refused with both names."""
    if lang not in LANGUAGES:
        raise ValueError(f"the page is in {' or '.join(LANGUAGES)}, not {lang!r}")
    merged: dict[str, Any] = json.loads((SHELL_STRINGS / f"{lang}.json").read_text("utf-8"))
    owner = dict.fromkeys(merged, "the shell")
    for kit in REGISTRY.kits():
        folder = web_folder(kit)
        path = None if folder is None else folder / f"{lang}.json"
        if path is None or not path.is_file():
            continue
        for key, text in json.loads(path.read_text("utf-8")).items():
            if key in merged:
                raise ValueError(f"string {key!r} is both {owner[key]}'s and {kit.name}'s")
            merged[key] = text
            owner[key] = kit.name
    return merged


def actions(game: Game) -> list[dict[str, Any]]:
    """Every action of the game's table, in id order: its notation, its kind (the
    rules' name for it) and its fields, so a page words an action, or finds the one it
    means, without parsing or writing notation."""
    table = game.actions
    found = (table[i] for i in range(len(table)))
    return [
        {"notation": a.notation(), "kind": type(a).__name__, "fields": to_jsonable(a)}
        for a in found
    ]
