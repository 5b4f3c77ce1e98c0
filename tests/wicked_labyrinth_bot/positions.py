"""Hand-made Wicked Labyrinth positions for the heuristic bot's choice tests.

A game is dealt in explicit-chance mode so that seat 0 gets the oracles a test names;
the other seats and the corridors come from the lowest cards left. Boards are then set
slot by slot, the way the engine's own rule tests do.
"""

from __future__ import annotations

from tabletop.games.wicked_labyrinth import GAME, WickedLabyrinthState
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    MODE,
    PROMOTION,
    QUEUE,
    SEARCH,
    STRIDE,
)
from tabletop.games.wicked_labyrinth.cards import default_cards
from tabletop.games.wicked_labyrinth.elements import Element, Mode, Phase
from tabletop.games.wicked_labyrinth.state import GREAT_OUTCOME, SMALL_OUTCOME

COLOURS = "rgby"
RANKS = "lmh"


def _index(pool: tuple, card_id: str) -> int:  # type: ignore[type-arg]
    return next(i for i, c in enumerate(pool) if c.id == card_id)


def dealt(players: int, greats: tuple[str, str], smalls: tuple[str, str]) -> WickedLabyrinthState:
    """Round 1's search phase, seat 0 holding these great and small oracles."""
    cards = default_cards()
    state = GAME.new_game(players, 0, auto_chance=False)
    assert isinstance(state, WickedLabyrinthState)
    named = [GREAT_OUTCOME + _index(cards.great_oracles, g) for g in greats]
    named += [SMALL_OUTCOME + _index(cards.small_oracles, s) for s in smalls]
    for k in range(4):
        state.apply_chance(named[k])
    while state.is_chance_node():
        pool = [o for o, _ in state.chance_outcomes() if o not in named]
        state.apply_chance(pool[0])
    return state


def set_board(state: WickedLabyrinthState, seat: int, tokens: dict[str, int]) -> None:
    """Seat's tokens: keys are colour + rank letters (``"rl"``: a low red token)."""
    o = seat * STRIDE
    for i in range(12):
        state.b[o + i] = 0
    for key, count in tokens.items():
        state.b[o + RANKS.index(key[1]) * 4 + COLOURS.index(key[0])] = count


def processing(
    state: WickedLabyrinthState,
    tokens: dict[str, int],
    promotion: int = 0,
    colour_change: int = 0,
    round_number: int = 1,
) -> WickedLabyrinthState:
    """Jump to round ``round_number``'s soul processing with seat 0's board as given."""
    state.phase = Phase.SOUL_PROCESSING
    state.round = round_number
    state.corridor = state.corridors_per_round
    for p in range(state.num_players):
        state.b[p * STRIDE + MODE] = Mode.PROCESS
    set_board(state, 0, tokens)
    state.b[PROMOTION] = promotion
    state.b[COLOUR_CHANGE] = colour_change
    state.deciding = state.recompute_deciding()
    return state


def choosing(
    state: WickedLabyrinthState, tokens: dict[str, int], mode: Mode
) -> WickedLabyrinthState:
    """Seat 0 in the search phase, taking a gain: a white to colour or a low to return.

    The first corridor's hands are open: seat 0 alone declared (3 search pieces), so it
    is 1st and the only one taking gains.
    """
    set_board(state, 0, tokens)
    state.revealed = [A.declare_id(3, False, False)] + [A.declare_id(0, False, False)] * (
        state.num_players - 1
    )
    state.b[SEARCH] -= 3
    for p in range(state.num_players):
        state.b[p * STRIDE + MODE] = Mode.IDLE
    state.b[MODE] = mode
    state.b[QUEUE] = int(Element.WHITE) + 1 if mode == Mode.CHOOSE_WHITE else 0
    state.order = [0]
    state.deciding = state.recompute_deciding()
    return state
