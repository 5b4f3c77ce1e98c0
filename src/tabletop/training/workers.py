"""Where training's self-play shards are played: this process, local processes, or Ray.

A shard is one task (:func:`tabletop.training.train.play_shard`): it plays its games
from its own seed and writes its file, so the shards do not depend on where they ran
or in which order they finished. The same command scales out: ``--workers N`` on one
machine, ``--ray`` (with ``--ray-address`` for a cluster) on many.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, TypeVar

T = TypeVar("T")


def run_tasks(
    task: Callable[..., T],
    arguments: Sequence[tuple[Any, ...]],
    workers: int = 1,
    ray: bool = False,
    address: str | None = None,
) -> Iterator[T]:
    """Yield ``task(*args)`` for each of ``arguments`` as they finish: in this process
    (``workers`` 1), in ``workers`` spawned processes, or as Ray tasks (``ray``; started
    here unless the caller started it; ``address`` None: a local Ray)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if ray:
        import ray as ray_module

        if not ray_module.is_initialized():
            ray_module.init(address=address, include_dashboard=False, log_to_driver=False)
        yield from _on_ray(ray_module, task, arguments)
        return
    if workers == 1:
        for args in arguments:
            yield task(*args)
        return
    # Spawned, not forked: the parent runs a progress bar's refresh thread.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(task, *args) for args in arguments}
        while futures:
            done, futures = wait(futures, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def _on_ray(ray: Any, task: Callable[..., T], arguments: Sequence[tuple[Any, ...]]) -> Iterator[T]:
    """``task(*args)`` as Ray tasks, yielded as they finish."""
    remote = ray.remote(task)
    pending = [remote.remote(*args) for args in arguments]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)
