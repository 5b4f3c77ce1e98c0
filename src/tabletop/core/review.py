"""What a review knows of one decision, and the words a game's kit gives it.

A :class:`Decision` keeps only the seat's view, its legal actions and what it chose
(and the seat's view just before its next decision, where the game phrases what
happened, such as the hands opened afterwards), so a review cannot use what the seat
could not see. A game's ``review:phrases`` part (:class:`Phrases`) says where a
decision was, what was done and what could have been, in English and Japanese.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.core.game import Game


@dataclass(frozen=True)
class Decision:
    """The ``number``-th decision of the seat (from 0), at record step ``step`` (from 1).

    ``turn`` counts the seat's decisions within the view's round (from 1); ``after``
    is the seat's view just before its next decision (or at the end).
    """

    number: int
    step: int
    view: Any
    legal: tuple[int, ...]
    chosen: int
    turn: int
    after: Any


class Phrases(Protocol):
    """One game's words for its decisions (a module of the game's folder).

    ``where`` a decision was ("corridor 3 of round 2"), what an action was as something
    done (``did``: "you held 2") and as something that could have been done (``could``:
    "holding 4"), and, where the game showed it afterwards, what that other action would
    have brought (``consequence``: "taken the corridor first")."""

    def where(self, decision: Decision, lang: str) -> str: ...

    def did(self, game: Game, decision: Decision, action: int, lang: str) -> str: ...

    def could(self, game: Game, decision: Decision, action: int, lang: str) -> str: ...

    def consequence(self, decision: Decision, seat: int, action: int, lang: str) -> str | None: ...
