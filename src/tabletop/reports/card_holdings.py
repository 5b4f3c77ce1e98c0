"""Who held which card in a finished game, for the card balance reports and the arena
report's per-card impact.

A game's kit says what a holding is (its ``report:holdings`` part, a
:class:`~tabletop.core.holdings.CardObserver`); this module plays seeded games with
bots for a game's own balance reports (:func:`play_for_holdings`, the
:data:`~tabletop.core.holdings.PlayForHoldings` they are handed). Game ``i`` of a
report is the same whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tabletop.core.holdings import CardObserver, HoldingsGame
from tabletop.games import REGISTRY
from tabletop.sim.runner import make_bots


def observer(game: str) -> CardObserver | None:
    """The card observer of a game, or None for a game without card measurements."""
    kit = REGISTRY.kit(game)
    if not kit.has("report:holdings"):
        return None
    made: CardObserver = kit.part("report:holdings")()
    return made


def _one_game(args: tuple[str, HoldingsGame]) -> list[tuple[str, str, float]]:
    """(kind, card, win share) for every card its observer lists in one game."""
    name, (seed, bots, options) = args
    game = REGISTRY.get(name)
    watcher = observer(name)
    if watcher is None:
        raise ValueError(f"{name} has no card holdings to measure")
    state = game.new_game(len(bots), seed, **options)
    seats = make_bots(game, bots, seed)
    while not state.is_terminal():
        chosen = [
            (p, seats[p].act(state.view(p), state.legal_actions(p)))
            for p in state.current_players()
        ]
        for p, action in chosen:
            watcher.see(state.apply(p, action))
    result = state.result()
    return [(kind, card, result.win_share(p)) for kind, card, p in watcher.holdings(state)]


def play_for_holdings(
    game: str, games: Sequence[HoldingsGame], jobs: int = 1
) -> list[list[tuple[str, str, float]]]:
    """Play ``games`` of ``game`` (in ``jobs`` worker processes) and return, per game in
    order, every (kind, card, holder's win share) its observer lists."""
    tasks: list[tuple[str, Any]] = [(game, g) for g in games]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(_one_game, tasks, chunksize=4))
    return [_one_game(task) for task in tasks]
