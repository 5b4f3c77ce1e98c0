"""The Wicked Labyrinth's position format: a full state in the rulebook's words.

See ``docs/positions.md``. A position holds the round, the phase, this round's corridor
row and the corridor being declared, the earlier rounds' corridors, the hands opened so
far this round, who still takes gains, and per player: tokens by rank and colour, search
and sign pieces left behind the screen, spells, oracles, impurity, what the player is
deciding, a committed closed hand and the gains still to take. The unseen corridors are
not ordered (nothing is: each round's corridors are drawn from them by the state's
generator, ``rng`` or ``seed``); ``unseen`` may be given as a check. Oracles left out
are dealt at random, and a closed hand given as ``"?"`` is drawn at random from the
hands the player could hold, both by that generator.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.position import (
    FORMAT,
    PositionError,
    Reader,
    name_of,
    names_of,
    start_generator,
)
from tabletop.core.rng import SplitMix64
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth import rules
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
    ROUNDS,
    SEARCH_PIECES,
    TOKEN_COLOURS,
    Element,
    Mode,
    Phase,
    Rank,
)
from tabletop.games.wicked_labyrinth.state import (
    GREAT_OUTCOME,
    SMALL_OUTCOME,
    WickedLabyrinthState,
)

PHASES = {name_of(p): p for p in (Phase.SEARCH, Phase.SOUL_PROCESSING, Phase.OVER)}
MODES = names_of(Mode)
ELEMENTS = names_of(Element)
RANKS = tuple(name_of(r) for r in Rank)
COLOURS = tuple(name_of(c) for c in TOKEN_COLOURS)


def write(state: WickedLabyrinthState) -> dict[str, Any]:
    """``state`` as a position (every field, the generator's exact state included)."""
    cards = state.cards
    n = state.num_players
    b = state.b
    players = []
    for p in range(n):
        o = p * STRIDE
        tokens = {
            RANKS[r]: {COLOURS[c]: b[o + r * 4 + int(TOKEN_COLOURS[c])] for c in range(4)}
            for r in range(3)
        }
        gains = []
        q = b[o + QUEUE]
        while q:
            gains.append(name_of(Element((q & 7) - 1)))
            q >>= 3
        player: dict[str, Any] = {
            "tokens": tokens,
            "search_pieces": b[o + SEARCH],
            "witch_sign": bool(b[o + WITCH]),
            "soul_sign": bool(b[o + SOUL]),
            "promotion_spells": b[o + PROMOTION],
            "colour_change_spells": b[o + COLOUR_CHANGE],
            "impurity": b[o + IMPURITY],
            "great_oracles": [
                {
                    "card": cards.great_oracles[b[o + GREAT + k]].id,
                    "achieved": bool(b[o + GREAT_DONE + k]),
                }
                for k in (0, 1)
            ],
            "small_oracles": [
                {
                    "card": cards.small_oracles[b[o + SMALL + k]].id,
                    "achieved": bool(b[o + SMALL_DONE + k]),
                }
                for k in (0, 1)
            ],
            "deciding": name_of(Mode(b[o + MODE])),
            "pending_gains": gains,
        }
        if b[o + DECLARED]:
            player["declaration"] = A.TABLE[b[o + DECLARED] - 1].notation()
        players.append(player)
    out: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.info.name,
        "players": n,
        "round": state.round,
        "phase": name_of(Phase(state.phase)),
        "corridor": state.corridor,
        "row": [cards.corridors[c].id for c in state.labyrinth],
        "discard": [cards.corridors[c].id for c in state.discard],
        "unseen": sum(1 for c in state.undrawn if c < GREAT_OUTCOME),
        "revealed": [
            [A.TABLE[d].notation() for d in state.revealed[i : i + n]]
            for i in range(0, len(state.revealed), n)
        ],
        "order": list(state.order),
        "rng": state.rng.state,
        "player": players,
    }
    options = state.game.options_to_json(state.options)
    if options:
        out["options"] = options
    return out


