"""What a player (or a spectator) may know of a Code of Nine game.

Public: the board, pawns, Will, items, the Ruins, the ninth memory, and who has looked
at which card of whom. Private: a player's own two memory cards and the cards they have
seen by looks. A view holds those and nothing else; spectators see no memory card (but
the ninth memory) until the end, when every card is revealed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from tabletop.games.code_of_nine.effects import SEAT_SHIFT, STEP_HINTS
from tabletop.games.code_of_nine.items import HOLDERS, ROUNDS, Item, Slot
from tabletop.games.code_of_nine.items import PAWNS as PAWNS_PER_ROUND
from tabletop.games.code_of_nine.layout import (
    ATTACKS,
    CARD,
    CHANGED,
    CHOSE_CHANGE,
    ITEMS,
    KNOWS,
    LOOKS,
    PAWNS,
    PROTECT,
    STRIDE,
    WILL,
    Phase,
)
from tabletop.games.code_of_nine.locations import Board
from tabletop.games.code_of_nine.memory_cards import MemoryCard, MemoryCardSet

if TYPE_CHECKING:
    from tabletop.games.code_of_nine.state import CodeOfNineState


@dataclass(frozen=True)
class SeenCard:
    """A memory card that is ``owner``'s in ``slot``."""

    owner: int
    slot: Slot
    card: MemoryCard


@dataclass(frozen=True)
class HolderView:
    """A player's (or the ghost's) public sheet."""

    seat: int
    ghost: bool
    items: tuple[int, int, int, int, int]
    """Statues, coins, books, legacies, medal."""
    will: int
    pawns: int
    changed_cards: bool
    """Paid a pawn to change memory cards at setup (known once every choice is in)."""
    protected_from_looks: bool
    protected_from_attacks: bool
    has_looked_at: tuple[tuple[int, Slot], ...]
    """(owner, slot) of every card this holder has seen: public, the card is not."""
    memory_cards: int
    """How many memory cards lie on this sheet (0 to 2; public)."""

    def count(self, item: Item) -> int:
        return self.items[item]


@dataclass(frozen=True)
class LocationView:
    id: str
    name: str
    sections: str
    open: bool
    """In this round's sections and in this game mode."""
    cost: int
    """Will the viewer pays to place here (a seat holding no legacy pays The Place Where
    They Ended the Old World's higher cost); in a spectator's view, ``base_cost``."""
    places: int
    """0: any number."""
    attack: bool
    pawns: int
    seats: tuple[int, ...]
    base_cost: int = 0
    """The board's cost for this player count, before the no-legacy surcharge."""


@dataclass(frozen=True)
class PendingView:
    """A location being resolved by the deciding player, and the step it waits on."""

    location: str
    step: int
    hint: str
    x: int
    y: int


@dataclass(frozen=True)
class CodeOfNineView:
    """A seat's (``viewer``) or a spectator's (``viewer`` None) knowledge of the game."""

    viewer: int | None
    players: int
    expert: bool
    round: int
    phase: Phase
    start_player: int
    deciding: tuple[int, ...]
    pending: PendingView | None
    ruins: tuple[int, int, int, int, int]
    holders: tuple[HolderView, ...]
    locations: tuple[LocationView, ...]
    my_cards: tuple[MemoryCard, ...]
    """The viewer's own cards: (Abyss, Shoal) once placed; as dealt before that."""
    my_change: bool | None
    """The viewer's sealed change decision while others still decide (None otherwise)."""
    seen: tuple[SeenCard, ...]
    """Other holders' cards the viewer has seen."""
    ninth: MemoryCard | None
    released: bool
    deck: int
    """Memory cards still in the deck (not dealt, not the ninth)."""
    revealed: tuple[tuple[MemoryCard, MemoryCard], ...]
    """At the end: every holder's (Abyss, Shoal); empty before."""
    scores: tuple[int, ...]
    """At the end: every holder's score; empty before."""
    cards: MemoryCardSet = field(repr=False, compare=False, metadata={"json": False})
    board: Board = field(repr=False, compare=False, metadata={"json": False})
    rounds: int = field(default=ROUNDS, metadata={"json": False})
    """Rounds in this game (a research configuration has fewer; ``game.py``)."""
    pawns: int = field(default=PAWNS_PER_ROUND, metadata={"json": False})
    """Action pawns a player places a round (a research configuration may have fewer)."""

    @property
    def has_ghost(self) -> bool:
        return self.players == 3

    def known_card(self, owner: int, slot: int) -> MemoryCard | None:
        """The card in ``owner``'s ``slot`` if this view knows it."""
        if owner == self.viewer and len(self.my_cards) == 2 and self.phase > Phase.ASSIGN:
            return self.my_cards[slot]
        for s in self.seen:
            if s.owner == owner and s.slot == slot:
                return s.card
        return None


