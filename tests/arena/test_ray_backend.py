"""The Ray backend gives the same records as local processes (a small local instance)."""

from __future__ import annotations

import pytest

from tabletop.arena.results import Header
from tabletop.arena.runner import Backend, run_arena

pytestmark = pytest.mark.slow  # a Ray instance started for the test (not in --fast)

pytest.importorskip("ray")  # the local_ray fixture (tests/conftest.py) starts it


def test_ray_and_processes_agree(local_ray: None) -> None:
    header = Header("wicked-labyrinth", 3, ("mcts:iterations=3", "random", "random"), 5, {})
    on_ray = run_arena(header, 3, None, Backend(ray=True))
    local = run_arena(header, 3, None, Backend(workers=2))
    strip = lambda records: [{k: v for k, v in r.items() if k != "seconds"} for r in records]  # noqa: E731
    assert strip(on_ray) == strip(local)
    assert [r["index"] for r in on_ray] == [0, 1, 2]
