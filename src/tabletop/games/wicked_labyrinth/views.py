"""What a player (or a spectator) may know of a Wicked Labyrinth game.

Everything is public (rulings, "What is hidden") except the closed hands of the
corridor being declared: a view shows a player their own pending declaration and, of
the others, only whether they have committed. The future corridors are not in the
state at all (they are drawn when laid out), so no view can show them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

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
from tabletop.games.wicked_labyrinth.cards import CardSet, Corridor, GreatOracle, SmallOracle
from tabletop.games.wicked_labyrinth.elements import ROUNDS, Element, Mode, Phase

if TYPE_CHECKING:
    from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState


@dataclass(frozen=True)
class GreatOracleSlot:
    card: GreatOracle
    achieved: bool


@dataclass(frozen=True)
class SmallOracleSlot:
    card: SmallOracle
    achieved: bool


@dataclass(frozen=True)
class BoardView:
    """One player's public board: pieces left, tokens, spells, oracles, impurity."""

    seat: int
    search_pieces: int
    witch_sign: bool
    soul_sign: bool
    tokens: tuple[tuple[int, int, int, int], tuple[int, int, int, int], tuple[int, int, int, int]]
    """Token counts by rank (low, middle, high), then colour (red, green, blue, yellow)."""
    promotion_spells: int
    colour_change_spells: int
    impurity: int
    great_oracles: tuple[GreatOracleSlot, GreatOracleSlot]
    small_oracles: tuple[SmallOracleSlot, SmallOracleSlot]
    pending_gains: tuple[Element, ...]
    deciding: Mode
    committed: bool
    score: int


@dataclass(frozen=True)
class WickedLabyrinthView:
    """A seat's (``viewer``) or a spectator's (``viewer`` None) knowledge of the game."""

    viewer: int | None
    round: int
    phase: Phase
    corridor: int
    """Index in ``labyrinth`` of the corridor being searched."""
    labyrinth: tuple[Corridor, ...]
    discard: tuple[Corridor, ...]
    unseen_corridors: int
    """Corridor cards never seen: the deck and those removed unseen at setup."""
    reveals: tuple[tuple[A.Declare, ...], ...]
    """This round's opened hands, one tuple (by seat) per corridor searched."""
    boards: tuple[BoardView, ...]
    deciding: tuple[int, ...]
    my_declaration: A.Declare | None
    cards: CardSet = field(repr=False, compare=False, metadata={"json": False})
    research: str = field(default="", metadata={"json": False})
    """The research configuration's name (``research.py``); empty: the published game."""
    rounds: int = field(default=ROUNDS, metadata={"json": False})
    """Rounds in this game (fewer in a research configuration)."""

    @property
    def players(self) -> int:
        return len(self.boards)


def _queue(q: int) -> tuple[Element, ...]:
    out = []
    while q:
        out.append(Element((q & 7) - 1))
        q >>= 3
    return tuple(out)


class _Memo:
    """Frozen view parts already built, per card set: boards and card rows repeat.

    A step changes one or two boards, so most ``BoardView`` values of the next view
    are the same objects again; RL wrappers and the server build views every step.
    """

    LIMIT = 100_000

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.boards: dict[tuple[int, ...], BoardView] = {}
        self.rows: dict[tuple[int, ...], tuple[Corridor, ...]] = {}
        self.reveals: dict[tuple[int, ...], tuple[tuple[A.Declare, ...], ...]] = {}

    def board(self, b: list[int], p: int) -> BoardView:
        o = p * STRIDE
        key = (p, b[o + DECLARED] > 0, *b[o : o + DECLARED], b[o + QUEUE])
        view = self.boards.get(key)
        if view is None:
            if len(self.boards) > self.LIMIT:
                self.boards.clear()
            view = self.boards[key] = _board(b, p, self.cards)
        return view

    def corridors(self, ids: list[int]) -> tuple[Corridor, ...]:
        key = tuple(ids)
        row = self.rows.get(key)
        if row is None:
            row = self.rows[key] = tuple(self.cards.corridors[c] for c in ids)
        return row

    def opened(self, revealed: list[int], n: int) -> tuple[tuple[A.Declare, ...], ...]:
        key = tuple(revealed)
        hands = self.reveals.get(key)
        if hands is None:
            if len(self.reveals) > self.LIMIT:
                self.reveals.clear()
            hands = self.reveals[key] = tuple(
                tuple(A.TABLE[d] for d in revealed[i : i + n])  # type: ignore[misc]
                for i in range(0, len(revealed), n)
            )
        return hands


_MEMOS: dict[int, _Memo] = {}
_PHASES = tuple(Phase)


def _memo(cards: CardSet) -> _Memo:
    memo = _MEMOS.get(id(cards))
    if memo is None or memo.cards is not cards:
        memo = _MEMOS[id(cards)] = _Memo(cards)
    return memo


def _board(b: list[int], p: int, cards: CardSet) -> BoardView:
    o = p * STRIDE
    greats = tuple(
        GreatOracleSlot(cards.great_oracles[b[o + GREAT + k]], bool(b[o + GREAT_DONE + k]))
        for k in range(2)
        if b[o + GREAT + k] >= 0
    )
    smalls = tuple(
        SmallOracleSlot(cards.small_oracles[b[o + SMALL + k]], bool(b[o + SMALL_DONE + k]))
        for k in range(2)
        if b[o + SMALL + k] >= 0
    )
    return BoardView(
        seat=p,
        search_pieces=b[o + SEARCH],
        witch_sign=bool(b[o + WITCH]),
        soul_sign=bool(b[o + SOUL]),
        tokens=(
            (b[o], b[o + 1], b[o + 2], b[o + 3]),
            (b[o + 4], b[o + 5], b[o + 6], b[o + 7]),
            (b[o + 8], b[o + 9], b[o + 10], b[o + 11]),
        ),
        promotion_spells=b[o + PROMOTION],
        colour_change_spells=b[o + COLOUR_CHANGE],
        impurity=b[o + IMPURITY],
        great_oracles=greats,  # type: ignore[arg-type]
        small_oracles=smalls,  # type: ignore[arg-type]
        pending_gains=_queue(b[o + QUEUE]),
        deciding=Mode(b[o + MODE]),
        committed=b[o + DECLARED] > 0,
        score=tally(b, o, cards)[0],
    )


def build_view(state: WickedLabyrinthState, viewer: int | None) -> WickedLabyrinthView:
    b = state.b
    cards = state.cards
    memo = _memo(cards)
    n = state.num_players
    mine = None
    if viewer is not None and b[viewer * STRIDE + DECLARED]:
        mine = A.TABLE[b[viewer * STRIDE + DECLARED] - 1]
    return WickedLabyrinthView(
        viewer=viewer,
        round=state.round,
        phase=_PHASES[state.phase],
        corridor=state.corridor,
        labyrinth=memo.corridors(state.labyrinth),
        discard=memo.corridors(state.discard),
        unseen_corridors=state.deck - len(state.labyrinth) - len(state.discard),
        reveals=memo.opened(state.revealed, n),
        boards=tuple(memo.board(b, p) for p in range(n)),
        deciding=state.current_players(),
        my_declaration=mine,  # type: ignore[arg-type]
        cards=cards,
        research=state.research,
        rounds=state.rounds,
    )
