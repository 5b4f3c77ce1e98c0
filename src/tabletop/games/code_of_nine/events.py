"""What happens in Code of Nine, as typed events with per-player versions.

Public: placements, costs, items and Will moving, who looked at which card of whom,
protections, the change decisions once all are in. Secret: a change decision until
then, the memory cards dealt (only their owner
sees them; nobody sees the ghost's), which card a player put in the Abyss, and what a
look showed (only the looker sees it). Everything is revealed in ``GameEnded``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.events import Event
from tabletop.games.code_of_nine.items import Item, Slot


@dataclass(frozen=True)
class CardsDealt(Event):
    """Memory cards (by number) dealt to a holder; only a player sees their own."""

    holder: int
    cards: tuple[int, ...] | None

    def for_player(self, player: int | None) -> Event | None:
        return self if player == self.holder else CardsDealt(self.holder, None)


@dataclass(frozen=True)
class ChangeCommitted(Event):
    """A player made the sealed change decision; only that player sees which it was.

    Everyone may see *that* the player has decided (rulings, "Turn structure").
    """

    player: int
    change: bool | None

    def for_player(self, player: int | None) -> Event | None:
        return self if player == self.player else ChangeCommitted(self.player, None)


@dataclass(frozen=True)
class CardsChanged(Event):
    """One player's change decision, revealed with everyone's once all are in (public:
    a changer pays a pawn, and the changers' cards are re-dealt)."""

    player: int
    change: bool


@dataclass(frozen=True)
class CardsPlaced(Event):
    """A holder's cards went to the Abyss and the Shoal; only the owner sees which."""

    holder: int
    abyss: int | None
    shoal: int | None

    def for_player(self, player: int | None) -> Event | None:
        return self if player == self.holder else CardsPlaced(self.holder, None, None)


@dataclass(frozen=True)
class NinthMemoryRevealed(Event):
    card: int


@dataclass(frozen=True)
class PawnPlaced(Event):
    player: int
    location: str
    cost: int


@dataclass(frozen=True)
class WillGained(Event):
    holder: int
    amount: int


@dataclass(frozen=True)
class ItemMoved(Event):
    """Items between holders; ``None`` is the Ruins."""

    item: Item
    count: int
    giver: int | None
    receiver: int | None


@dataclass(frozen=True)
class CardLooked(Event):
    """A look at a memory card: everyone sees who looked at what; only the looker sees the card.

    ``blocked``: the owner was protected, so the look had no effect.
    """

    looker: int
    owner: int
    slot: Slot
    card: int | None
    blocked: bool

    def for_player(self, player: int | None) -> Event | None:
        if player == self.looker or self.card is None:
            return self
        return CardLooked(self.looker, self.owner, self.slot, None, self.blocked)


@dataclass(frozen=True)
class StartPlayerTaken(Event):
    player: int


@dataclass(frozen=True)
class Protected(Event):
    """Protection for the rest of the round: against ``"looks"`` or ``"attacks"``."""

    player: int
    against: str


@dataclass(frozen=True)
class AttackBlocked(Event):
    """An attack on a player protected by The Hidden Village had no effect on them."""

    player: int
    target: int
    location: str


@dataclass(frozen=True)
class NinthMemoryExchanged(Event):
    """Crossroads of Phenomena: the player's card went face up as the new ninth memory."""

    player: int
    slot: Slot
    ninth: int


@dataclass(frozen=True)
class LegaciesReleased(Event):
    players: tuple[int, int]


@dataclass(frozen=True)
class RoundEnded(Event):
    round: int


@dataclass(frozen=True)
class GameEnded(Event):
    """Everything revealed: scores of every holder (the ghost last with 3 players)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    eligible: tuple[bool, ...]
    cards: tuple[tuple[int, int], ...]
    """(Abyss, Shoal) card numbers per holder."""
