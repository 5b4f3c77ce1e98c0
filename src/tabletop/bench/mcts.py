"""Search speed: ``mcts`` iterations per second on a mid-game decision.

The bot searches the decision of a seat about half-way through a random 4-player game
(the first deciding seat with more than one legal action from there) for ``seconds``
with its default settings (every iteration a determinization and a random rollout to
the end of the game); the figure is the iterations it completed over the time taken.
"""

from __future__ import annotations

import random

from tabletop.bench.engine import mid_game, random_playout
from tabletop.bench.timing import now
from tabletop.bots.mcts import MctsBot
from tabletop.core.game import Game


def iterations_per_second(game: Game, players: int, seconds: float, seed: int = 0) -> float:
    """MCTS iterations per second of one search of ``seconds`` from its view alone."""
    state = mid_game(game, players, seed)
    rng = random.Random(seed)
    while True:
        seats = [p for p in state.current_players() if len(state.legal_action_ids(p)) > 1]
        if seats:
            break
        if state.is_terminal():
            raise ValueError(f"{game.info.name}: no decision left to search")
        random_playout(state, rng, max_decisions=1)
    seat = seats[0]
    bot = MctsBot(game, seat, seed, time=seconds)
    start = now()
    bot.act(state.view(seat), state.legal_actions(seat))
    elapsed = now() - start
    if bot.last is None:
        raise RuntimeError("the search did not run")
    return bot.last.iterations / elapsed
