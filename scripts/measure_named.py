"""Measure Code of Nine's ``NAMED`` (``games/code_of_nine/bots/adaptive.py``): how often
each candidate of the adaptive model, asked in its replay, names the placement of a
rival that plays like each candidate.

A search seat with ``model=adaptive`` plays against two rivals of one kind for
``--games`` games a kind; the model's checks of those rivals say which candidates named
each placement. Run it again whenever a candidate changes (the shipped ``neural``
network, the heuristic): the model's inference rests on these figures.

    .venv/bin/python scripts/measure_named.py --games 3
"""

from __future__ import annotations

import argparse

import tabletop
from tabletop.bots.mcts import MctsBot
from tabletop.games.code_of_nine.bots.adaptive import COMPONENTS, UNIFORM, AdaptiveModel
from tabletop.sim.runner import play_game

SEARCH = "mcts:iterations=12,model=adaptive,samples=4,c=0.2"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games for each kind of rival")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    args = parser.parse_args()
    game = tabletop.game("code-of-nine")
    for rival in (c for c in COMPONENTS if c != UNIFORM):
        counts = dict.fromkeys(COMPONENTS, 0)
        placements = 0
        for g in range(args.games):
            searcher = play_game(game, [SEARCH, rival, rival], args.seed + g).bots[0]
            assert isinstance(searcher, MctsBot)
            assert isinstance(searcher.knowledge, AdaptiveModel)
            for checks in searcher.knowledge.checks.values():
                for named, _choices in checks:
                    placements += 1
                    for c in named:
                        counts[c] += 1
        shares = ", ".join(f"{c} {counts[c] / placements:.2f}" for c in COMPONENTS if c != UNIFORM)
        print(f"{rival} rivals, {placements} placements: named by {shares}")


if __name__ == "__main__":
    main()
