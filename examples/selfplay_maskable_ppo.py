"""Self-play with sb3-contrib's MaskablePPO: a learner against a pool of its past selves.

    .venv/bin/python examples/selfplay_maskable_ppo.py --game code-of-nine --players 3 \\
        --steps 30000 --checkpoints 6 --eval-games 30

The learner plays seat 0 of a :class:`~tabletop.rl.gymnasium.SingleSeatEnv`; at every
game the other seats are drawn from a pool (``tabletop.rl.selfplay``) that starts with
the named bots ``random`` and ``heuristic`` and gains a frozen copy of the learner at
every checkpoint. MaskablePPO reads the legal actions from the env's
``action_masks()``. At each checkpoint (and before training) the learner, playing its
most likely action, meets three ``random`` seats and then three ``heuristic`` seats
for ``--eval-games`` games each, and its mean win share is printed: the learning curve.
A seat's fair share is 1/players.

Needs the ``train`` extra (CPU torch, sb3-contrib); the tests run it tiny.
"""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.rl.gymnasium import SingleSeatEnv
from tabletop.rl.opponents import frozen
from tabletop.rl.selfplay import OpponentPool, PoolEnv


def win_share(model: Any, game: str, players: int, opponent: str, games: int, seed: int) -> float:
    """The learner's mean win share in seat 0 against ``opponent`` in every other seat."""
    env = SingleSeatEnv(game, players, seat=0, opponents=opponent)
    total = 0.0
    for k in range(games):
        obs, _ = env.reset(seed=seed + k)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        total += reward
    return total / games


def train(
    game: str,
    players: int,
    steps: int,
    checkpoints: int,
    eval_games: int,
    seed: int = 0,
    n_steps: int = 1024,
    stop_after: int | None = None,
) -> list[dict[str, float]]:
    """Train for ``steps`` learner steps; the learning curve, one row per checkpoint.

    ``stop_after``: end after that many checkpoints (the rows so far are those of the
    whole run: how a test checks the first rows of docs/rl.md's table quickly)."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    pool = OpponentPool(["random", "heuristic"])
    env = PoolEnv(SingleSeatEnv(game, players, seat=0), pool, seed=seed)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=n_steps,
        batch_size=min(64, n_steps),
        learning_rate=3e-4,
        seed=seed,
        verbose=0,
        policy_kwargs={"net_arch": [128, 128]},
    )

    def row() -> dict[str, float]:
        figures = {"steps": float(model.num_timesteps), "pool": float(len(pool))}
        for opponent in ("random", "heuristic"):
            figures[opponent] = win_share(model, game, players, opponent, eval_games, 10_000 + seed)
        print(
            f"{int(figures['steps']):>7} steps  pool {int(figures['pool']):>2}  "
            f"vs random {figures['random']:.3f}  vs heuristic {figures['heuristic']:.3f}",
            flush=True,
        )
        return figures

    print(f"{game}, {players} players, learner in seat 0; fair share {1 / players:.3f}")
    curve = [row()]
    per = max(1, steps // checkpoints)
    for _ in range(checkpoints if stop_after is None else min(stop_after, checkpoints)):
        model.learn(per, reset_num_timesteps=False)
        pool.add(frozen(model.policy))
        curve.append(row())
    return curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="code-of-nine")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--steps", type=int, default=30_000)
    parser.add_argument("--checkpoints", type=int, default=6)
    parser.add_argument("--eval-games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    train(args.game, args.players, args.steps, args.checkpoints, args.eval_games, args.seed)


if __name__ == "__main__":
    main()
