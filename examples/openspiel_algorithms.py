"""OpenSpiel's own algorithms on both games: MCCFR, DQN through rl_environment, ISMCTS.

    .venv/bin/python examples/openspiel_algorithms.py mccfr --game code-of-nine --iterations 50
    .venv/bin/python examples/openspiel_algorithms.py dqn --game wicked-labyrinth --episodes 3
    .venv/bin/python examples/openspiel_algorithms.py ismcts --games 3 --simulations 30

- ``mccfr``: outcome-sampling MCCFR (``open_spiel.python.algorithms``) for N iterations,
  then its average policy queried at infosets the iterations visited. The Wicked
  Labyrinth is a simultaneous game, so MCCFR runs on ``pyspiel.convert_to_turn_based``.
- ``dqn``: one OpenSpiel DQN agent (its PyTorch implementation) per seat, stepped by
  ``rl_environment`` through whole episodes, with no conversion: every node of a
  simultaneous game is a simultaneous node, where seats without a decision have the
  no-op alone.
- ``ismcts``: OpenSpiel's ISMCTS bot in one seat of Code of Nine against uniform random
  seats. It samples worlds with the game's ``resample_from_infostate`` (the game's own
  ``determinize``); no custom resampler.

The tests import these functions (``tests/rl/test_rl_openspiel_algorithms.py``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr
from open_spiel.python.algorithms import mccfr as mccfr_base

from tabletop import openspiel


def load(game: str, players: int) -> Any:
    openspiel.register()
    return pyspiel.load_game(openspiel.short_name(game), {"players": players})


class _RecordingSolver(outcome_sampling_mccfr.OutcomeSamplingSolver):  # type: ignore[misc]
    """Outcome sampling that keeps the first decision states its iterations visit."""

    def __init__(self, game: Any, keep: int) -> None:
        super().__init__(game)
        self.visited: list[Any] = []
        self._keep = keep

    def _episode(
        self, state: Any, update_player: int, my_reach: float, opp_reach: float, sample_reach: float
    ) -> float:
        if (
            len(self.visited) < self._keep
            and not state.is_terminal()
            and not state.is_chance_node()
        ):
            self.visited.append(state.clone())
        value: float = super()._episode(state, update_player, my_reach, opp_reach, sample_reach)
        return value


def mccfr(game: str, players: int, iterations: int, seed: int = 0) -> dict[str, Any]:
    """Outcome-sampling MCCFR; its average policy at up to 200 visited decision states.

    Returns the infosets met, how many visited states were queried (at each, the
    average policy must be a distribution over exactly the legal actions), and at how
    many infosets the regrets no longer treat every action alike.
    """
    spiel = load(game, players)
    if spiel.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        spiel = pyspiel.convert_to_turn_based(spiel)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20 * spiel.max_game_length()))
    np.random.seed(seed)  # outcome sampling draws from numpy's global generator
    solver = _RecordingSolver(spiel, keep=200)
    for _ in range(iterations):
        solver.iteration()
    average = solver.average_policy()
    for state in solver.visited:
        probs = average.action_probabilities(state)
        if sorted(probs) != sorted(state.legal_actions()):
            raise AssertionError("the average policy must cover exactly the legal actions")
        if abs(sum(probs.values()) - 1.0) > 1e-9:
            raise AssertionError("the average policy must be a distribution")
    tables = solver._infostates.values()
    regrets = sum(bool(np.ptp(t[mccfr_base.REGRET_INDEX]) > 0) for t in tables)
    return {"infosets": len(tables), "queried": len(solver.visited), "regrets_moved": regrets}


def dqn_episodes(game: str, players: int, episodes: int, seed: int = 0) -> list[list[float]]:
    """Whole episodes of one PyTorch DQN agent per seat through ``rl_environment``;
    each episode's final rewards."""
    import torch
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import dqn

    torch.set_num_threads(1)
    env = rl_environment.Environment(load(game, players), seed=seed)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    agents = [
        dqn.DQN(
            p,
            size,
            actions,
            hidden_layers_sizes=[32],
            replay_buffer_capacity=500,
            batch_size=16,
            min_buffer_size_to_learn=32,
            learn_every=8,
            epsilon_decay_duration=1000,
            seed=seed + p,
        )
        for p in range(players)
    ]
    results = []
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            if env.is_turn_based:
                player = step.observations["current_player"]
                step = env.step([agents[player].step(step).action])
            else:
                step = env.step([agent.step(step).action for agent in agents])
        for agent in agents:
            agent.step(step)  # the last step: agents learn from the outcome
        results.append(list(step.rewards))
    return results


def ismcts_vs_random(players: int, games: int, simulations: int, seed: int = 0) -> list[float]:
    """ISMCTS in seat ``k % players`` of game ``k`` of Code of Nine, the others random;
    ISMCTS's win share in each game."""
    spiel = load("code-of-nine", players)
    shares = []
    for k in range(games):
        seat = k % players
        rng = np.random.default_rng(seed + k)
        bot = ismcts.ISMCTSBot(
            spiel,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + k)),
            uct_c=1.5,
            max_simulations=simulations,
            random_state=np.random.RandomState(seed + k),
        )
        # OpenSpiel's default resampler draws from an unseeded sampler; a seeded one makes
        # the games repeatable (the figure the test checks must not depend on the run).
        sampler = np.random.RandomState(seed + k + 1)
        bot.set_resampler(
            lambda st, p, draw=sampler.random_sample: st.resample_from_infostate(p, draw)
        )
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == seat:
                state.apply_action(int(bot.step(state)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        shares.append(state.returns()[seat])
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("mccfr")
    m.add_argument("--game", default="code-of-nine")
    m.add_argument("--players", type=int, default=3)
    m.add_argument("--iterations", type=int, default=50)
    d = sub.add_parser("dqn")
    d.add_argument("--game", default="code-of-nine")
    d.add_argument("--players", type=int, default=3)
    d.add_argument("--episodes", type=int, default=3)
    i = sub.add_parser("ismcts")
    i.add_argument("--players", type=int, default=3)
    i.add_argument("--games", type=int, default=3)
    i.add_argument("--simulations", type=int, default=30)
    for command in (m, d, i):
        command.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.command == "mccfr":
        out = mccfr(args.game, args.players, args.iterations, args.seed)
        print(
            f"MCCFR, {args.iterations} iterations: {out['infosets']} infosets, regrets "
            f"moved at {out['regrets_moved']}; average policy queried at {out['queried']} "
            "visited states"
        )
    elif args.command == "dqn":
        for k, rewards in enumerate(
            dqn_episodes(args.game, args.players, args.episodes, args.seed)
        ):
            print(f"DQN episode {k + 1}: rewards {rewards}")
    else:
        shares = ismcts_vs_random(args.players, args.games, args.simulations, args.seed)
        print(
            f"ISMCTS ({args.simulations} simulations/move) win shares {shares}; "
            f"mean {np.mean(shares):.3f} (a random seat's fair share: {1 / args.players:.3f})"
        )


if __name__ == "__main__":
    main()