def build(state: WickedLabyrinthState, data: Mapping[str, Any], source: str) -> None:
    """Fill a fresh ``state`` (made with the position's players and options, before the
    deal) from ``data``; raises PositionError naming the field."""
    top = Reader(data, source)
    for key in ("format", "game", "players", "options"):
        top.raw(key)
    cards: CardSet = state.cards
    n = state.num_players
    k = CORRIDORS_PER_ROUND[n]
    rng = start_generator(state, top)
    state.round = top.whole("round", 1, ROUNDS)
    state.phase = int(top.choice("phase", PHASES, "search"))
    corridors = {c.id: i for i, c in enumerate(cards.corridors)}
    greats = {c.id: i for i, c in enumerate(cards.great_oracles)}
    smalls = {c.id: i for i, c in enumerate(cards.small_oracles)}
    state.labyrinth = _cards(top, "row", corridors, "corridor")
    state.discard = _cards(top, "discard", corridors, "corridor", [])
    if len(state.labyrinth) != k:
        raise top.fail(
            "row", f"a round lays out {k} corridors with {n} players, not {len(state.labyrinth)}"
        )
    if len(state.discard) != k * (state.round - 1):
        raise top.fail(
            "discard",
            f"rounds before round {state.round} laid out "
            f"{k * (state.round - 1)} corridors, not {len(state.discard)}",
        )
    seen = state.labyrinth + state.discard
    if len(set(seen)) != len(seen):
        raise top.fail("row", "a corridor appears twice in the row and the discard")
    unseen = len(cards.corridors) - len(seen)
    if top.has("unseen") and top.whole("unseen", 0, len(cards.corridors)) != unseen:
        raise top.fail("unseen", f"the card set leaves {unseen} corridors unseen")
    state.corridor = top.whole("corridor", 0, k, k if state.phase != Phase.SEARCH else 0)
    if (state.phase == Phase.SEARCH) != (state.corridor < k):
        raise top.fail(
            "corridor",
            f"corridors 0-{k - 1} are declared in the search phase; "
            f"{k} means every corridor is done",
        )
    state.revealed = []
    for i, hands in enumerate(top.items("revealed", [])):
        where = f"revealed[{i}]"
        if not isinstance(hands, list) or len(hands) != n:
            raise PositionError(source, where, f"lists the {n} hands opened on one corridor")
        state.revealed += [_declaration(source, f"{where}[{p}]", h) for p, h in enumerate(hands)]
    order = top.items("order", [])
    if any(isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n for p in order):
        raise top.fail("order", f"lists seats 0-{n - 1}")
    state.order = list(order)
    readers = top.tables("player")
    if len(readers) != n:
        raise top.fail("player", f"lists the {n} players in seat order, not {len(readers)}")
    b = state.b
    dealt_great: set[int] = set()
    dealt_small: set[int] = set()
    unknown_hands: list[int] = []
    for p, r in enumerate(readers):
        o = p * STRIDE
        tokens = r.table("tokens")
        for rank, rank_name in enumerate(RANKS):
            row = tokens.table(rank_name)
            for c, colour in enumerate(COLOURS):
                count = row.whole(colour, 0, CAPACITY[rank] + 1, 0)
                b[o + rank * 4 + int(TOKEN_COLOURS[c])] = count
            row.done()
        tokens.done()
        b[o + SEARCH] = r.whole("search_pieces", 0, SEARCH_PIECES[n], SEARCH_PIECES[n])
        b[o + WITCH] = int(r.flag("witch_sign", True))
        b[o + SOUL] = int(r.flag("soul_sign", True))
        b[o + PROMOTION] = r.whole("promotion_spells", 0, 99, 0)
        b[o + COLOUR_CHANGE] = r.whole("colour_change_spells", 0, 99, 0)
        b[o + IMPURITY] = r.whole("impurity", 0, 99, 0)
        for key, slot, done, index, used in (
            ("great_oracles", GREAT, GREAT_DONE, greats, dealt_great),
            ("small_oracles", SMALL, SMALL_DONE, smalls, dealt_small),
        ):
            oracles = r.tables(key) if r.has(key) else []
            if r.has(key) and len(oracles) != 2:
                raise r.fail(key, "lists the player's two oracles")
            for i, oracle in enumerate(oracles):
                card = oracle.raw("card")
                if card not in index:
                    raise oracle.fail("card", f"{card!r} is not an oracle of this card set")
                if index[card] in used:
                    raise oracle.fail("card", f"{card} is dealt twice")
                used.add(index[card])
                b[o + slot + i] = index[card]
                b[o + done + i] = int(oracle.flag("achieved", False))
                oracle.done()
        default_mode = "idle"
        if state.phase == Phase.SOUL_PROCESSING:
            default_mode = "process"
        elif state.phase == Phase.SEARCH and not order and state.corridor < k - 1:
            default_mode = "declare"
        b[o + MODE] = int(r.choice("deciding", MODES, default_mode))
        queue = 0
        for i, gain in enumerate(r.items("pending_gains", [])):
            if gain not in ELEMENTS:
                raise r.fail(f"pending_gains[{i}]", f"{gain!r} is not one of {', '.join(ELEMENTS)}")
            queue |= (int(ELEMENTS[gain]) + 1) << (3 * i)
        b[o + QUEUE] = queue
        hand = r.raw("declaration")
        if hand is not None and hand != "?":
            b[o + DECLARED] = _declaration(source, r.where("declaration"), hand) + 1
        if hand is not None and b[o + MODE] != Mode.IDLE:
            raise r.fail(
                "declaration",
                "a player with a committed hand is not still deciding (set 'deciding' to idle)",
            )
        if hand == "?":
            unknown_hands.append(p)
        for rank in range(3):
            held = sum(b[o + rank * 4 : o + rank * 4 + 4])
            spare = 1 if rank == 0 and b[o + MODE] == Mode.OVERFLOW else 0
            if held > CAPACITY[rank] + spare:
                raise r.fail(
                    f"tokens.{RANKS[rank]}",
                    f"holds {held} tokens; the rank has {CAPACITY[rank]} spots",
                )
        r.done()
    _deal_missing(state, dealt_great, dealt_small, rng)
    for p in unknown_hands:
        o = p * STRIDE
        hands = rules.declarations(b[o + SEARCH], b[o + WITCH], b[o + SOUL])
        b[o + DECLARED] = hands[rng.below(len(hands))] + 1
    state.undrawn = (
        [c for c in range(len(cards.corridors)) if c not in seen]
        + [GREAT_OUTCOME + g for g in range(len(cards.great_oracles)) if g not in dealt_great]
        + [SMALL_OUTCOME + s for s in range(len(cards.small_oracles)) if s not in dealt_small]
    )
    state.dealt = 4 * n
    state.deciding = state.recompute_deciding()
    if not state.deciding and state.phase != Phase.OVER:
        raise top.fail("player", "nobody decides in this position (see each 'deciding')")
    top.done()


