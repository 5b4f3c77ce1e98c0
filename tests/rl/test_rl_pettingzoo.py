"""PettingZoo envs: the library's own checkers for every case, plus what they miss."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import (
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)

import tabletop
from tabletop.core.errors import GameOptionError, IllegalActionError, UnknownGameError
from tabletop.encoding import encoder_for
from tabletop.rl.pettingzoo import env, parallel_env

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # dict observations: expected


def make_parallel(case, **kwargs):
    return parallel_env(case.game, case.players, **kwargs, **case.options)


def make_aec(case, **kwargs):
    return env(case.game, case.players, **kwargs, **case.options)


def test_parallel_api(case):
    parallel_api_test(make_parallel(case), num_cycles=10_000)


def test_parallel_seed(case):
    parallel_seed_test(lambda: make_parallel(case))


def test_aec_api(case):
    api_test(make_aec(case), num_cycles=10_000)


def test_aec_seed(case):
    seed_test(lambda: make_aec(case), num_cycles=10_000)


def test_render(case):
    render_test(lambda render_mode=None: make_aec(case, render_mode=render_mode))


def test_state(case):
    state_test(make_aec(case), make_parallel(case))


def play_parallel(case, seed):
    """A whole episode with masked random actions; every step's output, in order."""
    e = make_parallel(case)
    steps = [e.reset(seed=seed)]
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(1000 + i)
    obs = steps[0][0]
    while e.agents:
        actions = {a: e.action_space(a).sample(obs[a]["action_mask"]) for a in e.agents}
        steps.append(e.step(actions))
        obs = steps[-1][0]
    return e, steps


def test_whole_episodes_repeat_exactly_from_a_seed(case):
    """The library's parallel seed test compares one step; this compares every step."""
    first, a = play_parallel(case, 21)
    second, b = play_parallel(case, 21)
    assert len(a) == len(b) > 10
    for x, y in zip(a, b, strict=True):
        assert data_equivalence(x, y)
    assert first.episode.state.is_terminal(), "the episode ended by the rules, not a penalty"
    assert first.episode.state.to_json() == second.episode.state.to_json()
    final = a[-1][1]
    assert sum(final.values()) == pytest.approx(1.0)  # win share
    _, c = play_parallel(case, 22)
    assert not all(data_equivalence(x, y) for x, y in zip(a, c, strict=False))


def test_parallel_and_aec_play_the_same_game(case):
    """The same choices give the same game whichever API makes them."""
    par, steps = play_parallel(case, 5)
    history = par.episode.state.history
    aec = make_aec(case)
    aec.reset(seed=5)
    engine = aec.episode
    step = 0
    moves = iter(p_a for p_a in history if p_a[0] >= 0)
    for agent in aec.agent_iter():
        obs, _, done, _, _ = aec.last()
        if done:
            aec.step(None)
            continue
        seat, action = next(moves)
        assert agent == f"player_{seat}"
        assert obs["action_mask"][action] == 1
        aec.step(action)
        step += 1
    assert engine.state.to_json() == par.episode.state.to_json()
    assert step == sum(1 for p, _ in history if p >= 0)


def test_aec_holds_a_commitment_until_all_have_acted():
    aec = env("wicked-labyrinth", 4)
    aec.reset(seed=2)
    assert aec.episode.deciding == (0, 1, 2, 3)  # first declaration: simultaneous
    before = aec.observe("player_1")["observation"].copy()
    aec.step(int(np.flatnonzero(aec.observe("player_0")["action_mask"])[-1]))
    assert aec.agent_selection == "player_1"
    assert np.array_equal(aec.observe("player_1")["observation"], before)


def test_seats_without_a_decision_may_only_no_op():
    e = parallel_env("wicked-labyrinth", 3)
    obs, _ = e.reset(seed=4)
    noop = tabletop.game("wicked-labyrinth").info.num_distinct_actions
    while len(e.episode.deciding) == 3:  # play until a single seat decides
        obs, *_ = e.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents})
    deciding = e.episode.deciding
    assert deciding
    for p, agent in enumerate(e.agents):
        mask = obs[agent]["action_mask"]
        if p in deciding:
            assert mask[noop] == 0 and mask.sum() >= 1
        else:
            assert mask.tolist() == [0] * noop + [1]
    # a waiting seat may leave its action out
    before = len(e.episode.state.history)
    e.step(
        {f"player_{p}": int(np.flatnonzero(obs[f"player_{p}"]["action_mask"])[0]) for p in deciding}
    )
    assert len(e.episode.state.history) > before


def test_observations_are_the_encoded_views():
    e = parallel_env("wicked-labyrinth", 4)
    obs, _ = e.reset(seed=9)
    encoder = encoder_for("wicked-labyrinth")
    for p, agent in enumerate(e.agents):
        assert np.array_equal(obs[agent]["observation"], encoder.encode(e.episode.state.view(p)))
    assert np.array_equal(e.state(), np.concatenate([obs[a]["observation"] for a in e.agents]))


