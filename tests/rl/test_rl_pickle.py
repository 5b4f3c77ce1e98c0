"""Every env and every state pickles and deep-copies at any point of an episode, and
the copy goes on exactly as the original: the same observations, masks, rewards,
terminations and infos for the same actions, across the end of a game and the next
reset (seeded random play, every registered game at every player count)."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import tabletop
from tabletop.encoding import games_with_encoders
from tabletop.rl import shard
from tabletop.rl.gymnasium import SingleSeatEnv
from tabletop.rl.pettingzoo import env as aec_env
from tabletop.rl.pettingzoo import parallel_env
from tabletop.rl.vector import VectorEnv

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

CASES = [
    pytest.param(
        game,
        players,
        {},
        id=f"{game}-{players}p",
        # the fast tier copies each game at its smallest table; the full suite at all
        marks=() if players == min(tabletop.game(game).info.player_counts) else pytest.mark.slow,
    )
    for game in games_with_encoders()
    for players in tabletop.game(game).info.player_counts
] + [pytest.param("code-of-nine", 3, {"expert": True}, id="code-of-nine-3p-expert")]

COPIES = {
    "pickle": lambda x: pickle.loads(pickle.dumps(x)),
    "deepcopy": copy.deepcopy,
}

POINTS = (0, 7, 40)
"""Steps into an episode at which the env is copied (a short game ends before the
last: the copy is then of a finished episode, which must reset the same way)."""


def pick(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def same(a, b) -> None:
    """Equal observations, masks, rewards, flags and infos, however nested."""
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for key in a:
            same(a[key], b[key])
    elif isinstance(a, np.ndarray):
        assert np.array_equal(a, b)
    elif isinstance(a, tuple | list):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            same(x, y)
    else:
        assert a == b


# ---------------------------------------------------------------- PettingZoo


def parallel_step(env, rng):
    if not env.agents:
        return env.reset()
    obs = {a: env._observe(env._seat(a)) for a in env.agents}
    return env.step({a: pick(rng, o["action_mask"]) for a, o in obs.items()})


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_parallel_env_copies_at_any_point(game, players, options, how):
    env = parallel_env(game, players, **options)
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    for point in POINTS:
        for _ in range(point):
            parallel_step(env, rng)
        twin = COPIES[how](env)
        twin_rng = copy.deepcopy(rng)
        for _ in range(120):  # past the game's end and into the next game
            same(parallel_step(env, rng), parallel_step(twin, twin_rng))


def aec_step(env, rng):
    if all(env.terminations.values()) and env.terminations:
        env.reset()
        return env.last()
    agent = env.agent_selection
    env.step(pick(rng, env.observe(agent)["action_mask"]))
    return (env.agent_selection, env.last(), dict(env.rewards), dict(env.terminations))


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_aec_env_copies_at_any_point(game, players, options, how):
    env = aec_env(game, players, **options)
    env.reset(seed=6)
    rng = np.random.default_rng(2)
    for point in POINTS[1:]:
        for _ in range(point):
            aec_step(env, rng)
        twin = COPIES[how](env)
        twin_rng = copy.deepcopy(rng)
        for _ in range(150):
            same(aec_step(env, rng), aec_step(twin, twin_rng))


# ---------------------------------------------------------------- Gymnasium


def single_step(env, rng):
    if env.episode.over:
        return env.reset()
    return env.step(pick(rng, env.action_masks()))


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_single_seat_env_copies_with_its_opponents(game, players, options):
    env = SingleSeatEnv(game, players, seat=players - 1, opponents="random", **options)
    env.reset(seed=7)
    rng = np.random.default_rng(3)
    for point, how in zip(POINTS, ("pickle", "deepcopy", "pickle"), strict=True):
        for _ in range(point):
            single_step(env, rng)
        twin = COPIES[how](env)
        twin_rng = copy.deepcopy(rng)
        for _ in range(80):
            same(single_step(env, rng), single_step(twin, twin_rng))


@pytest.mark.parametrize("game", games_with_encoders())
def test_heuristic_opponents_pickle_as_they_stand(game):
    """A bot's own generator and caches travel with it: the copy's opponents choose
    what the original's do."""
    players = tabletop.game(game).info.player_counts[0]
    env = SingleSeatEnv(game, players, seat=0, opponents="heuristic")
    env.reset(seed=8)
    rng = np.random.default_rng(4)
    for _ in range(5):
        single_step(env, rng)
    twin = pickle.loads(pickle.dumps(env))
    twin_rng = copy.deepcopy(rng)
    for _ in range(30):
        same(single_step(env, rng), single_step(twin, twin_rng))


# ---------------------------------------------------------------- the batched env


def vector_step(env, rng):
    masks = env.masks
    flat = masks.reshape(-1, masks.shape[-1])
    actions = np.array([pick(rng, m) for m in flat]).reshape(masks.shape[:-1])
    out = env.step(actions)
    return (*(a.copy() for a in out), env.final_observations.copy(), [*env.results])


def results_equal(a, b) -> None:
    assert [r and (r.scores, r.placings) for r in a] == [r and (r.scores, r.placings) for r in b]


