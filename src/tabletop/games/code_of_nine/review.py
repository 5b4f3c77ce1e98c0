"""Code of Nine's review words (its kit's ``review:phrases``): setup choices,
placements and a location's choices.

Locations, items and memory card titles are named as the table shows them (the game's
web strings, ``web/en.json`` and ``web/ja.json``); seats as players 1 to N, the ghost
by name.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from tabletop.core.game import Game
from tabletop.core.review import Decision
from tabletop.games.code_of_nine.actions import (
    ChangeCards,
    ChooseAbyss,
    ChooseItem,
    ChooseSlot,
    Done,
    Place,
    Target,
)
from tabletop.games.code_of_nine.layout import Phase


@cache
def _words(lang: str) -> dict[str, Any]:
    """The game's strings in ``lang``: the ones its web page shows (``web/<lang>.json``)."""
    path = resources.files("tabletop.games.code_of_nine.web") / f"{lang}.json"
    table: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return table


def word(lang: str, key: str, fallback: str) -> str:
    """A translated name, or ``fallback`` (the data's own English name) if none."""
    found = _words(lang).get(key)
    return found if isinstance(found, str) and found else fallback


_SETUP = (Phase.CHANGE, Phase.REDEAL, Phase.ASSIGN, Phase.GHOST, Phase.NINTH)


def where(decision: Decision, lang: str) -> str:
    view = decision.view
    if view.phase in _SETUP:
        return "準備" if lang == "ja" else "setup"
    if lang == "ja":
        return f"ラウンド{view.round}の{decision.turn}回目の選択"
    return f"round {view.round}, choice {decision.turn}"


def _location(decision: Decision, lid: str, lang: str) -> str:
    english = next((loc.name for loc in decision.view.locations if loc.id == lid), lid)
    return word(lang, f"con.loc.{lid}.name", english)


def _seat(decision: Decision, seat: int | None, lang: str) -> str:
    if seat is None:
        return "誰も" if lang == "ja" else "nobody"
    holders = decision.view.holders
    if seat < len(holders) and holders[seat].ghost:
        return word(lang, "con.ghost", "the ghost")
    return f"席{seat + 1}" if lang == "ja" else f"seat {seat + 1}"  # as the page names seats


def _card(decision: Decision, number: int, lang: str) -> str:
    card = next((c for c in decision.view.my_cards if c.number == number), None)
    title = "" if card is None else word(lang, f"con.cardTitle.{card.title}", card.title)
    if lang == "ja":
        return f"カード{number}「{title}」" if title else f"カード{number}"
    return f"card {number} ({title})" if title else f"card {number}"


def _phrase(game: Game, decision: Decision, action: int, lang: str, done: bool) -> str:
    """The action as done (``done``: "you placed a pawn on X") or as could have been."""
    a = game.actions[action]
    ja = lang == "ja"
    if isinstance(a, Place):
        place = _location(decision, a.location, lang)
        if ja:
            return f"{place}に駒を置きました" if done else f"{place}に置けば"
        return f"you placed a pawn on {place}" if done else f"placing it on {place}"
    if isinstance(a, Target):
        who = _seat(decision, a.seat, lang)
        if ja:
            return f"{who}を選びました" if done else f"{who}を選べば"
        return f"you chose {who}" if done else f"choosing {who}"
    if isinstance(a, ChooseItem):
        name = "no item" if a.item is None else a.item.name.lower()
        item = "なし" if a.item is None else word(lang, f"con.q.{name}.one", name)
        if ja:
            return f"アイテム「{item}」を選びました" if done else f"アイテム「{item}」を選べば"
        return f"you chose {name}" if done else f"choosing {name}"
    if isinstance(a, ChooseSlot):
        slot = word(lang, f"con.slot.{a.slot.name.lower()}", a.slot.name.title())
        if ja:
            return f"{slot}のカードを交換しました" if done else f"{slot}のカードを交換すれば"
        return f"you exchanged your {slot} card" if done else f"exchanging your {slot} card"
    if isinstance(a, ChooseAbyss):
        card = _card(decision, a.card, lang)
        if ja:
            return f"{card}を深淵に置きました" if done else f"{card}を深淵に置けば"
        return f"you put {card} in the Abyss" if done else f"putting {card} in the Abyss"
    if isinstance(a, ChangeCards):
        if a.change:
            if ja:
                return "カードを2枚とも交換しました" if done else "2枚とも交換すれば"
            return "you changed both cards" if done else "changing both cards"
        if ja:
            return "カードをそのままにしました" if done else "そのままにすれば"
        return "you kept your cards" if done else "keeping them"
    if isinstance(a, Done):
        if ja:
            return "そこでやめました" if done else "そこでやめれば"
        return "you stopped there" if done else "stopping there"
    notation = a.notation()
    if ja:
        return f"{notation}を選びました" if done else f"{notation}なら"
    return f"you chose {notation}" if done else notation


def did(game: Game, decision: Decision, action: int, lang: str) -> str:
    return _phrase(game, decision, action, lang, True)


def could(game: Game, decision: Decision, action: int, lang: str) -> str:
    return _phrase(game, decision, action, lang, False)


def consequence(decision: Decision, seat: int, action: int, lang: str) -> str | None:
    """Nothing the game showed afterwards says what another choice would have done."""
    return None
