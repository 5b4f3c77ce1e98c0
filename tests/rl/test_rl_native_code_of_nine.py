"""Code of Nine's engine in C for the batched env (``tabletop.rl.native``): step for
step the same arrays, results and states as the Python engine (the reference) over
thousands of table steps and hundreds of games, 3 and 4 players, the basic and the
expert game, with workers too; a compiled build runs it; bad input to the C raises
clear errors."""

from __future__ import annotations

import numpy as np
import pytest
from test_rl_native_labyrinth import native_shard, play_both, python_env, require_native

from tabletop import compiled, game
from tabletop.games.code_of_nine.rl import engine
from tabletop.games.code_of_nine.rl.table import CodeOfNineTable
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.rl.shard import Shard
from tabletop.rl.vector import VectorEnv

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.fixture
def native() -> None:
    require_native("code-of-nine")


def test_a_compiled_build_steps_every_seat_tables_in_c(native):
    assert engine.EXTENSION == "tabletop.games.code_of_nine.native._engine"
    assert engine.EXTENSION in compiled.NATIVE
    assert native_shard(VectorEnv("code-of-nine", 4, 2), engine)
    assert native_shard(VectorEnv("code-of-nine", 3, 2, expert=True), engine)
    assert isinstance(VectorEnv("code-of-nine", 4, 2, seat=1)._shard, Shard)


def test_a_board_the_c_cannot_hold_keeps_the_python_engine(native, monkeypatch):
    """Cathedral and Underground Library offer two choices: with room for one, the C
    would refuse the board, so the env steps it in Python."""
    monkeypatch.setattr(engine, "MAX_CHOICE", 1)
    assert isinstance(VectorEnv("code-of-nine", 4, 2)._shard, Shard)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("expert", [False, True])
def test_the_c_engine_equals_the_python_engine_step_for_step(native, monkeypatch, players, expert):
    tables = 24
    native_env = VectorEnv("code-of-nine", players, tables, expert=expert)
    assert native_shard(native_env, engine)
    python = python_env(monkeypatch, "code-of-nine", players, tables, expert=expert)
    ends = play_both(native_env, python, 600, seed=300 + players + 10 * expert)
    assert ends >= 100  # 14,400 table steps


def test_states_asked_at_every_step_and_the_score_difference_reward(native, monkeypatch):
    kwargs = {"reward": "score_diff", "expert": True}
    native_env = VectorEnv("code-of-nine", 3, 8, **kwargs)
    python = python_env(monkeypatch, "code-of-nine", 3, 8, **kwargs)
    assert play_both(native_env, python, 400, seed=21, every=1) >= 20
    tables = native_env._shard._tables
    state = tables.state(0)
    assert tables.state(0) is state  # nothing decided since: the same replay
    with pytest.raises(IndexError, match="decisions, not"):
        tables.engine.history(0, 10**6)


def test_workers_step_their_tables_in_c_with_the_same_episodes(native, monkeypatch):
    python = python_env(monkeypatch, "code-of-nine", 4, 6)
    with VectorEnv("code-of-nine", 4, 6, workers=2) as shared:
        assert native_shard(shared, engine)
        assert play_both(shared, python, 600, seed=11) >= 20


# ---------------------------------------------------------------- bad input to the C


def data(players: int = 4, expert: bool = False) -> dict:
    options = game("code-of-nine").resolve_options({"expert": expert})
    state = game("code-of-nine").new_game(players, 0, **options)
    assert isinstance(state, CodeOfNineState)
    packer = CodeOfNineTable(players).config(state).packer
    return engine.rules_data(players, options["locations"], options["memory_cards"], expert, packer)


def tables_type():
    from tabletop.games.code_of_nine.native._engine import Tables

    return Tables


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda d: d["layout"].__setitem__("STRIDE", 13), ValueError, "built for STRIDE = 12"),
        (lambda d: d["location_ids"].reverse(), ValueError, "knows other locations"),
        (lambda d: d.pop("deck"), KeyError, "lacks deck"),
        (lambda d: d.__setitem__("players", 5), ValueError, "players must be from 3 to 4"),
        (lambda d: d.__setitem__("deck", [0, 1, 2]), ValueError, "do not fit together"),
        (lambda d: d.__setitem__("deck", [0] * 10), ValueError, "do not fit together"),
        (lambda d: d.__setitem__("deck", list(range(29))), ValueError, "at most 28"),
        (lambda d: d["locations"].pop(), ValueError, "one row per location"),
        (lambda d: d["locations"][0].pop(), ValueError, "not 7"),
        (lambda d: d["choice"][12].__setitem__(0, 4), ValueError, "do not fit together"),
        (lambda d: d["choice"][12].__setitem__(2, 0), ValueError, "do not fit together"),
        (lambda d: d.__setitem__("tree_limit", [16, 0, 0]), ValueError, "tree_limit"),
        (lambda d: d["numbers"].__setitem__(0, 29), ValueError, "numbers"),
        (lambda d: d.__setitem__("width", d["width"] + 1), ValueError, "do not fit together"),
        (lambda d: d.__setitem__("size", 10), ValueError, "do not fit together"),
    ],
)
def test_bad_numbers_are_refused_at_construction(native, change, error, message):
    bad = data()
    change(bad)
    with pytest.raises(error, match=message):
        tables_type()(2, bad)


def test_bad_calls_are_refused_before_anything_moves(native):
    Tables = tables_type()
    good = data()
    with pytest.raises(ValueError, match="tables must be from 1"):
        Tables(0, good)
    with pytest.raises(TypeError, match="must be a dict"):
        Tables(1, [])
    tables = Tables(2, good)
    tables.reset(0, 1)
    tables.reset(1, 2)
    with pytest.raises(IndexError, match="table 2 of 2"):
        tables.reset(2, 0)
    with pytest.raises(IndexError):
        tables.history(-1)
    with pytest.raises(ValueError, match="int64 array of 8 items"):
        tables.step(np.zeros((2, 3), np.int64))
    with pytest.raises(ValueError, match="int8 array"):
        tables.masks(np.zeros((2, 4, 69), np.int64))
    with pytest.raises(ValueError, match="int64 array"):
        tables.pack(np.zeros((1, good["width"]), np.int64))
    rows = np.zeros((2, good["width"]), np.int64)
    tables.pack(rows)
    before = rows.copy()
    # The change of memory cards: every seat decides, 0 (change) or 1 (keep).
    with pytest.raises(ValueError, match="table 0 seat 0: action 68 is not legal now"):
        tables.step(np.full((2, 4), 68, np.int64))
    with pytest.raises(ValueError, match="table 1 seat 2: action -1 is not legal now"):
        tables.step(np.array([[0, 0, 0, 0], [0, 0, -1, 0]], np.int64))
    with pytest.raises(ValueError, match="table 1 seat 3: action 30 is not legal now"):
        tables.step(np.array([[0, 0, 0, 0], [0, 0, 0, 30]], np.int64))  # a placement
    tables.pack(rows)
    assert np.array_equal(rows, before)  # nothing moved
    assert tables.history(0) == [] and tables.history(1) == []
    with pytest.raises(RuntimeError, match="initialised once"):
        tables.__init__(2, good)
