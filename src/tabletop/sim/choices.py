"""Every action bots take in seeded games: what a faster bot must reproduce exactly.

Optimising a bot (the heuristics, which the learner envs and the search models run
millions of times) must not change what it chooses. ``scripts/record_heuristic_choices.py``
stores these lists from the code as it was; the tests replay the same games with the
code as it is and compare them decision by decision.
"""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.core.state import CHANCE
from tabletop.sim.runner import play_game


def game_choices(
    name: str, specs: list[str], seed: int, options: dict[str, Any] | None = None
) -> list[list[int]]:
    """Every decision of one game between ``specs`` (by seat) as [seat, action id], in
    the order taken: :func:`tabletop.sim.runner.play_game`'s history without chance."""
    state = play_game(tabletop.game(name), specs, seed, options).state
    return [[p, a] for p, a in state.history if p != CHANCE]


def env_histories(
    name: str, steps: int, seed: int = 0, opponents: str = "heuristic"
) -> list[list[list[int]]]:
    """The single-seat env, 4 players, seat 0 learning with random masked actions
    against ``opponents`` for ``steps`` steps: the history ([player, action id], chance
    included) of every episode that ended."""
    import numpy as np

    from tabletop.rl.gymnasium import SingleSeatEnv
    from tabletop.rl.sampling import random_masked

    env = SingleSeatEnv(name, 4, seat=0, opponents=opponents)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    episodes = []
    for _ in range(steps):
        obs, _reward, done, _truncated, _info = env.step(
            int(random_masked(rng, obs["action_mask"]))
        )
        if done:
            episodes.append([[p, a] for p, a in env.episode.state.history])
            obs, _ = env.reset()
    return episodes
