"""How much the RL wrapper costs: PettingZoo parallel env steps vs the bare engine.

In one run, for one game and player count:

- the env: full episodes of the PettingZoo parallel env, every agent with a decision
  choosing uniformly among its action mask (:func:`random_episode`); each step's
  decisions are the agents that had a real choice;
- the bare engine: ``tabletop.bench.engine.playouts``, the search bots' loop
  (``legal_action_ids`` and ``apply_unchecked``, no views).

The ratio compares time per decision: engine decisions/s divided by env decisions/s
(1.0 would be a free wrapper; the target is at most 3). A third loop, the engine plus
one spectator view per step, says what observing through views would cost at least
(``view_floor_ratio``, the floor of the view-based envs this package had before its
table encoders): the envs now encode from the state and may go under it. A fourth, the
same env with a free encoder (every observation a copy of one zero array), says what
the API's own per-step work costs (``free_observation_ratio``): no encoder can take the
env under it. A fifth, the batched env (:mod:`tabletop.rl.vector`, every seat, 64
tables, actions drawn for all tables at once), gives its table steps per second and
their ratio to the PettingZoo env's steps, in one process (``vector_speedup``) and
with one process per core, 64 tables each (``vector_workers_speedup``; the target is
at least 5), and
:func:`vector_costs` says where its table step's CPU time goes. A sixth,
:func:`learner_steps`, is the single-seat env's learner against
heuristic bots in every other seat (random masked actions): the steps per second a
learner gets against them (the target is at least 1,000).
"""

from __future__ import annotations

import importlib.util
import os
import random
import time
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.bench.engine import playouts
from tabletop.bench.timing import Rate, measure, using_clock
from tabletop.core.game import Game
from tabletop.rl.sampling import random_legal, random_masked

VECTOR_TABLES = 64
"""Tables in the batched env's figure."""

if TYPE_CHECKING:
    from tabletop.rl.pettingzoo import TabletopParallelEnv


def available(game: Game) -> bool:
    """Whether the env can be measured: the rl extra is installed and the game has an
    encoder. (Checked without importing PettingZoo, which is slow to import.)"""
    if not all(importlib.util.find_spec(m) for m in ("numpy", "gymnasium", "pettingzoo")):
        return False
    from tabletop.encoding import games_with_encoders

    return game.info.name in games_with_encoders()


def random_episode(
    env: TabletopParallelEnv, rng: random.Random, seed: int | None = None
) -> tuple[int, int]:
    """One episode of random masked actions: (decisions, steps).

    Each agent with a decision picks uniformly among its mask's legal actions, with one
    ``rng.random()`` as in the engine loop; an agent whose mask holds only the no-op
    has no decision and is left out of the step (the API allows it; the engine loop
    likewise asks only the deciding players). ``seed`` reseeds the env first.
    """
    observations, _ = env.reset(seed=seed)
    noop = env.episode.noop
    decisions = steps = 0
    while env.agents:
        actions = {}
        for agent, observation in observations.items():
            mask = observation["action_mask"]
            if not mask[noop]:
                legal = mask.nonzero()[0]
                actions[agent] = int(legal[int(rng.random() * len(legal))])
        decisions += len(actions)
        observations, *_ = env.step(actions)
        steps += 1
    return decisions, steps


def env_episodes(
    game: Game, players: int, seconds: float, seed: int = 0, free_observations: bool = False
) -> tuple[Rate, int]:
    """Random masked episodes of the parallel env: (episodes and decisions, steps).

    The env is seeded once, at the first reset, as a training loop would.
    ``free_observations`` runs it with a free encoder
    (:class:`~tabletop.rl.free_observations.FreeObservations`).
    """
    from tabletop.rl.free_observations import FreeObservations
    from tabletop.rl.pettingzoo import TabletopParallelEnv

    env = TabletopParallelEnv(game, players)
    if free_observations:
        env.episode = FreeObservations(game, players)
    rng = random.Random(seed)  # the engine loop's driver, so both pay alike
    steps = 0

    def one_episode(k: int) -> int:
        nonlocal steps
        decisions, taken = random_episode(env, rng, seed if k == 0 else None)
        steps += taken
        return decisions

    rate = measure(one_episode, seconds)
    return rate, steps


