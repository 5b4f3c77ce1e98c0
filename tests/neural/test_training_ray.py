"""Training's self-play shards on Ray: the same tasks, the same results as in process
(a small local instance)."""

from __future__ import annotations

import pytest

from tabletop.arena.stats import wilson
from tabletop.training.workers import run_tasks

pytestmark = pytest.mark.slow  # a Ray instance started for the test (not in --fast)

pytest.importorskip("ray")  # the local_ray fixture (tests/conftest.py) starts it


def test_ray_tasks_give_what_the_process_gives(local_ray: None) -> None:
    # a function of the package, which the workers import (this module is not on their path)
    arguments = [(k, 10) for k in range(6)]
    on_ray = sorted(run_tasks(wilson, arguments, ray=True))
    assert on_ray == sorted(run_tasks(wilson, arguments)) and len(on_ray) == 6
