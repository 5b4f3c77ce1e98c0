"""Every action bots take in seeded games: what a faster bot must reproduce exactly.

Optimising a bot (the heuristics, which the learner envs and the search models run
millions of times) must not change what it chooses. ``scripts/record_heuristic_choices.py``
stores these lists from the code as it was; the tests replay the same games with the
code as it is and compare them decision by decision.
"""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.sim.runner import make_bots


def game_choices(name: str, specs: list[str], seed: int,
                 options: dict[str, Any] | None = None) -> list[list[int]]:
    """Every decision of one game between ``specs`` (by seat) as [seat, action id], in
    the order taken (simultaneous decisions asked from the same moment, as in
    :func:`tabletop.sim.runner.play_game`)."""
    game = tabletop.game(name)
    state = game.new_game(len(specs), seed, **(options or {}))
    bots = make_bots(game, specs, seed)
    table = game.actions
    taken = []
    while not state.is_terminal():
        chosen = [(p, bots[p].act(state.view(p), state.legal_actions(p)))
                  for p in state.current_players()]
        for p, action in chosen:
            state.apply(p, action)
            taken.append([p, table.id_of(action)])
    return taken


def env_histories(name: str, steps: int, seed: int = 0,
                  opponents: str = "heuristic") -> list[list[list[int]]]:
    """The single-seat env, 4 players, seat 0 learning with random masked actions
    against ``opponents`` for ``steps`` steps: the history ([player, action id], chance
    included) of every episode that ended."""
    import numpy as np

    from tabletop.rl.bench import random_masked
    from tabletop.rl.gymnasium import SingleSeatEnv

    env = SingleSeatEnv(name, 4, seat=0, opponents=opponents)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    episodes = []
    for _ in range(steps):
        obs, _reward, done, _truncated, _info = env.step(
            int(random_masked(rng, obs["action_mask"])))
        if done:
            episodes.append([[p, a] for p, a in env.episode.state.history])
            obs, _ = env.reset()
    return episodes
