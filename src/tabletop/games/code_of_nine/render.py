"""Code of Nine in a terminal: the board by section, the sheets, one's memory cards.

Renderer contract (see ``tabletop.core.renderer``): ``render_view``,
``describe_action`` and ``describe_event``. Everything shown comes from a view or from
an event already cut to one seat's version, so nothing here can show a card its reader
has not seen.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.core.actions import Action
from tabletop.core.events import Event
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine import effects as F
from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine.items import Item, Slot
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.memory_cards import MemoryCard
from tabletop.games.code_of_nine.views import CodeOfNineView
from tabletop.games.code_of_nine.words import ITEM_WORDS, location_effect

PHASE_WORD = {
    Phase.DEAL: "dealing memory cards",
    Phase.CHANGE: "setup: change memory cards?",
    Phase.REDEAL: "re-dealing changed cards",
    Phase.ASSIGN: "setup: Abyss and Shoal",
    Phase.GHOST: "dealing the ghost's cards",
    Phase.NINTH: "revealing the ninth memory",
    Phase.PLACE: "placing pawns",
    Phase.FOLLOW: "resolving a location",
    Phase.OVER: "game over",
}


def _seat(view: CodeOfNineView | None, h: int) -> str:
    if view is not None and view.has_ghost and h == 3:
        return "the ghost"
    return "you" if view is not None and h == view.viewer else f"seat {h + 1}"


def _card(card: MemoryCard) -> str:
    return f"#{card.number} {card.title} (order {card.order}): {card.text}"


def _header(view: CodeOfNineView) -> Text:
    mode = "expert" if view.expert else "normal"
    who = ", ".join(_seat(view, p) for p in view.deciding) or "nobody"
    text = Text.assemble(
        ("Code of Nine", "bold"),
        f" ({mode}, {view.players} players)  ",
        (f"round {view.round}/{view.rounds}", "bold"),
        f"  {PHASE_WORD[view.phase]}  ",
        f"start player: {_seat(view, view.start_player)}  deciding: {who}",
    )
    if view.pending is not None:
        text.append(f"\n{view.pending.location}: {view.pending.hint}", style="italic")
    return text


def _board(view: CodeOfNineView) -> Table:
    table = Table(title="Board", show_lines=False, expand=False)
    for col in ("rounds", "location", "cost", "places", "pawns", "effect"):
        table.add_column(col)
    locs = sorted(
        zip(view.board.locations, view.locations, strict=True),
        key=lambda pair: (pair[0].first_round, pair[0].last_round),
    )
    for loc, lv in locs:
        if loc.expert and not view.expert:
            continue
        cost = str(lv.cost)
        if loc.cost_without_legacy is not None:
            cost = f"{lv.cost} ({lv.base_cost}, or {loc.cost_without_legacy} w/o legacy)"
        places = "any" if lv.places == 0 else str(lv.places)
        pawns = ", ".join(_seat(view, p) for p in lv.seats) if lv.pawns else ""
        if lv.pawns > len(lv.seats):
            pawns += f" ({lv.pawns} pawns)"
        name = loc.name + (" (attack)" if loc.attack else "")
        style = "" if lv.open else "dim"
        table.add_row(lv.sections, name, cost, places, pawns, location_effect(loc), style=style)
    return table


def _sheets(view: CodeOfNineView) -> Table:
    table = Table(title="Players")
    for col in (
        "seat",
        "Will",
        "pawns",
        "statues",
        "coins",
        "books",
        "legacies",
        "medal",
        "protected",
        "has seen",
    ):
        table.add_column(col)
    for h in view.holders:
        if h.seat >= view.players and not h.ghost:
            continue
        guard = ", ".join(
            w
            for w, on in (("looks", h.protected_from_looks), ("attacks", h.protected_from_attacks))
            if on
        )
        seen = ", ".join(f"{_seat(view, o)} {s.name.lower()}" for o, s in h.has_looked_at)
        table.add_row(
            _seat(view, h.seat), str(h.will), str(h.pawns), *map(str, h.items), guard, seen
        )
    return table


def _memory(view: CodeOfNineView) -> Text:
    lines = Text()
    r = view.ruins
    lines.append(
        f"Ruins: {r[0]} statues, {r[1]} coins, {r[2]} books, {r[3]} legacies"
        f"{', the medal' if r[4] else ''}. Deck: {view.deck} memory cards.\n"
    )
    if view.ninth is not None:
        lines.append(f"Ninth memory: {_card(view.ninth)}\n")
    if view.released:
        lines.append("The legacies were released.\n", style="bold")
    if view.my_cards:
        placed = view.phase > Phase.ASSIGN
        for k, card in enumerate(view.my_cards):
            label = Slot(k).name.capitalize() if placed else f"dealt {k + 1}"
            lines.append(f"Your {label}: {_card(card)}\n", style="green")
    for seen in view.seen:
        lines.append(
            f"Seen, {_seat(view, seen.owner)}'s {seen.slot.name.capitalize()}: "
            f"{_card(seen.card)}\n",
            style="cyan",
        )
    if view.revealed:
        for h, (abyss, shoal) in enumerate(view.revealed):
            score = view.scores[h]
            lines.append(
                f"{_seat(view, h)}: {score} points. Abyss {_card(abyss)} | Shoal {_card(shoal)}\n"
            )
    return lines


def render_view(view: CodeOfNineView) -> RenderableType:
    """The board by section and round, the sheets, the Ruins and the viewer's cards."""
    return Group(_header(view), _board(view), _sheets(view), _memory(view))


