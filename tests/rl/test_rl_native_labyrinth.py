"""The Wicked Labyrinth's engine in C for the batched env (its kit's ``rl:native``,
stepped by ``tabletop.rl.native``):
step for step the same arrays, results and states as the Python engine (the
reference) over thousands of table steps and hundreds of games, with workers too; a
compiled build runs it; bad input to the C raises clear errors."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import tabletop
from tabletop import compiled
from tabletop.games.wicked_labyrinth.cards import default_cards
from tabletop.games.wicked_labyrinth.rl import engine
from tabletop.games.wicked_labyrinth.rl.table import WickedLabyrinthTable
from tabletop.rl import shard as shard_module
from tabletop.rl.native.shard import NativeShard, native_engine
from tabletop.rl.sampling import random_legal
from tabletop.rl.shard import Shard
from tabletop.rl.vector import VectorEnv

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def require_native(game: str) -> None:
    """``game``'s engine in C, which a compiled build must run: a missing or stale one
    fails here (``source scripts/setup.sh`` builds it); only asking for pure Python
    skips."""
    if compiled.pure_requested():
        pytest.skip("pure Python requested: the native engine is not used")
    assert compiled.ACTIVE, "the compiled build is missing or stale"
    assert native_engine(game) is not None, f"the compiled build has no fresh {game} engine"


def native_shard(env: VectorEnv, game_engine: object) -> bool:
    """Whether ``env``'s tables are stepped in C by ``game_engine`` (a kit's part)."""
    return isinstance(env._shard, NativeShard) and env._shard._engine is game_engine


@pytest.fixture
def native() -> None:
    require_native("wicked-labyrinth")


def python_env(monkeypatch: pytest.MonkeyPatch, *args, **kwargs) -> VectorEnv:
    """A batched env on the Python engine (the reference)."""
    monkeypatch.setattr(shard_module, "NATIVE_ENGINES", False)
    try:
        env = VectorEnv(*args, **kwargs)
    finally:
        monkeypatch.setattr(shard_module, "NATIVE_ENGINES", True)
    assert isinstance(env._shard, Shard)
    return env


def assert_same_step(native_env: VectorEnv, python: VectorEnv, got, expected) -> None:
    for a, b in zip(got, expected, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    done = expected[3]
    assert np.array_equal(native_env.final_observations[done], python.final_observations[done])
    assert np.array_equal(native_env.final_masks[done], python.final_masks[done])
    assert native_env.results == python.results


def play_both(
    native_env: VectorEnv, python: VectorEnv, steps: int, seed: int, every: int = 97
) -> int:
    """Step both envs with the same random legal actions, comparing their states every
    ``every`` steps; returns the games ended."""
    got = native_env.reset(seed=seed)
    expected = python.reset(seed=seed)
    for a, b in zip(got, expected, strict=True):
        assert np.array_equal(a, b)
    rng = np.random.default_rng(seed)
    ends = 0
    for step in range(steps):
        actions = random_legal(rng, expected[1], python.noop)
        got = native_env.step(actions)
        expected = python.step(actions)
        assert_same_step(native_env, python, got, expected)
        ends += int(expected[3].sum())
        if step % every == 0:
            assert [s.to_json() for s in native_env.states] == [s.to_json() for s in python.states]
    assert [s.to_json() for s in native_env.states] == [s.to_json() for s in python.states]
    return ends


def test_a_compiled_build_steps_every_seat_tables_in_c(native):
    assert engine.EXTENSION == "tabletop.games.wicked_labyrinth.native._engine"
    assert engine.EXTENSION in compiled.NATIVE
    assert native_shard(VectorEnv("wicked-labyrinth", 4, 2), engine)
    assert isinstance(VectorEnv("wicked-labyrinth", 4, 2, seat=1)._shard, Shard)
    assert not native_shard(VectorEnv("code-of-nine", 4, 2), engine)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_c_engine_equals_the_python_engine_step_for_step(native, monkeypatch, players):
    tables = 24
    native_env = VectorEnv("wicked-labyrinth", players, tables)
    assert native_shard(native_env, engine)
    python = python_env(monkeypatch, "wicked-labyrinth", players, tables)
    ends = play_both(native_env, python, 1000, seed=100 + players)
    assert ends >= 200  # 24,000 table steps


def test_states_asked_at_every_step_are_replayed_incrementally(native, monkeypatch):
    """Self-play reads each deciding seat's state at every step: each call applies the
    decisions made since the last, and a new game starts a new replay."""
    native_env = VectorEnv("wicked-labyrinth", 3, 8)
    python = python_env(monkeypatch, "wicked-labyrinth", 3, 8)
    assert play_both(native_env, python, 400, seed=21, every=1) >= 20
    tables = native_env._shard._tables
    state = tables.state(0)
    assert tables.state(0) is state  # nothing decided since: the same replay
    with pytest.raises(IndexError, match="decisions, not"):
        tables.engine.history(0, 10**6)


def other_cards() -> dict:
    """The default cards in reverse order (every card index differs from the default's),
    with what the default set lacks: great oracles of two tokens of one colour, and
    small oracle rewards that go on after a promotion or a white fragment."""
    data = copy.deepcopy(default_cards().to_json())
    for cards in data.values():
        cards.reverse()
    for great, colour in zip(
        data["great_oracle"][:4], ("red", "green", "blue", "yellow"), strict=True
    ):
        great["colours"] = [colour, colour]
    rewards = (
        ["promotion", "white", "red"],
        ["white", "promotion"],
        ["promotion", "promotion"],
        ["white", "white", "blue"],
    )
    for small, reward in zip(data["small_oracle"][:4], rewards, strict=True):
        small["reward"] = list(reward)
    return data


def test_another_card_set_and_the_score_difference_reward(native, monkeypatch):
    kwargs = {"reward": "score_diff", "cards": other_cards()}
    native_env = VectorEnv("wicked-labyrinth", 4, 16, **kwargs)
    python = python_env(monkeypatch, "wicked-labyrinth", 4, 16, **kwargs)
    assert play_both(native_env, python, 600, seed=5) >= 60


def test_workers_step_their_tables_in_c_with_the_same_episodes(native, monkeypatch):
    python = python_env(monkeypatch, "wicked-labyrinth", 3, 6)
    with VectorEnv("wicked-labyrinth", 3, 6, workers=2) as shared:
        assert native_shard(shared, engine)
        assert play_both(shared, python, 600, seed=11) >= 20


def test_workers_follow_the_env_s_choice_of_engine(native, monkeypatch):
    """An env made for the Python engine has its workers use it too (the choice is in
    the spec they are sent, not in their own module)."""
    with python_env(monkeypatch, "wicked-labyrinth", 3, 4, workers=2) as python:
        assert not python._spec({}, 2, 4).native
        assert play_both(VectorEnv("wicked-labyrinth", 3, 4), python, 400, seed=2) >= 10


# ---------------------------------------------------------------- bad input to the C


def data(players: int = 4) -> dict:
    return engine.rules_data(players, default_cards(), native_width(players))


def native_width(players: int) -> int:
    state = tabletop.new_game("wicked-labyrinth", players)
    return WickedLabyrinthTable(players).config(state).lookup.width


def tables_type():
    from tabletop.games.wicked_labyrinth.native._engine import Tables

    return Tables


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda d: d["layout"].__setitem__("QUEUE", 27), ValueError, "built for QUEUE = 28"),
        (lambda d: d.pop("small_rewards"), KeyError, "lacks small_rewards"),
        (lambda d: d.__setitem__("players", 9), ValueError, "players must be from 2 to 8"),
        (lambda d: d.__setitem__("search_pieces", 9), ValueError, "search_pieces"),
        (
            lambda d: d.update(
                corridor_lower=d["corridor_lower"][:19], corridor_upper=d["corridor_upper"][:19]
            ),
            ValueError,
            "do not fit together",
        ),
        (
            lambda d: d.__setitem__("great_colours", d["great_colours"][:14]),
            ValueError,
            "do not fit together",
        ),
        (lambda d: d["corridor_upper"].__setitem__(0, [7]), ValueError, "corridor_upper"),
        (lambda d: d["corridor_upper"].__setitem__(0, [0] * 9), ValueError, "at most 8"),
        (lambda d: d["great_colours"].__setitem__(0, 4), ValueError, "great_colours"),
        (lambda d: d["small_rewards"].pop(), ValueError, "one list per card"),
        (lambda d: d.__setitem__("width", d["width"] + 1), ValueError, "do not fit together"),
        (lambda d: d.__setitem__("corridor_lower", [0] * 30), ValueError, "at most 24"),
    ],
)
def test_bad_numbers_are_refused_at_construction(native, change, error, message):
    bad = data()
    change(bad)
    with pytest.raises(error, match=message):
        tables_type()(2, bad)


def test_bad_calls_are_refused_before_anything_moves(native):
    Tables = tables_type()
    with pytest.raises(ValueError, match="tables must be from 1"):
        Tables(0, data())
    with pytest.raises(TypeError, match="must be a dict"):
        Tables(1, [])
    tables = Tables(2, data())
    tables.reset(0, 1)
    tables.reset(1, 2)
    with pytest.raises(IndexError, match="table 2 of 2"):
        tables.reset(2, 0)
    with pytest.raises(IndexError):
        tables.history(-1)
    with pytest.raises(ValueError, match="int64 array of 8 items"):
        tables.step(np.zeros((2, 3), np.int64))
    with pytest.raises(ValueError, match="int64"):
        tables.step(np.zeros((2, 4), np.int32))
    with pytest.raises(ValueError, match="int8 array"):
        tables.masks(np.zeros((2, 4, 168), np.int64))
    with pytest.raises(ValueError, match="int64 array"):
        tables.pack(np.zeros((1, native_width(4)), np.int64))
    rows = np.zeros((2, native_width(4)), np.int64)
    tables.pack(rows)
    before = rows.copy()
    with pytest.raises(ValueError, match="table 0 seat 0: action 167 is not legal now"):
        tables.step(np.full((2, 4), 167, np.int64))
    with pytest.raises(ValueError, match="table 1 seat 2: action -1 is not legal now"):
        tables.step(np.array([[0, 0, 0, 0], [0, 0, -1, 0]], np.int64))
    with pytest.raises(ValueError, match="table 1 seat 3: action 36 is not legal now"):
        tables.step(np.array([[0, 0, 0, 0], [0, 0, 0, 36]], np.int64))  # a white choice
    with pytest.raises(ValueError, match="table 0 seat 1: action 35 is not legal now"):
        tables.step(np.array([[0, 35, 0, 0], [0, 0, 0, 0]], np.int64))  # 8 of 7 pieces
    tables.pack(rows)
    assert np.array_equal(rows, before)  # nothing moved
    assert tables.history(0) == [] and tables.history(1) == []
    with pytest.raises(RuntimeError, match="initialised once"):
        tables.__init__(2, data())
