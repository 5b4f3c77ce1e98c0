"""The Wicked Labyrinth in a terminal: the board, choices and events in plain words.

Renderer contract (see ``tabletop.cli.renderers``): ``render_view``,
``describe_action`` and ``describe_event``. Everything shown comes from a view or from
an event already cut to one seat's version, so nothing here can leak a closed hand.
The board fits an 80-column terminal.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.core.actions import Action
from tabletop.core.events import Event
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth import events as E
from tabletop.games.wicked_labyrinth.cards import Corridor, Requirement, SmallOracle
from tabletop.games.wicked_labyrinth.elements import (
    TOKEN_COLOURS,
    Colour,
    Element,
    Mode,
    Phase,
    Rank,
)
from tabletop.games.wicked_labyrinth.views import BoardView, WickedLabyrinthView

STYLE = {
    Colour.RED: "bold red",
    Colour.GREEN: "bold green",
    Colour.BLUE: "bold blue",
    Colour.YELLOW: "bold yellow",
    Colour.WHITE: "bold white",
}
ELEMENT_WORD = {
    Element.RED: "red",
    Element.GREEN: "green",
    Element.BLUE: "blue",
    Element.YELLOW: "yellow",
    Element.WHITE: "white",
    Element.PROMOTION: "promotion spell",
    Element.COLOUR_CHANGE: "colour-change spell",
}
RANK_WORD = {Rank.LOW: "low", Rank.MIDDLE: "middle", Rank.HIGH: "high"}
SHORT_RANK = {Rank.LOW: "low", Rank.MIDDLE: "mid", Rank.HIGH: "high"}
PHASE_WORD = {
    Phase.SETUP: "setup",
    Phase.SEARCH: "search phase",
    Phase.SOUL_PROCESSING: "soul processing phase",
    Phase.OVER: "game over",
}
MODE_WORD = {
    Mode.IDLE: "",
    Mode.DECLARE: "declaring",
    Mode.CHOOSE_WHITE: "white colour?",
    Mode.OVERFLOW: "low rank full",
    Mode.PROCESS: "processing",
    Mode.REWARD_PROMOTION: "reward promotion",
}


def _colour_word(colour: Colour) -> str:
    return colour.name.lower()


def _element(e: Element) -> Text:
    if e.is_fragment:
        return Text(ELEMENT_WORD[e], style=STYLE[Colour(int(e))])
    return Text(ELEMENT_WORD[e], style="italic")


def _elements(elements: tuple[Element, ...]) -> Text:
    return Text(", ").join(_element(e) for e in elements)


def _corridor(card: Corridor) -> Text:
    return Text.assemble(
        (f"{card.id} ", "dim"),
        "1st: ",
        _elements(card.upper),
        " + ",
        _element(card.lower),
        "  2nd: ",
        _element(card.lower),
    )


def _requirement(req: Requirement) -> Text:
    plus = "" if req.rank == Rank.HIGH else "+"
    return Text.assemble(
        f"{req.count} ",
        (_colour_word(req.colour), STYLE[req.colour]),
        f" {SHORT_RANK[req.rank]}{plus}",
    )


def _small(card: SmallOracle) -> Text:
    return Text.assemble(
        (f"{card.id} ", "dim"),
        Text(", ").join(_requirement(r) for r in card.requires),
        " -> ",
        _elements(card.reward),
    )


def _header(view: WickedLabyrinthView) -> Text:
    who = "spectator" if view.viewer is None else f"you are {_seat(view.viewer)}"
    text = Text.assemble(
        ("The Wicked Labyrinth", "bold"),
        f"  round {view.round}/{view.rounds}, {PHASE_WORD[view.phase]}  ({who})",
    )
    if view.phase == Phase.SEARCH and view.labyrinth:
        text.append(f"\ncorridor {view.corridor + 1} of {len(view.labyrinth)}; ")
        text.append(f"{view.unseen_corridors} corridor cards unseen")
    return text


def _labyrinth(view: WickedLabyrinthView) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(width=2)
    table.add_column()
    for i, card in enumerate(view.labyrinth):
        searched = i < len(view.reveals)
        current = view.phase == Phase.SEARCH and i == view.corridor and not searched
        mark = Text("->", style="bold") if current else Text("ok" if searched else "", "dim")
        table.add_row(mark, _corridor(card))
        if searched:
            hands = "  ".join(f"{p}:{d.notation()}" for p, d in enumerate(view.reveals[i]))
            table.add_row("", Text(f"hands  {hands}", style="dim"))
    return table


def _tokens(row: tuple[int, int, int, int]) -> Text:
    counts = zip(TOKEN_COLOURS, row, strict=True)
    return Text(" ").join(Text(str(n), style=STYLE[c] if n else "dim") for c, n in counts)


def _status(board: BoardView) -> str:
    if board.committed:
        return "hand in"
    words = MODE_WORD[board.deciding]
    if board.pending_gains:
        gains = ", ".join(ELEMENT_WORD[e] for e in board.pending_gains)
        words = f"{words} (to gain: {gains})" if words else f"to gain: {gains}"
    return words


def _boards(view: WickedLabyrinthView) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold", pad_edge=False)
    table.add_column("seat")
    table.add_column("pieces", no_wrap=True)
    for rank in ("low", "mid", "high"):
        table.add_column(f"{rank} rgby", no_wrap=True)
    table.add_column("spells", no_wrap=True)
    table.add_column("imp", justify="right")
    table.add_column("score", justify="right")
    table.add_column("status")
    for board in view.boards:
        seat = f"{board.seat + 1}*" if board.seat == view.viewer else str(board.seat + 1)
        pieces = f"{board.search_pieces}{' W' if board.witch_sign else ''}"
        pieces += " S" if board.soul_sign else ""
        spells = f"P{board.promotion_spells} C{board.colour_change_spells}"
        table.add_row(
            seat,
            pieces,
            *(_tokens(row) for row in board.tokens),
            spells,
            str(board.impurity),
            str(board.score),
            _status(board),
        )
    return table


def _oracles(view: WickedLabyrinthView) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    for board in view.boards:
        great = Text("great: ")
        for k, slot in enumerate(board.great_oracles):
            if k:
                great.append("; ")
            a, b = slot.card.colours
            great.append_text(
                Text.assemble(
                    (f"{slot.card.id} ", "dim"),
                    (_colour_word(a), STYLE[a]),
                    "+",
                    (_colour_word(b), STYLE[b]),
                    " high",
                    " [done]" if slot.achieved else "",
                )
            )
        small = Text("small: ")
        for k, s in enumerate(board.small_oracles):
            if k:
                small.append("; ")
            small.append_text(_small(s.card))
            if s.achieved:
                small.append(" [done]")
        table.add_row(_seat(board.seat), Text("\n").join([great, small]))
    return table


def render_view(view: WickedLabyrinthView) -> RenderableType:
    """The whole board as ``view`` shows it: corridors, boards, oracles, own hand."""
    parts: list[RenderableType] = [_header(view)]
    if view.labyrinth:
        parts.append(_labyrinth(view))
    parts.append(_boards(view))
    parts.append(
        Text(
            "pieces: search pieces left, W/S = witch's/soul's sign still held; "
            "spells: P promotion, C colour change; imp: impurity",
            style="dim",
        )
    )
    parts.append(_oracles(view))
    if view.my_declaration is not None:
        parts.append(Text(f"your closed hand: {describe_declaration(view.my_declaration)}"))
    return Group(*parts)


def describe_declaration(d: A.Declare) -> str:
    held = [f"{d.search} search piece{'s' if d.search != 1 else ''}"] if d.search else []
    if d.witch:
        held.append("the witch's sign")
    if d.soul:
        held.append("the soul's sign")
    return "an empty hand" if not held else " + ".join(held)


def _token(colour: Colour, rank: Rank) -> str:
    return f"{RANK_WORD[rank]} {_colour_word(colour)}"


def _room(room: Colour | None, rank: Rank) -> str:
    if room is None:
        return ""
    return f", first returning a {_token(room, Rank(rank + 1))} to make room"


def describe_action(view: WickedLabyrinthView, action: Action) -> str:
    """Plain words for one choice on a prompt line."""
    if isinstance(action, A.Declare):
        return f"hold {describe_declaration(action)}"
    if isinstance(action, A.ChooseWhite):
        return f"take the white fragment as {_colour_word(action.colour)}"
    if isinstance(action, A.ReturnLow):
        return f"return a {_token(action.colour, Rank.LOW)} token to the supply"
    if isinstance(action, A.PairPromotion):
        up = _token(action.colour, Rank(action.rank + 1))
        return (
            f"two {_token(action.colour, action.rank)} tokens become one {up}"
            f"{_room(action.room, action.rank)}"
        )
    if isinstance(action, A.SpellPromotion):
        up = RANK_WORD[Rank(action.rank + 1)]
        return (
            f"promotion spell: {_token(action.colour, action.rank)} to {up}"
            f"{_room(action.room, action.rank)}"
        )
    if isinstance(action, A.DiscardPromotion):
        return "discard a promotion spell unused"
    if isinstance(action, A.ColourChange):
        return (
            f"colour-change spell: {_token(action.colour, action.rank)} "
            f"becomes {_colour_word(action.to)}"
        )
    if isinstance(action, A.DiscardColourChange):
        return "discard a colour-change spell unused"
    if isinstance(action, A.AchieveSmall | A.AchieveGreat):
        return _describe_oracle(view, action)
    if isinstance(action, A.Done):
        return "end your soul processing for this round (unused spells are lost)"
    return ""


def _describe_oracle(view: WickedLabyrinthView, action: A.AchieveSmall | A.AchieveGreat) -> str:
    seat = view.viewer if view.viewer is not None else 0
    board = view.boards[seat]
    if isinstance(action, A.AchieveSmall):
        small = board.small_oracles[action.slot - 1].card
        return f"achieve small oracle {_small(small).plain} (2 points)"
    great = board.great_oracles[action.slot - 1].card
    a, b = (_colour_word(c) for c in great.colours)
    return f"achieve great oracle {great.id}: move high {a} and {b} onto it (5 points)"


def _seat(p: int) -> str:
    """A seat as people number it: 1..N."""
    return f"seat {p + 1}"


def describe_event(event: Event, view: WickedLabyrinthView | None = None) -> str | None:
    """One log line for an event (already cut to the reader's version)."""
    match event:
        case E.OraclesDealt(player=p, great_oracles=great, small_oracles=small):
            return (
                f"{_seat(p).capitalize()} is dealt great oracles {', '.join(great)} and "
                f"small oracles {', '.join(small)}."
            )
        case E.CorridorsLaidOut(round=r, corridors=ids):
            return f"Round {r}: corridors {', '.join(ids)} are laid out."
        case E.DeclarationCommitted(player=p, declaration=None):
            return f"{_seat(p).capitalize()} has put out a closed hand."
        case E.DeclarationCommitted(player=p, declaration=A.Declare() as d, forced=forced):
            must = " (the last corridor takes every piece left)" if forced else ""
            return f"{_seat(p).capitalize()} holds {describe_declaration(d)}{must}."
        case E.DeclarationsRevealed(corridor=c, declarations=hands):
            shown = "; ".join(f"{_seat(p)}: {describe_declaration(h)}" for p, h in enumerate(hands))
            return f"Hands open on {c}: {shown}."
        case E.CorridorRanked(skipped=True, corridor=c):
            return f"Nobody held a search piece: {c} is skipped."
        case E.CorridorRanked(first=first, seconds=seconds, witch_signs=w, soul_signs=s):
            firsts = _seat(first) if first is not None else "nobody"
            second = ", ".join(map(_seat, seconds)) or "nobody"
            return f"1st: {firsts}; 2nd: {second}. Signs revealed: {w} witch's, {s} soul's."
        case E.ImpurityTaken(player=p, count=n):
            return f"{_seat(p).capitalize()} takes {n} impurity."
        case E.TokenGained(player=p, colour=c):
            return f"{_seat(p).capitalize()} gains a low {_colour_word(c)} token."
        case E.WhiteChosen(player=p, colour=c):
            return f"{_seat(p).capitalize()} takes the white fragment as {_colour_word(c)}."
        case E.TokenReturned(player=p, colour=c, rank=r):
            return f"{_seat(p).capitalize()} returns a {_token(c, r)} token to the supply."
        case E.SpellGained(player=p, spell=s):
            return f"{_seat(p).capitalize()} gains a {ELEMENT_WORD[s]}."
        case E.Promoted(player=p, colour=c, rank=r, by=by):
            up = RANK_WORD[Rank(r + 1)]
            return f"{_seat(p).capitalize()} promotes a {_token(c, r)} token to {up} ({by})."
        case E.ColourChanged(player=p, colour=c, rank=r, to=to):
            return f"{_seat(p).capitalize()} changes a {_token(c, r)} token to {_colour_word(to)}."
        case E.SpellDiscarded(player=p, spell=s):
            return f"{_seat(p).capitalize()} discards a {ELEMENT_WORD[s]}."
        case E.OracleAchieved(player=p, oracle=o, great=great):
            kind = "great" if great else "small"
            return f"{_seat(p).capitalize()} achieves {kind} oracle {o}."
        case E.ProcessingDone(player=p):
            return f"{_seat(p).capitalize()} has finished soul processing."
        case E.RoundEnded(round=r):
            return f"Round {r} is over."
        case E.GameEnded(scores=scores, winners=winners):
            who = " and ".join(map(_seat, winners)) or "nobody"
            return f"The game is over. Scores {', '.join(map(str, scores))}; won by {who}."
    return None
