"""Worker processes for a batched env: more tables stepped at once on more cores.

``VectorEnv(..., workers=k)`` splits its tables into ``k`` shards
(:mod:`tabletop.rl.shard`): its own process steps the first and each of ``k - 1``
worker processes one more, at the same time. Every array the env hands out
(observations, masks, rewards, dones, final observations and masks) and the actions
it is given live in one shared file in memory (:func:`allocate`), so a step sends
each worker one short message and nothing else is copied: the worker reads its
tables' actions from it and writes their observations into it. The results of ended games (a few a
step at most) come back pickled.

Workers start with the ``forkserver`` method where the platform has it (``spawn``
elsewhere), never ``fork``: a learner's process often runs threads (PyTorch, BLAS),
and forking one of those can deadlock. So what a worker is sent must pickle: game
options, bot specs and policy opponents defined at a module's top level do.
"""

from __future__ import annotations

import contextlib
import mmap
import multiprocessing
import os
import pickle
import tempfile
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import numpy as np

from tabletop.core.result import Result
from tabletop.core.state import State
from tabletop.rl.shard import ShardArrays, ShardSpec, Snapshot, make_shard, restored

START_SECONDS = 120.0
"""How long a new worker may take to import the package and make its tables."""

SPIN_SECONDS = 0.002
"""How long a process polls its pipe before it sleeps on it (:func:`wait`)."""


def wait(conn: Connection, spin: float = SPIN_SECONDS) -> Any:
    """The next message on ``conn``, polled for up to ``spin`` seconds before sleeping.

    Why poll: a process asleep on a pipe takes tens of microseconds to wake (more on a
    virtual machine), and a step waits on two such wakes (the worker's, then the env's)
    of a step that takes a few hundred; polling keeps both awake between the steps of a
    training loop, and the bound puts an idle env's workers to sleep.
    """
    if spin > 0 and not conn.poll(0):
        end = time.perf_counter() + spin
        while not conn.poll(0) and time.perf_counter() < end:
            pass
    return conn.recv()


@dataclass(frozen=True)
class Layout:
    """Where each named array lies in one shared file: (name, shape, dtype, byte
    offset) each, so another process can map the same file and make the same views."""

    path: str
    arrays: tuple[tuple[str, tuple[int, ...], str, int], ...]