def vector_steps(
    game: Game,
    players: int,
    seconds: float,
    seed: int = 0,
    tables: int = VECTOR_TABLES,
    workers: int = 1,
) -> tuple[Rate, int]:
    """The batched env (every seat, ``workers`` processes) stepped with random legal
    actions, drawn for all tables at once by :func:`random_legal`: (rate, table steps).

    The rate's count is the ``step`` calls, its decisions the seats that had one; a
    table step is one table's step, the unit of the PettingZoo env's steps. Starting
    the workers is not timed. With workers the clock is always the wall's, whatever
    :func:`~tabletop.bench.timing.using_clock` chose: this process's CPU time leaves
    out the workers' (so, on a busy machine, compare it with care).
    """
    from tabletop.rl.vector import VectorEnv

    with (
        VectorEnv(game, players, tables, workers=workers) as env,
        using_clock("wall") if workers > 1 else nullcontext(),
    ):
        _, masks = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        noop = env.noop

        def one_step(_: int) -> int:
            decisions = int(tables * players - masks[..., noop].sum())
            env.step(random_legal(rng, masks, noop))
            return decisions

        rate = measure(one_step, seconds)
    return rate, rate.count * tables


def cores() -> int:
    """The CPU cores this process may run on (the batched env's process count in
    :func:`rl_figures`)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


VECTOR_PHASES = ("sample", "check", "engine", "encode", "masks")
"""The parts of a batched step that :func:`vector_costs` times: drawing the random
actions, checking them against the masks, the engine applying them (autoresets
included), encoding the observations, listing the legal sets into masks."""


def vector_costs(
    game: Game, players: int, seconds: float, seed: int = 0, tables: int = VECTOR_TABLES
) -> dict[str, float]:
    """Where a batched table step's time goes: CPU microseconds per table step of each
    of :data:`VECTOR_PHASES` (``time.process_time``, so other processes' load weighs
    less than on wall-clock rates), their ``total``, and ``pettingzoo``: the CPU
    microseconds of one PettingZoo parallel env step under the same driver as
    :func:`env_episodes`, for the ratio of the two."""
    from tabletop.rl.pettingzoo import TabletopParallelEnv
    from tabletop.rl.vector import VectorEnv

    clock = time.process_time
    env = VectorEnv(game, players, tables)
    _, masks = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    spent = dict.fromkeys(VECTOR_PHASES, 0.0)
    steps = 0
    start = clock()
    while clock() - start < seconds or not steps:
        t0 = clock()
        actions = random_legal(rng, masks, env.noop)
        t1 = clock()
        chosen = env._checked(actions)
        t2 = clock()
        env._shard.apply(chosen)
        t3 = clock()
        env._shard.encode()
        t4 = clock()
        env._shard.mask()
        t5 = clock()
        for phase, took in zip(
            VECTOR_PHASES, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True
        ):
            spent[phase] += took
        steps += 1
    out = {phase: 1e6 * took / (steps * tables) for phase, took in spent.items()}
    out["total"] = sum(out.values())
    parallel = TabletopParallelEnv(game, players)
    driver = random.Random(seed)
    env_steps = 0
    start = clock()
    while clock() - start < seconds or not env_steps:
        env_steps += random_episode(parallel, driver, seed if not env_steps else None)[1]
    out["pettingzoo"] = 1e6 * (clock() - start) / env_steps
    return out


def learner_steps(
    game: Game, players: int, seconds: float, opponents: str = "heuristic", seed: int = 0
) -> Rate:
    """The single-seat env's learner steps against ``opponents`` with random masked
    actions (the rate's count is steps; decisions are the learner's too)."""
    from tabletop.rl.gymnasium import SingleSeatEnv

    env = SingleSeatEnv(game, players, seat=0, opponents=opponents)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)

    def one_step(_: int) -> int:
        nonlocal obs
        obs, _reward, done, _truncated, _info = env.step(
            int(random_masked(rng, obs["action_mask"]))
        )
        if done:
            obs, _info = env.reset()
        return 1

    return measure(one_step, seconds)


def engine_with_views(game: Game, players: int, seconds: float, seed: int = 0) -> Rate:
    """The bare engine's random playouts, building one spectator view per step."""
    rng = random.Random(seed)

    def one_game(k: int) -> int:
        state = game.new_game(players, seed + k)
        decisions = 0
        while not state.is_terminal():
            state.spectator_view()
            for p in state.current_players():
                ids = state.legal_action_ids(p)
                state.apply_unchecked(p, ids[int(rng.random() * len(ids))])
                decisions += 1
        return decisions

    return measure(one_game, seconds)


