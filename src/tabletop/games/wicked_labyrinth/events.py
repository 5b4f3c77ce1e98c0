"""What happens in The Wicked Labyrinth, as typed events.

Everything is public except a declaration before the reveal: others see only that a
player has committed (rulings, "What is hidden").
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.events import Event
from tabletop.games.wicked_labyrinth.actions import Declare
from tabletop.games.wicked_labyrinth.elements import Colour, Element, Rank


@dataclass(frozen=True)
class OraclesDealt(Event):
    player: int
    great_oracles: tuple[str, str]
    small_oracles: tuple[str, str]


@dataclass(frozen=True)
class CorridorsLaidOut(Event):
    round: int
    corridors: tuple[str, ...]


@dataclass(frozen=True)
class DeclarationCommitted(Event):
    """A player put out a closed hand. Only that player sees what is in it."""

    player: int
    declaration: Declare | None
    forced: bool

    def for_player(self, player: int | None) -> Event | None:
        if player == self.player:
            return self
        return DeclarationCommitted(self.player, None, self.forced)


@dataclass(frozen=True)
class DeclarationsRevealed(Event):
    round: int
    corridor: str
    declarations: tuple[Declare, ...]


@dataclass(frozen=True)
class CorridorRanked(Event):
    """Ranking by search pieces (section 7 ②); skipped when nobody held one."""

    corridor: str
    first: int | None
    seconds: tuple[int, ...]
    witch_signs: int
    soul_signs: int
    skipped: bool


@dataclass(frozen=True)
class ImpurityTaken(Event):
    player: int
    count: int


@dataclass(frozen=True)
class TokenGained(Event):
    player: int
    colour: Colour


@dataclass(frozen=True)
class WhiteChosen(Event):
    player: int
    colour: Colour


@dataclass(frozen=True)
class TokenReturned(Event):
    """A token went back to the supply to make room (overflow or a full higher rank)."""

    player: int
    colour: Colour
    rank: Rank


@dataclass(frozen=True)
class SpellGained(Event):
    player: int
    spell: Element


@dataclass(frozen=True)
class Promoted(Event):
    player: int
    colour: Colour
    rank: Rank
    by: str  # "pair", "spell" or "reward"


@dataclass(frozen=True)
class ColourChanged(Event):
    player: int
    colour: Colour
    rank: Rank
    to: Colour


@dataclass(frozen=True)
class SpellDiscarded(Event):
    player: int
    spell: Element


@dataclass(frozen=True)
class OracleAchieved(Event):
    player: int
    oracle: str
    great: bool


@dataclass(frozen=True)
class ProcessingDone(Event):
    player: int


@dataclass(frozen=True)
class RoundEnded(Event):
    round: int


@dataclass(frozen=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
