"""What gains (tokens, white fragments, spells) do to a board, and what they are worth.

A gain's worth is how much the best soul processing of the board with it beats the
best processing of the board without it (``BoardLab.worth``), so a promotion spell is
worth +3 when a middle token waits for it and little when none does, and a token is
worth more when it completes a pair or an oracle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabletop.games.wicked_labyrinth.board import COLOUR_CHANGE, PROMOTION
from tabletop.games.wicked_labyrinth.bots.bidding import CorridorWorth
from tabletop.games.wicked_labyrinth.bots.processing_planner import BoardLab, ProcessingPlanner
from tabletop.games.wicked_labyrinth.cards import Corridor
from tabletop.games.wicked_labyrinth.elements import CAPACITY, Element

Board = list[int]


def with_token(board: Sequence[int], colour: int, planner: ProcessingPlanner) -> Board:
    """The board after gaining a low ``colour`` token, returning the least useful one
    (by the planner's end worth) when the low rank overflows (rulings, gaining tokens)."""
    out = list(board)
    out[colour] += 1
    if sum(out[0:4]) <= CAPACITY[0]:
        return out
    options = []
    for back in range(4):
        if out[back]:
            trial = out[:]
            trial[back] -= 1
            options.append((planner.end_worth(trial), -back, trial))
    return max(options)[2]


def with_gains(
    board: Sequence[int], gains: Iterable[Element], lab: BoardLab, planner: ProcessingPlanner
) -> Board:
    """The board after ``gains`` in order; each white becomes the colour worth most."""
    out = list(board)
    for element in gains:
        if element == Element.PROMOTION:
            out[PROMOTION] += 1
        elif element == Element.COLOUR_CHANGE:
            out[COLOUR_CHANGE] += 1
        elif element == Element.WHITE:
            out = best_white(out, lab, planner)[1]
        else:
            out = with_token(out, int(element), planner)
    return out


def best_white(
    board: Sequence[int],
    lab: BoardLab,
    planner: ProcessingPlanner,
    later: Sequence[Element] = (),
) -> tuple[int, Board]:
    """(colour, board) for a white fragment: the colour whose board is worth most,
    judged with the ``later`` gains already known to follow it."""
    best_worth = float("-inf")
    best: tuple[int, Board] = (0, list(board))
    for colour in range(4):
        trial = with_token(board, colour, planner)
        worth = lab.worth(with_gains(trial, later, lab, planner) if later else trial)
        if worth > best_worth + 1e-9:
            best_worth, best = worth, (colour, trial)
    return best


def best_return(board: Sequence[int], lab: BoardLab) -> int:
    """The low token colour to give back on overflow: the one whose loss costs least."""
    best: tuple[float, int] | None = None
    for colour in range(4):
        if board[colour]:
            trial = list(board)
            trial[colour] -= 1
            worth = lab.worth(trial)
            if best is None or worth > best[0] + 1e-9:
                best = (worth, colour)
    if best is None:
        raise ValueError("no low token to return")
    return best[1]


def corridor_worth(
    board: Sequence[int], corridor: Corridor, lab: BoardLab, planner: ProcessingPlanner
) -> CorridorWorth:
    """Worth of a corridor's 1st gains, 2nd gain and one extra lower token to ``board``."""
    base = lab.worth(board)
    lower = corridor.lower
    second_board = with_gains(board, (lower,), lab, planner)
    second = lab.worth(second_board) - base
    extra = lab.worth(with_gains(second_board, (lower,), lab, planner)) - base - second
    first = lab.worth(with_gains(board, (*corridor.upper, lower), lab, planner)) - base
    return CorridorWorth(first, second, max(extra, 0.0))
