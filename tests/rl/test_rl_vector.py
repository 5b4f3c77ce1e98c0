"""The batched env: step for step the same as the PettingZoo parallel env (every seat)
and the single-seat env (one learner) on the same seeds, autoreset included."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop.core.errors import IllegalActionError
from tabletop.rl.gymnasium import SingleSeatEnv
from tabletop.rl.pettingzoo import parallel_env
from tabletop.rl.vector import VectorEnv

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

TABLES = 3


def random_actions(rng, masks):
    """One uniformly drawn legal action per mask (the last axis)."""
    flat = masks.reshape(-1, masks.shape[-1])
    return np.array([rng.choice(np.flatnonzero(m)) for m in flat]).reshape(masks.shape[:-1])


def test_every_seat_agrees_with_the_parallel_env_step_for_step(case):
    vec = VectorEnv(case.game, case.players, TABLES, **case.options)
    envs = [parallel_env(case.game, case.players, **case.options) for _ in range(TABLES)]
    obs, masks = vec.reset(seed=40)
    expected = [e.reset(seed=40 + t)[0] for t, e in enumerate(envs)]
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(250):
        for t, e in enumerate(envs):
            for p, agent in enumerate(e.possible_agents):
                assert np.array_equal(obs[t, p], expected[t][agent]["observation"])
                assert np.array_equal(masks[t, p], expected[t][agent]["action_mask"])
        actions = random_actions(rng, masks)
        obs, masks, rewards, dones = vec.step(actions)
        for t, e in enumerate(envs):
            out, rew, term, _, infos = e.step(
                {agent: int(actions[t, p]) for p, agent in enumerate(e.possible_agents)}
            )
            assert [rewards[t, p] for p in range(case.players)] == pytest.approx(
                [rew[a] for a in e.possible_agents]
            )
            assert dones[t] == all(term.values())
            if dones[t]:
                ends += 1
                for p, agent in enumerate(e.possible_agents):
                    assert np.array_equal(vec.final_observations[t, p], out[agent]["observation"])
                    assert np.array_equal(vec.final_masks[t, p], out[agent]["action_mask"])
                assert list(vec.results[t].placings) == infos["player_0"]["placings"]
                out, _ = e.reset()
            expected[t] = out
    assert ends >= 1  # autoreset was exercised


def last_legal(observation, mask):
    """A policy opponent: the highest legal action id."""
    return int(np.flatnonzero(mask)[-1])


@pytest.mark.parametrize(
    ("game", "players", "opponents"),
    [
        ("wicked-labyrinth", 4, "random"),
        ("wicked-labyrinth", 3, last_legal),
        ("code-of-nine", 3, "random"),
        ("code-of-nine", 4, ["random", "heuristic", last_legal]),
    ],
)
def test_one_seat_agrees_with_the_single_seat_env_step_for_step(game, players, opponents):
    seat = 1
    vec = VectorEnv(game, players, 2, seat=seat, opponents=opponents)
    envs = [SingleSeatEnv(game, players, seat=seat, opponents=opponents) for _ in range(2)]
    obs, masks = vec.reset(seed=9)
    expected = [e.reset(seed=9 + t)[0] for t, e in enumerate(envs)]
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(120):
        for t in range(2):
            assert np.array_equal(obs[t], expected[t]["observation"])
            assert np.array_equal(masks[t], expected[t]["action_mask"])
        actions = random_actions(rng, masks)
        obs, masks, rewards, dones = vec.step(actions)
        for t, e in enumerate(envs):
            out, reward, done, _, _ = e.step(int(actions[t]))
            assert (rewards[t], dones[t]) == (pytest.approx(reward), done)
            if done:
                ends += 1
                assert np.array_equal(vec.final_observations[t], out["observation"])
                out, _ = e.reset()
            expected[t] = out
    assert ends >= 1


def test_masks_are_never_all_zero_and_arrays_are_reused():
    vec = VectorEnv("wicked-labyrinth", 3, 4)
    obs, masks = vec.reset(seed=1)
    rng = np.random.default_rng(3)
    for _ in range(100):
        assert masks.any(axis=-1).all()
        out = vec.step(random_actions(rng, masks))
        assert out[0] is obs and out[1] is masks


def test_an_illegal_action_is_refused_before_any_table_moves():
    vec = VectorEnv("code-of-nine", 4, 3)
    _, masks = vec.reset(seed=2)
    before = [s.to_json() for s in vec.states]
    actions = random_actions(np.random.default_rng(0), masks)
    t, p = 2, int(np.flatnonzero(~masks[2, :, vec.noop].astype(bool))[0])
    actions[t, p] = vec.noop
    with pytest.raises(IllegalActionError, match="at table 2"):
        vec.step(actions)
    assert [s.to_json() for s in vec.states] == before
    with pytest.raises(ValueError, match="shape"):
        vec.step(actions[:, 0])
    for outside in (-1, vec.num_actions, 2**40):
        wrong = actions.copy()
        wrong[t, p] = outside
        with pytest.raises(IllegalActionError, match=f"cannot play {outside}: at table 2"):
            vec.step(wrong)
    assert [s.to_json() for s in vec.states] == before
    vec.step(random_actions(np.random.default_rng(0), masks).astype(np.uint8))  # unsigned too
    assert [s.to_json() for s in vec.states] != before


@pytest.mark.parametrize(
    "kwargs",
    [
        {"tables": 0},
        {"tables": 2, "seat": 5},
        {"tables": 2, "reward": "points"},
        {"tables": 2, "seat": 0, "opponents": "no-such-bot"},
    ],
)
def test_bad_arguments_fail_at_construction(kwargs):
    with pytest.raises(ValueError):
        VectorEnv("wicked-labyrinth", 3, **kwargs)


def test_the_mask_table_forgets_when_full_and_keys_stay_right(monkeypatch):
    from tabletop.rl import shard, stepping

    monkeypatch.setattr(shard, "MASK_TABLE_LIMIT", 3)
    table = shard.MaskTable(6)

    def key(ids):
        new = []
        found = stepping.mask_key(ids, table.known, new)
        table.add(new)
        return found

    first = key((1, 2))
    second = key((0, 4))
    assert (first, second) == (1, 2) and key((1, 2)) == 1
    table.start()  # full: every set is forgotten
    assert not table.known
    again = key((0, 4))
    assert again == 1 and np.flatnonzero(table.rows[again]).tolist() == [0, 4]
    assert not table.rows[2].any()
    assert key(()) == 0  # no decision: the no-op alone, never an all-zero mask


def test_the_mask_table_grows_and_keeps_every_row():
    from tabletop.rl import shard, stepping

    table = shard.MaskTable(200)
    sets = [(i, i + 1) for i in range(150)]
    new = []
    keys = [stepping.mask_key(ids, table.known, new) for ids in sets]
    table.add(new)
    assert keys == list(range(1, 151))
    for k, ids in zip(keys, sets, strict=True):
        assert np.flatnonzero(table.rows[k]).tolist() == list(ids)
    assert np.flatnonzero(table.rows[0]).tolist() == [199]


@pytest.mark.parametrize(
    ("game", "seat", "opponents"),
    [
        ("wicked-labyrinth", None, "random"),
        ("code-of-nine", 1, "heuristic"),
    ],
)
@pytest.mark.slow  # over 3 s: the full suite runs it, the fast tier does not
def test_spare_games_dealt_ahead_change_no_episode(game, seat, opponents, monkeypatch):
    """Games dealt ahead in idle time (``Shard.make_spares``, what workers do between
    steps) start exactly the games the autoreset would have dealt. (The Python engine's
    shard: the native one deals no spares.)"""
    from tabletop.rl import shard

    monkeypatch.setattr(shard, "NATIVE_ENGINES", False)
    kwargs = {} if seat is None else {"seat": seat, "opponents": opponents}
    plain = VectorEnv(game, 3, 4, **kwargs)
    ahead = VectorEnv(game, 3, 4, **kwargs)
    expected, got = plain.reset(seed=11), ahead.reset(seed=11)
    rng = np.random.default_rng(2)
    used = 0
    for _ in range(300):
        ahead._shard.make_spares(lambda: False)
        assert all(s is not None for s in ahead._shard._spares)
        actions = random_actions(rng, expected[1])
        expected, got = plain.step(actions), ahead.step(actions)
        for a, b in zip(expected, got, strict=True):
            assert np.array_equal(a, b)
        used += sum(s is None for s in ahead._shard._spares)
        assert plain.results == ahead.results
    assert used >= 3
    assert [s.to_json() for s in ahead.states] == [s.to_json() for s in plain.states]


def test_dealing_spares_stops_when_asked(monkeypatch):
    from tabletop.rl import shard

    monkeypatch.setattr(shard, "NATIVE_ENGINES", False)  # the Python engine deals spares
    env = VectorEnv("code-of-nine", 3, 5)
    env.reset(seed=0)
    asked = []
    env._shard.make_spares(lambda: len(asked) > 2 or asked.append(1))
    assert sum(s is not None for s in env._shard._spares) == 3
    env._shard.make_spares(lambda: True)
    assert sum(s is not None for s in env._shard._spares) == 3
