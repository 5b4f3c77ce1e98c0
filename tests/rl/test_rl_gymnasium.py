"""The single-seat Gymnasium env: Gymnasium's checker for every case, and its promises."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence

from tabletop.core.errors import GameOptionError, IllegalActionError
from tabletop.rl.episode import final_info
from tabletop.rl.gymnasium import SingleSeatEnv, env_id, register

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_check_env(case):
    check_env(SingleSeatEnv(case.game, case.players, seat=case.players - 1, **case.options))


def play(env, seed):
    obs, _ = env.reset(seed=seed)
    env.action_space.seed(seed)
    trace = [obs]
    done = False
    while not done:
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, done, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))
        assert not truncated
        assert info == ({} if not done else final_info(env.episode.state.result()))
        trace.append((obs, reward))
    return trace, reward


def test_a_whole_episode_is_fixed_by_the_seed(case):
    env = SingleSeatEnv(case.game, case.players, seat=1, **case.options)
    first, reward = play(env, 7)
    second, _ = play(SingleSeatEnv(case.game, case.players, seat=1, **case.options), 7)
    assert data_equivalence(first, second)
    assert env.episode.state.is_terminal()
    assert reward == env.episode.state.result().win_share(1)


def test_an_illegal_action_ends_the_episode():
    env = SingleSeatEnv("wicked-labyrinth", 4, illegal_reward=-3.0)
    obs, _ = env.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(bad)
    assert (reward, done, info) == (-3.0, True, {"illegal_action": True})


def test_opponents_can_be_named_per_seat():
    env = SingleSeatEnv(
        "wicked-labyrinth", 3, seat=1, opponents=["random", "random"], render_mode="ansi"
    )
    env.reset(seed=2)
    assert "you are seat 2" in env.render()  # seat 1 counted from 1, as people read it


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seat": 3},
        {"seat": -1},
        {"opponents": ["random"]},
        {"opponents": "no-such-bot"},
        {"render_mode": "human"},
    ],
)
def test_bad_arguments_fail_at_construction(kwargs):
    with pytest.raises((GameOptionError, ValueError)):
        SingleSeatEnv("wicked-labyrinth", 3, **kwargs)


def test_registered_ids_make_checked_envs(case):
    ids = register()
    assert register() == ids
    made = gymnasium.make(env_id(case.game), players=case.players, seat=0, **case.options)
    assert isinstance(made.unwrapped, SingleSeatEnv)
    check_env(made.unwrapped)
    made.close()


def test_the_last_mask_holds_only_the_noop_and_info_the_result():
    env = SingleSeatEnv("code-of-nine", 3, seat=2)
    obs, _ = env.reset(seed=5)
    noop = env.episode.noop
    assert env.action_space.n == noop + 1
    done = False
    while not done:
        assert obs["action_mask"].any() and not obs["action_mask"][noop]
        obs, reward, done, _, info = env.step(env.action_space.sample(obs["action_mask"]))
    assert np.flatnonzero(obs["action_mask"]).tolist() == [noop]
    result = env.episode.state.result()
    assert info["scores"] == list(result.scores) and info["placings"] == list(result.placings)
    assert reward == result.win_share(2)


def test_under_gymnasium_vector_autoreset_no_mask_is_all_zero():
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: SingleSeatEnv("wicked-labyrinth", 3, seat=0) for _ in range(2)]
    )
    obs, _ = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(400):
        masks = obs["action_mask"]
        assert masks.any(axis=1).all()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        obs, _, done, _, _ = envs.step(actions)
        ends += int(done.sum())
    assert ends >= 2


def test_reset_options_swap_opponents_or_are_refused():
    calls = []

    def first_legal(observation, mask):
        calls.append(observation.shape)
        return int(np.flatnonzero(mask)[0])

    env = SingleSeatEnv("code-of-nine", 3, seat=0)
    env.reset(seed=1, options={"opponents": first_legal})
    assert env.opponents == {1: first_legal, 2: first_legal}
    obs, _ = env.reset(seed=1)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert calls and calls[0] == (env.episode.obs_size,)
    with pytest.raises(GameOptionError, match="only the option 'opponents'"):
        env.reset(options={"expert": True})


def test_a_policy_opponent_that_breaks_the_rules_is_named():
    env = SingleSeatEnv("code-of-nine", 3, seat=0, opponents=lambda obs, mask: len(mask) - 1)
    obs, _ = env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="opponent policy"):
        while True:
            obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
