"""Every seat's Code of Nine observation at once, read straight from the state.

The view encoder (:mod:`.encoder`) is the reference: it sees only a view, so it
cannot leak a secret. Building a view per seat costs several engine decisions each,
which the RL envs cannot afford at every step. This encoder gives the same vectors (a
property test compares them at every step of random games) from the state's flat
lists, through a :class:`~tabletop.core.lookup.Lookup`:

- the public part (board, sheets, Ruins, who looked at what; at the end every card
  and score) is looked up once, in seat 0's order, from the state's integers, which
  the compiled :mod:`.pack` writes;
- each seat's own two cards form a small block per seat, looked up the same way;
- one fancy index gathers every seat's row from those, rotated so that the seat comes
  first and its own cards land on its own sheet;
- what is left is private and rare (the dealt hand during setup, the cards a seat
  has looked at) and is written into that seat's row alone.

The result is a fresh array at every call; nothing is kept between calls but the
tables of each game configuration and the lookup's buffers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from tabletop.core.lookup import (
    Lookup,
    LookupPlan,
    SeatGather,
    TableBase,
    above,
    bit,
    capped,
    divided,
    equals,
)
from tabletop.core.lookup.incremental import Incremental
from tabletop.core.native import extension
from tabletop.games.code_of_nine.game import INFO
from tabletop.games.code_of_nine.items import HOLDERS, PAWNS, ROUNDS, Item
from tabletop.games.code_of_nine.layout import (
    ATTACKS,
    CARD,
    CHANGED,
    CHOSE_KEEP,
    ITEMS,
    KNOWS,
    LOOKS,
    PROTECT,
    STRIDE,
    WILL,
    Phase,
)
from tabletop.games.code_of_nine.layout import PAWNS as PAWNS_SLOT
from tabletop.games.code_of_nine.locations import Location
from tabletop.games.code_of_nine.memory_cards import CARD_COUNT
from tabletop.games.code_of_nine.rl.encoder import (
    _CARDS,
    _DECIDING,
    _HAND,
    _HOLDER,
    _HOLDER_ORDER,
    _LOCATION,
    _LOCATION_ORDER,
    _LOOKED,
    _NINTH,
    _PENDING,
    _PHASE,
    _RELEASED,
    _REVEALED,
    _ROUND,
    _RUINS,
    _SCORE,
    _SCORE_RANGE,
    _START,
    COST_CAP,
    HOLDER_SIZE,
    ITEM_CAPS,
    LOCATION_SIZE,
    LOCATIONS,
    PAWNS_ON_LOCATION_CAP,
    PENDING_CAP,
    STEPS,
    WILL_CAP,
    CodeOfNineEncoder,
)
from tabletop.games.code_of_nine.rl.pack import CodeOfNinePacker
from tabletop.games.code_of_nine.state import SEAT_SHIFT, CodeOfNineState

_ITEMS = len(Item)
_OVER = int(Phase.OVER)
_CARD_BLOCK = 2 * CARD_COUNT
_SHEET_RANGES = (
    *((0, cap) for cap in ITEM_CAPS),  # items (ITEMS..)
    (-WILL_CAP, WILL_CAP),  # WILL
    (0, PAWNS),  # PAWNS
    (-1, CARD_COUNT - 1),  # CARD, the Abyss
    (-1, CARD_COUNT - 1),  # CARD + 1, the Shoal
    (0, (1 << 2 * HOLDERS) - 1),  # KNOWS
    (0, LOOKS | ATTACKS),  # PROTECT
    (0, CHOSE_KEEP),  # CHANGED (a sealed choice while the change decision is open)
)
"""Each sheet integer's range, in the layout's order (``STRIDE`` of them)."""
_SEATS_MASK = (1 << HOLDERS) - 1

PACKER = "tabletop.games.code_of_nine.native._pack"
native = extension(PACKER)
"""This game's packer in C (``native/_pack.c``) in a compiled build, else None (the
compiled :mod:`.pack` writes the rows)."""


def _opens(location: Location, expert: bool) -> Callable[[int], float]:
    """Whether ``location`` is open, by round, in this game mode."""
    return lambda r: float(location.open_in(r) and (expert or not location.expert))


class TableConfig:
    """The lookup and gather of one table: player count, card set, board, game mode."""

    def __init__(self, state: CodeOfNineState) -> None:
        n = state.num_players
        self.size = size = CodeOfNineEncoder().size(n)
        numbers = [card.number for card in state.cards.cards]
        plan = LookupPlan(size + n * _CARD_BLOCK)
        # Raw slots, in the order encode() packs them (after the zero slot).
        ghost_game = plan.slot(1, 0, 1)
        expert = plan.slot(1, 0, 1)
        round_ = plan.slot(1, 1, ROUNDS)
        phase = plan.slot(1, 0, _OVER)
        start = plan.slot(1, 0, HOLDERS - 1)
        released = plan.slot(1, 0, 1)
        deck = plan.slot(1, 0, CARD_COUNT)
        ninth = plan.slot(1, -1, CARD_COUNT - 1)
        where = plan.slot(1, -1, LOCATIONS - 1)
        step = plan.slot(1, -1, STEPS - 1)
        xy = plan.slot(2, -1, PENDING_CAP)
        deciding = plan.slot(1, 0, (1 << HOLDERS) - 1)
        ruins = [plan.slot(1, 0, cap) for cap in ITEM_CAPS][0]
        sheets = [plan.slot(1, lo, hi) for _ in range(HOLDERS) for lo, hi in _SHEET_RANGES][0]
        spot_pawns = plan.slot(LOCATIONS, 0, PAWNS_ON_LOCATION_CAP)
        memory = plan.slot(HOLDERS, 0, 2)
        shown = plan.slot(2 * HOLDERS, -1, CARD_COUNT - 1)
        own = plan.slot(2 * n, -1, CARD_COUNT - 1)
        scores = plan.slot(HOLDERS, INFO.min_score, INFO.max_score)
        spot_seats = plan.slot(LOCATIONS, 0, _SEATS_MASK)

        def card(number: int) -> Callable[[int], float]:
            return lambda v: float(v >= 0 and numbers[v] == number)

        def scaled(v: int) -> float:
            return min(max((v - INFO.min_score) / _SCORE_RANGE, 0.0), 1.0)

        e = plan.entry
        e(1, expert, float)
        e(2, ghost_game, float)
        for r in range(ROUNDS):
            e(_ROUND + r, round_, equals(r + 1))
        for p in range(len(Phase)):
            e(_PHASE + p, phase, equals(p))
        for h in range(HOLDERS):
            e(_START + h, start, equals(h))
        e(_PENDING, where, above(-1))
        for i in range(LOCATIONS):
            e(_PENDING + 1 + i, where, equals(i))
        for s in range(STEPS):
            e(_PENDING + 1 + LOCATIONS + s, step, equals(s))
        for k in range(2):
            e(
                _PENDING + 1 + LOCATIONS + STEPS + k,
                xy + k,
                lambda v: max(min(v, PENDING_CAP), 0) / PENDING_CAP,
            )
        for i, cap in enumerate(ITEM_CAPS):
            e(_RUINS + i, ruins + i, capped(cap))
        e(_NINTH, ninth, above(-1))
        for number in range(1, CARD_COUNT + 1):
            e(_NINTH + number, ninth, card(number))
        e(_RELEASED, released, float)
        e(_RELEASED + 1, deck, divided(CARD_COUNT))
        for h in range(HOLDERS):
            at = _HOLDER + h * HOLDER_SIZE
            o = sheets + h * STRIDE
            if h == HOLDERS - 1:
                e(at, ghost_game, float)
            for i, cap in enumerate(ITEM_CAPS):
                e(at + 1 + i, o + ITEMS + i, capped(cap))
            e(at + 1 + _ITEMS, o + WILL, capped(WILL_CAP))
            e(at + 2 + _ITEMS, o + PAWNS_SLOT, divided(PAWNS))
            e(at + 3 + _ITEMS, o + CHANGED, equals(1))  # changed, once revealed
            e(at + 4 + _ITEMS, o + PROTECT, lambda v: float(bool(v & LOOKS)))
            e(at + 5 + _ITEMS, o + PROTECT, lambda v: float(bool(v & ATTACKS)))
            e(at + 6 + _ITEMS, memory + h, divided(2))
            e(at + _DECIDING, deciding, bit(h))
            for k in range(2 * HOLDERS):
                e(at + _LOOKED + k, o + KNOWS, bit(k))
            e(at + _REVEALED, phase, equals(_OVER))
            for slot in range(2):
                for number in range(1, CARD_COUNT + 1):
                    e(
                        at + _CARDS + slot * CARD_COUNT + number - 1,
                        shown + 2 * h + slot,
                        card(number),
                    )
            e(at + _SCORE, scores + h, scaled)
        for i, location in enumerate(state.board.locations):
            at = _LOCATION + i * LOCATION_SIZE
            e(at, round_, _opens(location, state.expert))
            plan.constant(at + 1, min(location.cost_for(n), COST_CAP) / COST_CAP)
            e(at + 2, spot_pawns + i, capped(PAWNS_ON_LOCATION_CAP))
            plan.constant(at + 3, float(location.attack))
            for p in range(HOLDERS):
                e(at + 4 + p, spot_seats + i, bit(p))
        for seat in range(n):  # each seat's own cards, gathered onto its own sheet
            for slot in range(2):
                for number in range(1, CARD_COUNT + 1):
                    e(
                        size + seat * _CARD_BLOCK + slot * CARD_COUNT + number - 1,
                        own + 2 * seat + slot,
                        card(number),
                    )
        self.lookup: Lookup = plan.build()
        self.packer = CodeOfNinePacker(
            n,
            numbers,
            len(ITEM_CAPS),
            LOCATIONS,
            INFO.min_score,
            size,
            _HOLDER,
            HOLDER_SIZE,
            _CARDS,
            _HAND,
            CARD_COUNT,
        )
        if self.packer.width != self.lookup.width:
            raise AssertionError("the packer's rows and the lookup's slots disagree")
        packer = self.packer
        self.native = (
            np.array(
                [
                    n,
                    packer.width,
                    packer.items,
                    packer.locations,
                    HOLDERS,
                    STRIDE,
                    CARD,
                    KNOWS,
                    SEAT_SHIFT,
                    Phase.ASSIGN,
                    Phase.FOLLOW,
                    Phase.OVER,
                    packer.min_score,
                    size,
                    packer.holder,
                    packer.holder_size,
                    packer.cards,
                    packer.hand,
                    packer.card_count,
                ],
                np.int64,
            ),
            np.array(numbers, np.int64),
        )
        """The packer's numbers for ``_pack.pack_code_of_nine``, in its order."""
        self.gather = SeatGather(self._gather(n))
        self.cards = state.cards
        self.board = state.board
        self.expert = state.expert

    def _gather(self, players: int) -> np.ndarray:
        """Row ``me``: where in the looked-up vector each entry of seat ``me``'s comes from."""
        size = self.size
        rows = []
        for me in range(players):
            index = np.arange(size)
            index[_START : _START + HOLDERS] = _START + (np.arange(HOLDERS) + me) % HOLDERS
            index[_HOLDER:_LOCATION] = _HOLDER + _HOLDER_ORDER[me]
            index[_LOCATION:] = _LOCATION + _LOCATION_ORDER[me]
            own = _HOLDER + _CARDS  # the viewer's sheet comes first
            index[own : own + _CARD_BLOCK] = size + me * _CARD_BLOCK + np.arange(_CARD_BLOCK)
            rows.append(index)
        return np.array(rows)

    def fits(self, state: CodeOfNineState) -> bool:
        return (
            state.cards is self.cards and state.board is self.board and state.expert == self.expert
        )