def allocate(
    shapes: dict[str, tuple[tuple[int, ...], Any]],
) -> tuple[Layout, dict[str, np.ndarray]]:
    """A new shared file (in memory: ``/dev/shm`` where there is one) holding a zeroed
    array of each shape and dtype, and the views of them.

    A plain mapped file rather than ``multiprocessing.shared_memory``: the env unlinks
    it once its workers have mapped it, so nothing is left behind whatever ends the
    processes, and the mapping goes with the last array that uses it (a shared memory
    block cannot be closed while arrays handed out still point into it).
    """
    fields = []
    size = 0
    for name, (shape, dtype) in shapes.items():
        kind = np.dtype(dtype)
        size = -(-size // 64) * 64  # each array starts on a cache line
        fields.append((name, shape, kind.str, size))
        size += int(np.prod(shape)) * kind.itemsize
    directory = "/dev/shm" if os.path.isdir("/dev/shm") else None
    handle, path = tempfile.mkstemp(prefix="tabletop-tables-", dir=directory)
    try:
        os.ftruncate(handle, max(size, 1))
        memory = mmap.mmap(handle, max(size, 1))
    finally:
        os.close(handle)
    layout = Layout(path, tuple(fields))
    return layout, views(memory, layout)


def attach(layout: Layout) -> dict[str, np.ndarray]:
    """The arrays of ``layout``, mapped in this process."""
    with open(layout.path, "r+b") as file:
        memory = mmap.mmap(file.fileno(), 0)
    return views(memory, layout)


def views(memory: mmap.mmap, layout: Layout) -> dict[str, np.ndarray]:
    """The arrays of ``layout`` over ``memory``."""
    return {
        name: np.ndarray(shape, np.dtype(dtype), buffer=memory, offset=offset)
        for name, shape, dtype, offset in layout.arrays
    }


@dataclass(frozen=True)
class Failure:
    """An exception a worker met, sent back for the env to raise."""

    error: BaseException
    trace: str


def serve(conn: Connection, layout: Layout, spec: ShardSpec, start: int, stop: int) -> None:
    """A worker's life: make its shard of tables ``start`` .. ``stop - 1`` over the
    shared file, then answer the env's messages until it says ``close``.

    Messages: ``("step",)`` (the actions are in the shared file), ``("reset", seed)``,
    ``("states",)``, ``("snapshot",)`` and ``("restore", snapshot)`` (pickling the env);
    each is answered with the ended games' ``(table, result)`` pairs, None, the
    states, the snapshot, or a :class:`Failure`. Between them it deals its tables'
    next games (:meth:`Shard.make_spares`).
    """
    from tabletop import game as lookup

    try:
        arrays = attach(layout)
        shard = make_shard(
            lookup(spec.game),
            spec,
            ShardArrays(
                arrays["observations"],
                arrays["masks"],
                arrays["rewards"],
                arrays["dones"],
                arrays["final_observations"],
                arrays["final_masks"],
            ).tables(start, stop),
        )
        actions = arrays["actions"][start:stop]
        conn.send(None)
    except BaseException as error:  # the env raises it
        conn.send(Failure(error, traceback.format_exc()))
        return
    while True:
        failed: Failure | None = None
        try:
            shard.make_spares(conn.poll)  # while the env has no message for it
        except BaseException as error:  # the answer to the next message
            failed = Failure(error, traceback.format_exc())
        try:
            message = wait(conn)
        except EOFError:  # the env's process has gone: nothing left to serve
            return
        reply: Any = None
        try:
            if failed is not None and message[0] != "close":
                reply = failed
            elif message[0] == "step":
                reply = shard.step(actions)
            elif message[0] == "reset":
                shard.reset(message[1])
            elif message[0] == "states":
                reply = shard.states
            elif message[0] == "snapshot":
                reply = shard.snapshot()
            elif message[0] == "restore":
                shard = restored(shard, message[1])
            else:
                return
        except BaseException as error:  # the env raises it
            reply = Failure(error, traceback.format_exc())
        try:
            conn.send(reply)
        except Exception as error:  # an answer that does not pickle: say what it was
            what = reply.error if isinstance(reply, Failure) else reply
            trace = reply.trace if isinstance(reply, Failure) else traceback.format_exc()
            conn.send(
                Failure(
                    RuntimeError(f"the worker's answer does not pickle ({error}): {what!r}"), trace
                )
            )


class Worker:
    """One worker process and its end of the pipe, seen from the env."""

    def __init__(self, layout: Layout, spec: ShardSpec, start: int, stop: int) -> None:
        try:
            pickle.dumps(spec)
        except Exception as error:
            raise ValueError(
                "with workers > 1 the game options and opponents must pickle (bot specs "
                f"and policies defined at a module's top level do): {error}"
            ) from error
        self.tables = (start, stop)
        # typeshed's BaseContext has no Process; both contexts chosen here have one
        context: Any = multiprocessing.get_context(
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        self._conn, theirs = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=serve,
            args=(theirs, layout, spec, start, stop),
            daemon=True,
            name=f"tabletop tables {start}-{stop - 1}",
        )
        self.process.start()
        theirs.close()
        if not self._conn.poll(START_SECONDS):
            self.close()
            raise RuntimeError(
                f"the worker for tables {start}-{stop - 1} did not start "
                f"within {START_SECONDS:.0f} s"
            )
        self.receive()

    def send(self, *message: Any) -> None:
        try:
            self._conn.send(message)
        except (BrokenPipeError, OSError) as error:
            raise self._gone() from error

    def receive(self) -> Any:
        """The worker's answer; raises what it raised, or says it has died."""
        try:
            reply = wait(self._conn)
        except (EOFError, OSError) as error:
            raise self._gone() from error
        if isinstance(reply, Failure):
            reply.error.add_note(
                f"in the worker for tables {self.tables[0]}-{self.tables[1] - 1}:\n{reply.trace}"
            )
            raise reply.error
        return reply

    def answered(self) -> bool:
        """Whether the worker's answer (or its end) is waiting to be read."""
        return bool(self._conn.poll(0))

    def step_results(self) -> list[tuple[int, Result]]:
        results: list[tuple[int, Result]] = self.receive()
        return results

    def states(self) -> list[State]:
        self.send("states")
        states: list[State] = self.receive()
        return states

    def snapshot(self) -> Snapshot:
        self.send("snapshot")
        snapshot: Snapshot = self.receive()
        return snapshot

    def restore(self, snapshot: Snapshot) -> None:
        self.send("restore", snapshot)
        self.receive()

    def _gone(self) -> RuntimeError:
        self.process.join(1.0)
        return RuntimeError(
            f"the worker for tables {self.tables[0]}-{self.tables[1] - 1} has ended "
            f"(exit code {self.process.exitcode}); make a new env"
        )

    def close(self) -> None:
        """Ask the worker to end, and make sure it does."""
        with contextlib.suppress(BrokenPipeError, OSError):
            self._conn.send(("close",))
        self.process.join(5.0)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(5.0)
        self._conn.close()


def shut(workers: list[Worker]) -> None:
    """End every worker (what ``VectorEnv.close`` and its finalizer run)."""
    for worker in workers:
        worker.close()
    workers.clear()


def unlink(layout: Layout) -> None:
    """Remove the shared file's name (the mappings stay while they are used)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(layout.path)
