"""The single-seat Gymnasium env: Gymnasium's checker for every case, and its promises."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence

from tabletop.core.errors import GameOptionError
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
        obs, reward, done, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))
        assert not truncated and info == {}
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
    env = SingleSeatEnv("wicked-labyrinth", 3, seat=1, opponents=["random", "random"],
                        render_mode="ansi")
    env.reset(seed=2)
    assert "you are seat 1" in env.render()


@pytest.mark.parametrize(
    "kwargs",
    [{"seat": 3}, {"seat": -1}, {"opponents": ["random"]}, {"opponents": "no-such-bot"},
     {"render_mode": "human"}],
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
