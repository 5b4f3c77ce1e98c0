"""Code of Nine's actions, their notation and their fixed integer ids.

Every decision is one player's (the game is sequential). Notation (case-insensitive):

==================  =====  =====================================================
notation            ids    meaning
==================  =====  =====================================================
``change``          0      setup: pay an action pawn to change both memory cards
``keep``            1      setup: keep the dealt memory cards
``abyss:N``         2-29   setup: put card number N (1-28) in the Abyss, the other
                           in the Shoal
``quarry`` ...      30-54  place a pawn on a location, by its id in board order:
                           library fortune shed lights cross clocktower allure
                           quarry tunnel hearth watchtower honeybook cathedral
                           looked commune village underground recorder street
                           alley tivoli ended crossroads devils tree
``target:S``        55-58  choose seat S (0-3; with 3 players seat 3 is the ghost)
``target:-``        59     choose nobody (an optional step)
``item:I``          60-63  choose an item: statue, coin, book, legacy
``item:-``          64     choose no item (an optional step)
``slot:abyss``      65     Crossroads of Phenomena: exchange the Abyss card
``slot:shoal``      66     ... or the Shoal card
``done``            67     stop taking or giving (Tree of Heaven, Tivoli)
==================  =====  =====================================================

The ids never change: new actions may only be appended.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.actions import Action, ActionTable
from tabletop.games.code_of_nine.items import HOLDERS, Item, Slot
from tabletop.games.code_of_nine.locations import LOCATION_IDS
from tabletop.games.code_of_nine.memory_cards import CARD_COUNT


@dataclass(frozen=True)
class ChangeCards(Action):
    """Setup step 5: the one-time change of memory cards (costs a round-1 pawn)."""

    change: bool

    def notation(self) -> str:
        return "change" if self.change else "keep"


@dataclass(frozen=True)
class ChooseAbyss(Action):
    """Setup step 6: which of one's two cards (by number) goes to the Abyss."""

    card: int

    def notation(self) -> str:
        return f"abyss:{self.card}"


@dataclass(frozen=True)
class Place(Action):
    """Place an action pawn on a location (by its id) and resolve it."""

    location: str

    def notation(self) -> str:
        return self.location


@dataclass(frozen=True)
class Target(Action):
    """A location's choice of a seat (``None``: nobody, where the step is optional)."""

    seat: int | None

    def notation(self) -> str:
        return f"target:{'-' if self.seat is None else self.seat}"


@dataclass(frozen=True)
class ChooseItem(Action):
    """A location's choice of an item (``None``: none, where the step is optional)."""

    item: Item | None

    def notation(self) -> str:
        return f"item:{'-' if self.item is None else self.item.name.lower()}"


@dataclass(frozen=True)
class ChooseSlot(Action):
    """Crossroads of Phenomena: which of one's cards to exchange with the ninth memory."""

    slot: Slot

    def notation(self) -> str:
        return f"slot:{self.slot.name.lower()}"


@dataclass(frozen=True)
class Done(Action):
    """Stop an "up to" step early."""

    def notation(self) -> str:
        return "done"


CHOOSABLE_ITEMS: tuple[Item, ...] = (Item.STATUE, Item.COIN, Item.BOOK, Item.LEGACY)


def _build() -> list[Action]:
    actions: list[Action] = [ChangeCards(True), ChangeCards(False)]
    actions += [ChooseAbyss(n) for n in range(1, CARD_COUNT + 1)]
    actions += [Place(lid) for lid in LOCATION_IDS]
    actions += [Target(s) for s in range(HOLDERS)] + [Target(None)]
    actions += [ChooseItem(i) for i in CHOOSABLE_ITEMS] + [ChooseItem(None)]
    actions += [ChooseSlot(Slot.ABYSS), ChooseSlot(Slot.SHOAL), Done()]
    return actions


TABLE: ActionTable[Action] = ActionTable("code-of-nine", _build())

CHANGE = 0
KEEP = 1
ABYSS_BASE = 2
PLACE_BASE = ABYSS_BASE + CARD_COUNT
TARGET_BASE = PLACE_BASE + len(LOCATION_IDS)
NO_TARGET = TARGET_BASE + HOLDERS
ITEM_BASE = NO_TARGET + 1
NO_ITEM = ITEM_BASE + len(CHOOSABLE_ITEMS)
SLOT_BASE = NO_ITEM + 1
DONE = SLOT_BASE + 2
LOCATION_INDEX: dict[str, int] = {lid: i for i, lid in enumerate(LOCATION_IDS)}


def place_id(location: str) -> int:
    return PLACE_BASE + LOCATION_INDEX[location]
