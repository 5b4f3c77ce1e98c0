"""What happens in a game of Goofspiel, with each seat's version of it.

OpenSpiel's imperfect-information goofspiel (``imp_info``) shows a player only their
own bids and, of each turn, the point card and who took it (or that a tie discarded
it). So every event is public but a bid: a seat sees its own bid, the others see only
that it has bid. Nobody's bids are opened, not even at the end.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.events import Event


@dataclass(frozen=True)
class PointCardRevealed(Event):
    """Turn ``turn`` (from 1): ``card`` is up for bidding."""

    turn: int
    card: int


@dataclass(frozen=True)
class BidSealed(Event):
    """``player`` sealed a bid; ``card`` is shown to that player alone (``None`` to others).

    ``forced``: the last turn's bid, the one card left (nobody chose it)."""

    player: int
    card: int | None
    forced: bool = False

    def for_player(self, player: int | None) -> Event | None:
        if player == self.player or self.card is None:
            return self
        return BidSealed(self.player, None, self.forced)


@dataclass(frozen=True)
class TurnResolved(Event):
    """Turn ``turn``'s point card went to ``winner`` (``None``: a tie for the highest bid
    discarded it). The bids themselves stay hidden."""

    turn: int
    card: int
    winner: int | None


@dataclass(frozen=True)
class GameEnded(Event):
    """Every card is played: the points won, and who has the most."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
