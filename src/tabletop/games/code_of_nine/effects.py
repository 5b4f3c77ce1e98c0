"""The 25 locations' effects (rulings, "Locations"), as placement plus follow-up steps.

Placing pays the cost, uses a pawn and a place, then resolves the location. A choice
inside a location (a target, an item, an optional step) is a follow-up decision of the
same player: ``state.pending`` holds ``[location, step, x, y]`` and
:func:`follow_legal` lists the choices. A step with exactly one possible choice is
taken automatically. The numbers come from the board data; the rules are here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine.items import GHOST, TREASURES, Item, Slot
from tabletop.games.code_of_nine.layout import ATTACKS, LOOKS, PAWNS, STRIDE, WILL, Phase
from tabletop.games.code_of_nine.locations import LOCATION_IDS

if TYPE_CHECKING:
    from tabletop.games.code_of_nine.state import CodeOfNineState as S

_T = tuple(int(i) for i in TREASURES)
_TAKEABLE = (*_T, int(Item.LEGACY))
_LOC = {lid: i for i, lid in enumerate(LOCATION_IDS)}
SEAT_SHIFT: Final = 8

# Follow-up steps (Final, so compiled code inlines them).
LOOK: Final = 0
GIVE_TO: Final = 1
GIVE_ITEM: Final = 2
RETURN: Final = 3
TARGET: Final = 4
CHOICE: Final = 5
ITEM: Final = 6
GIVE: Final = 7
SLOT: Final = 8
GIVER: Final = 9
RECEIVER: Final = 10
PICK: Final = 11
FROM: Final = 12
STEP_HINTS = {
    LOOK: "choose whose card to look at (target:S)",
    GIVE_TO: "choose who gains an item from the Ruins, or nobody (target:S / target:-)",
    GIVE_ITEM: "choose the item they gain from the Ruins (item:I)",
    RETURN: "choose an item to return to the Ruins, or none (item:I / item:-)",
    TARGET: "choose a player (target:S)",
    CHOICE: "choose what to gain (item:I)",
    ITEM: "choose the item that moves (item:I)",
    GIVE: "choose an item to give, or stop (item:I / done)",
    SLOT: "choose the card to exchange with the ninth memory (slot:abyss / slot:shoal)",
    GIVER: "choose the player who gives (target:S)",
    RECEIVER: "choose the player who receives (target:S)",
    PICK: "choose an item to gain, or stop (item:I / done)",
    FROM: "choose whom to take it from, or nobody (target:S / target:-)",
}


def step_hint(s: S) -> str:
    return STEP_HINTS[s.pending[1]]


# ---------------------------------------------------------------- placing


def place(s: S, p: int, loc: int) -> None:
    """Pay, use a pawn and a place (rulings, "Turn structure"), then resolve."""
    cost = s.location_cost(p, loc)
    o = p * STRIDE
    s.b[o + WILL] -= cost
    s.b[o + PAWNS] -= 1
    s.spots[loc] = (s.spots[loc] + 1) | (1 << (p + SEAT_SHIFT))
    if s._events is not None:
        s._emit(E.PawnPlaced(p, LOCATION_IDS[loc], cost))
    _RESOLVE[LOCATION_IDS[loc]](s, p, loc)


def _ask(s: S, p: int, loc: int, step: int, x: int = 0, y: int = 0) -> None:
    s.pending = [loc, step, x, y]
    s.phase = Phase.FOLLOW
    legal = follow_legal(s, p)
    if not legal:
        s.end_turn()
    elif len(legal) == 1:
        follow(s, p, legal[0])


def _gain(s: S, p: int, loc: int) -> None:
    """Her Library, Mechanism of Fortune, Cash Cow Shed, Where the Lights Sink, An Old
    Cross, Quarry of Wills, Beyond the Tunnel, Hearth of Thoughts, The Place Where They
    Looked at the Old World: items from the Ruins (if any left) and Will."""
    location = s.board.locations[loc]
    for item, count in location.gain:
        s.gain(p, item, count)
    s.add_will(p, location.will)
    s.end_turn()


def _clocktower(s: S, p: int, loc: int) -> None:
    s.take_start_marker(p)
    _ask(s, p, loc, RETURN)


def _look_first(s: S, p: int, loc: int) -> None:
    """Allure Show, Sooty Watchtower, Venerable Cathedral, Soul Recorder: a look first."""
    _ask(s, p, loc, LOOK)


def _target_first(s: S, p: int, loc: int) -> None:
    """Cult of Honeybook, Creeping Main Street, Forgotten Alley, Tivoli: a target first."""
    _ask(s, p, loc, TARGET)


def _choice(s: S, p: int, loc: int) -> None:
    """Underground Library (and Cathedral after its look): gain one of the options."""
    _ask(s, p, loc, CHOICE)


def _protect_attacks(s: S, p: int, loc: int) -> None:
    """The Hidden Village: attacks on this player have no effect for the round."""
    s.protect(p, ATTACKS)
    s.end_turn()


def _nothing_now(s: S, p: int, loc: int) -> None:
    """Commune System and The Place Where They Ended the Old World act at round end."""
    s.end_turn()


def _crossroads(s: S, p: int, loc: int) -> None:
    _ask(s, p, loc, SLOT)


def _devils(s: S, p: int, loc: int) -> None:
    _ask(s, p, loc, GIVER)


def _tree(s: S, p: int, loc: int) -> None:
    _ask(s, p, loc, PICK)


_RESOLVE: dict[str, Callable[[S, int, int], None]] = {
    "library": _gain,
    "fortune": _gain,
    "shed": _gain,
    "lights": _gain,
    "cross": _gain,
    "quarry": _gain,
    "tunnel": _gain,
    "hearth": _gain,
    "looked": _gain,
    "clocktower": _clocktower,
    "allure": _look_first,
    "watchtower": _look_first,
    "cathedral": _look_first,
    "recorder": _look_first,
    "honeybook": _target_first,
    "street": _target_first,
    "alley": _target_first,
    "tivoli": _target_first,
    "underground": _choice,
    "village": _protect_attacks,
    "commune": _nothing_now,
    "ended": _nothing_now,
    "crossroads": _crossroads,
    "devils": _devils,
    "tree": _tree,
}


# ---------------------------------------------------------------- follow-up choices


def _holding(s: S, h: int, items: tuple[int, ...]) -> list[int]:
    o = h * STRIDE
    return [i for i in items if s.b[o + i]]


def _tree_limit(s: S, loc: int, item: int) -> int:
    return dict(s.board.locations[loc].up_to).get(Item(item).name.lower(), 0)


def _taken(y: int, item: int) -> int:
    return (y >> (4 * item)) & 15


def follow_legal(s: S, p: int) -> list[int]:
    loc, step, x, y = s.pending
    lid = LOCATION_IDS[loc]
    tb = A.TARGET_BASE
    ib = A.ITEM_BASE
    if step == LOOK:
        return [tb + h for h in s.others(p)]
    if step == GIVE_TO:
        return [tb + h for h in s.others(p)] + [A.NO_TARGET]
    if step == GIVE_ITEM:
        return [ib + i for i in _T if s.ruins[i]]
    if step == RETURN:
        return [ib + i for i in _holding(s, p, _T)] + [A.NO_ITEM]
    if step == TARGET:
        if lid == "honeybook":
            return [tb + h for h in s.holders()]
        if lid == "street":
            totals = {h: s.treasures(h) for h in s.others(p)}
            most = max(totals.values())
            return [tb + h for h, t in totals.items() if t == most and most > 0]
        if lid == "alley":
            return [tb + h for h in s.others(p) if _holding(s, h, _TAKEABLE)]
        return [tb + h for h in s.others(p)] + [A.NO_TARGET] if s.treasures(p) else []
    if step == CHOICE:
        return [ib + int(i) for i, _ in s.board.locations[loc].choice if s.ruins[i]]
    if step == ITEM:
        return [ib + i for i in _holding(s, x, _TAKEABLE if lid == "alley" else _T)]
    if step == GIVE:
        return [ib + i for i in _holding(s, p, _T)] + [A.DONE]
    if step == SLOT:
        return [A.SLOT_BASE, A.SLOT_BASE + 1]
    if step == GIVER:
        return [tb + h for h in s.holders() if s.treasures(h)]
    if step == RECEIVER:
        return [tb + h for h in s.holders() if h != x]
    if step == PICK:
        out = [
            ib + i
            for i in _T
            if _taken(y, i) < _tree_limit(s, loc, i)
            and (s.ruins[i] or any(s.item(h, i) for h in s.others(p)))
        ]
        return out + [A.DONE] if out else []
    # FROM
    return [tb + h for h in s.others(p) if s.item(h, x)] + [A.NO_TARGET]


def follow(s: S, p: int, aid: int) -> None:
    loc, step, x, y = s.pending
    lid = LOCATION_IDS[loc]
    seat = aid - A.TARGET_BASE
    item = aid - A.ITEM_BASE
    if step == LOOK:
        if lid == "allure":
            s.look(p, seat, Slot.SHOAL, attack=True)
            _ask(s, p, loc, GIVE_TO)
        elif lid == "watchtower":
            s.look(p, seat, Slot.SHOAL, attack=False)
            s.protect(p, LOOKS)
            s.end_turn()
        elif lid == "cathedral":
            s.look(p, seat, Slot.SHOAL, attack=False)
            _ask(s, p, loc, CHOICE)
        else:  # recorder
            s.look(p, seat, Slot.ABYSS, attack=True)
            s.end_turn()
    elif step == GIVE_TO:
        # Receiving is never being attacked: the gift reaches a protected player too
        # (rulings, "Locations").
        if aid == A.NO_TARGET:
            s.end_turn()
        else:
            _ask(s, p, loc, GIVE_ITEM, seat)
    elif step == GIVE_ITEM:
        s.gain(x, item, 1)
        s.end_turn()
    elif step == RETURN:
        if aid != A.NO_ITEM:
            s.give_back(p, item)
        s.end_turn()
    elif step == TARGET:
        _target(s, p, loc, lid, aid, seat)
    elif step == CHOICE:
        count = dict(s.board.locations[loc].choice)[Item(item)]
        s.gain(p, item, count)
        s.end_turn()
    elif step == ITEM:
        s.move(x, y, item)
        s.end_turn()
    elif step == GIVE:
        if aid == A.DONE:
            s.end_turn()
            return
        s.move(p, x, item)
        limit = dict(s.board.locations[loc].up_to)["total"]
        if y + 1 >= limit:
            s.end_turn()
        else:
            _ask(s, p, loc, GIVE, x, y + 1)
    elif step == SLOT:
        s.exchange_ninth(p, aid - A.SLOT_BASE)
        s.end_turn()
    elif step == GIVER:
        _ask(s, p, loc, RECEIVER, seat)
    elif step == RECEIVER:
        # Being made to give fails against a protected giver; the receiver is never
        # attacked, so a protected receiver still gets the item (rulings, "Locations").
        if s.attack_blocked(p, x, loc):
            s.end_turn()
        else:
            _ask(s, p, loc, ITEM, x, seat)
    elif step == PICK:
        if aid == A.DONE:
            s.end_turn()
            return
        y += 1 << (4 * item)
        if s.ruins[item]:
            s.gain(p, item, 1)
            _ask(s, p, loc, PICK, 0, y)
        else:
            _ask(s, p, loc, FROM, item, y)
    else:  # FROM
        if aid != A.NO_TARGET:
            s.move(seat, p, x)
        _ask(s, p, loc, PICK, 0, y)


def _target(s: S, p: int, loc: int, lid: str, aid: int, seat: int) -> None:
    if lid == "honeybook":
        _honeybook(s, p, loc, seat)
        s.end_turn()
    elif lid in ("street", "alley"):
        if s.attack_blocked(p, seat, loc):
            s.end_turn()
        else:
            _ask(s, p, loc, ITEM, seat, p)
    elif aid == A.NO_TARGET:  # tivoli: a gift, which reaches a protected player too
        s.end_turn()
    else:
        _ask(s, p, loc, GIVE, seat, 0)


def _honeybook(s: S, p: int, loc: int, target: int) -> None:
    """Cult of Honeybook: the chosen player takes the medal; from the board, with Will.

    Taking the medal is receiving, which is never being attacked, so it reaches a
    protected player; what the attack does is take the medal from its holder, and a
    holder protected by The Hidden Village keeps it (rulings, "Locations").
    """
    medal = int(Item.MEDAL)
    if s.ruins[medal]:
        s.gain(target, medal, 1)
        s.add_will(target, s.board.locations[loc].will)
        return
    for h in s.holders():
        if h != target and s.item(h, medal) and not s.attack_blocked(p, h, loc):
            s.move(h, target, medal)


# ---------------------------------------------------------------- end of round


def _seats(spot: int) -> list[int]:
    mask = spot >> SEAT_SHIFT
    return [p for p in range(4) if mask >> p & 1]


def end_of_round(s: S) -> None:
    """Commune System, then The Place Where They Ended the Old World (rulings)."""
    commune = _LOC["commune"]
    seats = _seats(s.spots[commune])
    if len(seats) == 2:
        a, b = seats
        s.look(a, b, Slot.ABYSS, attack=False)
        s.look(b, a, Slot.ABYSS, attack=False)
    elif len(seats) == 1:
        if s.has_ghost:
            s.look(seats[0], GHOST, Slot.ABYSS, attack=False)
        else:
            s.add_will(seats[0], s.board.locations[commune].will)
    seats = _seats(s.spots[_LOC["ended"]])
    legacy = int(Item.LEGACY)
    if len(seats) == 2 and all(s.item(p, legacy) == 1 for p in seats):
        s.released = 1
        if s._events is not None:
            s._emit(E.LegaciesReleased((seats[0], seats[1])))
