"""The settings a player picks a bot by: each game's strongest measured search.

A bare ``mcts`` plays random rollouts to the end, weaker than ``heuristic`` in both
games (docs/arena.md); what makes it strong is the game's model, which needs
parameters a player should not have to know. The lobby offers these specs for
``mcts``; they are the ones the arena measured against three heuristics (89.6% in The
Wicked Labyrinth, 41% in Code of Nine, where 25% is parity).
"""

from __future__ import annotations

LEVELS: dict[str, dict[str, tuple[str, ...]]] = {
    "wicked-labyrinth": {
        "mcts": ("mcts:time=0.25,model=heuristic,guide=heuristic,search=sealed",),
    },
    "code-of-nine": {
        "mcts": ("mcts:time=0.25,model=heuristic,samples=4,c=0.2",),
    },
}
"""Specs by game and bot name, weakest first; a bot not listed is offered bare."""


def levels(game: str, bot: str) -> tuple[str, ...]:
    """The specs that stand for ``bot`` in ``game`` (the bare name when none is set)."""
    return LEVELS.get(game, {}).get(bot, (bot,))
