"""Game reviews computed in the background, away from the event loop and the database.

A review (:mod:`tabletop.review`) runs searches for seconds to a minute, so the server
gives it one spawned worker process of its own: the event loop only awaits it, and the
database's executors never carry it. A job asks the worker one decision at a time, so
its progress is known and several jobs share the worker in turn. At most
``MAX_RUNNING`` jobs wait or run at once (more are refused as busy); finished reviews
are kept (``KEEP``) so asking again costs nothing. Jobs live in this process: with
several server processes, a poll that reaches another one starts the same review
there (its result is the same: a review depends only on the record and the seat).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.review.review import Mistake, collect_json, count_decisions, review_step

log = logging.getLogger(__name__)

MAX_RUNNING = 4
KEEP = 64

Key = tuple[str, int, int]
"""(table id, seat, samples)."""


class ReviewsBusy(Exception):
    """Too many reviews are being computed; the client may ask again later."""


@dataclass
class Job:
    """One review being computed: ``done`` of ``total`` decisions, then ``review``."""

    total: int | None = None
    done: int = 0
    review: dict[str, Any] | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        status = (
            "failed" if self.error is not None else "done" if self.review is not None else "running"
        )
        out: dict[str, Any] = {"status": status, "done": self.done, "total": self.total}
        if self.review is not None:
            out["review"] = self.review
        if self.error is not None:
            out["error"] = self.error
        return out


class ReviewJobs:
    """The process's review jobs and their one worker process (started when needed)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self.jobs: OrderedDict[Key, Job] = OrderedDict()

    def get(self, key: Key) -> Job | None:
        return self.jobs.get(key)

    def start(self, key: Key, game: str, record_text: str) -> Job:
        """The job for ``key``: the one already asked for, or a new one."""
        job = self.jobs.get(key)
        if job is not None and job.error is None:
            return job
        running = sum(1 for j in self.jobs.values() if j.review is None and j.error is None)
        if running >= MAX_RUNNING:
            raise ReviewsBusy(f"{running} reviews are being computed; ask again in a minute")
        job = Job()
        self.jobs[key] = job
        job.task = asyncio.get_running_loop().create_task(self._run(job, key, game, record_text))
        self._forget_old()
        return job

    async def _run(self, job: Job, key: Key, game: str, record_text: str) -> None:
        loop = asyncio.get_running_loop()
        pool = self._worker()
        _table, seat, samples = key
        try:
            job.total = await loop.run_in_executor(pool, count_decisions, record_text, seat)
            found: list[Mistake | None | bool] = []
            for index in range(job.total):
                found.append(
                    await loop.run_in_executor(pool, review_step, record_text, seat, index, samples)
                )
                job.done = index + 1
            job.review = collect_json(game, seat, samples, found)
        except TabletopError as exc:
            job.error = str(exc)
        except Exception as exc:  # the worker died or the record broke: say so, keep serving
            log.exception("review %s failed", key)
            job.error = f"the review could not be computed ({type(exc).__name__})"

    def _worker(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Spawned, not forked: the server runs threads (database, event loop).
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._pool

    def _forget_old(self) -> None:
        finished = [k for k, j in self.jobs.items() if j.review is not None or j.error is not None]
        for k in finished[: max(0, len(finished) - KEEP)]:
            del self.jobs[k]

    def close(self) -> None:
        for job in self.jobs.values():
            if job.task is not None:
                job.task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
