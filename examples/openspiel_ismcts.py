"""OpenSpiel's Python ISMCTS plays Code of Nine against uniform random seats.

Information-set MCTS needs to sample the states a seat cannot tell apart; here every
sample comes from the game's own ``determinize(view, seed)``, which draws the memory
cards the seat has not seen. Search nodes are keyed by the observation string (the
seat's view), which a determinized state reproduces exactly.

    .venv/bin/python examples/openspiel_ismcts.py --games 2 --simulations 60

It prints each game's scores and win shares, then ISMCTS's mean win share against
the random seats' (with 3 players, a fair share is 1/3).
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tabletop.rl import openspiel


def make_resampler(seed: int):  # type: ignore[no-untyped-def]
    """ISMCTS's resampler: a state consistent with ``player``'s view, via determinize."""
    rng = np.random.default_rng(seed)

    def resample(state: openspiel.TabletopState, player: int) -> openspiel.TabletopState:
        engine = state.engine
        sample = engine.game.determinize(engine.view(player), int(rng.integers(2**62)))
        return openspiel.TabletopState(state.get_game(), sample)

    return resample


def play(game: pyspiel.Game, seat: int, simulations: int, seed: int) -> list[float]:
    rng = np.random.default_rng(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
        uct_c=1.5,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(make_resampler(seed))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == seat:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    result = state.engine.result()
    print(f"  scores {result.scores}, ISMCTS in seat {seat}, returns {state.returns()}")
    return list(state.returns())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=60)
    parser.add_argument("--players", type=int, default=3, choices=(3, 4))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    openspiel.register()
    game = pyspiel.load_game("tabletop_code_of_nine", {"players": args.players})
    ours, theirs = [], []
    for k in range(args.games):
        seat = k % args.players
        print(f"game {k + 1}:")
        returns = play(game, seat, args.simulations, args.seed + k)
        ours.append(returns[seat])
        theirs += [r for p, r in enumerate(returns) if p != seat]
    print(f"ISMCTS ({args.simulations} simulations/move) mean win share: {np.mean(ours):.3f}; "
          f"random seats: {np.mean(theirs):.3f}")


if __name__ == "__main__":
    main()
