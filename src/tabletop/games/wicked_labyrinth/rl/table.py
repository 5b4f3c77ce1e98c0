"""Every seat's Wicked Labyrinth observation at once, read straight from the state.

The view encoder (:mod:`.encoder`) is the reference: it sees only a view, so
it cannot leak a secret. Building a view costs several engine decisions, which the RL
envs cannot afford at every step. This encoder gives the same vectors (a property
test compares them at every step of random games) from the state's flat board,
through a :class:`~tabletop.core.lookup.Lookup`:

- everything on the table is public but the closed hands: it is looked up once, in
  seat 0's order, from the state's integers (and a few derived ones: each board's
  score and pending gains, the unseen corridors' contents), which the compiled
  :mod:`.pack` writes;
- a seat's own closed hand (``my_declaration``) is a small block per seat;
- one fancy index gathers every seat's row, rotated so that the seat comes first and
  only its own closed hand lands in it.

:meth:`~WickedLabyrinthTable.encode` returns a fresh array at every call;
:meth:`~WickedLabyrinthTable.encode_into` writes many tables into the caller's array.
Kept between calls: the tables of each card set and the lookup's buffers.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tabletop.core.lookup import (
    Lookup,
    LookupPlan,
    SeatGather,
    TableBase,
    above,
    bit,
    capped,
    column,
    divided,
    equals,
)
from tabletop.core.lookup.incremental import Incremental
from tabletop.core.native import extension
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    DECLARED,
    GREAT,
    GREAT_DONE,
    IMPURITY,
    MODE,
    PROMOTION,
    QUEUE,
    SEARCH,
    SMALL,
    SMALL_DONE,
    SOUL,
    STRIDE,
    WITCH,
)
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import (
    CAPACITY,
    CORRIDORS_PER_ROUND,
    GREAT_ORACLE_POINTS,
    IMPURITY_RETURNED_PER_GREAT,
    ROUNDS,
    SMALL_ORACLE_POINTS,
    TOKEN_POINTS,
    Element,
    Mode,
    Phase,
)
from tabletop.games.wicked_labyrinth.game import INFO
from tabletop.games.wicked_labyrinth.rl.encoder import (
    BOARD_SIZE,
    CORRIDOR_CARDS,
    FRAGMENTS,
    GAIN_CAP,
    IMPURITY_CAP,
    SPELL_CAP,
    WickedLabyrinthEncoder,
    _CardTables,
    _gather,
)
from tabletop.games.wicked_labyrinth.rl.pack import QUEUE_DIGITS, WickedLabyrinthPacker
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

_ELEMENTS = len(Element)
_DECLARATIONS = sum(isinstance(a, A.Declare) for a in A.TABLE)
_SCORE_RANGE = INFO.max_score - INFO.min_score
_TOKEN_MAX = 20
_GAIN_MAX = 2 * GAIN_CAP
_QUEUE_MAX = 8**12
_BOARD_RANGES: tuple[tuple[int, int], ...] = (
    *((0, _TOKEN_MAX),) * 12,  # tokens
    (0, _TOKEN_MAX),  # SEARCH
    (0, 1),  # WITCH
    (0, 1),  # SOUL
    (0, SPELL_CAP),  # PROMOTION
    (0, SPELL_CAP),  # COLOUR_CHANGE
    (-1, 0),
    (-1, 0),  # GREAT: set per card set
    (0, 1),
    (0, 1),  # GREAT_DONE
    (-1, 0),
    (-1, 0),  # SMALL: set per card set
    (0, 1),
    (0, 1),  # SMALL_DONE
    (0, len(Mode) - 1),  # MODE
    (0, IMPURITY_CAP),  # IMPURITY
    (0, _DECLARATIONS),  # DECLARED
    (0, _QUEUE_MAX),  # QUEUE (read through the derived gains only)
)
"""Each board integer's range, in the board's order (``STRIDE`` of them)."""

PACKER = "tabletop.games.wicked_labyrinth.native._pack"
native = extension(PACKER)
"""This game's packer in C (``native/_pack.c``) in a compiled build, else None (the
compiled :mod:`.pack` writes the rows)."""


def _gain_value(count: int) -> float:
    """A pending gain count as the view encoder scales it (summing 1/cap, then 1 at most)."""
    x = 0.0
    for _ in range(count):
        x += 1.0 / GAIN_CAP
    return min(x, 1.0)


class TableConfig:
    """The lookup and gather of one table: player count and card set."""

    def __init__(self, players: int, cards: CardSet) -> None:
        n = players
        k = CORRIDORS_PER_ROUND[n]
        self.cards = cards
        tables = _CardTables(cards)
        self.size = size = WickedLabyrinthEncoder().size(n)
        mine = size - n * BOARD_SIZE - 4
        boards = mine + 4
        reveal = mine - k * n * 3
        labyrinth = reveal - k * 15
        unseen = labyrinth - 1 - FRAGMENTS - _ELEMENTS
        corridors = len(cards.corridors)
        plan = LookupPlan(size + 4 * n)
        # Raw slots, in the order encode() packs them (after the zero slot).
        round_ = plan.slot(1, 1, ROUNDS)
        phase = plan.slot(1, 0, len(Phase) - 1)
        corridor = plan.slot(1, 0, k)
        searched = plan.slot(1, 0, k)
        current = plan.slot(1, -1, k)
        deciding = plan.slot(1, 0, (1 << n) - 1)
        laid = plan.slot(k, -1, corridors - 1)
        opened = plan.slot(k * n, -1, _DECLARATIONS - 1)
        unseen_counts = plan.slot(1 + FRAGMENTS + _ELEMENTS, 0, 4 * corridors)
        ranges = list(_BOARD_RANGES)
        ranges[GREAT] = ranges[GREAT + 1] = (-1, len(cards.great_oracles) - 1)
        ranges[SMALL] = ranges[SMALL + 1] = (-1, len(cards.small_oracles) - 1)
        sheets = [plan.slot(1, lo, hi) for _ in range(n) for lo, hi in ranges][0]
        derived = plan.slot(0, 0, 0)
        for _ in range(n):
            plan.slot(1, INFO.min_score, INFO.max_score)
            plan.slot(_ELEMENTS, 0, _GAIN_MAX)
            plan.slot(1, -1, _ELEMENTS - 1)
        per_board = 2 + _ELEMENTS

        e = plan.entry
        for r in range(ROUNDS):
            e(1 + r, round_, equals(r + 1))
        for p in range(len(Phase)):
            e(1 + ROUNDS + p, phase, equals(p))
        for i in range(k):
            e(1 + ROUNDS + len(Phase) + i, corridor, equals(i))
        for i in range(1 + FRAGMENTS + _ELEMENTS):
            e(unseen + i, unseen_counts + i, divided(CORRIDOR_CARDS))
        rows = [tables.corridors[c.id] for c in cards.corridors]
        for i in range(k):
            at = labyrinth + i * 15
            e(at, laid + i, above(-1))
            e(at + 1, searched, above(i))
            e(at + 2, current, equals(i))
            for j in range(12):
                e(at + 3 + j, laid + i, column(rows, j))
        hands = [
            (d.search / A.MAX_SEARCH_PIECES, float(d.witch), float(d.soul))
            for d in A.TABLE
            if isinstance(d, A.Declare)
        ]
        for i in range(k * n):
            for j in range(3):
                e(reveal + 3 * i + j, opened + i, column(hands, j))
        greats = [tables.greats[g.id, False] for g in cards.great_oracles]
        smalls = [tables.smalls[s.id, False] for s in cards.small_oracles]
        caps = [CAPACITY[r] for r in range(3) for _ in range(4)]
        for p in range(n):
            at = boards + p * BOARD_SIZE
            o = sheets + p * STRIDE
            d = derived + p * per_board
            for j, cap in enumerate(caps):
                e(at + j, o + j, divided(cap))
            e(at + 12, o + SEARCH, divided(A.MAX_SEARCH_PIECES))
            e(at + 13, o + WITCH, float)
            e(at + 14, o + SOUL, float)
            e(at + 15, o + PROMOTION, capped(SPELL_CAP))
            e(at + 16, o + COLOUR_CHANGE, capped(SPELL_CAP))
            e(at + 17, o + IMPURITY, capped(IMPURITY_CAP))
            for s in range(2):
                g = at + 18 + 6 * s
                e(g, o + GREAT + s, above(-1))
                e(g + 1, o + GREAT_DONE + s, float)
                for j in range(4):
                    e(g + 2 + j, o + GREAT + s, column(greats, 2 + j))
                m = at + 30 + 21 * s
                e(m, o + SMALL + s, above(-1))
                e(m + 1, o + SMALL_DONE + s, float)
                for j in range(19):
                    e(m + 2 + j, o + SMALL + s, column(smalls, 2 + j))
            for j in range(_ELEMENTS):
                e(at + 72 + j, d + 1 + j, _gain_value)
                e(at + 79 + j, d + 1 + _ELEMENTS, equals(j))
            for j in range(len(Mode)):
                e(at + 86 + j, o + MODE, equals(j))
            e(at + 92, o + DECLARED, above(0))
            e(at + 93, d, lambda v: min(max((v - INFO.min_score) / _SCORE_RANGE, 0.0), 1.0))
            e(at + 94, deciding, bit(p))
            # The seat's own closed hand, gathered into its row only.
            e(size + 4 * p, o + DECLARED, above(0))
            for j in range(3):
                e(size + 4 * p + 1 + j, o + DECLARED, column(hands, j, first=1))
        self.lookup: Lookup = plan.build()
        self.packer = WickedLabyrinthPacker(
            n,
            k,
            [int(c.lower) for c in cards.corridors],
            [[int(e) for e in c.upper] for c in cards.corridors],
            FRAGMENTS,
            _ELEMENTS,
        )
        if self.packer.width != self.lookup.width:
            raise AssertionError("the packer's rows and the lookup's slots disagree")
        packer = self.packer
        self.native = (
            np.array(
                [
                    n,
                    k,
                    packer.width,
                    FRAGMENTS,
                    _ELEMENTS,
                    STRIDE,
                    QUEUE,
                    QUEUE_DIGITS,
                    GREAT_DONE,
                    SMALL_DONE,
                    IMPURITY,
                    IMPURITY_RETURNED_PER_GREAT,
                    *TOKEN_POINTS,
                    GREAT_ORACLE_POINTS,
                    SMALL_ORACLE_POINTS,
                ],
                np.int64,
            ),
            np.array(packer.lower, np.int64),
            np.cumsum([0] + [len(u) for u in packer.upper], dtype=np.int64),
            np.array([e for u in packer.upper for e in u], np.int64),
            np.array(packer.all_counts, np.int64),
        )
        """The packer's numbers for ``_pack.pack_wicked_labyrinth``, in its order."""
        gather = _gather(n).copy()
        for p in range(n):
            gather[p, mine : mine + 4] = size + 4 * p + np.arange(4)
        self.gather = SeatGather(gather)