_SLOTS = tuple(Slot)
_PHASES = tuple(Phase)
"""By number: indexing is cheaper than calling the enum."""

MEMO_LIMIT = 4096
"""Entries a memo holds before it starts over: bounds memory over long runs while a
step's views (one per seat, same public state) always hit."""


class _Memo(dict[Any, Any]):
    """A dict that empties itself when full (the views it holds are immutable)."""

    def put(self, key: Any, value: Any) -> Any:
        if len(self) >= MEMO_LIMIT:
            self.clear()
        self[key] = value
        return value


_HOLDERS_MEMO = _Memo()
"""Holder sheets by (ghost game, the raw sheets), and single sheets by (holder, ghost,
its raw sheet): they change less often than views are built, and every seat's view of
one moment shares them."""
_LOCATIONS_MEMO = _Memo()
"""Location tuples by (board identity, round, expert, players, the raw spots), single
locations by (those four, index, raw spot): a placement changes one spot; and single
locations repriced for a viewer by (those four, index, raw spot, cost)."""
_BOARDS: dict[int, Board] = {}
"""Boards whose ``id`` keys :data:`_LOCATIONS_MEMO`, kept alive so no id is reused."""


def _holders(state: CodeOfNineState) -> tuple[HolderView, ...]:
    b = state.b
    key = (state.has_ghost, *b)
    found = _HOLDERS_MEMO.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    holders = []
    for h in range(HOLDERS):
        # A move changes one or two sheets: the others are the last moment's.
        o = h * STRIDE
        ghost = state.has_ghost and h == HOLDERS - 1
        sheet = (h, ghost, *b[o : o + STRIDE])
        one = _HOLDERS_MEMO.get(sheet)
        if one is None:
            one = _HOLDERS_MEMO.put(sheet, _holder(h, ghost, b[o : o + STRIDE]))
        holders.append(one)
    return _HOLDERS_MEMO.put(key, tuple(holders))  # type: ignore[no-any-return]


