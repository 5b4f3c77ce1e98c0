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

import functools

import numpy as np

from tabletop.games.code_of_nine.effects import STEP_HINTS
from tabletop.games.code_of_nine.game import INFO
from tabletop.games.code_of_nine.items import HOLDERS, PAWNS, ROUNDS, Item, Slot
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.locations import LOCATION_IDS
from tabletop.games.code_of_nine.memory_cards import CARD_COUNT, MemoryCard
from tabletop.games.code_of_nine.views import CodeOfNineView, HolderView

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


SECTIONS: tuple[tuple[str, str], ...] = (
    ("spectator", "1 when a spectator's view is encoded (then seat+0 is seat 0)"),
    ("expert", "1 in the expert game"),
    ("ghost_game", "1 with 3 players (seat 3 is the ghost)"),
    ("round=", "round 1-5, one-hot"),
    ("phase=", "deal, change, redeal, assign, ghost, ninth, place, follow, over, one-hot"),
    ("start_player=", "the start player, seat from the viewer, one-hot"),
    ("pending", "a location being resolved: present, location one-hot (25, board order), "
     "follow-up step one-hot (13), its two numbers x/4 and y/4"),
    ("ruins.", "items in the Ruins: statue/8 coin/16 book/4 legacy/2 medal/1"),
    ("ninth", "the ninth memory: known, card one-hot (28)"),
    ("released", "1 once the legacies are released"),
    ("deck/", "memory cards left in the deck / 28"),
    ("my_dealt_hand.", "the viewer's cards as dealt, before they are placed (multi-hot, 28)"),
    ("holder[", "4 holder sheets of 79, the viewer's first (block below)"),
    ("location.", "25 locations (board order) of 8: open, cost/8, pawns/12, attack, "
     "pawn of seat+0..3"),
)
"""The observation in order: (label prefix, meaning); ``docs/rl.md`` is built from it."""


@functools.cache
def _one_hot(index: int, size: int) -> tuple[float, ...]:
    return tuple(1.0 if i == index else 0.0 for i in range(size))


_NO_CARD = (0.0,) * CARD_COUNT
_NO_SEATS = (0.0,) * HOLDERS


def _card(card: MemoryCard | None) -> tuple[float, ...]:
    return _NO_CARD if card is None else _one_hot(card.number - 1, CARD_COUNT)


class CodeOfNineEncoder:
    """Encodes a :class:`CodeOfNineView`; see the module docstring and docs/rl.md."""

    game = "code-of-nine"
    version = 1
    shares_views = False
    sections = SECTIONS
    block = "holder[seat+0]."

    def size(self, players: int) -> int:
        header = 3 + ROUNDS + len(Phase) + HOLDERS + 1 + LOCATIONS + STEPS + 2
        header += len(Item) + 1 + CARD_COUNT + 2 + CARD_COUNT
        return header + HOLDERS * HOLDER_SIZE + LOCATIONS * LOCATION_SIZE

    def encode(self, view: CodeOfNineView) -> np.ndarray:
        if not isinstance(view, CodeOfNineView):
            raise TypeError(f"{self.game} encoder needs a CodeOfNineView, got {view!r}")
        me = 0 if view.viewer is None else view.viewer
        order = [(me + i) % HOLDERS for i in range(HOLDERS)]
        rel = {seat: i for i, seat in enumerate(order)}
        out: list[float] = [
            1.0 if view.viewer is None else 0.0,
            float(view.expert),
            float(view.has_ghost),
        ]
        out += _one_hot(view.round - 1, ROUNDS)
        out += _one_hot(int(view.phase), len(Phase))
        out += _one_hot(rel[view.start_player], HOLDERS)
        pending = view.pending
        if pending is None:
            out += [0.0] * (1 + LOCATIONS + STEPS + 2)
        else:
            out.append(1.0)
            out += _one_hot(_LOCATION_INDEX[pending.location], LOCATIONS)
            out += _one_hot(pending.step, STEPS)
            out += (min(pending.x, PENDING_CAP) / PENDING_CAP,
                    min(pending.y, PENDING_CAP) / PENDING_CAP)
        out += [min(x, cap) / cap for x, cap in zip(view.ruins, ITEM_CAPS, strict=True)]
        out.append(float(view.ninth is not None))
        out += _card(view.ninth)
        out += (float(view.released), view.deck / CARD_COUNT)
        hand = [0.0] * CARD_COUNT  # the viewer's cards as dealt, before they are placed
        if view.phase <= Phase.ASSIGN:
            for card in view.my_cards:
                hand[card.number - 1] = 1.0
        out += hand
        for seat in order:
            self._holder(view, view.holders[seat], rel, out)
        for loc in view.locations:
            out += (
                float(loc.open),
                min(loc.cost, COST_CAP) / COST_CAP,
                min(loc.pawns, PAWNS_ON_LOCATION_CAP) / PAWNS_ON_LOCATION_CAP,
                float(loc.attack),
            )
            if loc.seats:
                seats = [0.0] * HOLDERS
                for seat in loc.seats:
                    seats[rel[seat]] = 1.0
                out += seats
            else:
                out += _NO_SEATS
        return np.fromiter(out, dtype=np.float32, count=len(out))

    def encode_seats(self, spectator: CodeOfNineView) -> None:
        """Never exact: every seat always holds memory cards a spectator cannot see."""
        return None

    def _holder(
        self, view: CodeOfNineView, h: HolderView, rel: dict[int, int], out: list[float]
    ) -> None:
        out.append(float(h.ghost))
        out += [min(x, cap) / cap for x, cap in zip(h.items, ITEM_CAPS, strict=True)]
        out += (
            min(h.will, WILL_CAP) / WILL_CAP,
            h.pawns / PAWNS,
            float(h.changed_cards),
            float(h.protected_from_looks),
            float(h.protected_from_attacks),
            h.memory_cards / 2,
            float(h.seat in view.deciding),
        )
        looked = [0.0] * (2 * HOLDERS)
        for owner, slot in h.has_looked_at:
            looked[rel[owner] * 2 + int(slot)] = 1.0
        out += looked
        over = bool(view.revealed)
        out.append(float(over))
        for slot in Slot:
            if over:
                out += _card(view.revealed[h.seat][slot])
            else:
                out += _card(view.known_card(h.seat, slot))
        score = view.scores[h.seat] if h.seat < len(view.scores) else INFO.min_score
        out.append(min(max((score - INFO.min_score) / _SCORE_RANGE, 0.0), 1.0))

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
            out += [p + x for x in (f"will/{WILL_CAP}", f"pawns/{PAWNS}", "changed_cards",
                                    "protected_from_looks", "protected_from_attacks",
                                    "memory_cards/2", "deciding_now")]
            out += [p + f"looked_at.seat+{k}.{s.name.lower()}"
                    for k in range(HOLDERS) for s in Slot]
            out.append(p + "revealed")
            out += [p + f"{s.name.lower()}=card{n}" for s in Slot
                    for n in range(1, CARD_COUNT + 1)]
            out.append(p + "score_scaled")
        for loc in LOCATION_IDS:
            out += [f"location.{loc}.{x}" for x in ("open", f"cost/{COST_CAP}",
                                                     f"pawns/{PAWNS_ON_LOCATION_CAP}", "attack")]
            out += [f"location.{loc}.pawn_of_seat+{k}" for k in range(HOLDERS)]
        return out
