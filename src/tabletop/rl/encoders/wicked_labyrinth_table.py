"""Every seat's Wicked Labyrinth observation at once, read straight from the state.

The view encoder (:mod:`.wicked_labyrinth`) is the reference: it sees only a view, so
it cannot leak a secret. Building a view costs several engine decisions, which the RL
envs cannot afford at every step. This encoder gives the same vectors (a property
test compares them at every step of random games) from the state's flat board,
through a :class:`~.lookup.Lookup`:

- everything on the table is public but the closed hands: it is looked up once, in
  seat 0's order, from the state's integers (and a few derived ones: each board's
  score and pending gains, the unseen corridors' contents);
- a seat's own closed hand (``my_declaration``) is a small block per seat;
- one fancy index gathers every seat's row, rotated so that the seat comes first and
  only its own closed hand lands in it.

:meth:`~WickedLabyrinthTable.encode` returns a fresh array at every call;
:meth:`~WickedLabyrinthTable.encode_into` writes many tables into the caller's array.
Kept between calls: the tables of each card set, and, per row of a batch, each
board's derived integers with the raw ones they came from.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

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
    tally,
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
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState
from tabletop.rl.encoders.lookup import (
    Lookup,
    LookupPlan,
    TableBase,
    above,
    bit,
    capped,
    column,
    divided,
    equals,
)
from tabletop.rl.encoders.wicked_labyrinth import (
    BOARD_MEMO_LIMIT,
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

_ELEMENTS = len(Element)
_DECLARATIONS = sum(isinstance(a, A.Declare) for a in A.TABLE)
_SCORE_RANGE = INFO.max_score - INFO.min_score
_TOKEN_MAX = 20
_GAIN_MAX = 2 * GAIN_CAP
_QUEUE_MAX = 8**12
_NO_GAINS = (0,) * _ELEMENTS + (-1,)
_BATCHED = 8
"""From this many tables on, the boards' derived integers are computed with numpy."""
_QUEUE_SHIFTS = 3 * np.arange(12, dtype=np.int64)
_BOARD_RANGES: tuple[tuple[int, int], ...] = (
    *((0, _TOKEN_MAX),) * 12,  # tokens
    (0, _TOKEN_MAX),  # SEARCH
    (0, 1),  # WITCH
    (0, 1),  # SOUL
    (0, SPELL_CAP),  # PROMOTION
    (0, SPELL_CAP),  # COLOUR_CHANGE
    (-1, 0), (-1, 0),  # GREAT: set per card set
    (0, 1), (0, 1),  # GREAT_DONE
    (-1, 0), (-1, 0),  # SMALL: set per card set
    (0, 1), (0, 1),  # SMALL_DONE
    (0, len(Mode) - 1),  # MODE
    (0, IMPURITY_CAP),  # IMPURITY
    (0, _DECLARATIONS),  # DECLARED
    (0, _QUEUE_MAX),  # QUEUE (read through the derived gains only)
)
"""Each board integer's range, in the board's order (``STRIDE`` of them)."""


def _gain_value(count: int) -> float:
    """A pending gain count as the view encoder scales it (summing 1/cap, then 1 at most)."""
    x = 0.0
    for _ in range(count):
        x += 1.0 / GAIN_CAP
    return min(x, 1.0)


def _board_derived(b: list[int], o: int, cards: CardSet) -> tuple[int, ...]:
    """One board's score, pending gains per element and next gain (-1: none): what
    :func:`_derive` computes for many tables, worked out in Python for one table (where
    numpy's cost per call would outweigh the work)."""
    q = b[o + QUEUE]
    if not q:
        return (tally(b, o, cards)[0], *_NO_GAINS)
    counts = [0] * _ELEMENTS
    nxt = (q & 7) - 1
    while q:
        counts[(q & 7) - 1] += 1
        q >>= 3
    return (tally(b, o, cards)[0], *counts, nxt)


def _derive(boards: np.ndarray, out: np.ndarray) -> None:
    """Every board's score, pending gains per element and next gain (-1: none), for
    all tables at once: ``boards`` is ``(tables, players, STRIDE)``, ``out`` is
    ``(tables, players, 2 + elements)``. The score is ``board.tally``'s formula
    (section 10); the gains are the 3-bit digits of the queue, oldest first."""
    greats = boards[..., GREAT_DONE] + boards[..., GREAT_DONE + 1]
    smalls = boards[..., SMALL_DONE] + boards[..., SMALL_DONE + 1]
    impurity = np.maximum(boards[..., IMPURITY] - IMPURITY_RETURNED_PER_GREAT * greats, 0)
    score = boards[..., 0:4].sum(axis=-1) * TOKEN_POINTS[0]
    score += boards[..., 4:8].sum(axis=-1) * TOKEN_POINTS[1]
    score += (boards[..., 8:12].sum(axis=-1) + 2 * greats) * TOKEN_POINTS[2]
    score += greats * GREAT_ORACLE_POINTS + smalls * SMALL_ORACLE_POINTS - impurity
    out[..., 0] = score
    queue = boards[..., QUEUE]
    digits = (queue.reshape(-1, 1) >> _QUEUE_SHIFTS) & 7  # one row per board
    digits += np.arange(0, 8 * len(digits), 8).reshape(-1, 1)  # each board its own bins
    counts = np.bincount(digits.ravel(), minlength=8 * len(digits)).reshape(queue.shape + (8,))
    out[..., 1 : 1 + _ELEMENTS] = counts[..., 1 : 1 + _ELEMENTS]  # digit 0: no gain
    out[..., 1 + _ELEMENTS] = (queue & 7) - 1