def _holder(h: int, ghost: bool, row: list[int]) -> HolderView:
    """Holder ``h``'s sheet from its ``STRIDE`` integers of the state."""
    knows = row[KNOWS]
    return HolderView(
        seat=h,
        ghost=ghost,
        items=tuple(row[ITEMS : ITEMS + 5]),  # type: ignore[arg-type]
        will=row[WILL],
        pawns=row[PAWNS],
        changed_cards=row[CHANGED] == 1,
        protected_from_looks=bool(row[PROTECT] & LOOKS),
        protected_from_attacks=bool(row[PROTECT] & ATTACKS),
        has_looked_at=tuple((k // 2, _SLOTS[k % 2]) for k in range(2 * HOLDERS) if knows >> k & 1),
        memory_cards=sum(1 for c in row[CARD : CARD + 2] if c >= 0),
    )


def _locations(state: CodeOfNineState) -> tuple[LocationView, ...]:
    board = state.board
    if _BOARDS.get(id(board)) is not board:
        if len(_BOARDS) >= 16:
            _BOARDS.clear()
            _LOCATIONS_MEMO.clear()
        _BOARDS[id(board)] = board
    n = state.num_players
    key = (id(board), state.round, state.expert, n, *state.spots)
    found = _LOCATIONS_MEMO.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    prefix = key[:4]
    locations = []
    for i, spot in enumerate(state.spots):
        one = _LOCATIONS_MEMO.get((prefix, i, spot))
        if one is None:
            one = _LOCATIONS_MEMO.put((prefix, i, spot), _location(state, i, spot))
        locations.append(one)
    return _LOCATIONS_MEMO.put(key, tuple(locations))  # type: ignore[no-any-return]


def _location(state: CodeOfNineState, i: int, spot: int) -> LocationView:
    loc = state.board.locations[i]
    return LocationView(
        id=loc.id,
        name=loc.name,
        sections=loc.sections,
        open=loc.open_in(state.round) and (state.expert or not loc.expert),
        cost=loc.cost_for(state.num_players),
        places=loc.places,
        attack=loc.attack,
        pawns=spot & 0xFF,
        seats=tuple(p for p in range(HOLDERS) if spot >> (p + SEAT_SHIFT) & 1),
        base_cost=loc.cost_for(state.num_players),
    )


def _as_paid(
    state: CodeOfNineState, viewer: int, locations: tuple[LocationView, ...]
) -> tuple[LocationView, ...]:
    """The shared location views with each cost as ``viewer`` pays it (only a location
    with a no-legacy cost, The Place Where They Ended the Old World, can differ); the
    repriced views are memoised like the others."""
    out: list[LocationView] | None = None
    for i in state.board.surcharged:
        cost = state.location_cost(viewer, i)
        if cost != locations[i].cost:
            key = (
                id(state.board),
                state.round,
                state.expert,
                state.num_players,
                i,
                state.spots[i],
                cost,
            )
            paid = _LOCATIONS_MEMO.get(key)
            if paid is None:
                paid = _LOCATIONS_MEMO.put(key, replace(locations[i], cost=cost))
            if out is None:
                out = list(locations)
            out[i] = paid
    return locations if out is None else tuple(out)


def build_view(state: CodeOfNineState, viewer: int | None) -> CodeOfNineView:
    """The view of ``viewer`` (None: a spectator).

    The public sheets and locations are memoised (they are immutable and shared by
    every seat's view of the same moment), so a table of seats pays for them once.
    """
    b = state.b
    cards = state.cards.cards
    n = state.num_players
    holders = _holders(state)
    locations = _locations(state)
    mine: tuple[MemoryCard, ...] = ()
    seen: list[SeenCard] = []
    my_change = None
    if viewer is not None:
        locations = _as_paid(state, viewer, locations)
        o = viewer * STRIDE
        if state.phase == Phase.CHANGE and b[o + CHANGED]:
            my_change = b[o + CHANGED] == CHOSE_CHANGE
        mine = tuple(cards[c] for c in b[o + CARD : o + CARD + 2] if c >= 0)
        knows = b[o + KNOWS]
        seen = [
            SeenCard(k // 2, _SLOTS[k % 2], cards[b[(k // 2) * STRIDE + CARD + k % 2]])
            for k in range(2 * HOLDERS)
            if knows >> k & 1
        ]
    over = state.phase == Phase.OVER
    revealed: tuple[tuple[MemoryCard, MemoryCard], ...] = ()
    scores: tuple[int, ...] = ()
    if over:
        revealed = tuple((cards[state.card(h, 0)], cards[state.card(h, 1)]) for h in range(HOLDERS))
        scores = state.score_sheet().scores
    pending = None
    if state.phase == Phase.FOLLOW:
        where, step, x, y = state.pending
        pending = PendingView(state.board.locations[where].id, step, STEP_HINTS[step], x, y)
    return CodeOfNineView(
        viewer=viewer,
        players=n,
        expert=state.expert,
        round=state.round,
        phase=_PHASES[state.phase],
        start_player=state.start,
        deciding=state.current_players(),
        pending=pending,
        ruins=tuple(state.ruins),  # type: ignore[arg-type]
        holders=holders,
        locations=locations,
        my_cards=mine,
        my_change=my_change,
        seen=tuple(seen),
        ninth=cards[state.ninth] if state.ninth >= 0 else None,
        released=bool(state.released),
        deck=len(state.deck),
        revealed=revealed,
        scores=scores,
        cards=state.cards,
        board=state.board,
        rounds=state.rounds,
        pawns=state.pawns,
    )
