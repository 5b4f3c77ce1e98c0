"""The batched env with worker processes: the same episodes as in one process, bad
input refused before any table moves, and no process or file left behind."""

from __future__ import annotations

import gc
import os
import time

import numpy as np
import psutil
import pytest

from tabletop.core.errors import IllegalActionError
from tabletop.rl.vector import VectorEnv

pytestmark = [
    pytest.mark.filterwarnings("ignore::UserWarning"),
    pytest.mark.slow,  # worker processes per test (not in --fast)
]


def random_actions(rng, masks):
    """One uniformly drawn legal action per mask (the last axis)."""
    flat = masks.reshape(-1, masks.shape[-1])
    return np.array([rng.choice(np.flatnonzero(m)) for m in flat]).reshape(masks.shape[:-1])


@pytest.mark.parametrize(
    ("game", "players", "seat", "workers"),
    [
        ("wicked-labyrinth", 4, None, 2),
        ("code-of-nine", 3, None, 3),
        ("code-of-nine", 4, 2, 2),
    ],
)
def test_workers_give_the_episodes_of_one_process(game, players, seat, workers):
    kwargs = {"seat": seat, "opponents": "random"} if seat is not None else {}
    alone = VectorEnv(game, players, 5, **kwargs)
    with VectorEnv(game, players, 5, workers=workers, **kwargs) as shared:
        assert os.path.exists(os.path.dirname(shared._layout.path))
        assert not os.path.exists(shared._layout.path)  # unlinked once every worker mapped it
        expected = alone.reset(seed=7)
        got = shared.reset(seed=7)
        rng = np.random.default_rng(5)
        ends = 0
        for _ in range(260):
            for a, b in zip(expected, got, strict=True):
                assert np.array_equal(a, b)
            actions = random_actions(rng, expected[1])
            expected = alone.step(actions)
            got = shared.step(actions)
            assert np.array_equal(expected[2], got[2]) and np.array_equal(expected[3], got[3])
            for t in np.flatnonzero(got[3]):
                ends += 1
                assert np.array_equal(alone.final_observations[t], shared.final_observations[t])
                assert np.array_equal(alone.final_masks[t], shared.final_masks[t])
                assert alone.results[t] == shared.results[t]
            assert [r is None for r in shared.results] == [not d for d in got[3]]
        assert ends >= 2  # autoresets in more than one process
        assert [s.to_json() for s in shared.states] == [s.to_json() for s in alone.states]


def test_an_illegal_action_is_refused_before_any_table_moves_in_any_worker():
    with VectorEnv("wicked-labyrinth", 3, 4, workers=2) as env:
        _, masks = env.reset(seed=3)
        before = [s.to_json() for s in env.states]
        actions = random_actions(np.random.default_rng(0), masks)
        deciding = np.flatnonzero(~masks[3, :, env.noop].astype(bool))
        actions[3, deciding[0]] = env.noop  # table 3 is in the worker's shard
        with pytest.raises(IllegalActionError, match="at table 3"):
            env.step(actions)
        assert [s.to_json() for s in env.states] == before


def test_bad_worker_counts_and_opponents_that_do_not_pickle_are_refused():
    for workers in (0, 5, 1.5, True):
        with pytest.raises(ValueError, match="workers must be"):
            VectorEnv("code-of-nine", 3, 4, workers=workers)
    with pytest.raises(ValueError, match="must pickle"):
        VectorEnv(
            "code-of-nine",
            3,
            4,
            seat=0,
            workers=2,
            opponents=lambda observation, mask: int(np.flatnonzero(mask)[0]),
        )


def test_closing_or_dropping_the_env_ends_its_workers():
    env = VectorEnv("code-of-nine", 3, 4, workers=2)
    env.reset(seed=1)
    process = env._workers[0].process
    assert process.is_alive()
    env.close()
    assert not process.is_alive()
    with pytest.raises(RuntimeError, match="closed"):
        env.step(np.zeros((4, 3), np.int64))
    assert env.observations.shape == (4, 3, env.obs_size)  # still readable

    env = VectorEnv("code-of-nine", 3, 4, workers=2)
    process = env._workers[0].process
    del env
    gc.collect()
    process.join(10)
    assert not process.is_alive()


def test_a_worker_that_dies_is_reported():
    with VectorEnv("wicked-labyrinth", 3, 4, workers=2) as env:
        _, masks = env.reset(seed=2)
        process = env._workers[0].process
        os.kill(process.pid, 9)
        process.join(10)
        with pytest.raises(RuntimeError, match=r"worker for tables 2-3 has ended \(exit code -9\)"):
            env.step(random_actions(np.random.default_rng(1), masks))