class _Config:
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
        self.sheets = sheets
        derived = self.derived = plan.computed(0, 0, 0)  # filled by _derive, with numpy
        for _ in range(n):
            plan.computed(1, INFO.min_score, INFO.max_score)
            plan.computed(_ELEMENTS, 0, _GAIN_MAX)
            plan.computed(1, -1, _ELEMENTS - 1)
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
        hands = [(d.search / A.MAX_SEARCH_PIECES, float(d.witch), float(d.soul))
                 for d in A.TABLE if isinstance(d, A.Declare)]
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
        gather = _gather(n).copy()
        for p in range(n):
            gather[p, mine : mine + 4] = size + 4 * p + np.arange(4)
        self.gather = gather


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
        self._config: _Config | None = None
        self._unseen: dict[tuple[int, ...], tuple[int, ...]] = {}

    def encode_into(
        self, states: Sequence[WickedLabyrinthState], out: np.ndarray, seat: int | None = None
    ) -> None:
        """Every table's observations into ``out``: ``(tables, players, size)``, or
        ``(tables, size)`` holding only ``seat``'s row when ``seat`` is given.

        The tables must share one card set (a batched env's tables share options).
        """
        config = self._config_for(states[0])
        lookup = config.lookup
        raw = lookup.rows(len(states))
        for row, state in enumerate(states):
            self._pack(state, config, row)
        n = self.players
        width = 2 + _ELEMENTS
        derived = raw[:, config.derived : config.derived + n * width]
        if len(states) < _BATCHED:
            for row, state in enumerate(states):
                derived[row] = [x for p in range(n)
                                for x in _board_derived(state.b, p * STRIDE, config.cards)]
        else:
            boards = raw[:, config.sheets : config.sheets + n * STRIDE]
            _derive(boards.reshape(-1, n, STRIDE), derived.reshape(-1, n, width))
        gather = config.gather if seat is None else config.gather[seat]
        np.take(lookup.run(), gather, axis=1, out=out, mode="clip")

    def _config_for(self, state: WickedLabyrinthState) -> _Config:
        if not isinstance(state, WickedLabyrinthState) or state.num_players != self.players:
            raise TypeError(f"needs a {self.players}-player Wicked Labyrinth state, got {state!r}")
        config = self._config
        if config is None or config.cards is not state.cards:
            config = self._config = _Config(self.players, state.cards)
            self._unseen = {}
        return config

    def _pack(self, state: WickedLabyrinthState, config: _Config, row: int) -> None:
        """Row ``row`` of the lookup's packed integers (the boards' derived ones are
        computed for all rows at once, by :func:`_derive`)."""
        if (not isinstance(state, WickedLabyrinthState) or state.num_players != self.players
                or state.cards is not config.cards):
            raise TypeError("the tables of one batch must be Wicked Labyrinth states of "
                            f"{self.players} players with one card set, got {state!r}")
        cards = config.cards
        b = state.b
        n = self.players
        k = self._k
        labyrinth = state.labyrinth
        seen = (*state.discard, -1, *labyrinth)
        unseen = self._unseen.get(seen)
        if unseen is None:
            if len(self._unseen) >= BOARD_MEMO_LIMIT:
                self._unseen.clear()
            unseen = self._unseen[seen] = self._unseen_counts(cards, seen)
        corridor = state.corridor
        laid = len(labyrinth)
        revealed = state.revealed
        deciding = 0
        for p in state.current_players():
            deciding |= 1 << p
        lookup = config.lookup
        lookup.format.pack_into(
            lookup.buffer, row * lookup.stride,
            0, state.round, state.phase, corridor, min(corridor, laid),
            corridor if corridor < laid else -1, deciding,
            *labyrinth, *(-1,) * (k - laid), *revealed, *(-1,) * (k * n - len(revealed)),
            *unseen, *b,
        )

    @staticmethod
    def _unseen_counts(cards: CardSet, seen: tuple[int, ...]) -> tuple[int, ...]:
        """Corridor cards never seen, then their lower fragments and upper elements."""
        counts = [0] * (FRAGMENTS + _ELEMENTS)
        for card in cards.corridors:
            counts[card.lower] += 1
            for element in card.upper:
                counts[FRAGMENTS + element] += 1
        for c in seen:
            if c >= 0:
                card = cards.corridors[c]
                counts[card.lower] -= 1
                for element in card.upper:
                    counts[FRAGMENTS + element] -= 1
        return (len(cards.corridors) - len(seen) + 1, *counts)