class WickedLabyrinthTable(TableBase):
    """Encodes every seat of ``players`` from :class:`WickedLabyrinthState` s.

    :meth:`encode` returns a fresh ``(players, size)`` float32 array whose row ``p``
    equals the view encoder's vector of ``state.view(p)``; :meth:`encode_into` writes
    many tables' rows into the caller's array in one pass (the batched env). One
    instance serves one table set at a time (it reuses its buffers between calls).
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.size = WickedLabyrinthEncoder().size(players)
        self._k = CORRIDORS_PER_ROUND[players]
        self._config: TableConfig | None = None

    def encode_into(
        self,
        states: Sequence[WickedLabyrinthState],
        out: np.ndarray,
        seat: int | None = None,
        kept: Incremental | None = None,
    ) -> None:
        """Every table's observations into ``out``: ``(tables, players, size)``, or
        ``(tables, size)`` holding only ``seat``'s row when ``seat`` is given; with
        ``kept``, only what changed (``TableBase.encode_into``).

        The tables must share one card set (a batched env's tables share options).
        """
        config = self._config_for(states[0])
        for state in states:
            if (
                not isinstance(state, WickedLabyrinthState)
                or state.num_players != self.players
                or state.cards is not config.cards
            ):
                raise TypeError(
                    "the tables of one batch must be Wicked Labyrinth states of "
                    f"{self.players} players with one card set, got {state!r}"
                )
        lookup = config.lookup
        if native is not None:
            native.pack_wicked_labyrinth(states, lookup.rows(len(states)), *config.native)
        else:
            config.packer.pack(states, lookup.ints(len(states)))
            lookup.convert()
        self.look_up(lookup, config.gather, out, seat, [], kept)

    def config(self, state: WickedLabyrinthState) -> TableConfig:
        """The lookup, gather and packer of ``state``'s player count and card set (kept
        for the next call): the batched env's engine in C (:mod:`.engine`) packs rows for
        its lookup."""
        return self._config_for(state)

    def _config_for(self, state: WickedLabyrinthState) -> TableConfig:
        if not isinstance(state, WickedLabyrinthState) or state.num_players != self.players:
            raise TypeError(f"needs a {self.players}-player Wicked Labyrinth state, got {state!r}")
        config = self._config
        if config is None or config.cards is not state.cards:
            config = self._config = TableConfig(self.players, state.cards)
        return config