def describe_action(view: CodeOfNineView, action: Action) -> str:
    """Plain words for one legal action of the deciding player."""
    match action:
        case A.ChangeCards(change=True):
            return "change both memory cards (costs one round-1 pawn)"
        case A.ChangeCards(change=False):
            return "keep your memory cards"
        case A.ChooseAbyss(card=n):
            card = view.cards.cards[n - 1]
            return f"put #{n} {card.title} in the Abyss, the other card in the Shoal"
        case A.Place(location=lid):
            loc = view.board.locations[A.LOCATION_INDEX[lid]]
            lv = view.locations[A.LOCATION_INDEX[lid]]
            cost = f"{lv.cost} Will" if lv.cost else "free"  # as this seat pays it
            return f"{loc.name} ({cost}): {location_effect(loc)}"
        case A.Target(seat=None):
            return "nobody"
        case A.Target(seat=int(s)):
            step = view.pending.step if view.pending else -1
            slot = "Abyss" if view.pending and view.pending.location == "recorder" else "Shoal"
            if step == F.LOOK:
                return f"look at {_seat(view, s)}'s {slot} card"
            return _seat(view, s)
        case A.ChooseItem(item=None):
            return "no item"
        case A.ChooseItem(item=Item() as i):
            count = 1
            if view.pending is not None and view.pending.location in A.LOCATION_INDEX:
                loc = view.board.locations[A.LOCATION_INDEX[view.pending.location]]
                count = dict(loc.choice).get(i, 1)
            return f"{count} {ITEM_WORDS[i][count != 1]}"
        case A.ChooseSlot(slot=slot):
            mine = view.my_cards[slot] if len(view.my_cards) == 2 else None
            ninth = view.ninth.title if view.ninth else "?"
            what = f" ({mine.title})" if mine else ""
            return (
                f"exchange your {slot.name.capitalize()} card{what} with the ninth memory ({ninth})"
            )
        case A.Done():
            return "stop here"
    return str(action)


def _place(view: CodeOfNineView | None, lid: str) -> str:
    """A location's name from the reader's view of the board (its id without one)."""
    if view is not None and lid in A.LOCATION_INDEX:
        return view.board.locations[A.LOCATION_INDEX[lid]].name
    return lid


def _card_name(view: CodeOfNineView | None, n: int | None) -> str:
    """A memory card as "#11 Unburdened" (by number alone without the card data)."""
    if view is not None and n is not None and 0 < n <= len(view.cards.cards):
        return f"#{n} {view.cards.cards[n - 1].title}"
    return f"#{n}"