@pytest.mark.parametrize("seat", [None, 0])
@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_batched_env_copies_before_reset_and_at_any_point(game, players, options, seat):
    env = VectorEnv(game, players, tables=3, seat=seat, **options)
    fresh = pickle.loads(pickle.dumps(env))
    same(fresh.reset(seed=9), env.reset(seed=9))
    rng = np.random.default_rng(5)
    for point in POINTS:
        for _ in range(point):
            vector_step(env, rng)
        twin = copy.deepcopy(env) if point == 7 else pickle.loads(pickle.dumps(env))
        same((twin.observations, twin.masks, twin.dones), (env.observations, env.masks, env.dones))
        twin_rng = copy.deepcopy(rng)
        for _ in range(100):  # through autoresets
            *arrays, results = vector_step(env, rng)
            *twin_arrays, twin_results = vector_step(twin, twin_rng)
            same(arrays, twin_arrays)
            results_equal(results, twin_results)
        same(
            [s.to_json() for s in env.states],
            [s.to_json() for s in twin.states],
        )


@pytest.mark.parametrize(("game", "seat"), [(games_with_encoders()[0], None), ("code-of-nine", 1)])
def test_a_batched_env_with_workers_copies_into_new_workers(game, seat):
    players = tabletop.game(game).info.player_counts[0]
    opponents = "heuristic" if seat is not None else "random"
    with VectorEnv(game, players, tables=4, seat=seat, opponents=opponents, workers=2) as env:
        env.reset(seed=10)
        rng = np.random.default_rng(6)
        for _ in range(15):
            vector_step(env, rng)
        with pickle.loads(pickle.dumps(env)) as twin:
            assert twin.workers == 2
            twin_rng = copy.deepcopy(rng)
            for _ in range(60):
                *arrays, results = vector_step(env, rng)
                *twin_arrays, twin_results = vector_step(twin, twin_rng)
                same(arrays, twin_arrays)
                results_equal(results, twin_results)


@pytest.mark.parametrize("game", games_with_encoders())
def test_a_batched_env_loads_where_its_engine_in_c_cannot(game, monkeypatch):
    """An env pickled with engines in C (in a compiled build) is read back by one
    without them (the Python engines, from the replayed states), and goes on the same."""
    players = tabletop.game(game).info.player_counts[-1]
    env = VectorEnv(game, players, tables=3)
    env.reset(seed=11)
    rng = np.random.default_rng(7)
    for _ in range(20):
        vector_step(env, rng)
    data = pickle.dumps(env)
    monkeypatch.setattr(shard, "NATIVE_ENGINES", False)
    twin = pickle.loads(data)
    assert type(twin._shard) is shard.Shard
    twin_rng = copy.deepcopy(rng)
    for _ in range(80):
        *arrays, results = vector_step(env, rng)
        *twin_arrays, twin_results = vector_step(twin, twin_rng)
        same(arrays, twin_arrays)
        results_equal(results, twin_results)


# ---------------------------------------------------------------- states


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_every_state_copies_at_any_point_and_plays_on_the_same(game, players, options, how):
    for point in POINTS:
        state = tabletop.game(game).new_game(players, 12 + point, **options)
        rng = np.random.default_rng(point)
        for _ in range(point):
            if state.is_terminal():
                break
            for p in state.current_players():
                state.apply_unchecked(p, int(rng.choice(state.legal_action_ids(p))))
        twin = COPIES[how](state)
        assert twin.to_json() == state.to_json()
        while not state.is_terminal():
            assert twin.current_players() == state.current_players()
            for p in state.current_players():
                legal = state.legal_action_ids(p)
                assert list(twin.legal_action_ids(p)) == list(legal)
                action = int(rng.choice(legal))
                state.apply_unchecked(p, action)
                twin.apply_unchecked(p, action)
        assert twin.is_terminal()
        assert twin.to_json() == state.to_json()
        assert twin.result() == state.result()


# ---------------------------------------------------------------- the C tables' records


@pytest.mark.parametrize("game", ["wicked-labyrinth", "code-of-nine"])
def test_a_c_table_saves_and_loads_its_game_and_refuses_other_bytes(game):
    """``Tables.save`` / ``load`` (``rl/native/_tables.h``): a table's record put at
    another table plays on as the original; bytes of another length are refused."""
    from test_rl_native_labyrinth import require_native

    from tabletop.rl.native.shard import NativeShard

    require_native(game)
    players = tabletop.game(game).info.player_counts[0]
    env = VectorEnv(game, players, tables=2)
    assert isinstance(env._shard, NativeShard)
    env.reset(seed=13)
    rng = np.random.default_rng(9)
    for _ in range(12):
        vector_step(env, rng)
    c_tables = env._shard._tables.engine
    record = c_tables.save(0)
    c_tables.load(1, record)
    assert c_tables.history(1) == c_tables.history(0)
    assert c_tables.save(1) == record
    with pytest.raises(ValueError, match="not a saved table"):
        c_tables.load(1, record[:-1])
    with pytest.raises(ValueError, match="not a saved table"):
        c_tables.load(1, b"")
    with pytest.raises(IndexError):
        c_tables.save(2)