def test_observations_are_the_encoded_views_all_episode_and_stay_as_returned(case):
    """Every step's observations are each seat's encoded view, and later steps never
    write into arrays already returned (the user may keep them)."""
    e = parallel_env(case.game, case.players, **case.options)
    encoder = encoder_for(case.game)
    obs, _ = e.reset(seed=5)
    kept = []
    rng = np.random.default_rng(2)
    while e.agents:
        state = e.episode.state
        for p, agent in enumerate(e.agents):
            assert np.array_equal(obs[agent]["observation"], encoder.encode(state.view(p)))
        kept += [(o["observation"], o["observation"].copy()) for o in obs.values()]
        obs, *_ = e.step(
            {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
        )
    assert all(np.array_equal(array, copy) for array, copy in kept)


def test_an_illegal_action_ends_the_episode_with_a_penalty():
    e = parallel_env("wicked-labyrinth", 3, illegal_reward=-2.0)
    obs, _ = e.reset(seed=1)
    bad = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[0])
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents}
    actions["player_1"] = bad
    _, rewards, terminations, _, infos = e.step(actions)
    assert rewards == {"player_0": 0.0, "player_1": -2.0, "player_2": 0.0}
    assert all(terminations.values()) and e.agents == []
    assert infos["player_1"] == {"illegal_action": True}
    with pytest.raises(RuntimeError, match="reset"):
        e.step(actions)


def test_an_illegal_action_can_raise_instead():
    e = parallel_env("wicked-labyrinth", 3, illegal="raise")
    obs, _ = e.reset(seed=1)
    before = e.episode.state.to_json()
    with pytest.raises(IllegalActionError, match="player 0 cannot play the no-op"):
        e.step({a: tabletop.game("wicked-labyrinth").info.num_distinct_actions for a in e.agents})
    assert e.episode.state.to_json() == before


def test_score_difference_rewards():
    e = parallel_env("wicked-labyrinth", 3, reward="score_diff")
    obs, _ = e.reset(seed=3)
    while e.agents:
        obs, rewards, *_ = e.step(
            {a: int(np.flatnonzero(obs[a]["action_mask"])[-1]) for a in e.agents}
        )
    scores = e.episode.state.result().scores
    info = e.episode.game.info
    span = info.max_score - info.min_score
    for p, agent in enumerate(e.possible_agents):
        others = (sum(scores) - scores[p]) / 2
        assert rewards[agent] == pytest.approx((scores[p] - others) / span)


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        (("no-such-game", 3), {}, UnknownGameError),
        (("wicked-labyrinth", 2), {}, GameOptionError),
        (("wicked-labyrinth", 3), {"reward": "points"}, GameOptionError),
        (("wicked-labyrinth", 3), {"illegal": "ignore"}, GameOptionError),
        (("wicked-labyrinth", 3), {"colour": "red"}, GameOptionError),
        (("wicked-labyrinth", 3), {"render_mode": "rgb_array"}, ValueError),
    ],
)
def test_bad_arguments_fail_at_construction(args, kwargs, error):
    with pytest.raises(error):
        parallel_env(*args, **kwargs)


def test_game_options_pass_through_and_are_read_once(tmp_path):
    from importlib import resources

    from tabletop.core.errors import CardDataError

    cards = tmp_path / "cards.toml"
    cards.write_bytes(
        (resources.files("tabletop.games.wicked_labyrinth") / "cards.toml").read_bytes()
    )
    custom = parallel_env("wicked-labyrinth", 3, cards=str(cards))
    cards.unlink()  # read at construction: resets do not need the file any more
    plain = parallel_env("wicked-labyrinth", 3)
    a, _ = custom.reset(seed=8)
    b, _ = plain.reset(seed=8)
    assert data_equivalence(a, b)
    with pytest.raises(CardDataError):
        parallel_env("wicked-labyrinth", 3, cards=str(tmp_path / "missing.toml"))


def test_the_aec_env_says_it_is_not_parallelizable_and_conversion_refuses():
    from pettingzoo.utils.conversions import aec_to_parallel

    aec = env("wicked-labyrinth", 3)
    assert aec.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="not generally safe"):
        aec_to_parallel(aec)


def test_the_last_infos_hold_every_seats_score_and_placing(case):
    e = make_parallel(case)
    obs, infos = e.reset(seed=4)
    rng = np.random.default_rng(4)
    while e.agents:
        assert all(info == {} for info in infos.values())
        obs, _, _, _, infos = e.step(
            {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
        )
    result = e.episode.state.result()
    for agent in e.possible_agents:
        assert infos[agent] == {
            "scores": list(result.scores),
            "placings": list(result.placings),
            "winners": list(result.winners),
        }
        assert obs[agent]["action_mask"].any()  # the no-op, never all zero


def test_aec_infos_at_the_end_hold_the_result():
    aec = env("code-of-nine", 3)
    aec.reset(seed=2)
    rng = np.random.default_rng(2)
    for _agent in aec.agent_iter():
        obs, _, done, _, info = aec.last()
        aec.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert info["placings"] == list(aec.episode.state.result().placings)


def test_reset_options_are_ignored_with_a_warning_naming_them():
    # PettingZoo's api_test resets with an unknown option, so it cannot be refused.
    with pytest.warns(UserWarning, match=r"ignores \['expert'\]; game options go to the"):
        parallel_env("wicked-labyrinth", 3).reset(seed=1, options={"expert": True})
    with pytest.warns(UserWarning, match="takes no options"):
        env("code-of-nine", 3).reset(options={"players": 4})
