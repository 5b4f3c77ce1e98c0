"""Code of Nine's observation: a seat's view as a float32 vector in [0, 1].

Holder sheets (the players and, with 3 players, the ghost in seat 3) come in seat order
starting with the viewer's own (a spectator's start at seat 0), and every seat number
inside the vector (who looked at whose card, who stands on a location, the start
player) is relative to the viewer the same way. Memory cards are one-hot by card
number; a card appears only where the view shows it: the viewer's own cards, the cards
the viewer has looked at, the ninth memory, and every card at the end. The index table
and version history are in ``docs/rl.md``; :meth:`CodeOfNineEncoder.labels` names
every index.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tabletop.games.code_of_nine.effects import STEP_HINTS
from tabletop.games.code_of_nine.game import INFO
from tabletop.games.code_of_nine.items import HOLDERS, PAWNS, ROUNDS, Item, Slot
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.locations import LOCATION_IDS
from tabletop.games.code_of_nine.memory_cards import CARD_COUNT, MemoryCard
from tabletop.games.code_of_nine.views import CodeOfNineView, HolderView, LocationView

ITEM_CAPS = (8, 16, 4, 2, 1)
"""Caps per item (statue, coin, book, legacy, medal): this edition's whole supply."""
WILL_CAP = 20
COST_CAP = 8
PAWNS_ON_LOCATION_CAP = HOLDERS * PAWNS
PENDING_CAP = 4
STEPS = len(STEP_HINTS)
LOCATIONS = len(LOCATION_IDS)
HOLDER_SIZE = 1 + len(Item) + 7 + 2 * HOLDERS + 1 + 2 * CARD_COUNT + 1
LOCATION_SIZE = 4 + HOLDERS
_SCORE_RANGE = INFO.max_score - INFO.min_score
_LOCATION_INDEX = {loc: i for i, loc in enumerate(LOCATION_IDS)}
# Where each part starts in the vector (the order of SECTIONS).
_ROUND = 3
_PHASE = _ROUND + ROUNDS
_START = _PHASE + len(Phase)
_PENDING = _START + HOLDERS
_RUINS = _PENDING + 1 + LOCATIONS + STEPS + 2
_NINTH = _RUINS + len(Item)
_RELEASED = _NINTH + 1 + CARD_COUNT
_HAND = _RELEASED + 2
_HOLDER = _HAND + CARD_COUNT
_LOCATION = _HOLDER + HOLDERS * HOLDER_SIZE
# Inside a holder sheet.
_DECIDING = 1 + len(Item) + 6
_REVEALED = _DECIDING + 1 + 2 * HOLDERS
_CARDS = _REVEALED + 1
_SCORE = _CARDS + 2 * CARD_COUNT
_LOOKED = _DECIDING + 1


def _holder_source(me: int, index: int) -> int:
    """Where index ``index`` of viewer ``me``'s holder block is in seat 0's."""
    rel, j = divmod(index, HOLDER_SIZE)
    if _LOOKED <= j < _LOOKED + 2 * HOLDERS:
        rel_owner, slot = divmod(j - _LOOKED, 2)
        j = _LOOKED + (rel_owner + me) % HOLDERS * 2 + slot
    return (rel + me) % HOLDERS * HOLDER_SIZE + j


def _location_source(me: int, index: int) -> int:
    """Where index ``index`` of viewer ``me``'s location block is in seat 0's."""
    loc, j = divmod(index, LOCATION_SIZE)
    if j >= 4:
        j = 4 + (j - 4 + me) % HOLDERS
    return loc * LOCATION_SIZE + j


_HOLDER_ORDER = [
    np.array([_holder_source(me, i) for i in range(HOLDERS * HOLDER_SIZE)]) for me in range(HOLDERS)
]
_LOCATION_ORDER = [
    np.array([_location_source(me, i) for i in range(LOCATIONS * LOCATION_SIZE)])
    for me in range(HOLDERS)
]
"""Per viewer, the seat-0 block's indices in the viewer's order (seats relative to it)."""


