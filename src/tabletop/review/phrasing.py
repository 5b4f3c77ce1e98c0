"""A review's lines in plain words, in English and Japanese.

Each game's kit says where a decision was, what an action was as something done and as
something that could have been done, and what that other action would have brought
(its ``review:phrases`` part, :class:`tabletop.core.review.Phrases`); this module puts
them in one sentence with the search's expected gain.
"""

from __future__ import annotations

from tabletop.core.game import Game
from tabletop.core.review import Decision, Phrases
from tabletop.games import REGISTRY

LANGUAGES = ("en", "ja")


def phrases(game: Game) -> Phrases:
    """The game's words for its decisions (its kit's ``review:phrases`` part)."""
    found: Phrases = REGISTRY.kit(game).part("review:phrases")
    return found


def line(game: Game, decision: Decision, seat: int, best: int, gain: float, lang: str) -> str:
    """ "<where>: <did>; <could> would have <consequence>: about +3.1 points expected"
    ("... would have been better" where the game says no consequence), in ``lang``."""
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
