"""A review's lines in plain words, in English and Japanese.

Each game says where a decision was (``where``), what an action was as something done
(``did``: "you held 2") and as something that could have been done (``could``:
"holding 4"), and, where the game showed it afterwards, what that other action would
have brought (``consequence``: "taken the corridor first"). Names a player reads on
the board (locations, items, memory card titles) come from the web client's own
translation tables, so the review uses the words the table shows.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import import_module, resources
from typing import Any, Protocol

from tabletop.core.game import Game
from tabletop.review.decisions import Decision

LANGUAGES = ("en", "ja")


class Phrases(Protocol):
    """One game's words for its decisions (a module of :mod:`tabletop.review`)."""

    def where(self, decision: Decision, lang: str) -> str: ...

    def did(self, game: Game, decision: Decision, action: int, lang: str) -> str: ...

    def could(self, game: Game, decision: Decision, action: int, lang: str) -> str: ...

    def consequence(self, decision: Decision, seat: int, action: int, lang: str) -> str | None: ...


PHRASES = {
    "wicked-labyrinth": "tabletop.review.wicked_labyrinth",
    "code-of-nine": "tabletop.review.code_of_nine",
}


def phrases(game: Game) -> Phrases:
    where = PHRASES.get(game.info.name)
    if where is None:
        raise ValueError(f"no review phrasing for {game.info.name}")
    module: Phrases = import_module(where)
    return module


@cache
def words(lang: str) -> dict[str, Any]:
    """The web client's translation table of ``lang`` (``en`` or ``ja``)."""
    if lang not in LANGUAGES:
        raise ValueError(f"a review is in {' or '.join(LANGUAGES)}, not {lang!r}")
    path = resources.files("tabletop.web") / "static" / "i18n" / f"{lang}.json"
    table: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return table


def word(lang: str, key: str, fallback: str) -> str:
    """A translated name, or ``fallback`` (the data's own English name) if none."""
    found = words(lang).get(key)
    return found if isinstance(found, str) and found else fallback


def line(game: Game, decision: Decision, seat: int, best: int, gain: float, lang: str) -> str:
    """ "corridor 3 of round 2: you held 2; holding 4 would have taken the corridor
    first: about +3.1 points expected", in ``lang``."""
    p = phrases(game)
    where = p.where(decision, lang)
    did = p.did(game, decision, decision.chosen, lang)
    could = p.could(game, decision, best, lang)
    then = p.consequence(decision, seat, best, lang)
    if lang == "ja":
        result = then or "もっと良い結果が期待できました"
        return f"{where}：{did}が、{could}{result}（期待値で約{gain:+.1f}点）"
    result = then or "been better"
    return f"{where}: {did}; {could} would have {result}: about {gain:+.1f} points expected"
