"""Started envs shipped to Ray workers, which play rollouts from where they stand.

    .venv/bin/python examples/ray_rollouts.py --game code-of-nine --players 3 \\
        --rollouts 8 --num-cpus 2

A PettingZoo parallel env and a batched env are reset here and played a few steps;
then each is sent, as it stands (pickled mid-game), to Ray tasks that play it on with
uniformly random legal actions from their own seeds: ``--rollouts`` continuations of
the same position, which is what a rollout-based evaluation or a distributed
self-play actor does with a snapshot. Each task returns its seats' summed rewards and
the games it finished; the first rollout is also played here, on the env itself, and
must give exactly what its worker gave (a copy goes on as the original).

Needs Ray (the ``dist`` extra, installed by ``scripts/setup.sh``);
``tests/rl/test_rl_ray_example.py`` runs it small on a local Ray with two CPUs.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from tabletop.rl.pettingzoo import TabletopParallelEnv, parallel_env
from tabletop.rl.vector import VectorEnv


def parallel_rollout(env: TabletopParallelEnv, seed: int, games: int) -> dict[str, Any]:
    """Play ``env`` on from where it stands until ``games`` games have ended (the
    current one first); each seat's summed reward and the steps taken."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = ended = 0
    while ended < games:
        if not env.agents:
            env.reset()
        masks = {a: env.observe(a)["action_mask"] for a in env.agents}
        chosen = {a: int(rng.choice(np.flatnonzero(m))) for a, m in masks.items()}
        _, rewards, terminations, _, _ = env.step(chosen)
        for agent, reward in rewards.items():
            totals[agent] += reward
        steps += 1
        ended += all(terminations.values())
    return {"rewards": totals, "steps": steps}


def vector_rollout(env: VectorEnv, seed: int, steps: int) -> dict[str, Any]:
    """Step every table of ``env`` ``steps`` times from where it stands; the rewards
    summed per seat over the tables and the games that ended."""
    rng = np.random.default_rng(seed)
    totals = np.zeros(env.rewards.shape[1:], np.float64)
    ended = 0
    for _ in range(steps):
        flat = env.masks.reshape(-1, env.num_actions)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in flat])
        _, _, rewards, dones = env.step(actions.reshape(env.masks.shape[:-1]))
        totals += rewards.sum(axis=0)
        ended += int(dones.sum())
    return {"rewards": totals.round(6).tolist(), "games": ended}


def started(game: str, players: int, seed: int) -> tuple[TabletopParallelEnv, VectorEnv]:
    """A parallel env and a batched env of four tables, reset and played ten steps."""
    rng = np.random.default_rng(seed)
    env = parallel_env(game, players)
    env.reset(seed=seed)
    batch = VectorEnv(game, players, tables=4)
    batch.reset(seed=seed)
    for _ in range(10):
        if not env.agents:
            env.reset()
        env.step(
            {a: int(rng.choice(np.flatnonzero(env.observe(a)["action_mask"]))) for a in env.agents}
        )
        flat = batch.masks.reshape(-1, batch.num_actions)
        picks = np.array([rng.choice(np.flatnonzero(m)) for m in flat])
        batch.step(picks.reshape(batch.masks.shape[:-1]))
    return env, batch


def run(
    game: str, players: int, rollouts: int, num_cpus: int, games: int = 2, steps: int = 60
) -> dict[str, list[dict[str, Any]]]:
    """The rollouts of both envs on Ray (started here unless the caller did), the first
    of each checked against the same rollout played here."""
    import ray

    if not ray.is_initialized():
        ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    env, batch = started(game, players, seed=1)
    env_ref, batch_ref = ray.put(env), ray.put(batch)  # pickled once, mid-game
    on_parallel = ray.remote(parallel_rollout)
    on_vector = ray.remote(vector_rollout)
    out = {
        "parallel": ray.get([on_parallel.remote(env_ref, k, games) for k in range(rollouts)]),
        "batched": ray.get([on_vector.remote(batch_ref, k, steps) for k in range(rollouts)]),
    }
    here = {"parallel": parallel_rollout(env, 0, games), "batched": vector_rollout(batch, 0, steps)}
    for kind, first in here.items():
        if out[kind][0] != first:
            raise RuntimeError(f"the {kind} env's copy on Ray played another game: {first}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="code-of-nine")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--num-cpus", type=int, default=2)
    args = parser.parse_args()
    out = run(args.game, args.players, args.rollouts, args.num_cpus)
    for k, (one, many) in enumerate(zip(out["parallel"], out["batched"], strict=True)):
        shares = " ".join(f"{r:.2f}" for r in one["rewards"].values())
        print(
            f"rollout {k}: parallel env {one['steps']:>3} steps, win shares {shares}; "
            f"batched env {many['games']} games ended"
        )
    print("the first rollout on Ray matched the same rollout played here")


if __name__ == "__main__":
    main()