SECTIONS: tuple[tuple[str, str], ...] = (
    ("spectator", "1 when a spectator's view is encoded (then seat+0 is seat 0)"),
    ("expert", "1 in the expert game"),
    ("ghost_game", "1 with 3 players (seat 3 is the ghost)"),
    ("round=", "round 1-5, one-hot"),
    ("phase=", "deal, change, redeal, assign, ghost, ninth, place, follow, over, one-hot"),
    ("start_player=", "the start player, seat from the viewer, one-hot"),
    (
        "pending",
        "a location being resolved: present, location one-hot (25, board order), "
        "follow-up step one-hot (13), its two numbers x/4 and y/4",
    ),
    ("ruins.", "items in the Ruins: statue/8 coin/16 book/4 legacy/2 medal/1"),
    ("ninth", "the ninth memory: known, card one-hot (28)"),
    ("released", "1 once the legacies are released"),
    ("deck/", "memory cards left in the deck / 28"),
    ("my_dealt_hand.", "the viewer's cards as dealt, before they are placed (multi-hot, 28)"),
    ("holder[", "4 holder sheets of 79, the viewer's first (block below)"),
    (
        "location.",
        "25 locations (board order) of 8: open, cost/8, pawns/12, attack, pawn of seat+0..3",
    ),
)
"""The observation in order: (label prefix, meaning); ``docs/rl.md`` is built from it."""


def holder_values(
    ghost: bool,
    items: Sequence[int],
    will: int,
    pawns: int,
    changed: bool,
    protected_from_looks: bool,
    protected_from_attacks: bool,
    memory_cards: int,
    looked: int,
) -> list[float]:
    """One holder sheet's public block from plain numbers; the per-view entries
    (deciding now, revealed cards, known cards, score) are 0. ``looked``: bit
    ``owner * 2 + slot`` for every card this holder has seen. Both the view encoder and
    the state encoder call this, so they share its arithmetic."""
    out: list[float] = [float(ghost)]
    out += [min(x, cap) / cap for x, cap in zip(items, ITEM_CAPS, strict=True)]
    out += (
        min(will, WILL_CAP) / WILL_CAP,
        pawns / PAWNS,
        float(changed),
        float(protected_from_looks),
        float(protected_from_attacks),
        memory_cards / 2,
        0.0,  # deciding now
    )
    out += [float(looked >> k & 1) for k in range(2 * HOLDERS)]
    out += _NO_CARDS  # revealed, the two cards, score
    return out


def location_values(
    open_: bool, cost: int, pawns: int, attack: bool, seats: Sequence[int]
) -> list[float]:
    """One location's block (pawn seats as seat 0 sees them), shared like
    :func:`holder_values`."""
    out = [
        float(open_),
        min(cost, COST_CAP) / COST_CAP,
        min(pawns, PAWNS_ON_LOCATION_CAP) / PAWNS_ON_LOCATION_CAP,
        float(attack),
        *(0.0,) * HOLDERS,
    ]
    for seat in seats:
        out[4 + seat] = 1.0
    return out


_NO_CARDS = (0.0,) * (1 + 2 * CARD_COUNT + 1)


