"""Code of Nine's table rows: a state's integers in the table encoder's order.

:class:`~.table.CodeOfNineTable` looks every observation entry up from one
row of integers per table, and adds a few private ones (the dealt hand, the cards a
seat has looked at) afterwards. Gathering those integers is Python work per table at
every env step, so it is compiled with mypyc (``tabletop.compiled``) and reads the
compiled state's lists directly. No NumPy here: rows go into one flat list, which the
encoder converts once per batch.

A row, in order: 0 (the lookup's zero slot); 1 with the ghost; expert; round; phase;
the start player; released; cards in the deck; the ninth memory (-1: none); the
pending location, step and two arguments (-1 each outside a follow-up); the deciding
seats' bits; the Ruins; every holder's sheet; each location's pawns; each holder's
memory cards in place; every card once public (the end), else -1; each seat's own two
cards once both are placed (-1 before); the scores (at the end, else the minimum);
each location's seats' bits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tabletop.games.code_of_nine.items import HOLDERS
from tabletop.games.code_of_nine.layout import CARD, KNOWS, STRIDE, Phase
from tabletop.games.code_of_nine.state import SEAT_SHIFT, CodeOfNineState

_HOLDERS: Final = HOLDERS
_STRIDE: Final = STRIDE
_CARD: Final = CARD
_KNOWS: Final = KNOWS
_SEAT_SHIFT: Final = SEAT_SHIFT
_ASSIGN: Final = int(Phase.ASSIGN)
_FOLLOW: Final = int(Phase.FOLLOW)
_OVER: Final = int(Phase.OVER)


class CodeOfNinePacker:
    """Writes the rows of ``players``-seat tables, and where their private 1s go.

    ``numbers[c]`` is card ``c``'s number. The private entries' places come from the
    encoder's layout: ``size`` entries per seat, a holder's block of ``holder_size``
    from ``holder`` on (the seat's own first), its cards' one-hots at ``cards`` inside
    it, the dealt hand's at ``hand``, ``card_count`` numbers each.
    """

    def __init__(
        self,
        players: int,
        numbers: list[int],
        items: int,
        locations: int,
        min_score: int,
        size: int,
        holder: int,
        holder_size: int,
        cards: int,
        hand: int,
        card_count: int,
    ) -> None:
        self.players = players
        self.numbers = numbers
        self.items = items
        self.locations = locations
        self.min_score = min_score
        self.size = size
        self.holder = holder
        self.holder_size = holder_size
        self.cards = cards
        self.hand = hand
        self.card_count = card_count
        self.width = (
            14
            + items
            + _HOLDERS * _STRIDE
            + locations
            + _HOLDERS
            + 2 * _HOLDERS
            + 2 * players
            + _HOLDERS
            + locations
        )
        """Integers per row."""

    def pack(self, states: Sequence[CodeOfNineState], raw: list[int], private: list[int]) -> None:
        """Row ``t`` of ``raw`` (``len(states) * width`` integers) from ``states[t]``;
        appends to ``private`` the flat places, in a ``(tables, players, size)`` array,
        that hold a private 1."""
        for t in range(len(states)):
            state = states[t]
            self.pack_one(state, raw, t * self.width)
            if state.phase != _OVER:
                self.private_one(state, private, t * self.players * self.size)
        if len(raw) != len(states) * self.width:  # a list of the wrong length in a slice
            raise ValueError("a state's lists have the wrong length for this table")

    def pack_one(self, state: CodeOfNineState, raw: list[int], at: int) -> None:
        n = self.players
        b = state.b
        phase = state.phase
        over = phase == _OVER
        deciding = 0
        for p in state.current_players():
            deciding |= 1 << p
        raw[at] = 0
        raw[at + 1] = 1 if n == 3 else 0
        raw[at + 2] = 1 if state.expert else 0
        raw[at + 3] = state.round
        raw[at + 4] = phase
        raw[at + 5] = state.start
        raw[at + 6] = state.released
        raw[at + 7] = len(state.deck)
        raw[at + 8] = state.ninth
        pending = state.pending
        for j in range(4):
            raw[at + 9 + j] = pending[j] if phase == _FOLLOW else -1
        raw[at + 13] = deciding
        i = at + 14
        raw[i : i + self.items] = state.ruins  # slices: one C copy, no integer boxed again
        i += self.items
        raw[i : i + _HOLDERS * _STRIDE] = b
        i += _HOLDERS * _STRIDE
        spots = state.spots
        locations = self.locations
        for j in range(locations):
            raw[i + j] = spots[j] & 0xFF
        i += locations
        for h in range(_HOLDERS):
            o = h * _STRIDE + _CARD
            raw[i + h] = (1 if b[o] >= 0 else 0) + (1 if b[o + 1] >= 0 else 0)
        i += _HOLDERS
        for j in range(2 * _HOLDERS):  # every card, public at the end
            h, s = divmod(j, 2)
            raw[i + j] = b[h * _STRIDE + _CARD + s] if over else -1
        i += 2 * _HOLDERS
        for p in range(n):  # a seat sees its own cards once both are placed
            o = p * _STRIDE + _CARD
            first, second = b[o], b[o + 1]
            mine = over or (phase > _ASSIGN and first >= 0 and second >= 0)
            raw[i + 2 * p] = first if mine else -1
            raw[i + 2 * p + 1] = second if mine else -1
        i += 2 * n
        if over:
            scores = state.score_sheet().scores
            for h in range(_HOLDERS):
                raw[i + h] = scores[h]
        else:
            for h in range(_HOLDERS):
                raw[i + h] = self.min_score
        i += _HOLDERS
        for j in range(locations):
            raw[i + j] = spots[j] >> _SEAT_SHIFT

    def private_one(self, state: CodeOfNineState, out: list[int], first: int) -> None:
        """The dealt hand during setup and the cards each seat has looked at: their
        places in the table's ``(players, size)`` block, which starts at ``first``."""
        b = state.b
        numbers = self.numbers
        size = self.size
        dealt = state.phase <= _ASSIGN
        for me in range(self.players):
            row = first + me * size
            knows = b[me * _STRIDE + _KNOWS]
            for k in range(2 * _HOLDERS):
                if knows >> k & 1:
                    owner, slot = divmod(k, 2)
                    at = (
                        self.holder
                        + (owner - me) % _HOLDERS * self.holder_size
                        + self.cards
                        + slot * self.card_count
                        - 1
                    )
                    out.append(row + at + numbers[b[owner * _STRIDE + _CARD + slot]])
            if dealt:
                o = me * _STRIDE + _CARD
                for c in (b[o], b[o + 1]):
                    if c >= 0:
                        out.append(row + self.hand - 1 + numbers[c])
