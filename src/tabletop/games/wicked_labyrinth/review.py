"""The Wicked Labyrinth's review words (its kit's ``review:phrases``): declarations,
the only searched decisions.

The lobby's strongest search plays only the sealed declarations (the heuristic makes
the soul processing), so the review appraises those. What a declaration would have
brought is read from the hands the seat saw opened afterwards (section 7 ②).
"""

from __future__ import annotations

from tabletop.core.game import Game
from tabletop.core.review import Decision
from tabletop.games.wicked_labyrinth.actions import TABLE, Declare
from tabletop.games.wicked_labyrinth.rules import rank_players


def where(decision: Decision, lang: str) -> str:
    view = decision.view
    corridor, rnd = view.corridor + 1, view.round
    if lang == "ja":
        return f"ラウンド{rnd}の回廊{corridor}"
    return f"corridor {corridor} of round {rnd}"


def _hand(game: Game, action: int) -> Declare | None:
    found = game.actions[action]
    return found if isinstance(found, Declare) else None


def _signs(hand: Declare, lang: str) -> str:
    if lang == "ja":
        return ("と魔女の気配駒" if hand.witch else "") + ("と魂の気配駒" if hand.soul else "")
    names = [
        n for n, on in (("the witch's sign", hand.witch), ("the soul's sign", hand.soul)) if on
    ]
    return " with " + " and ".join(names) if names else ""


def did(game: Game, decision: Decision, action: int, lang: str) -> str:
    hand = _hand(game, action)
    if hand is None:
        notation = game.actions[action].notation()
        return f"{notation}を選びました" if lang == "ja" else f"you chose {notation}"
    if lang == "ja":
        return f"探索駒{hand.search}個{_signs(hand, lang)}を握りました"
    return f"you held {hand.search}{_signs(hand, lang)}"


def could(game: Game, decision: Decision, action: int, lang: str) -> str:
    hand = _hand(game, action)
    if hand is None:
        notation = game.actions[action].notation()
        return f"{notation}なら" if lang == "ja" else f"{notation}"
    if lang == "ja":
        return f"探索駒{hand.search}個{_signs(hand, lang)}を握れば"
    return f"holding {hand.search}{_signs(hand, lang)}"


def opened(decision: Decision) -> tuple[Declare, ...] | None:
    """The hands opened at the decision's corridor, as the seat saw them afterwards
    (None when it was not a declaration, or its next view is of another round)."""
    if not isinstance(TABLE[decision.chosen], Declare):
        return None
    before, after = decision.view, decision.after
    index = len(before.reveals)
    if after.round != before.round or len(after.reveals) <= index:
        return None
    hands: tuple[Declare, ...] = after.reveals[index]
    return hands


def consequence(decision: Decision, seat: int, action: int, lang: str) -> str | None:
    """What holding ``action``'s pieces would have ranked, against the opened hands."""
    hands = opened(decision)
    if hands is None:
        return None
    hand = TABLE[action]
    if not isinstance(hand, Declare):
        return None
    search = [h.search for h in hands]
    search[seat] = hand.search
    first, seconds = rank_players(search)
    if first == seat:
        return "1位で回廊を探索できました" if lang == "ja" else "taken the corridor first"
    if seat in seconds:
        return "2位で回廊を探索できました" if lang == "ja" else "searched the corridor second"
    return None
