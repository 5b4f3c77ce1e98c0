"""Code of Nine's position format: a full state in the rulebook's words.

See ``docs/positions.md``. A position holds the round, the phase, the start player and
whose turn it is, the Ruins, the pawns on the locations, a location being resolved,
the ninth memory, and per holder (the players, then the ghost with 3 players): items,
Will, action pawns left, whether they changed memory cards, protections, their two
memory cards (Abyss then Shoal once placed; as dealt before) and the cards they have
looked at. Memory cards a position gives as ``"?"`` (or leaves out) are dealt at random
from the deck by the state's generator (``rng`` or ``seed``); the deck is every card
of the game not on a sheet nor the ninth memory, in the order given by ``deck`` or, if
left out, by number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.position import (
    FORMAT,
    Reader,
    name_of,
    names_of,
    start_generator,
)
from tabletop.games.code_of_nine import effects
from tabletop.games.code_of_nine.items import HOLDERS, ITEMS, PAWNS, ROUNDS, Item, Slot
from tabletop.games.code_of_nine.layout import (
    ATTACKS,
    CARD,
    CHANGED,
    CHOSE_CHANGE,
    CHOSE_KEEP,
    KNOWS,
    LOOKS,
    PROTECT,
    STRIDE,
    WILL,
    Phase,
    know_bit,
)
from tabletop.games.code_of_nine.layout import (
    ITEMS as ITEMS_SLOT,
)
from tabletop.games.code_of_nine.layout import PAWNS as PAWNS_SLOT
from tabletop.games.code_of_nine.locations import ANY_NUMBER, LOCATION_IDS
from tabletop.games.code_of_nine.state import SEAT_SHIFT, CodeOfNineState

PHASES = {
    name_of(p): p for p in (Phase.CHANGE, Phase.ASSIGN, Phase.PLACE, Phase.FOLLOW, Phase.OVER)
}
SLOTS = names_of(Slot)
STEPS = {
    name: getattr(effects, name.upper().replace("-", "_"))
    for name in (
        "look",
        "give-to",
        "give-item",
        "return",
        "target",
        "choice",
        "item",
        "give",
        "slot",
        "giver",
        "receiver",
        "pick",
        "from",
    )
}
STEP_NAMES = {v: k for k, v in STEPS.items()}
ITEM_KEYS = tuple(name_of(i) for i in ITEMS)
PROTECTIONS = {"looks": LOOKS, "attacks": ATTACKS}
CHOICES = {"change": CHOSE_CHANGE, "keep": CHOSE_KEEP}


def write(state: CodeOfNineState) -> dict[str, Any]:
    """``state`` as a position (every field, the deck order and the generator included)."""
    cards = state.cards.cards
    b = state.b
    holders = []
    for h in range(HOLDERS):
        o = h * STRIDE
        holder: dict[str, Any] = {
            "items": {ITEM_KEYS[i]: b[o + ITEMS_SLOT + i] for i in range(len(ITEMS))},
            "will": b[o + WILL],
            "pawns": b[o + PAWNS_SLOT],
            "memory_cards": [cards[c].number for c in b[o + CARD : o + CARD + 2] if c >= 0],
            "seen": [
                [k // 2, name_of(Slot(k % 2))] for k in range(2 * HOLDERS) if b[o + KNOWS] >> k & 1
            ],
            "protected_from": [n for n, bit in PROTECTIONS.items() if b[o + PROTECT] & bit],
        }
        if state.phase == Phase.CHANGE and b[o + CHANGED]:
            holder["change"] = "change" if b[o + CHANGED] == CHOSE_CHANGE else "keep"
        else:
            holder["changed"] = b[o + CHANGED] == 1
        holders.append(holder)
    out: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.info.name,
        "players": state.num_players,
        "round": state.round,
        "phase": name_of(Phase(state.phase)),
        "start_player": state.start,
        "turn": state.turn,
        "ruins": {ITEM_KEYS[i]: state.ruins[i] for i in range(len(ITEMS))},
        "placed": {
            LOCATION_IDS[i]: {
                "pawns": spot & 0xFF,
                "seats": [p for p in range(HOLDERS) if spot >> (p + SEAT_SHIFT) & 1],
            }
            for i, spot in enumerate(state.spots)
            if spot
        },
        "released": bool(state.released),
        "deck": [cards[c].number for c in state.deck],
        "rng": state.rng.state,
        "holder": holders,
    }
    if state.ninth >= 0:
        out["ninth"] = cards[state.ninth].number
    if state.phase == Phase.FOLLOW:
        where, step, x, y = state.pending
        out["pending"] = {"location": LOCATION_IDS[where], "step": STEP_NAMES[step], "x": x, "y": y}
    options = state.game.options_to_json(state.options)
    if options:
        out["options"] = options
    return out


def build(state: CodeOfNineState, data: Mapping[str, Any], source: str) -> None:
    """Fill a fresh ``state`` (set up with the position's players and options) from
    ``data``; raises PositionError naming the field."""
    top = Reader(data, source)
    for key in ("format", "game", "players", "options"):
        top.raw(key)
    n = state.num_players
    cards = state.cards.cards
    in_game = set(state.cards.in_game(state.expert))
    number = {c.number: i for i, c in enumerate(cards)}
    rng = start_generator(state, top)
    state.round = top.whole("round", 1, ROUNDS)
    state.phase = int(top.choice("phase", PHASES, "place"))
    state.start = top.whole("start_player", 0, n - 1, 0)
    state.turn = top.whole("turn", 0, n - 1, state.start)
    state.released = int(top.flag("released", False))
    placed = top.table("placed")
    spots = [0] * len(LOCATION_IDS)
    for key in list(placed.data):
        if key not in LOCATION_IDS:
            raise placed.fail(key, f"is not a location ({', '.join(LOCATION_IDS)})")
        i = LOCATION_IDS.index(key)
        spot = placed.table(key)
        limit = state.board.locations[i].places
        pawns = spot.whole("pawns", 1, 99 if limit == ANY_NUMBER else limit)
        seats = spot.items("seats")
        if (
            not seats
            or any(isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n for p in seats)
            or len(set(seats)) != len(seats)
        ):
            raise spot.fail("seats", f"lists the different seats (0-{n - 1}) with pawns here")
        if len(seats) > pawns:
            raise spot.fail("seats", f"{len(seats)} seats cannot have {pawns} pawns")
        spots[i] = pawns | sum(1 << (p + SEAT_SHIFT) for p in seats)
        spot.done()
    placed.done()
    state.spots = spots
    readers = top.tables("holder")
    if len(readers) != HOLDERS:
        raise top.fail(
            "holder",
            f"lists {HOLDERS} holders: the players in seat order, then the ghost with 3 players",
        )
    b = state.b
    held = [0] * len(ITEMS)
    used: set[int] = set()
    unknown: list[tuple[int, int]] = []
    for h, r in enumerate(readers):
        o = h * STRIDE
        ghost = h >= n
        items = r.table("items")
        for i, key in enumerate(ITEM_KEYS):
            b[o + ITEMS_SLOT + i] = items.whole(key, 0, 99, 0)
            held[i] += b[o + ITEMS_SLOT + i]
        items.done()
        b[o + WILL] = r.whole("will", 0, 999, 0)
        b[o + PAWNS_SLOT] = r.whole("pawns", 0, 0 if ghost else PAWNS, 0 if ghost else PAWNS)
        if r.has("change"):
            if state.phase != Phase.CHANGE:
                raise r.fail("change", "a sealed change choice exists only in the change phase")
            b[o + CHANGED] = r.choice("change", CHOICES)
        else:
            b[o + CHANGED] = int(r.flag("changed", False))
            if b[o + CHANGED] and state.phase == Phase.CHANGE:
                raise r.fail("changed", "nobody has changed before the change phase ends")
        protect = 0
        for i, name in enumerate(r.items("protected_from", [])):
            if name not in PROTECTIONS:
                raise r.fail(f"protected_from[{i}]", f"{name!r} is not looks or attacks")
            protect |= PROTECTIONS[name]
        b[o + PROTECT] = protect
        knows = 0
        for i, seen in enumerate(r.items("seen", [])):
            ok = isinstance(seen, list) and len(seen) == 2 and seen[1] in SLOTS
            owner = seen[0] if ok else None
            if (
                not ok
                or isinstance(owner, bool)
                or not isinstance(owner, int)
                or not 0 <= owner < HOLDERS
                or owner == h
            ):
                raise r.fail(
                    f"seen[{i}]", f"{seen!r} is not [another holder's seat, 'abyss' or 'shoal']"
                )
            knows |= know_bit(owner, int(SLOTS[seen[1]]))
        b[o + KNOWS] = knows
        before_ghost_deal = ghost and state.phase in (Phase.CHANGE, Phase.ASSIGN)
        memory = r.items("memory_cards", [] if before_ghost_deal else ["?", "?"])
        if len(memory) != (0 if before_ghost_deal else 2):
            if before_ghost_deal:
                raise r.fail(
                    "memory_cards", "the ghost is dealt its cards after the Abyss choices: none yet"
                )
            raise r.fail("memory_cards", "lists two memory cards (card numbers, or '?')")
        for slot, card in enumerate(memory):
            if card == "?":
                unknown.append((h, slot))
                continue
            whole = isinstance(card, int) and not isinstance(card, bool)
            index = number.get(card) if whole else None
            if index is None or index not in in_game:
                raise r.fail(f"memory_cards[{slot}]", f"{card!r} is not a memory card of this game")
            if index in used:
                raise r.fail(f"memory_cards[{slot}]", f"card {card} is in play twice")
            used.add(index)
            b[o + CARD + slot] = index
        r.done()
    if top.has("ninth"):
        ninth = top.raw("ninth")
        if not state.expert or number.get(ninth) not in in_game or number[ninth] in used:
            raise top.fail("ninth", f"{ninth!r} is not a free memory card of the expert game")
        state.ninth = number[ninth]
        used.add(state.ninth)
    if top.has("deck"):
        deck = []
        for i, card in enumerate(top.items("deck")):
            index = number.get(card) if isinstance(card, int) else None
            if index is None or index not in in_game or index in used or index in deck:
                raise top.fail(f"deck[{i}]", f"{card!r} is not a free memory card of this game")
            deck.append(index)
        if unknown and len(deck) < len(unknown):
            raise top.fail("deck", "holds fewer cards than the '?' cards to deal")
    else:
        deck = sorted(in_game - used)
    for h, slot in unknown:
        b[h * STRIDE + CARD + slot] = deck.pop(rng.below(len(deck)))
    if top.has("deck") and sorted(deck) != sorted(
        in_game - used - {b[h * STRIDE + CARD + s] for h, s in unknown}
    ):
        raise top.fail(
            "deck", "must hold exactly the cards of the game not on a sheet nor the ninth memory"
        )
    state.deck = deck
    if state.expert and state.ninth < 0 and state.phase not in (Phase.CHANGE, Phase.ASSIGN):
        raise top.fail("ninth", "the expert game has a ninth memory once set up")
    supply = list(state.board.supply)
    if not state.expert:
        supply[Item.MEDAL] = 0
    ruins = top.table("ruins")
    state.ruins = [
        ruins.whole(key, 0, 99, max(supply[i] - held[i], 0)) for i, key in enumerate(ITEM_KEYS)
    ]
    ruins.done()
    state.pending = []
    if state.phase == Phase.FOLLOW:
        pending = top.table("pending")
        where = pending.raw("location")
        if where not in LOCATION_IDS:
            raise pending.fail("location", f"{where!r} is not a location")
        step = pending.choice("step", STEPS)
        state.pending = [
            LOCATION_IDS.index(where),
            step,
            pending.whole("x", 0, 1 << 30, 0),
            pending.whole("y", 0, 1 << 30, 0),
        ]
        pending.done()
    elif top.has("pending"):
        raise top.fail("pending", "a location is being resolved only in the follow phase")
    state.dealt = 0
    if not state.current_players() and state.phase != Phase.OVER:
        raise top.fail("turn", "nobody decides in this position")
    if state.phase in (Phase.PLACE, Phase.FOLLOW) and not state.legal_action_ids(state.turn):
        raise top.fail("turn", f"player {state.turn} has nothing legal to do here")
    top.done()
