"""How much the RL wrapper costs: PettingZoo parallel env steps vs the bare engine.

In one run, for one game and player count:

- the env: full episodes of the PettingZoo parallel env, every live agent choosing
  uniformly among its action mask (the no-op when it has no decision); each step's
  decisions are the agents that had a real choice;
- the bare engine: ``tabletop.bench.engine.playouts``, the search bots' loop
  (``legal_action_ids`` and ``apply_unchecked``, no views).

The ratio compares time per decision: engine decisions/s divided by env decisions/s
(1.0 would be a free wrapper; the target is at most 3). A third loop, the engine plus
one spectator view per step (the least any observation needs), gives the floor that
ratio cannot go under while views cost what they do.
"""

from __future__ import annotations

import importlib.util
import random
from typing import Any

from tabletop.bench.engine import playouts
from tabletop.bench.timing import Rate, measure
from tabletop.core.game import Game


def available(game: Game) -> bool:
    """Whether the env can be measured: the rl extra is installed and the game has an
    encoder. (Checked without importing PettingZoo, which is slow to import.)"""
    if not all(importlib.util.find_spec(m) for m in ("numpy", "gymnasium", "pettingzoo")):
        return False
    from tabletop.rl.encoders import ENCODERS

    return game.info.name in ENCODERS


def env_episodes(game: Game, players: int, seconds: float, seed: int = 0) -> tuple[Rate, int]:
    """Random masked episodes of the parallel env: (episodes and decisions, steps)."""
    import numpy as np

    from tabletop.rl.pettingzoo import TabletopParallelEnv

    env = TabletopParallelEnv(game, players)
    rng = random.Random(seed)  # the engine loop's driver, so both pay alike
    steps = 0

    def one_episode(k: int) -> int:
        nonlocal steps
        observations, _ = env.reset(seed=seed + k)
        decisions = 0
        while env.agents:
            deciding = env.episode.deciding
            decisions += len(deciding)
            actions = {}
            for agent in env.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"])
                actions[agent] = int(legal[int(rng.random() * len(legal))])
            observations, *_ = env.step(actions)
            steps += 1
        return decisions

    rate = measure(one_episode, seconds)
    return rate, steps


def engine_with_views(game: Game, players: int, seconds: float, seed: int = 0) -> Rate:
    """The bare engine's random playouts, building one spectator view per step."""
    rng = random.Random(seed)

    def one_game(k: int) -> int:
        state = game.new_game(players, seed + k)
        decisions = 0
        while not state.is_terminal():
            state.spectator_view()
            for p in state.current_players():
                ids = state.legal_action_ids(p)
                state.apply_unchecked(p, ids[int(rng.random() * len(ids))])
                decisions += 1
        return decisions

    return measure(one_game, seconds)


ROUNDS = 3
"""The three loops take turns this many times, so a change in machine load during the
run weighs on all of them alike (the figures are sums over the rounds)."""


def rl_figures(game: Game, players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Env steps/s, env and engine decisions/s, the cost ratio per decision and its floor.

    Each loop gets ``seconds`` in all, in :data:`ROUNDS` turns.
    """
    env: list[Rate] = []
    engine: list[Rate] = []
    viewed: list[Rate] = []
    steps = 0
    share = seconds / ROUNDS
    for k in range(ROUNDS):
        rate, taken = env_episodes(game, players, share, seed + 1000 * k)
        env.append(rate)
        steps += taken
        engine.append(playouts(game, players, share, seed + 1000 * k))
        viewed.append(engine_with_views(game, players, share, seed + 1000 * k))
    env_rate, engine_rate, viewed_rate = _total(env), _total(engine), _total(viewed)
    return {
        "rl_players": players,
        "env_steps_per_second": steps / env_rate.seconds,
        "env_decisions_per_second": env_rate.decisions_per_second,
        "engine_decisions_per_second": engine_rate.decisions_per_second,
        "env_cost_ratio": engine_rate.decisions_per_second / env_rate.decisions_per_second,
        "view_floor_ratio": engine_rate.decisions_per_second / viewed_rate.decisions_per_second,
    }


def _total(rates: list[Rate]) -> Rate:
    return Rate(sum(r.count for r in rates), sum(r.decisions for r in rates),
                sum(r.seconds for r in rates))