def _cards(
    top: Reader, key: str, index: Mapping[str, int], kind: str, default: list[Any] | None = None
) -> list[int]:
    out = []
    for i, card in enumerate(top.items(key, default)):
        if card not in index:
            raise top.fail(f"{key}[{i}]", f"{card!r} is not a {kind} of this card set")
        out.append(index[card])
    return out


def _declaration(source: str, where: str, text: Any) -> int:
    try:
        action = A.TABLE.parse(text)
    except ValueError:
        action = None
    if not isinstance(action, A.Declare):
        raise PositionError(source, where, f"{text!r} is not a closed hand such as 'd3w'")
    return A.TABLE.id_of(action)


def _deal_missing(
    state: WickedLabyrinthState, greats: set[int], smalls: set[int], rng: SplitMix64
) -> None:
    """Oracles a position leaves out, dealt at random from those nobody holds."""
    b = state.b
    cards = state.cards
    for slot, used, total in (
        (GREAT, greats, len(cards.great_oracles)),
        (SMALL, smalls, len(cards.small_oracles)),
    ):
        for p in range(state.num_players):
            for i in (0, 1):
                if b[p * STRIDE + slot + i] < 0:
                    free = [c for c in range(total) if c not in used]
                    card = free[rng.below(len(free))]
                    used.add(card)
                    b[p * STRIDE + slot + i] = card
