"""Where an arena's games run: this process, local worker processes, or a Ray cluster.

Every backend plays each game with :func:`tabletop.arena.play.play_match` from the
game's own seed, so the records do not depend on the backend or on the number of
workers; only the order in which they finish does, and the figures are computed in
game order.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from tabletop.arena.play import play_match
from tabletop.arena.schedule import Match


def run_local(
    game: str, players: int, matches: Sequence[Match], options: dict[str, Any], workers: int
) -> Iterator[dict[str, Any]]:
    """Yield game records as they finish, from ``workers`` processes (1: in process)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if workers == 1:
        for m in matches:
            yield play_match(game, players, m, options)
        return
    # Spawned, not forked: the parent runs a progress bar's refresh thread.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending = {pool.submit(play_match, game, players, m, options) for m in matches}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def run_ray(
    game: str,
    players: int,
    matches: Sequence[Match],
    options: dict[str, Any],
    address: str | None,
) -> Iterator[dict[str, Any]]:
    """Yield game records as they finish on a Ray cluster (``address``; None: local).

    Ray is started here unless the caller already started it (tests do, with a small
    local instance).
    """
    import ray

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(play_match)
    pending = [remote.remote(game, players, m, options) for m in matches]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)
