"""Training's self-play shards on Ray: the same tasks, the same results as in process
(a small local instance)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tabletop.arena.stats import wilson
from tabletop.training.workers import run_tasks

pytestmark = pytest.mark.slow  # a Ray instance started for the test (not in --fast)

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_tasks_give_what_the_process_gives(local_ray: None) -> None:
    # a function of the package, which the workers import (this module is not on their path)
    arguments = [(k, 10) for k in range(6)]
    on_ray = sorted(run_tasks(wilson, arguments, ray=True))
    assert on_ray == sorted(run_tasks(wilson, arguments)) and len(on_ray) == 6
