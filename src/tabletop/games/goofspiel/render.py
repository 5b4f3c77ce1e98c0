"""Goofspiel in a terminal: the point card, the scores, one's hand and the turns so far.

Renderer contract (``tabletop.core.renderer``): ``render_view``, ``describe_action``
and ``describe_event``. Everything shown comes from a view or from an event already
cut to one seat's version, so no one's bid shows but the reader's own. Seats are
numbered 1..N, as the other games' pages and logs number them.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.core.actions import Action
from tabletop.core.events import Event
from tabletop.games.goofspiel import events as E
from tabletop.games.goofspiel.actions import Bid
from tabletop.games.goofspiel.views import GoofspielView


def _cards(cards: tuple[int, ...] | None) -> str:
    return " ".join(str(c) for c in cards) if cards else "-"


def _header(view: GoofspielView) -> Text:
    text = Text()
    text.append(
        f"Goofspiel, {view.num_cards} cards, {view.points_order.name.lower()} order", "bold"
    )
    if view.over:
        text.append(" - game over")
    elif view.point_card is not None:
        text.append(f" - turn {view.turn + 1}: point card ")
        text.append(str(view.point_card), "bold yellow")
    return text


def _seats(view: GoofspielView) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("seat")
    table.add_column("points", justify="right")
    table.add_column("cards", justify="right")
    table.add_column("bid")
    for seat in range(view.players):
        name = f"{seat + 1}" + (" (you)" if seat == view.viewer else "")
        if view.over or view.point_card is None:
            bid = ""
        elif seat == view.viewer and view.my_bid is not None:
            bid = f"sealed {view.my_bid}"
        else:
            bid = "deciding" if seat in view.deciding else "sealed"
        table.add_row(name, str(view.points[seat]), str(view.hand_size), bid)
    return table


def _turns(view: GoofspielView) -> Text:
    """Each finished turn: its point card, who took it, and the reader's own bid."""
    text = Text()
    for turn, (card, winner) in enumerate(zip(view.point_cards, view.winners, strict=False)):
        took = "tied, discarded" if winner is None else f"seat {winner + 1}"
        mine = f" (you bid {view.my_bids[turn]})" if turn < len(view.my_bids) else ""
        text.append(f"  {turn + 1:>2}. {card:>2} -> {took}{mine}\n")
    return text


def render_view(view: GoofspielView) -> RenderableType:
    parts: list[RenderableType] = [_header(view), _seats(view)]
    if view.winners:
        parts += [Text("Turns:"), _turns(view)]
    parts.append(Text(f"Point cards face down: {_cards(view.remaining_point_cards)}"))
    if view.hand is not None:
        parts.append(Text(f"Your hand: {_cards(view.hand)}", "bold"))
    return Group(*parts)


def describe_action(view: GoofspielView, action: Action) -> str:
    if not isinstance(action, Bid):
        return ""
    if view.point_card is None:
        return f"bid {action.card}"
    return f"bid {action.card} on the {view.point_card}"


def describe_event(event: Event, view: GoofspielView | None = None) -> str | None:
    """One log line for an event (already cut to the reader's version)."""
    match event:
        case E.PointCardRevealed(turn=t, card=c):
            return f"Turn {t}: the point card is {c}."
        case E.BidSealed(forced=True, card=None):
            return None
        case E.BidSealed(player=p, card=None):
            return f"Seat {p + 1} has bid."
        case E.BidSealed(player=p, card=c, forced=True):
            return f"Seat {p + 1} plays their last card, {c}."
        case E.BidSealed(player=p, card=c):
            return f"Seat {p + 1} bids {c} (sealed until all are in)."
        case E.TurnResolved(card=c, winner=None):
            return f"A tie for the highest bid: the {c} is discarded."
        case E.TurnResolved(card=c, winner=int() as w):
            return f"Seat {w + 1} takes the {c} ({c} point{'' if c == 1 else 's'})."
        case E.GameEnded(scores=scores, winners=winners):
            who = " and ".join(f"seat {w + 1}" for w in winners)
            return f"Game over: scores {', '.join(map(str, scores))}; {who} won."
    return None