def describe_event(event: Event, view: CodeOfNineView | None = None) -> str | None:
    """One log line for an event (already cut to the reader's version); ``view``, the
    reader's view after it, names locations and memory cards. Seats are numbered 1..N."""
    match event:
        case E.CardsDealt(holder=h, cards=None):
            return f"Seat {h + 1} is dealt two memory cards."
        case E.CardsDealt(holder=h, cards=cards):
            dealt = ", ".join(_card_name(view, c) for c in cards or ())
            return f"Seat {h + 1} is dealt memory cards {dealt}."
        case E.ChangeCommitted(player=p, change=None):
            return f"Seat {p + 1} has decided whether to change memory cards."
        case E.ChangeCommitted(player=p, change=change):
            word = "change" if change else "keep"
            return f"Seat {p + 1} chooses to {word} their memory cards (sealed until all are in)."
        case E.CardsChanged(player=p, change=True):
            return f"Seat {p + 1} pays a pawn to change both memory cards."
        case E.CardsChanged():
            return None
        case E.CardsPlaced(holder=h, abyss=None):
            return f"Seat {h + 1} places their memory cards in the Abyss and the Shoal."
        case E.CardsPlaced(holder=h, abyss=a, shoal=s):
            abyss, shoal = _card_name(view, a), _card_name(view, s)
            return f"Seat {h + 1}: {abyss} in the Abyss, {shoal} in the Shoal."
        case E.NinthMemoryRevealed(card=c):
            return f"The ninth memory is {_card_name(view, c)}."
        case E.PawnPlaced(player=p, location=lid, cost=c):
            paid = f", paying {c} Will" if c else ""
            return f"Seat {p + 1} places a pawn on {_place(view, lid)}{paid}."
        case E.WillGained(holder=h, amount=n):
            return f"Seat {h + 1} gains {n} Will."
        case E.ItemMoved(item=i, count=n, giver=g, receiver=r):
            what = f"{n} {ITEM_WORDS[i][n != 1]}"
            src = "the Ruins" if g is None else f"seat {g + 1}"
            dst = "the Ruins" if r is None else f"seat {r + 1}"
            return f"{what} from {src} to {dst}."
        case E.CardLooked(looker=p, owner=o, slot=s, blocked=True):
            slot = s.name.capitalize()
            return f"Seat {p + 1}'s look at seat {o + 1}'s {slot} card has no effect."
        case E.CardLooked(looker=p, owner=o, slot=s, card=None):
            return f"Seat {p + 1} looks at seat {o + 1}'s {s.name.capitalize()} card."
        case E.CardLooked(looker=p, owner=o, slot=s, card=c):
            slot = s.name.capitalize()
            return f"Seat {p + 1} looks at seat {o + 1}'s {slot} card: {_card_name(view, c)}."
        case E.StartPlayerTaken(player=p):
            return f"Seat {p + 1} takes the start player marker."
        case E.Protected(player=p, against=what):
            return f"Seat {p + 1} is protected from {what} for the rest of the round."
        case E.AttackBlocked(player=p, target=t, location=lid):
            place = _place(view, lid)
            return f"Seat {t + 1} is protected: seat {p + 1}'s {place} has no effect on them."
        case E.NinthMemoryExchanged(player=p, slot=s, ninth=c):
            return (
                f"Seat {p + 1} exchanges their {s.name.capitalize()} card; "
                f"the ninth memory is now {_card_name(view, c)}."
            )
        case E.LegaciesReleased(players=(a, b)):
            return f"Seats {a + 1} and {b + 1} release the legacies: the game ends."
        case E.RoundEnded(round=r):
            return f"Round {r} ends."
        case E.GameEnded(scores=scores, winners=winners):
            won = ", ".join(f"seat {w + 1}" for w in winners) or "nobody"
            return f"Game over. Scores {list(scores)}; winner(s): {won}."
    return None
