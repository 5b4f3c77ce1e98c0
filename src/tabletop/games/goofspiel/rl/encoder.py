"""Goofspiel's observation: a seat's view as a float32 vector in [0, 1].

What OpenSpiel's imp_info observation holds, from the view alone: the card up, the
point cards face down, the seat's hand, everyone's points and who took each turn's
card, plus the game's options and who is still to bid. Seats come in order from the
viewer (a spectator's from seat 0). Sizes are fixed by the largest game (13 cards), so
a smaller ``num_cards`` leaves the top entries 0. :meth:`GoofspielEncoder.labels`
names every index.
"""

from __future__ import annotations

import numpy as np

from tabletop.games.goofspiel.rules import MAX_CARDS, PointsOrder, total_points
from tabletop.games.goofspiel.views import GoofspielView

SEAT_SIZE = 2 + MAX_CARDS
"""Per seat: points, still to bid, took turn t's card (t = 1..13)."""
_CARDS = 1
_ORDER = _CARDS + MAX_CARDS
_UP = _ORDER + len(PointsOrder)
_DOWN = _UP + MAX_CARDS
_HAND = _DOWN + MAX_CARDS
_TIED = _HAND + MAX_CARDS
_SEATS = _TIED + MAX_CARDS
_POINTS_CAP = total_points(MAX_CARDS)

SECTIONS: tuple[tuple[str, str], ...] = (
    ("spectator", "1 when a spectator's view is encoded (then seat+0 is seat 0)"),
    ("num_cards=", "the game's num_cards, 1-13, one-hot"),
    ("order=", "points order: random, descending, ascending, one-hot"),
    ("point_card=", "the card up for bidding, 1-13, one-hot (none between turns)"),
    ("face_down.", "point cards not yet revealed, 1-13"),
    ("hand.", "the viewer's cards, 1-13 (none for a spectator)"),
    ("tied.", "turn 1-13's card was discarded by a tie"),
    ("seat[", "a block per seat, the viewer's first (below)"),
)
"""The observation in order: (label prefix, meaning)."""


class GoofspielEncoder:
    """Encodes a :class:`GoofspielView` (see the module docstring)."""

    game = "goofspiel"
    version = 1
    sections = SECTIONS
    block = "seat[seat+0]."

    def size(self, players: int) -> int:
        return _SEATS + players * SEAT_SIZE

    def encode(self, view: GoofspielView) -> np.ndarray:
        if not isinstance(view, GoofspielView):
            raise TypeError(f"{self.game} encoder needs a GoofspielView, got {view!r}")
        n = view.players
        me = 0 if view.viewer is None else view.viewer
        out = np.zeros(self.size(n), dtype=np.float32)
        out[0] = view.viewer is None
        out[_CARDS + view.num_cards - 1] = 1.0
        out[_ORDER + int(view.points_order)] = 1.0
        if view.point_card is not None:
            out[_UP + view.point_card - 1] = 1.0
        for card in view.remaining_point_cards:
            out[_DOWN + card - 1] = 1.0
        for card in view.hand or ():
            out[_HAND + card - 1] = 1.0
        for turn, winner in enumerate(view.winners):
            if winner is None:
                out[_TIED + turn] = 1.0
            else:
                out[_SEATS + (winner - me) % n * SEAT_SIZE + 2 + turn] = 1.0
        for seat in range(n):
            at = _SEATS + (seat - me) % n * SEAT_SIZE
            out[at] = view.points[seat] / _POINTS_CAP
            out[at + 1] = seat in view.deciding
        return out

    def labels(self, players: int) -> list[str]:
        out = ["spectator"]
        out += [f"num_cards={k}" for k in range(1, MAX_CARDS + 1)]
        out += [f"order={o.name.lower()}" for o in PointsOrder]
        out += [f"point_card={k}" for k in range(1, MAX_CARDS + 1)]
        out += [f"face_down.{k}" for k in range(1, MAX_CARDS + 1)]
        out += [f"hand.{k}" for k in range(1, MAX_CARDS + 1)]
        out += [f"tied.{t}" for t in range(1, MAX_CARDS + 1)]
        for rel in range(players):
            block = f"seat[seat+{rel}]."
            out += [f"{block}points/{_POINTS_CAP}", f"{block}to_bid"]
            out += [f"{block}took.{t}" for t in range(1, MAX_CARDS + 1)]
        return out
