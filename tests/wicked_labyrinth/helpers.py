"""Building Wicked Labyrinth positions for rule tests.

States are made in explicit-chance mode so a test deals exactly the oracles and lays out
exactly the corridors it names; boards are then set slot by slot.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.wicked_labyrinth import GAME, WickedLabyrinthState
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    GREAT_DONE,
    IMPURITY,
    MODE,
    PROMOTION,
    SMALL_DONE,
    STRIDE,
)
from tabletop.games.wicked_labyrinth.cards import default_cards
from tabletop.games.wicked_labyrinth.elements import Mode, Phase
from tabletop.games.wicked_labyrinth.state import GREAT_OUTCOME, SMALL_OUTCOME

COLOURS = "rgby"
RANKS = "lmh"


def card_index(kind: str, card_id: str) -> int:
    cards = default_cards()
    pool = {
        "corridor": cards.corridors,
        "great": cards.great_oracles,
        "small": cards.small_oracles,
    }[kind]
    return next(i for i, c in enumerate(pool) if c.id == card_id)


def dealt(
    players: int,
    corridors: list[str] | None = None,
    greats: list[tuple[str, str]] | None = None,
    smalls: list[tuple[str, str]] | None = None,
    cards: dict[str, Any] | None = None,
) -> WickedLabyrinthState:
    """A game after the deal with these oracles and this first round's corridors.

    ``greats``/``smalls`` name the cards of the first seats; anything not named is dealt
    from the lowest-numbered cards left. ``cards``: another card set's data, whose card
    ids are those of the default set.
    """
    options = {} if cards is None else {"cards": cards}
    state = GAME.new_game(players, 0, auto_chance=False, **options)
    assert isinstance(state, WickedLabyrinthState)
    for p in range(players):
        for k in range(4):
            pool = [o for o, _ in state.chance_outcomes()]
            if k < 2 and greats is not None and p < len(greats):
                state.apply_chance(GREAT_OUTCOME + card_index("great", greats[p][k]))
            elif k >= 2 and smalls is not None and p < len(smalls):
                state.apply_chance(SMALL_OUTCOME + card_index("small", smalls[p][k - 2]))
            else:
                state.apply_chance(pool[0])
    names = list(corridors or [])
    while state.is_chance_node():
        if names:
            state.apply_chance(card_index("corridor", names.pop(0)))
        else:
            state.apply_chance(state.chance_outcomes()[0][0])
    return state


def set_tokens(state: WickedLabyrinthState, player: int, tokens: dict[str, int]) -> None:
    """Replace a board's tokens: keys are colour + rank letters (``"rl"``: low red)."""
    o = player * STRIDE
    for i in range(12):
        state.b[o + i] = 0
    for key, count in tokens.items():
        colour, rank = COLOURS.index(key[0]), RANKS.index(key[1])
        state.b[o + rank * 4 + colour] = count


def tokens_of(state: WickedLabyrinthState, player: int) -> dict[str, int]:
    o = player * STRIDE
    out = {}
    for rank in range(3):
        for colour in range(4):
            n = state.b[o + rank * 4 + colour]
            if n:
                out[COLOURS[colour] + RANKS[rank]] = n
    return out


def processing(
    state: WickedLabyrinthState,
    player: int,
    tokens: dict[str, int],
    promotion: int = 0,
    colour_change: int = 0,
    impurity: int = 0,
) -> WickedLabyrinthState:
    """Jump to the soul processing phase with ``player``'s board set as given."""
    state.phase = Phase.SOUL_PROCESSING
    state.corridor = state.corridors_per_round
    for p in range(state.num_players):
        state.b[p * STRIDE + MODE] = Mode.PROCESS
    set_tokens(state, player, tokens)
    o = player * STRIDE
    state.b[o + PROMOTION] = promotion
    state.b[o + COLOUR_CHANGE] = colour_change
    state.b[o + IMPURITY] = impurity
    return state


def achieved(state: WickedLabyrinthState, player: int) -> tuple[list[int], list[int]]:
    o = player * STRIDE
    return (
        [state.b[o + GREAT_DONE + k] for k in range(2)],
        [state.b[o + SMALL_DONE + k] for k in range(2)],
    )


def notations(state: WickedLabyrinthState, player: int) -> set[str]:
    return {a.notation() for a in state.legal_actions(player)}


def finish_others(state: WickedLabyrinthState, player: int) -> None:
    """Every other player says done, so only ``player`` is still processing."""
    for p in range(state.num_players):
        if p != player and p in state.current_players():
            state.apply(p, "done")
