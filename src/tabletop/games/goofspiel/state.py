"""A game of Goofspiel in progress: hands, points, point cards and sealed bids.

The data is a handful of flat lists of small integers, so a copy is cheap. Each turn
is one sealed decision of every seat at once (``sealed_decision``): each seat's bid is
kept until all are in, then the turn is resolved. The last turn has no choice (each
seat holds one card), so it is played out at once, as OpenSpiel does, and its point
card is dealt without a chance node.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from tabletop.core.events import Event
from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.games.goofspiel import events as E
from tabletop.games.goofspiel.rules import (
    NO_CARD,
    TIE,
    PointsOrder,
    cards_in,
    first_point_card,
    full_hand,
    next_point_card,
    turn_winner,
)
from tabletop.games.goofspiel.views import GoofspielView

if TYPE_CHECKING:
    from tabletop.core.game import Game


class GoofspielState(State):
    __slots__ = (
        "num_cards",
        "order",
        "hands",
        "points",
        "bids",
        "point_cards",
        "winners",
        "bid_history",
        "point_card",
    )

    def __init__(
        self, game: Game, num_players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> None:
        super().__init__(game, num_players, seed, options, auto_chance)
        self.num_cards: int = options["num_cards"]
        self.order: PointsOrder = options["points_order"]
        self.hands: list[int] = [full_hand(self.num_cards)] * num_players
        """Bit ``k`` of a seat's hand: it still holds card ``k + 1``."""
        self.points: list[int] = [0] * num_players
        self.bids: list[int] = [NO_CARD] * num_players
        """Each seat's sealed bid on the card up now (:data:`NO_CARD`: none yet)."""
        self.point_cards: list[int] = []
        """Every point card revealed, in order; the last is up while a turn is open."""
        self.winners: list[int] = []
        """Who took each finished turn's card (:data:`TIE`: discarded)."""
        self.bid_history: list[tuple[int, ...]] = []
        """Every seat's bid on each finished turn."""
        self.point_card: int = NO_CARD
        """The card up now; :data:`NO_CARD` at a chance node or at the end."""

    # ------------------------------------------------------------------ turns

    @property
    def turn(self) -> int:
        """Turns finished."""
        return len(self.winners)

    def current_players(self) -> tuple[int, ...]:
        if self.point_card == NO_CARD:
            return ()
        return tuple(p for p in range(self.num_players) if self.bids[p] == NO_CARD)

    def sealed_decision(self) -> bool:
        return self.point_card != NO_CARD

    def is_terminal(self) -> bool:
        return len(self.winners) == self.num_cards

    def is_chance_node(self) -> bool:
        return self.point_card == NO_CARD and len(self.winners) < self.num_cards

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards still face down (outcome ``k``: card ``k + 1``, as OpenSpiel)."""
        if not self.is_chance_node():
            return []
        seen = set(self.point_cards)
        left = [card - 1 for card in range(1, self.num_cards + 1) if card not in seen]
        p = 1.0 / len(left)
        return [(outcome, p) for outcome in left]

    def _apply_chance(self, outcome: int) -> None:
        self._reveal(outcome + 1)

    def _reveal(self, card: int) -> None:
        self.point_card = card
        self.point_cards.append(card)
        self._emit(E.PointCardRevealed(len(self.point_cards), card))

    def _settle_start(self) -> None:
        """The first point card: revealed at once in a fixed order, drawn otherwise; both
        are the setup's events."""
        events: list[Event] = []
        self._events = events
        try:
            first = first_point_card(self.order, self.num_cards)
            if first != NO_CARD:
                self._reveal(first)
            self._settle_chance()
        finally:
            self._events = None
        self.start_events = tuple(events)

    def legal_action_ids_unchecked(self, player: int) -> Sequence[int]:
        if self.point_card == NO_CARD or self.bids[player] != NO_CARD:
            return ()
        hand = self.hands[player]
        return [k for k in range(self.num_cards) if hand >> k & 1]

    def why_illegal(self, player: int, action_id: int) -> str:
        card = action_id + 1
        if card > self.num_cards:
            return f"this game's cards are 1 to {self.num_cards}"
        return f"card {card} was already bid"

    def _apply(self, player: int, action_id: int) -> None:
        card = action_id + 1
        self.bids[player] = card
        self._emit(E.BidSealed(player, card))
        if NO_CARD not in self.bids:
            self._resolve()

    def _resolve(self) -> None:
        """Every bid is in: the single highest takes the card, the bid cards are gone,
        and the next point card comes up (the last turn is played out at once)."""
        bids = tuple(self.bids)
        card = self.point_card
        winner = turn_winner(bids)
        if winner != TIE:
            self.points[winner] += card
        self.winners.append(winner)
        self.bid_history.append(bids)
        self.hands = [hand & ~(1 << (bid - 1)) for hand, bid in zip(self.hands, bids, strict=True)]
        self.bids = [NO_CARD] * self.num_players
        self.point_card = NO_CARD
        turn = len(self.winners)
        self._emit(E.TurnResolved(turn, card, None if winner == TIE else winner))
        if turn == self.num_cards:
            result = self.result()
            self._emit(E.GameEnded(result.scores, result.winners))
            return
        following = next_point_card(self.order, card)
        if turn == self.num_cards - 1:
            if following == NO_CARD:  # the one card face down, with no chance node
                following = next(
                    c for c in range(1, self.num_cards + 1) if c not in self.point_cards
                )
            self._reveal(following)
            for player, hand in enumerate(self.hands):
                self.bids[player] = hand.bit_length()  # the one card left
                self._emit(E.BidSealed(player, self.bids[player], forced=True))
            self._resolve()
        elif following != NO_CARD:
            self._reveal(following)

    # ------------------------------------------------------------------ views and results

    def _view(self, player: int) -> GoofspielView:
        return self._make_view(player)

    def spectator_view(self) -> GoofspielView:
        return self._make_view(None)

    def _make_view(self, viewer: int | None) -> GoofspielView:
        seen = set(self.point_cards)
        return GoofspielView(
            viewer=viewer,
            players=self.num_players,
            num_cards=self.num_cards,
            points_order=self.order,
            turn=len(self.winners),
            point_card=self.point_card if self.point_card != NO_CARD else None,
            point_cards=tuple(self.point_cards),
            remaining_point_cards=tuple(c for c in range(1, self.num_cards + 1) if c not in seen),
            winners=tuple(None if w == TIE else w for w in self.winners),
            points=tuple(self.points),
            hand_size=self.num_cards - len(self.winners),
            deciding=self.current_players(),
            hand=tuple(cards_in(self.hands[viewer])) if viewer is not None else None,
            my_bids=tuple(b[viewer] for b in self.bid_history) if viewer is not None else (),
            my_bid=(self.bids[viewer] or None) if viewer is not None else None,
            over=self.is_terminal(),
        )

    def result(self) -> Result:
        return Result.from_keys(self.points, [(p,) for p in self.points])

    # ------------------------------------------------------------------ copies and JSON

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        self._copy_base(other)
        other.num_cards = self.num_cards
        other.order = self.order
        other.hands = list(self.hands)
        other.points = list(self.points)
        other.bids = list(self.bids)
        other.point_cards = list(self.point_cards)
        other.winners = list(self.winners)
        other.bid_history = list(self.bid_history)
        other.point_card = self.point_card
        return other

    def _state_json(self) -> dict[str, Any]:
        return {
            "hands": list(self.hands),
            "points": list(self.points),
            "bids": list(self.bids),
            "point_cards": list(self.point_cards),
            "winners": list(self.winners),
            "bid_history": [list(b) for b in self.bid_history],
            "point_card": self.point_card,
        }

    def _load(self, data: dict[str, Any]) -> None:
        """Overwrite the game's slots from :meth:`_state_json` data."""
        n = self.num_players
        hands = [int(h) for h in data["hands"]]
        points = [int(p) for p in data["points"]]
        bids = [int(b) for b in data["bids"]]
        if len(hands) != n or len(points) != n or len(bids) != n:
            raise ValueError(f"hands, points and bids need {n} entries each")
        self.hands, self.points, self.bids = hands, points, bids
        self.point_cards = [int(c) for c in data["point_cards"]]
        self.winners = [int(w) for w in data["winners"]]
        self.bid_history = [tuple(int(b) for b in turn) for turn in data["bid_history"]]
        self.point_card = int(data["point_card"])
