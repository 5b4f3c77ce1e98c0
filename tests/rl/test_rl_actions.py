"""Every env reads its action ids back as moves: ``action_to_string`` (the game's
notation, which parses back to the same id) and ``describe`` (words), the no-op
included; an id outside the space is a clear ValueError."""

from __future__ import annotations

import numpy as np
import pytest

import tabletop
from tabletop.encoding import games_with_encoders
from tabletop.rl.gymnasium import SingleSeatEnv
from tabletop.rl.pettingzoo import env as aec_env
from tabletop.rl.pettingzoo import parallel_env
from tabletop.rl.vector import VectorEnv

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

GAMES = games_with_encoders()


def envs(game: str):
    players = tabletop.game(game).info.player_counts[0]
    return {
        "parallel": parallel_env(game, players),
        "aec": aec_env(game, players),
        "single": SingleSeatEnv(game, players),
        "batched": VectorEnv(game, players, tables=2),
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_id_reads_back_as_its_notation_and_the_noop_by_name(game):
    table = tabletop.game(game).actions
    noop = len(table)
    for kind, env in envs(game).items():
        for i in range(noop):
            text = env.action_to_string(i)
            assert table.id_of(table.parse(text)) == i, (kind, i)
            assert env.describe(i).startswith(f"{text}: ")
        assert env.action_to_string(np.int64(noop)).startswith("no-op (")
        assert env.describe(noop).startswith("no-op (")
    assert envs(game)["single"].action_to_string(noop) == "no-op (the game is over)"
    assert envs(game)["parallel"].action_to_string(noop) == "no-op (not your decision)"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", [-1, 10_000, 2.0, "3", True, None])
def test_an_id_outside_the_space_is_a_clear_value_error(game, bad):
    for env in envs(game).values():
        with pytest.raises(ValueError, match="action id"):
            env.action_to_string(bad)
        with pytest.raises(ValueError, match="action id"):
            env.describe(bad)


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_action_is_described_in_the_position_words(game):
    """Once reset, a legal id is described by the game's renderer for the seat asked
    about (its words differ from the kind's meaning for at least one legal action),
    and every env kind says the same of the same position."""
    players = tabletop.game(game).info.player_counts[0]
    aec = aec_env(game, players)
    aec.reset(seed=3)
    par = parallel_env(game, players)
    par.reset(seed=3)
    single = SingleSeatEnv(game, players, seat=0)
    vec = VectorEnv(game, players, tables=1)
    vec.reset(seed=3)
    agent = aec.agent_selection
    seat = int(agent.split("_")[1])
    legal = [int(i) for i in np.flatnonzero(aec.observe(agent)["action_mask"])]
    here = [aec.describe(i) for i in legal]
    anywhere = [aec_env(game, players).describe(i) for i in legal]
    assert here != anywhere
    assert here == [par.describe(i, agent) for i in legal]
    assert here == [vec.describe(i, table=0, seat=seat) for i in legal]
    assert [par.describe(i) for i in legal] == anywhere  # no agent: no position
    single.reset(seed=3)
    mine = [int(i) for i in np.flatnonzero(single.action_masks())]
    assert all(single.describe(i).split(": ", 1)[1] for i in mine)
    with pytest.raises(ValueError, match="table"):
        vec.describe(legal[0], table=5)