FAIL_HERE = {"on": False}
"""Set in the test's own process only: worker processes import this module afresh."""


def first_legal_unless_failing(observation, mask):
    """A policy opponent that fails in the env's own process once asked to."""
    if FAIL_HERE["on"]:
        raise ValueError("this policy fails in the env's process")
    return int(np.flatnonzero(mask)[0])


def test_a_failure_in_one_process_leaves_no_answer_behind_for_the_next_call():
    with VectorEnv(
        "code-of-nine", 3, 4, seat=0, opponents=first_legal_unless_failing, workers=2
    ) as env:
        _, masks = env.reset(seed=4)
        FAIL_HERE["on"] = True
        try:
            with pytest.raises(ValueError, match="fails in the env's process"):
                for _ in range(20):  # until an opponent of the env's own tables decides
                    env.step(random_actions(np.random.default_rng(0), masks))
        finally:
            FAIL_HERE["on"] = False
        states = env.states  # the worker's answer to this call, not the step's
        assert len(states) == 4 and all(hasattr(s, "to_json") for s in states)


def fails_in_a_worker_with_an_error_that_does_not_pickle(observation, mask):
    """A policy opponent whose error, raised in a worker process only, cannot be sent."""
    import multiprocessing

    if multiprocessing.parent_process() is not None:
        error = ValueError("a policy's own error")
        error.callback = lambda: None  # a lambda does not pickle
        raise error
    return int(np.flatnonzero(mask)[0])


def test_a_worker_error_that_does_not_pickle_is_still_reported():
    with (
        VectorEnv(
            "code-of-nine",
            3,
            4,
            seat=0,
            workers=2,
            opponents=fails_in_a_worker_with_an_error_that_does_not_pickle,
        ) as env,
        pytest.raises(RuntimeError, match="answer does not pickle.*a policy's own error"),
    ):
        _, masks = env.reset(seed=4)
        for _ in range(20):
            env.step(random_actions(np.random.default_rng(0), masks))


def test_an_idle_env_s_workers_sleep_after_polling_briefly():
    """Workers poll their pipe between steps (``workers.wait``), but only for
    ``SPIN_SECONDS``: an env nobody steps must not keep a core busy."""
    from tabletop.rl.workers import SPIN_SECONDS

    with VectorEnv("code-of-nine", 3, 4, workers=2) as env:
        _, masks = env.reset(seed=1)
        env.step(random_actions(np.random.default_rng(1), masks))
        worker = psutil.Process(env._workers[0].process.pid)
        before = worker.cpu_times()
        idle = 100 * SPIN_SECONDS
        time.sleep(idle)
        after = worker.cpu_times()
        used = (after.user + after.system) - (before.user + before.system)
        assert used < idle / 4, f"an idle worker used {used:.3f} s of CPU in {idle:.3f} s"


def test_a_failure_dealing_ahead_is_the_answer_to_the_next_message(monkeypatch):
    """A worker deals spare games between messages; if that fails, the env hears it
    with its next answer (as any worker error), and the worker goes on serving."""
    import threading
    from multiprocessing import Pipe

    from tabletop.rl import shard, workers

    env = VectorEnv("code-of-nine", 3, 2)  # for its shapes only
    shapes = {
        name: (array.shape, array.dtype)
        for name, array in (
            ("observations", env.observations),
            ("masks", env.masks),
            ("rewards", env.rewards),
            ("dones", env.dones),
            ("final_observations", env.final_observations),
            ("final_masks", env.final_masks),
            ("actions", env._actions),
        )
    }
    layout, _ = workers.allocate(shapes)
    calls = []

    def deal_once_badly(self, stop):
        calls.append(1)
        if len(calls) == 1:
            raise OSError("no memory for a spare game")

    monkeypatch.setattr(shard.Shard, "make_spares", deal_once_badly)
    ours, theirs = Pipe()
    spec = shard.ShardSpec(
        "code-of-nine", 3, 0, 2, None, {}, "win_share", {}, native=False
    )  # the Python engine deals spares
    thread = threading.Thread(target=workers.serve, args=(theirs, layout, spec, 0, 2))
    thread.start()
    try:
        assert ours.recv() is None  # started
        ours.send(("reset", 1))
        assert ours.poll(10), "the worker did not answer"
        failure = ours.recv()
        assert isinstance(failure, workers.Failure) and "no memory" in str(failure.error)
        ours.send(("reset", 1))
        assert ours.poll(10) and ours.recv() is None  # served again
    finally:
        ours.send(("close",))
        thread.join(10)
        workers.unlink(layout)
    assert not thread.is_alive()
