"""CPU time of the heuristic bots per decision, on the same decisions every run.

Usage: .venv/bin/python scripts/time_heuristic_decisions.py GAME [GAMES]

Plays ``GAMES`` (default 6) seeded 4-player games, ``random`` in seat 0 and
``heuristic`` elsewhere (as the learner env plays them), keeps every heuristic decision
with more than one legal action, then asks fresh heuristic bots all of them again three
times and prints the CPU microseconds (``time.process_time``, so other jobs on the
machine weigh less) a decision. The first pass is the fair figure: the later ones meet
decisions their memos have already seen.
"""

from __future__ import annotations

import sys
import time

import tabletop
from tabletop.bots import make_bot
from tabletop.sim.runner import make_bots


def main() -> None:
    name = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    game = tabletop.game(name)
    asked = []
    for seed in range(games):
        state = game.new_game(4, seed)
        bots = make_bots(game, ["random", "heuristic", "heuristic", "heuristic"], seed)
        while not state.is_terminal():
            chosen = []
            for p in state.current_players():
                view, legal = state.view(p), state.legal_actions(p)
                if p != 0 and len(legal) > 1:
                    asked.append((p, view, legal))
                chosen.append((p, bots[p].act(view, legal)))
            for p, action in chosen:
                state.apply(p, action)
    print(f"{name}: {len(asked)} heuristic decisions from {games} games")
    for rep in range(3):
        bots = {p: make_bot("heuristic", game, p, 99) for p in range(1, 4)}
        start = time.process_time()
        for p, view, legal in asked:
            bots[p].act(view, legal)
        spent = time.process_time() - start
        print(f"pass {rep + 1}: {1e6 * spent / len(asked):.0f} us CPU a decision")


if __name__ == "__main__":
    main()
