"""The Wicked Labyrinth's actions, their notation and their fixed integer ids.

Notation (case-insensitive), with colours r g b y and ranks l m h:

========================  ==================================================
``d3ws``                  declare 3 search pieces, the witch's and the soul's sign
``d0``                    declare an empty hand
``white:r``               take a white fragment as red
``return:g``              low rank full: return a low green token
``pair:rl``               normal promotion of two low red tokens
``pair:rm/b``             the same from middle, first returning a high blue token
``spell:bl`` ``spell:-``  promotion spell on a low blue token / discard the spell
``change:rl>b`` ``change:-``  colour-change spell: low red to blue / discard it
``small:1`` ``great:2``   achieve your first small / second great oracle
``done``                  end your soul processing for this round
========================  ==================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.actions import Action, ActionTable
from tabletop.games.wicked_labyrinth.elements import TOKEN_COLOURS, Colour, Rank

# The id ranges the engine dispatches on, re-exported here beside the table they index.
from tabletop.games.wicked_labyrinth.ids import (
    CHANGE_BASE as CHANGE_BASE,
)
from tabletop.games.wicked_labyrinth.ids import (
    CHOOSE_WHITE_BASE as CHOOSE_WHITE_BASE,
)
from tabletop.games.wicked_labyrinth.ids import (
    DECLARE_BASE as DECLARE_BASE,
)
from tabletop.games.wicked_labyrinth.ids import (
    DISCARD_CHANGE as DISCARD_CHANGE,
)
from tabletop.games.wicked_labyrinth.ids import (
    DISCARD_PROMOTION as DISCARD_PROMOTION,
)
from tabletop.games.wicked_labyrinth.ids import (
    DONE as DONE,
)
from tabletop.games.wicked_labyrinth.ids import (
    GREAT_BASE as GREAT_BASE,
)
from tabletop.games.wicked_labyrinth.ids import (
    PAIR_BASE as PAIR_BASE,
)
from tabletop.games.wicked_labyrinth.ids import (
    RETURN_LOW_BASE as RETURN_LOW_BASE,
)
from tabletop.games.wicked_labyrinth.ids import (
    SMALL_BASE as SMALL_BASE,
)
from tabletop.games.wicked_labyrinth.ids import (
    SPELL_BASE as SPELL_BASE,
)
from tabletop.games.wicked_labyrinth.ids import (
    change_id as change_id,
)
from tabletop.games.wicked_labyrinth.ids import (
    declare_id as declare_id,
)
from tabletop.games.wicked_labyrinth.ids import (
    promotion_id as promotion_id,
)

_C = "rgby"
_R = "lmh"
MAX_SEARCH_PIECES = 8


@dataclass(frozen=True)
class Declare(Action):
    """A closed hand: search pieces and the sign pieces held (section 7 ①)."""

    search: int
    witch: bool = False
    soul: bool = False

    def notation(self) -> str:
        return f"d{self.search}{'w' if self.witch else ''}{'s' if self.soul else ''}"


@dataclass(frozen=True)
class ChooseWhite(Action):
    """The colour a white fragment becomes (chosen by its receiver)."""

    colour: Colour

    def notation(self) -> str:
        return f"white:{_C[self.colour]}"


@dataclass(frozen=True)
class ReturnLow(Action):
    """With seven low tokens, the one (by colour) that goes back to the supply."""

    colour: Colour

    def notation(self) -> str:
        return f"return:{_C[self.colour]}"


def _room(room: Colour | None) -> str:
    return "" if room is None else f"/{_C[room]}"


@dataclass(frozen=True)
class PairPromotion(Action):
    """Normal promotion: two tokens of ``colour`` at ``rank`` become one a rank higher.

    ``room`` names the colour of a token of the higher rank returned first when that
    rank is full (section 8, "make a spot").
    """

    colour: Colour
    rank: Rank
    room: Colour | None = None

    def notation(self) -> str:
        return f"pair:{_C[self.colour]}{_R[self.rank]}{_room(self.room)}"


@dataclass(frozen=True)
class SpellPromotion(Action):
    """A promotion spell (stored, or a small oracle's reward) raises one token a rank."""

    colour: Colour
    rank: Rank
    room: Colour | None = None

    def notation(self) -> str:
        return f"spell:{_C[self.colour]}{_R[self.rank]}{_room(self.room)}"


@dataclass(frozen=True)
class DiscardPromotion(Action):
    """Give up one promotion spell (or the reward promotion) unused."""

    def notation(self) -> str:
        return "spell:-"


@dataclass(frozen=True)
class ColourChange(Action):
    """A colour-change spell: a board token of ``colour`` at ``rank`` becomes ``to``."""

    colour: Colour
    rank: Rank
    to: Colour

    def notation(self) -> str:
        return f"change:{_C[self.colour]}{_R[self.rank]}>{_C[self.to]}"


@dataclass(frozen=True)
class DiscardColourChange(Action):
    """Give up one colour-change spell unused."""

    def notation(self) -> str:
        return "change:-"


@dataclass(frozen=True)
class AchieveSmall(Action):
    """Achieve one's small oracle card ``slot`` (1 or 2)."""

    slot: int

    def notation(self) -> str:
        return f"small:{self.slot}"


@dataclass(frozen=True)
class AchieveGreat(Action):
    """Achieve one's great oracle card ``slot`` (1 or 2) by moving two high tokens onto it."""

    slot: int

    def notation(self) -> str:
        return f"great:{self.slot}"


@dataclass(frozen=True)
class Done(Action):
    """End one's soul processing for the round; unused spells are lost."""

    def notation(self) -> str:
        return "done"


_ROOMS: tuple[Colour | None, ...] = (None, *TOKEN_COLOURS)
_PROMOTABLE = (Rank.LOW, Rank.MIDDLE)


def _build() -> list[Action]:
    actions: list[Action] = []
    for n in range(MAX_SEARCH_PIECES + 1):
        for witch in (False, True):
            for soul in (False, True):
                actions.append(Declare(n, witch, soul))
    actions += [ChooseWhite(c) for c in TOKEN_COLOURS]
    actions += [ReturnLow(c) for c in TOKEN_COLOURS]
    actions += [PairPromotion(c, r, x) for c in TOKEN_COLOURS for r in _PROMOTABLE for x in _ROOMS]
    actions += [SpellPromotion(c, r, x) for c in TOKEN_COLOURS for r in _PROMOTABLE for x in _ROOMS]
    actions.append(DiscardPromotion())
    actions += [
        ColourChange(c, r, t) for c in TOKEN_COLOURS for r in Rank for t in TOKEN_COLOURS if t != c
    ]
    actions.append(DiscardColourChange())
    actions += [AchieveSmall(1), AchieveSmall(2), AchieveGreat(1), AchieveGreat(2), Done()]
    return actions


TABLE: ActionTable[Action] = ActionTable("wicked-labyrinth", _build())