class CodeOfNineEncoder:
    """Encodes a :class:`CodeOfNineView`; see the module docstring and docs/rl.md."""

    game = "code-of-nine"
    version = 1
    sections = SECTIONS
    block = "holder[seat+0]."

    def size(self, players: int) -> int:
        header = 3 + ROUNDS + len(Phase) + HOLDERS + 1 + LOCATIONS + STEPS + 2
        header += len(Item) + 1 + CARD_COUNT + 2 + CARD_COUNT
        return header + HOLDERS * HOLDER_SIZE + LOCATIONS * LOCATION_SIZE

    def __init__(self) -> None:
        # The public blocks of the last holders/locations tuples seen, as seat 0 sees
        # them; other viewers get them permuted. Views of one moment share those
        # (immutable, memoised) tuples, so the seats of a table encode them once; the
        # tuple is held so its identity stays meaningful.
        self._holders_of: tuple[HolderView, ...] | None = None
        self._holders_seat0 = np.zeros(0, dtype=np.float32)
        self._locations_of: tuple[LocationView, ...] | None = None
        self._locations_seat0 = np.zeros(0, dtype=np.float32)

    def encode(self, view: CodeOfNineView) -> np.ndarray:
        if not isinstance(view, CodeOfNineView):
            raise TypeError(f"{self.game} encoder needs a CodeOfNineView, got {view!r}")
        me = 0 if view.viewer is None else view.viewer
        out = np.zeros(self.size(view.players), dtype=np.float32)
        out[0] = view.viewer is None
        out[1] = view.expert
        out[2] = view.has_ghost
        out[_ROUND + view.round - 1] = 1.0
        out[_PHASE + int(view.phase)] = 1.0
        out[_START + (view.start_player - me) % HOLDERS] = 1.0
        pending = view.pending
        if pending is not None:
            out[_PENDING] = 1.0
            out[_PENDING + 1 + _LOCATION_INDEX[pending.location]] = 1.0
            out[_PENDING + 1 + LOCATIONS + pending.step] = 1.0
            out[_PENDING + 1 + LOCATIONS + STEPS] = min(pending.x, PENDING_CAP) / PENDING_CAP
            out[_PENDING + 2 + LOCATIONS + STEPS] = min(pending.y, PENDING_CAP) / PENDING_CAP
        out[_RUINS : _RUINS + len(Item)] = [
            min(x, cap) / cap for x, cap in zip(view.ruins, ITEM_CAPS, strict=True)
        ]
        if view.ninth is not None:
            out[_NINTH] = 1.0
            out[_NINTH + view.ninth.number] = 1.0
        out[_RELEASED] = view.released
        out[_RELEASED + 1] = view.deck / CARD_COUNT
        if view.phase <= Phase.ASSIGN:  # the viewer's cards as dealt, before placing
            for card in view.my_cards:
                out[_HAND + card.number - 1] = 1.0
        out[_HOLDER:_LOCATION] = self._holders_block(view.holders, me)
        out[_LOCATION:] = self._locations_block(view.locations, me)
        for seat in view.deciding:
            out[self._at(seat, me) + _DECIDING] = 1.0
        if view.revealed:
            for h, cards in enumerate(view.revealed):
                at = self._at(h, me)
                out[at + _REVEALED] = 1.0
                for slot, card in enumerate(cards):
                    out[at + _CARDS + slot * CARD_COUNT + card.number - 1] = 1.0
        else:
            for (owner, slot), card in self._known(view).items():
                out[self._at(owner, me) + _CARDS + slot * CARD_COUNT + card.number - 1] = 1.0
        for h, score in enumerate(view.scores[:HOLDERS]):
            scaled = (score - INFO.min_score) / _SCORE_RANGE
            out[self._at(h, me) + _SCORE] = min(max(scaled, 0.0), 1.0)
        return out

    @staticmethod
    def _at(seat: int, me: int) -> int:
        """Where ``seat``'s holder sheet starts in the vector of viewer ``me``."""
        return _HOLDER + (seat - me) % HOLDERS * HOLDER_SIZE

    @staticmethod
    def _known(view: CodeOfNineView) -> dict[tuple[int, int], MemoryCard]:
        """Every (owner, slot) whose card the view knows: ``view.known_card``, at once."""
        known: dict[tuple[int, int], MemoryCard] = {}
        for s in view.seen:
            known.setdefault((s.owner, int(s.slot)), s.card)
        if view.viewer is not None and len(view.my_cards) == 2 and view.phase > Phase.ASSIGN:
            for slot, card in enumerate(view.my_cards):
                known[(view.viewer, slot)] = card
        return known

    def _holders_block(self, holders: tuple[HolderView, ...], me: int) -> np.ndarray:
        """The holder sheets' public part, viewer's first (deciding, cards, score 0)."""
        if holders is not self._holders_of:
            out: list[float] = []
            for h in holders:
                self._holder(h, out)
            self._holders_of = holders
            self._holders_seat0 = np.array(out, dtype=np.float32)
        block: np.ndarray = self._holders_seat0[_HOLDER_ORDER[me]]
        return block

    def _locations_block(self, locations: tuple[LocationView, ...], me: int) -> np.ndarray:
        """The locations in board order, pawn seats relative to the viewer."""
        if locations is not self._locations_of:
            out: list[float] = []
            for loc in locations:
                # the board's cost: a seat's own surcharge follows from its legacies
                out += location_values(loc.open, loc.base_cost, loc.pawns, loc.attack, loc.seats)
            self._locations_of = locations
            self._locations_seat0 = np.array(out, dtype=np.float32)
        block: np.ndarray = self._locations_seat0[_LOCATION_ORDER[me]]
        return block

    @staticmethod
    def _holder(h: HolderView, out: list[float]) -> None:
        """One sheet's public part; the per-view entries are left 0 for :meth:`encode`."""
        looked = 0
        for owner, slot in h.has_looked_at:
            looked |= 1 << (owner * 2 + int(slot))
        out += holder_values(
            h.ghost,
            h.items,
            h.will,
            h.pawns,
            h.changed_cards,
            h.protected_from_looks,
            h.protected_from_attacks,
            h.memory_cards,
            looked,
        )

    def labels(self, players: int) -> list[str]:
        out = ["spectator", "expert", "ghost_game"]
        out += [f"round={r}" for r in range(1, ROUNDS + 1)]
        out += [f"phase={p.name.lower()}" for p in Phase]
        out += [f"start_player=seat+{i}" for i in range(HOLDERS)]
        out.append("pending")
        out += [f"pending.location={loc}" for loc in LOCATION_IDS]
        out += [f"pending.step={s}" for s in range(STEPS)]
        out += [f"pending.x/{PENDING_CAP}", f"pending.y/{PENDING_CAP}"]
        out += [f"ruins.{i.name.lower()}/{cap}" for i, cap in zip(Item, ITEM_CAPS, strict=True)]
        out.append("ninth.known")
        out += [f"ninth=card{n}" for n in range(1, CARD_COUNT + 1)]
        out += ["released", f"deck/{CARD_COUNT}"]
        out += [f"my_dealt_hand.card{n}" for n in range(1, CARD_COUNT + 1)]
        for i in range(HOLDERS):
            p = f"holder[seat+{i}]."
            out.append(p + "ghost")
            out += [p + f"{it.name.lower()}/{cap}" for it, cap in zip(Item, ITEM_CAPS, strict=True)]
            out += [
                p + x
                for x in (
                    f"will/{WILL_CAP}",
                    f"pawns/{PAWNS}",
                    "changed_cards",
                    "protected_from_looks",
                    "protected_from_attacks",
                    "memory_cards/2",
                    "deciding_now",
                )
            ]
            out += [
                p + f"looked_at.seat+{k}.{s.name.lower()}" for k in range(HOLDERS) for s in Slot
            ]
            out.append(p + "revealed")
            out += [p + f"{s.name.lower()}=card{n}" for s in Slot for n in range(1, CARD_COUNT + 1)]
            out.append(p + "score_scaled")
        for loc in LOCATION_IDS:
            out += [
                f"location.{loc}.{x}"
                for x in ("open", f"cost/{COST_CAP}", f"pawns/{PAWNS_ON_LOCATION_CAP}", "attack")
            ]
            out += [f"location.{loc}.pawn_of_seat+{k}" for k in range(HOLDERS)]
        return out
