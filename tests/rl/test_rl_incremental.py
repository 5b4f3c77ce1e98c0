"""The table encoders' C: each game's packer (``games/<name>/native/_pack.c``) gives
its Python packer's rows, the lookup's C half (``core/lookup/_rows.c``) writes what
the whole lookup writes, a compiled build runs them, and the arrays kept up to date
cannot be written by the caller."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop import compiled
from tabletop.core import lookup
from tabletop.core.lookup.incremental import Incremental
from tabletop.encoding import table_encoder_for
from tabletop.games.code_of_nine.rl import table as code_of_nine_table
from tabletop.games.wicked_labyrinth.rl import table as wicked_labyrinth_table
from tabletop.rl.sampling import random_masked
from tabletop.rl.vector import VectorEnv

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_a_compiled_build_runs_the_incremental_lookup():
    assert compiled.NATIVE and "tabletop.core.lookup._rows" in compiled.NATIVE
    packers = (wicked_labyrinth_table, code_of_nine_table)
    assert all(m.PACKER in compiled.NATIVE for m in packers)
    assert Incremental.usable() == compiled.ACTIVE
    if compiled.ACTIVE:
        assert lookup.native is not None
        assert all(m.native is not None for m in packers)


@pytest.fixture
def native():
    """The lookup's C half, which a compiled build must run: a missing or stale one fails
    here (``source scripts/setup.sh`` builds it); only asking for pure Python skips."""
    if compiled.pure_requested():
        pytest.skip("pure Python requested: the table encoders' C half is not used")
    assert lookup.native is not None, "the compiled build has no fresh _rows extension"
    return lookup.native


@pytest.fixture
def packers(native):
    """Each game's packer in C, by game (built with the lookup's)."""
    found = {"wicked-labyrinth": wicked_labyrinth_table.native}
    found["code-of-nine"] = code_of_nine_table.native
    assert all(found.values()), "the compiled build has no fresh _pack extensions"
    return found


@pytest.mark.parametrize(
    ("game", "players", "seat", "options"),
    [
        ("wicked-labyrinth", 5, None, {}),
        ("wicked-labyrinth", 3, 1, {}),
        ("code-of-nine", 4, None, {"expert": True}),
        ("code-of-nine", 3, 2, {}),
    ],
)
def test_only_what_changed_is_written_and_it_equals_the_whole_lookup(
    native, game, players, seat, options
):
    env = VectorEnv(game, players, 6, **options)
    _, masks = env.reset(seed=11)
    rng = np.random.default_rng(2)
    whole = table_encoder_for(game, players)
    part = table_encoder_for(game, players)
    kept = Incremental()
    shape = (6, env.obs_size) if seat is not None else (6, players, env.obs_size)
    expected, got = np.zeros(shape, np.float32), np.zeros(shape, np.float32)
    for step in range(300):
        whole.encode_into(env.states, expected, seat)
        part.encode_into(env.states, got, seat, kept)
        assert np.array_equal(expected, got), f"step {step}"
        if step == 150:  # written by someone else: forget() makes the next update whole
            got.fill(0.5)
            kept.forget()
        env.step(random_masked(rng, masks))


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("wicked-labyrinth", 3, {}),
        ("wicked-labyrinth", 5, {}),
        ("code-of-nine", 3, {}),
        ("code-of-nine", 4, {"expert": True}),
    ],
)
def test_the_c_packers_give_the_python_packers_rows(packers, game, players, options):
    env = VectorEnv(game, players, 8, **options)
    _, masks = env.reset(seed=3)
    rng = np.random.default_rng(4)
    table = table_encoder_for(game, players)
    ends = 0
    for _ in range(400):
        states = env.states
        config = table._config_for(states[0])
        python = [0] * (8 * config.lookup.width)
        python_private: list[int] = []
        c_private: list[int] = []
        rows = np.zeros((8, config.lookup.width), np.int64)
        if game == "code-of-nine":
            config.packer.pack(states, python, python_private)
            packers[game].pack_code_of_nine(states, rows, c_private, *config.native)
        else:
            config.packer.pack(states, python)
            packers[game].pack_wicked_labyrinth(states, rows, *config.native)
        assert rows.reshape(-1).tolist() == python
        assert c_private == python_private
        _, masks, _, dones = env.step(random_masked(rng, masks))
        ends += int(dones.sum())
    assert ends  # the ends of games (scores, opened cards) were packed too


def test_the_c_packers_refuse_states_that_do_not_fit(packers):
    pack = packers["wicked-labyrinth"].pack_wicked_labyrinth
    env = VectorEnv("wicked-labyrinth", 3, 1)
    env.reset(seed=0)
    state = env.states[0]
    config = table_encoder_for("wicked-labyrinth", 3)._config_for(state)
    rows = np.zeros((1, config.lookup.width), np.int64)
    with pytest.raises(ValueError, match="1 tables need"):
        pack([state], rows[:, :-1].copy(), *config.native)
    state.b.append(0)
    with pytest.raises(ValueError, match="state.b has"):
        pack([state], rows, *config.native)
    with pytest.raises(AttributeError):
        pack([object()], rows, *config.native)


def test_the_arrays_handed_out_are_read_only():
    env = VectorEnv("code-of-nine", 3, 2)
    observations, masks = env.reset(seed=0)
    for array in (
        observations,
        masks,
        env.rewards,
        env.dones,
        env.final_observations,
        env.final_masks,
    ):
        with pytest.raises(ValueError, match="read-only"):
            array.reshape(-1)[0] = 1


def test_the_c_half_refuses_what_it_cannot_read(native):
    out = np.zeros(3, np.int64)
    native.ints_into([1, -2, 3], out)
    assert out.tolist() == [1, -2, 3]
    with pytest.raises(ValueError, match="3 ints for an array of 2"):
        native.ints_into([1, 2, 3], np.zeros(2, np.int64))
    with pytest.raises(TypeError, match="int64"):
        native.ints_into([1, 2], np.zeros(2, np.float64))
    with pytest.raises(TypeError):
        native.ints_into([1, "2"], np.zeros(2, np.int64))
    with pytest.raises(ValueError, match="read-only"):
        native.ints_into([1], np.frombuffer(bytes(8), np.int64))
    ints = np.zeros(2, np.int64)
    with pytest.raises(ValueError, match="lengths disagree"):
        native.update(
            ints,
            ints,
            ints,
            ints,
            ints,
            ints,
            ints,
            np.zeros(1, np.float32),
            np.zeros(1, np.float32),
            True,
        )
    one = np.zeros(1, np.int64)
    first = np.array([0, 1], np.int64)
    with pytest.raises(ValueError, match="outside values"):
        native.update(
            one,
            one.copy(),
            one,
            one,
            first,
            one,
            np.array([5], np.int64),
            np.zeros(1, np.float32),
            np.zeros(1, np.float32),
            True,
        )