class CodeOfNineTable(TableBase):
    """Encodes every seat of ``players`` from :class:`CodeOfNineState` s.

    :meth:`encode` returns a fresh ``(players, size)`` float32 array whose row ``p``
    equals the view encoder's vector of ``state.view(p)``; :meth:`encode_into` writes
    many tables' rows into the caller's array in one pass (the batched env). One
    instance serves one table set at a time (it reuses its buffers between calls).
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.size = CodeOfNineEncoder().size(players)
        self._config: TableConfig | None = None

    def encode_into(
        self,
        states: Sequence[CodeOfNineState],
        out: np.ndarray,
        seat: int | None = None,
        kept: Incremental | None = None,
    ) -> None:
        """Every table's observations into ``out``: ``(tables, players, size)``, or
        ``(tables, size)`` holding only ``seat``'s row when ``seat`` is given; with
        ``kept``, only what changed (``TableBase.encode_into``).

        The tables must share one configuration (card set, board, mode), as a batched
        env's tables do.
        """
        config = self._config_for(states[0])
        for state in states:
            if (
                not isinstance(state, CodeOfNineState)
                or state.num_players != self.players
                or not config.fits(state)
            ):
                raise TypeError(
                    "the tables of one batch must be Code of Nine states of "
                    f"{self.players} players in one configuration, got {state!r}"
                )
        lookup = config.lookup
        private: list[int] = []
        if native is not None:
            native.pack_code_of_nine(states, lookup.rows(len(states)), private, *config.native)
        else:
            config.packer.pack(states, lookup.ints(len(states)), private)
            lookup.convert()
        if private and seat is not None:
            # only the seat's own entries, moved into its single row
            players, size = self.players, self.size
            first = seat * size
            private = [
                i // (players * size) * size + i % (players * size) - first
                for i in private
                if first <= i % (players * size) < first + size
            ]
        self.look_up(lookup, config.gather, out, seat, private, kept)

    def config(self, state: CodeOfNineState) -> TableConfig:
        """The lookup, gather and packer of ``state``'s configuration (kept for the next
        call): the batched env's engine in C (:mod:`.engine`) packs rows for its lookup."""
        return self._config_for(state)

    def _config_for(self, state: CodeOfNineState) -> TableConfig:
        if not isinstance(state, CodeOfNineState) or state.num_players != self.players:
            raise TypeError(f"needs a {self.players}-player Code of Nine state, got {state!r}")
        config = self._config
        if config is None or not config.fits(state):
            config = self._config = TableConfig(state)
        return config
