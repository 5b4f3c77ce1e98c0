"""Playing one scheduled game and keeping what the arena's figures need.

A game record of the arena is plain JSON data (one line of the results file): the
game's index, seed and seats, each seat's score, placing and win share, the card
holdings (for the per-card impact), the number of decisions, each seat's searches and
search iterations (for search bots, which keep their last search in ``bot.last``: a
time budget's iterations show how much computing the bot really got) and the seconds
the game took.
Given the same seed and bots with iteration budgets it is the same on every machine.
"""

from __future__ import annotations

import time
from typing import Any

from tabletop.arena.schedule import Match
from tabletop.core.holdings import CardObserver
from tabletop.games import REGISTRY
from tabletop.sim.runner import make_bots

HOLDINGS = "report:holdings"
"""The kit part that watches a game's card holdings (a game without one records none)."""


def play_match(
    game_name: str, players: int, match: Match, options: dict[str, Any]
) -> dict[str, Any]:
    """Play ``match`` and return its record (see the module docstring)."""
    kit = REGISTRY.kit(game_name)
    game = kit.game
    start = time.perf_counter()
    state = game.new_game(players, match.seed, **options)
    bots = make_bots(game, match.seats, match.seed)
    watcher: CardObserver | None = kit.part(HOLDINGS)() if kit.has(HOLDINGS) else None
    decisions = 0
    searched = [[0, 0] for _ in range(players)]  # per seat: searches, iterations
    while not state.is_terminal():
        deciding = state.current_players()
        chosen = []
        for p in deciding:
            bot = bots[p]
            before = getattr(bot, "last", None)
            chosen.append((p, bot.act(state.view(p), state.legal_actions(p))))
            after = getattr(bot, "last", None)
            if after is not None and after is not before:
                searched[p][0] += 1
                searched[p][1] += after.iterations
        for p, action in chosen:
            events = state.apply(p, action)
            if watcher is not None:
                watcher.see(events)
            decisions += 1
    result = state.result()
    return {
        "index": match.index,
        "seed": match.seed,
        "seats": list(match.seats),
        "scores": list(result.scores),
        "placings": list(result.placings),
        "shares": [result.win_share(p) for p in range(players)],
        "cards": [list(h) for h in watcher.holdings(state)] if watcher is not None else [],
        "decisions": decisions,
        "searches": searched,
        "seconds": round(time.perf_counter() - start, 3),
    }
