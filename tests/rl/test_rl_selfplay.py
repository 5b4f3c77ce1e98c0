"""Self-play: opponents drawn from a pool (bots, policies, frozen past selves), and the
MaskablePPO example, run tiny."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import numpy as np
import pytest

from tabletop.rl.gymnasium import SingleSeatEnv
from tabletop.rl.opponents import frozen
from tabletop.rl.selfplay import OpponentPool, PoolEnv

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "selfplay_maskable_ppo.py"


class LastLegal:
    """A stand-in for a trained policy: Stable-Baselines3's predict signature."""

    def __init__(self):
        self.calls = 0

    def predict(self, observation, action_masks=None, deterministic=False):
        self.calls += 1
        return int(np.flatnonzero(action_masks)[-1]), None


def test_a_frozen_copy_does_not_follow_the_learner():
    learner = LastLegal()
    past = frozen(learner)
    learner.calls = 100
    mask = np.array([1, 0, 1, 0], np.int8)
    assert past(np.zeros(3, np.float32), mask) == 2
    assert learner.calls == 100  # the copy answered, not the learner


def test_the_pool_draws_recent_selves_and_everyone_else():
    pool = OpponentPool(["random", "heuristic"], latest=1)
    rng = np.random.default_rng(0)
    assert set(pool.draw(rng, 50)) == {"random", "heuristic"}
    old, new = frozen(LastLegal()), frozen(LastLegal())
    pool.add(old)
    pool.add(new)
    picks = pool.draw(rng, 400)
    assert picks.count(new) > picks.count(old) > 0  # the latest self is met most
    assert len(pool) == 4
    with pytest.raises(ValueError):
        OpponentPool([])


def test_pool_env_plays_policies_from_the_pool_and_masks_for_maskable_ppo():
    self_play = LastLegal()
    pool = OpponentPool([frozen(self_play)])
    env = PoolEnv(SingleSeatEnv("code-of-nine", 3, seat=1), pool, seed=3)
    obs, _ = env.reset(seed=3)
    assert list(env.unwrapped.opponents) == [0, 2]
    done = False
    while not done:
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"].astype(bool))
        obs, reward, done, _, info = env.step(int(np.flatnonzero(mask)[0]))
    assert "placings" in info
    with pytest.raises(ValueError, match="the pool picks"):
        env.reset(options={"opponents": "random"})


@pytest.mark.slow  # over 4 s: the full suite runs it, the fast tier not
def test_the_selfplay_example_trains_and_reports_win_shares(capsys):
    train = runpy.run_path(str(EXAMPLE))["train"]
    curve = train("code-of-nine", 3, steps=128, checkpoints=1, eval_games=2, seed=1, n_steps=64)
    assert [row["steps"] for row in curve] == [0.0, 128.0]
    assert [row["pool"] for row in curve] == [2.0, 3.0]  # a frozen self joined
    for row in curve:
        assert 0.0 <= row["random"] <= 1.0 and 0.0 <= row["heuristic"] <= 1.0
    out = capsys.readouterr().out
    assert "vs random" in out and "vs heuristic" in out


def test_play_and_the_rl_package_never_import_torch():
    import subprocess
    import sys

    code = (
        "import sys, tabletop.cli.app, tabletop.server, tabletop.rl.gymnasium, "
        "tabletop.rl.vector, tabletop.rl.selfplay, tabletop.openspiel, tabletop.bots; "
        "print('torch' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def documented_curve() -> list[tuple[int, int, str, str]]:
    """docs/rl.md's self-play table: (learner steps, pool size, vs random, vs heuristic)."""
    text = DOC.read_text(encoding="utf-8")
    table = re.search(r"\| learner steps \| pool size \|.*?\n\|[-:|]+\|\n((?:\|.*\n)+)", text)
    assert table is not None, "docs/rl.md has no self-play learning curve"
    rows = []
    for line in table.group(1).splitlines():
        steps, pool, random, heuristic = (c.strip() for c in line.strip("|").split("|"))
        rows.append((int(steps.replace(",", "")), int(pool), random, heuristic))
    return rows


def printed(curve) -> list[tuple[int, int, str, str]]:
    return [
        (int(r["steps"]), int(r["pool"]), f"{r['random']:.3f}", f"{r['heuristic']:.3f}")
        for r in curve
    ]


def docs_run(stop_after: int):
    """The documented command (docs/rl.md: --game code-of-nine --players 3 --steps 20000
    --checkpoints 5 --eval-games 20, seed 0), stopped after ``stop_after`` checkpoints."""
    pytest.importorskip("sb3_contrib")
    train = runpy.run_path(str(EXAMPLE))["train"]
    return train("code-of-nine", 3, 20000, 5, 20, seed=0, stop_after=stop_after)


def test_the_docs_learning_curve_starts_where_the_example_does():
    """Its first row (the untrained learner, seeded) is what the example prints."""
    assert printed(docs_run(0)) == documented_curve()[:1]


@pytest.mark.slow  # 4,096 learner steps (a minute or two on the 2-core machine)
def test_the_docs_learning_curve_reproduces_its_first_checkpoint():
    assert printed(docs_run(1)) == documented_curve()[:2]
