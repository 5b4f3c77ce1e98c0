"""Goofspiel's words for a review (the ``review:phrases`` part), in English and Japanese.

A decision is a turn's bid: where it was ("turn 3, the 11 up"), what was done ("you
bid 9") and what could have been ("bidding 12"). Other seats' bids stay hidden after
the game too, so what another bid would have brought is never phrased.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.game import Game


def where(decision: Any, lang: str) -> str:
    view = decision.view
    if lang == "ja":
        return f"{view.turn + 1}手目（得点カード{view.point_card}）"
    return f"turn {view.turn + 1}, the {view.point_card} up"


def did(game: Game, decision: Any, action: int, lang: str) -> str:
    card = game.actions[action].card
    return f"{card}を出しました" if lang == "ja" else f"you bid {card}"


def could(game: Game, decision: Any, action: int, lang: str) -> str:
    card = game.actions[action].card
    return f"{card}を出せば" if lang == "ja" else f"bidding {card}"


def consequence(decision: Any, seat: int, action: int, lang: str) -> str | None:
    """Nothing: the other bids that would tell stay hidden."""
    return None