ROUNDS = 3
"""The six loops take turns this many times, so a change in machine load during the
run weighs on all of them alike (the figures are sums over the rounds)."""


def rl_figures(game: Game, players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Env steps/s, env and engine decisions/s, the cost ratio per decision, the
    ratio of the engine with one spectator view per step and that of the env with a
    free encoder (see the module docstring).

    Each loop gets ``seconds`` in all, in :data:`ROUNDS` turns.
    """
    env: list[Rate] = []
    engine: list[Rate] = []
    viewed: list[Rate] = []
    free: list[Rate] = []
    vector: list[Rate] = []
    parallel: list[Rate] = []
    learner: list[Rate] = []
    steps = vector_table_steps = parallel_table_steps = 0
    workers = min(cores(), VECTOR_TABLES)
    share = seconds / ROUNDS
    for k in range(ROUNDS):
        rate, taken = env_episodes(game, players, share, seed + 1000 * k)
        env.append(rate)
        steps += taken
        rate, taken = vector_steps(game, players, share, seed + 1000 * k)
        vector.append(rate)
        vector_table_steps += taken
        rate, taken = vector_steps(
            game, players, share, seed + 1000 * k, tables=VECTOR_TABLES * workers, workers=workers
        )
        parallel.append(rate)
        parallel_table_steps += taken
        learner.append(learner_steps(game, players, share, "heuristic", seed + 1000 * k))
        engine.append(playouts(game, players, share, seed + 1000 * k))
        viewed.append(engine_with_views(game, players, share, seed + 1000 * k))
        free.append(env_episodes(game, players, share, seed + 1000 * k, free_observations=True)[0])
    env_rate, engine_rate, viewed_rate = _total(env), _total(engine), _total(viewed)
    free_rate = _total(free)
    vector_rate = _total(vector)
    env_steps = steps / env_rate.seconds
    table_steps = vector_table_steps / vector_rate.seconds
    parallel_steps = parallel_table_steps / _total(parallel).seconds
    return {
        "rl_players": players,
        "env_steps_per_second": env_steps,
        "env_agent_steps_per_second": env_steps * players,
        "vector_tables": VECTOR_TABLES,
        "vector_table_steps_per_second": table_steps,
        "vector_agent_steps_per_second": table_steps * players,
        "vector_decisions_per_second": vector_rate.decisions_per_second,
        "vector_speedup": table_steps / env_steps,
        "vector_workers": workers,
        "vector_workers_tables": VECTOR_TABLES * workers,
        "vector_workers_table_steps_per_second": parallel_steps,
        "vector_workers_agent_steps_per_second": parallel_steps * players,
        "vector_workers_speedup": parallel_steps / env_steps,
        "vector_cost_us": vector_costs(game, players, share, seed),
        "learner_steps_vs_heuristics_per_second": _total(learner).per_second,
        "env_decisions_per_second": env_rate.decisions_per_second,
        "engine_decisions_per_second": engine_rate.decisions_per_second,
        "env_cost_ratio": engine_rate.decisions_per_second / env_rate.decisions_per_second,
        "view_floor_ratio": engine_rate.decisions_per_second / viewed_rate.decisions_per_second,
        "free_observation_ratio": (
            engine_rate.decisions_per_second / free_rate.decisions_per_second
        ),
    }


def _total(rates: list[Rate]) -> Rate:
    return Rate(
        sum(r.count for r in rates), sum(r.decisions for r in rates), sum(r.seconds for r in rates)
    )
