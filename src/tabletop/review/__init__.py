"""Game review: for each of one seat's decisions in a finished game, what the search
thinks the chosen action and the best one were worth, biggest mistakes first.

``decisions`` reads the seat's decisions out of a record (views only), ``appraisal``
values every legal action of one decision with the lobby's strongest search,
``phrasing`` and each game's words (its kit's ``review:phrases``) say it in English and
Japanese, ``review``
ties them together (``tabletop review``, the server's review jobs).
"""

from tabletop.review.decisions import GameNotOver, decisions_of
from tabletop.review.review import Mistake, Review, review_decision, review_record

__all__ = [
    "GameNotOver",
    "Mistake",
    "Review",
    "decisions_of",
    "review_decision",
    "review_record",
]
