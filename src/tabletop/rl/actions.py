"""Action ids in words: what every env's ``action_to_string`` and ``describe`` say.

An env's action space is the game's action table, then one no-op (the last id). A
learner's log, a policy's printout or a debugging session needs to read an id back as a
move: ``action_to_string(id)`` gives the game's notation (``d3w``, ``library``, ``b7``),
the one ``tabletop.game(name).actions.parse`` reads back, and ``describe(id)`` a line
of words. Where the env knows the position and the action is legal there for the seat
asked about, the words are the game's own for that position (its terminal renderer,
the kit's ``cli:renderer``: "hold 3 search pieces + the witch's sign"); otherwise they
are what the action's kind means anywhere (the first line of its docstring). An id
outside the space is a ``ValueError`` that names the space.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.core.game import Game
from tabletop.core.renderer import renderer_of
from tabletop.core.state import State
from tabletop.games import REGISTRY

NOOP_NAME = "no-op (not your decision)"
"""The no-op's name in the PettingZoo and batched envs: a seat sends it when it has no
decision at this step."""

NOOP_AT_END = "no-op (the game is over)"
"""The no-op's name in the single-seat env: legal only in the observation that ends
the game."""


def action_id(action: Any, num_actions: int, game: Game) -> int:
    """``action`` as an id of a space of ``num_actions`` (the table plus the no-op), or a
    ValueError that says what the space is."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ValueError(f"an action id is an integer, got {action!r}")
    if not 0 <= action < num_actions:
        noop = num_actions - 1
        raise ValueError(
            f"{action} is not an action id of {game.info.title}'s envs: 0..{noop - 1} are "
            f"the game's actions, {noop} the no-op"
        )
    return int(action)


def action_to_string(game: Game, action: Any, noop_name: str = NOOP_NAME) -> str:
    """The id's notation (the game's action table), or ``noop_name`` for the no-op."""
    noop = game.info.num_distinct_actions
    found = action_id(action, noop + 1, game)
    return noop_name if found == noop else str(game.actions[found])


def describe(
    game: Game,
    action: Any,
    state: State | None = None,
    seat: int | None = None,
    noop_name: str = NOOP_NAME,
) -> str:
    """``notation: words`` for the id (see the module docstring): the words of the
    game's renderer for ``seat`` in ``state`` when the action is legal for it there,
    else the meaning of the action's kind."""
    noop = game.info.num_distinct_actions
    found = action_id(action, noop + 1, game)
    if found == noop:
        return f"{noop_name}: the only action of a seat with no decision now"
    chosen = game.actions[found]
    words = ""
    if (
        state is not None
        and seat is not None
        and not state.is_terminal()
        and seat in state.current_players()
        and found in state.legal_action_ids(seat)
    ):
        words = renderer_of(REGISTRY.kit(game.info.name)).describe_action(state.view(seat), chosen)
    if not words:
        meaning = type(chosen).__doc__ or type(chosen).__name__
        words = meaning.strip().splitlines()[0].replace("``", "")
    return f"{chosen}: {words}"
