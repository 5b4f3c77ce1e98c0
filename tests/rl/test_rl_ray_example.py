"""examples/ray_rollouts.py: started envs pickled to Ray workers play on there, and a
worker's rollout is the one the env itself plays from the same seed."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a Ray instance started for the test (not in --fast)

ray = pytest.importorskip("ray")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ray_rollouts.py"


def test_rollouts_of_started_envs_run_on_ray_workers():
    run = runpy.run_path(str(EXAMPLE))["run"]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        out = run("code-of-nine", 3, rollouts=3, num_cpus=2, games=1, steps=20)
    finally:
        ray.shutdown()
    assert len(out["parallel"]) == len(out["batched"]) == 3
    for one in out["parallel"]:
        assert sum(one["rewards"].values()) == pytest.approx(1.0)  # one game, win shares
    assert len({str(r) for r in out["parallel"]}) > 1  # seeds give different rollouts
    assert all(len(r["rewards"]) == 3 for r in out["batched"])
