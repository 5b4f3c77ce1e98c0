"""The Wicked Labyrinth's observation: a seat's view as a float32 vector in [0, 1].

Boards come in seat order starting with the viewer's own (a spectator's start at seat
0), so the same index always means "me", "the player after me", and so on: a policy
shared by all seats needs no seat id. Counts are divided by a cap and clipped to 1;
the caps are rule bounds where the rulebook gives one. The full index table, with the
version history, is in ``docs/rl.md``; :meth:`WickedLabyrinthEncoder.labels` names
every index too.

Card contents (corridors, oracles) are turned into numbers once per card set and
reused, because a view refers to the same frozen card objects every time.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from tabletop.games.wicked_labyrinth.actions import MAX_SEARCH_PIECES, Declare
from tabletop.games.wicked_labyrinth.cards import CardSet, Corridor, GreatOracle, SmallOracle
from tabletop.games.wicked_labyrinth.elements import (
    CAPACITY,
    CORRIDORS_PER_ROUND,
    ROUNDS,
    Colour,
    Element,
    Mode,
    Phase,
    Rank,
)
from tabletop.games.wicked_labyrinth.game import INFO
from tabletop.games.wicked_labyrinth.views import BoardView, WickedLabyrinthView

ELEMENTS = len(Element)
FRAGMENTS = 5  # red, green, blue, yellow, white: what a corridor's lower half can be
COLOURS = 4
SPELL_CAP = 6
IMPURITY_CAP = 20
GAIN_CAP = 6
REQUIREMENT_CAP = 4
CORRIDOR_CARDS = 24
BOARD_SIZE = 95


SECTIONS: tuple[tuple[str, str], ...] = (
    ("spectator", "1 when a spectator's view is encoded (then seat+0 is seat 0)"),
    ("round=", "round 1-4, one-hot"),
    ("phase=", "setup, search, soul_processing, over, one-hot"),
    ("corridor_index=", "the corridor being searched this round, one-hot over K"),
    (
        "unseen_",
        "corridors never seen: count/24, then their lower fragments (red green blue "
        "yellow white) and upper elements (those + promotion, colour_change), each count/24",
    ),
    (
        "labyrinth[",
        "K slots of 15: laid_out, searched, current, upper element counts/2 (7), "
        "lower fragment one-hot (5)",
    ),
    (
        "reveal[",
        "this round's opened hands: K corridors x N seats (from the viewer) x "
        "(search/8, witch, soul); 0 before a corridor is opened",
    ),
    ("my_declaration.", "the viewer's own closed hand: pending, search/8, witch, soul"),
    ("board[", "N boards of 95, the viewer's first (block below)"),
)
"""The observation in order: (label prefix, meaning); ``docs/rl.md`` is built from it."""


def _corridor_values(card: Corridor) -> tuple[float, ...]:
    upper = [0.0] * ELEMENTS
    for e in card.upper:
        upper[e] += 0.5
    lower = [0.0] * FRAGMENTS
    lower[card.lower] = 1.0
    return (*upper, *lower)


def _great_values(card: GreatOracle) -> tuple[float, ...]:
    colours = [0.0] * COLOURS
    for c in card.colours:
        colours[c] += 0.5
    return tuple(colours)


def _small_values(card: SmallOracle) -> tuple[float, ...]:
    needs = [0] * (COLOURS * 3)
    for r in card.requires:
        needs[r.colour * 3 + r.rank] += r.count
    reward = [0] * ELEMENTS
    for e in card.reward:
        reward[e] += 1
    return (
        *(min(x, REQUIREMENT_CAP) / REQUIREMENT_CAP for x in needs),
        *(min(x, REQUIREMENT_CAP) / REQUIREMENT_CAP for x in reward),
    )


class _CardTables:
    """Per-card numbers for one card set, computed once."""

    def __init__(self, cards: CardSet) -> None:
        self.corridors = {c.id: _corridor_values(c) for c in cards.corridors}
        self.greats = {
            (g.id, done): (1.0, float(done), *_great_values(g))
            for g in cards.great_oracles
            for done in (False, True)
        }
        self.smalls = {
            (s.id, done): (1.0, float(done), *_small_values(s))
            for s in cards.small_oracles
            for done in (False, True)
        }
        self.deck_total = [0.0] * (FRAGMENTS + ELEMENTS)
        for card in cards.corridors:
            self._add(self.deck_total, card, 1.0)
        self._unseen: tuple[tuple[Corridor, ...], list[float]] | None = None

    def _add(self, totals: list[float], card: Corridor, sign: float) -> None:
        totals[card.lower] += sign
        for e in card.upper:
            totals[FRAGMENTS + e] += sign

    def unseen(self, seen: tuple[Corridor, ...]) -> list[float]:
        """Lower-fragment and upper-element counts of the corridors not seen yet.

        The seen cards change only when corridors are laid out, so the last answer is
        kept (tuples of the same card objects compare by identity first: cheap).
        """
        last = self._unseen  # read once: envs in several threads may share the encoder
        if last is not None and last[0] == seen:
            return last[1]
        totals = self.deck_total[:]
        for card in seen:
            self._add(totals, card, -1.0)
        answer = [x / CORRIDOR_CARDS for x in totals]
        self._unseen = (seen, answer)
        return answer


_ROUND_ONE_HOT = {
    r: tuple(1.0 if q == r else 0.0 for q in range(1, ROUNDS + 1)) for r in range(1, ROUNDS + 1)
}
_PHASE_ONE_HOT = {p: tuple(1.0 if q == p else 0.0 for q in Phase) for p in Phase}
_EMPTY_SLOT = (0.0,) * 15


@functools.cache
def _gather(players: int) -> np.ndarray:
    """Row ``me``: the index in seat-0 order of each entry of seat ``me``'s vector.

    Only the per-seat parts move: the opened hands (corridor, seat, 3) and the boards
    (seat, 95) are rotated so that ``me`` comes first.
    """
    k = CORRIDORS_PER_ROUND[players]
    size = WickedLabyrinthEncoder().size(players)
    hands = size - players * BOARD_SIZE - 4 - k * players * 3
    boards = size - players * BOARD_SIZE
    rows = []
    for me in range(players):
        index = np.arange(size)
        seats = (np.arange(players) + me) % players
        reveal = (np.arange(k)[:, None, None] * players + seats[None, :, None]) * 3 + np.arange(3)[
            None, None, :
        ]
        index[hands : hands + k * players * 3] = hands + reveal.ravel()
        board = seats[:, None] * BOARD_SIZE + np.arange(BOARD_SIZE)[None, :]
        index[boards:] = boards + board.ravel()
        rows.append(index)
    return np.array(rows)


_MODE_ONE_HOT = tuple(tuple(1.0 if m == i else 0.0 for m in range(len(Mode))) for i in Mode)
_NO_GAIN = (0.0,) * (2 * ELEMENTS)
_LOW_CAP, _MIDDLE_CAP, _HIGH_CAP = CAPACITY
_NO_GREAT = (0.0,) * 6
_NO_SMALL = (0.0,) * 21
_SCORE_RANGE = INFO.max_score - INFO.min_score
BOARD_MEMO_LIMIT = 4096


def board_values(
    tokens: Sequence[int],
    pieces: tuple[int, int, int, int, int, int],
    greats: list[tuple[float, ...]],
    smalls: list[tuple[float, ...]],
    gains: Sequence[int],
    mode: int,
    committed: bool,
    score: int,
) -> tuple[float, ...]:
    """One board's block but its ``deciding_now`` entry, from plain numbers.

    ``tokens``: 12 counts (rank-major); ``pieces``: search pieces, witch sign, soul sign,
    promotion and colour-change spells, impurity; ``greats``/``smalls``: the dealt
    oracles' card rows (:class:`_CardTables`); ``gains``: pending elements, oldest first.
    Both the view encoder and the state encoder call this, so they share its arithmetic.
    """
    a, b, c = _LOW_CAP, _MIDDLE_CAP, _HIGH_CAP
    search, witch, soul, promotion, change, impurity = pieces
    out: list[float] = [
        tokens[0] / a,
        tokens[1] / a,
        tokens[2] / a,
        tokens[3] / a,
        tokens[4] / b,
        tokens[5] / b,
        tokens[6] / b,
        tokens[7] / b,
        tokens[8] / c,
        tokens[9] / c,
        tokens[10] / c,
        tokens[11] / c,
        search / MAX_SEARCH_PIECES,
        float(witch),
        float(soul),
        min(promotion, SPELL_CAP) / SPELL_CAP,
        min(change, SPELL_CAP) / SPELL_CAP,
        min(impurity, IMPURITY_CAP) / IMPURITY_CAP,
    ]
    for row in greats:
        out += row
    out += _NO_GREAT * (2 - len(greats))
    for row in smalls:
        out += row
    out += _NO_SMALL * (2 - len(smalls))
    if gains:
        counts = [0.0] * ELEMENTS
        for e in gains:
            counts[e] += 1.0 / GAIN_CAP
        nxt = [0.0] * ELEMENTS
        nxt[gains[0]] = 1.0
        out += [min(x, 1.0) for x in counts]
        out += nxt
    else:
        out += _NO_GAIN
    out += _MODE_ONE_HOT[mode]
    out += (
        float(committed),
        min(max((score - INFO.min_score) / _SCORE_RANGE, 0.0), 1.0),
    )
    return tuple(out)


class WickedLabyrinthEncoder:
    """Encodes a :class:`WickedLabyrinthView`; see the module docstring and docs/rl.md."""

    game = "wicked-labyrinth"
    version = 1
    sections = SECTIONS
    block = "board[seat+0]."

    def __init__(self) -> None:
        self._cached: tuple[CardSet, _CardTables] | None = None
        self._boards: dict[int, tuple[BoardView, tuple[float, ...]]] = {}
        """Encoded boards by ``id`` (the board is held so its id is not reused): views
        memoise their ``BoardView`` objects and a step changes one or two boards."""

    def size(self, players: int) -> int:
        k = CORRIDORS_PER_ROUND[players]
        return (
            1
            + ROUNDS
            + len(Phase)
            + k
            + 1
            + FRAGMENTS
            + ELEMENTS
            + k * 15
            + k * players * 3
            + 4
            + players * BOARD_SIZE
        )

    def _tables_for(self, cards: CardSet) -> _CardTables:
        """The card numbers of ``cards``; views of one game share one card set object."""
        if self._cached is None or self._cached[0] is not cards:
            self._cached = (cards, _CardTables(cards))
            self._boards = {}
        return self._cached[1]

    def encode(self, view: WickedLabyrinthView) -> np.ndarray:
        if not isinstance(view, WickedLabyrinthView):
            raise TypeError(f"{self.game} encoder needs a WickedLabyrinthView, got {view!r}")
        vector = self._in_seat_order(view, view.viewer is None, view.my_declaration)
        if not view.viewer:  # a spectator, or seat 0: seat order is already the viewer's
            return vector
        rotated: np.ndarray = vector[_gather(len(view.boards))[view.viewer]]
        return rotated

    def _in_seat_order(
        self, view: WickedLabyrinthView, spectator: bool, mine: Declare | None
    ) -> np.ndarray:
        """The vector with seats in table order (seat 0 first): seat 0's observation.

        Every other seat's is a fixed permutation of it (:func:`_gather`).
        """
        n = len(view.boards)
        k = CORRIDORS_PER_ROUND[n]
        tables = self._tables_for(view.cards)
        out: list[float] = [float(spectator)]
        out += _ROUND_ONE_HOT[view.round]
        out += _PHASE_ONE_HOT[view.phase]
        out += [1.0 if i == view.corridor else 0.0 for i in range(k)]
        out.append(view.unseen_corridors / CORRIDOR_CARDS)
        out += tables.unseen((*view.discard, *view.labyrinth))
        corridors = tables.corridors
        for i in range(k):
            if i < len(view.labyrinth):
                out += (1.0, 1.0 if i < view.corridor else 0.0, 1.0 if i == view.corridor else 0.0)
                out += corridors[view.labyrinth[i].id]
            else:
                out += _EMPTY_SLOT
        for i in range(k):
            if i < len(view.reveals):
                for d in view.reveals[i]:
                    out += (d.search / MAX_SEARCH_PIECES, float(d.witch), float(d.soul))
            else:
                out += (0.0, 0.0, 0.0) * n
        if mine is None:
            out += (0.0, 0.0, 0.0, 0.0)
        else:
            out += (1.0, mine.search / MAX_SEARCH_PIECES, float(mine.witch), float(mine.soul))
        deciding = view.deciding
        boards = self._boards
        for board in view.boards:
            known = boards.get(id(board))
            if known is None or known[0] is not board:
                if len(boards) >= BOARD_MEMO_LIMIT:
                    boards.clear()
                known = boards[id(board)] = (board, self._board(board, tables))
            out += known[1]
            out.append(float(board.seat in deciding))
        return np.fromiter(out, dtype=np.float32, count=len(out))

    @staticmethod
    def _board(board: BoardView, tables: _CardTables) -> tuple[float, ...]:
        """One board but its ``deciding_now`` entry (the view's, not the board's)."""
        greats = tables.greats
        smalls = tables.smalls
        return board_values(
            (*board.tokens[0], *board.tokens[1], *board.tokens[2]),
            (
                board.search_pieces,
                int(board.witch_sign),
                int(board.soul_sign),
                board.promotion_spells,
                board.colour_change_spells,
                board.impurity,
            ),
            [greats[g.card.id, g.achieved] for g in board.great_oracles],
            [smalls[o.card.id, o.achieved] for o in board.small_oracles],
            board.pending_gains,
            board.deciding,
            board.committed,
            board.score,
        )

    def labels(self, players: int) -> list[str]:
        k = CORRIDORS_PER_ROUND[players]
        out = ["spectator"]
        out += [f"round={r}" for r in range(1, ROUNDS + 1)]
        out += [f"phase={p.name.lower()}" for p in Phase]
        out += [f"corridor_index={i}" for i in range(k)]
        out.append("unseen_corridors/24")
        out += [f"unseen_lower_{Colour(c).name.lower()}/24" for c in range(FRAGMENTS)]
        out += [f"unseen_upper_{e.name.lower()}/24" for e in Element]
        for i in range(k):
            out += [f"labyrinth[{i}].{x}" for x in ("laid_out", "searched", "current")]
            out += [f"labyrinth[{i}].upper_{e.name.lower()}/2" for e in Element]
            out += [f"labyrinth[{i}].lower_{Colour(c).name.lower()}" for c in range(FRAGMENTS)]
        for i in range(k):
            for rel in range(players):
                out += [f"reveal[{i}].seat+{rel}.{x}" for x in ("search/8", "witch", "soul")]
        out += ["my_declaration." + x for x in ("pending", "search/8", "witch", "soul")]
        for rel in range(players):
            out += [f"board[seat+{rel}].{x}" for x in _board_labels()]
        return out


def _board_labels() -> list[str]:
    out = [
        f"tokens_{Rank(r).name.lower()}_{Colour(c).name.lower()}/{CAPACITY[r]}"
        for r in range(3)
        for c in range(COLOURS)
    ]
    out += [
        "search_pieces/8",
        "witch_sign",
        "soul_sign",
        f"promotion_spells/{SPELL_CAP}",
        f"colour_change_spells/{SPELL_CAP}",
        f"impurity/{IMPURITY_CAP}",
    ]
    for slot in (1, 2):
        out += [f"great{slot}.dealt", f"great{slot}.achieved"]
        out += [f"great{slot}.needs_{Colour(c).name.lower()}/2" for c in range(COLOURS)]
    for slot in (1, 2):
        out += [f"small{slot}.dealt", f"small{slot}.achieved"]
        out += [
            f"small{slot}.requires_{Colour(c).name.lower()}_{Rank(r).name.lower()}+/4"
            for c in range(COLOURS)
            for r in range(3)
        ]
        out += [f"small{slot}.reward_{e.name.lower()}/4" for e in Element]
    out += [f"pending_gains_{e.name.lower()}/{GAIN_CAP}" for e in Element]
    out += [f"next_gain={e.name.lower()}" for e in Element]
    out += [f"mode={m.name.lower()}" for m in Mode]
    out += ["committed", "score_scaled", "deciding_now"]
    return out
