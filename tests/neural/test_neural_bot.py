"""The ``neural`` bot: legal whole games, its shipped weights, NumPy alone at play time."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import tabletop
from tabletop.bots import BOTS, UnknownBotError, make_bot
from tabletop.bots.mcts import MctsBot
from tabletop.bots.mcts.bot import GUIDED_DEPTH
from tabletop.bots.neural import NeuralBot
from tabletop.bots.neural.features import COUNTS, layout
from tabletop.bots.neural.network import LAYERS, Network, masked_softmax, packaged
from tabletop.core.state import State
from tabletop.encoding import encoder_for, table_encoder_for
from tabletop.sim.runner import play_game

CASES = [(game, n) for game, counts in COUNTS.items() for n in counts]


def _midgame(name: str, players: int, seed: int) -> tuple[State, int]:
    """A state some decisions in where a seat has more than one legal action."""
    state = tabletop.new_game(name, players=players, seed=seed)
    bots = [make_bot("random", state.game, p, seed + p) for p in range(players)]
    taken = 0
    while True:
        for p in state.current_players():
            if taken >= 15 and len(state.legal_action_ids(p)) > 1:
                return state, p
        for p in state.current_players():
            state.apply(p, bots[p].act(state.view(p), state.legal_actions(p)))
        taken += 1


@pytest.mark.parametrize(("name", "players"), CASES)
def test_plays_whole_games_at_every_player_count(name: str, players: int) -> None:
    """Every choice goes through the checked ``apply`` (an illegal one raises)."""
    game = tabletop.game(name)
    seats = ["neural", "neural:temperature=1", "random", "neural", "neural"][:players]
    outcome = play_game(game, seats, 7)
    assert outcome.state.is_terminal() and outcome.decisions > 20


@pytest.mark.parametrize("name", list(COUNTS))
def test_offered_for_both_games(name: str) -> None:
    assert "neural" in BOTS.names(name)
    with pytest.raises(UnknownBotError, match="temperature"):
        make_bot("neural:temperature=-1", tabletop.game(name), 0)


@pytest.mark.parametrize("name", list(COUNTS))
def test_shipped_weights_have_the_layout_shapes(name: str) -> None:
    network = packaged(name)
    game = tabletop.game(name)
    h0, h1 = network.w0.shape[1], network.w1.shape[1]
    assert network.w0.shape == (layout(name).size, h0)
    assert network.w1.shape == (h0, h1)
    assert network.policy_w.shape == (h1, game.info.num_distinct_actions)
    assert network.value_w.shape == (h1, 1)
    assert all(getattr(network, layer).dtype == np.float32 for layer in LAYERS)


def test_weights_missing_a_layer_are_refused() -> None:
    arrays = {layer: np.zeros((1, 1)) for layer in LAYERS if layer != "value_b"}
    with pytest.raises(ValueError, match="value_b"):
        Network("code-of-nine", arrays)


def test_a_weights_file_that_cannot_be_read_is_the_specs_error(tmp_path) -> None:
    missing = tmp_path / "none.npz"
    with pytest.raises(UnknownBotError, match="cannot be read"):
        make_bot(f"neural:weights={missing}", tabletop.game("code-of-nine"), 0)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_inputs_put_each_entry_where_its_label_is(name: str, players: int) -> None:
    """One input layout for every count: an entry goes to its label's position."""
    encoder = encoder_for(name)
    shape = layout(name)
    widest = encoder.labels(max(COUNTS[name]))
    observation = np.arange(1, encoder.size(players) + 1, dtype=np.float32)
    row = shape.inputs(observation, players)[0]
    for label, value in zip(encoder.labels(players), observation, strict=True):
        assert row[widest.index(label)] == value
    count_hot = row[shape.observation_size :]
    assert count_hot.tolist() == [float(n == players) for n in COUNTS[name]]
    assert np.count_nonzero(row) == len(observation) + 1


@pytest.mark.parametrize("name", list(COUNTS))
def test_act_plays_the_most_likely_legal_action(name: str) -> None:
    state, seat = _midgame(name, 4, 3)
    bot = make_bot("neural", state.game, seat)
    assert isinstance(bot, NeuralBot)
    legal = state.legal_actions(seat)
    ids = [state.game.actions.id_of(a) for a in legal]
    priors = bot.priors(state.view(seat), ids)
    assert set(priors) == set(ids) and sum(priors.values()) == pytest.approx(1.0)
    assert state.game.actions.id_of(bot.act(state.view(seat), legal)) == max(ids, key=priors.get)


def test_masked_softmax_ignores_illegal_logits() -> None:
    p = masked_softmax(np.array([5.0, 0.0, 1000.0, 0.0]), np.array([0, 1, 3]))
    assert p.sum() == pytest.approx(1.0) and p[0] > 0.98


@pytest.mark.parametrize("name", list(COUNTS))
def test_values_are_win_shares_of_each_seat_from_its_own_view(name: str) -> None:
    state, _ = _midgame(name, 4, 9)
    bot = NeuralBot(state.game, 0)
    values = bot.values(state)
    assert len(values) == 4 and sum(values) == pytest.approx(1.0)
    rows = table_encoder_for(name, 4).encode(state)
    _, raw = bot.network.evaluate(rows, 4)
    assert np.allclose(np.array(values), raw / raw.sum(), atol=1e-6)


@pytest.mark.parametrize("name", list(COUNTS))
def test_search_guided_by_the_network(name: str) -> None:
    """``mcts:guide=neural``: the policy biases every legal root action, the value
    values the leaves, and whole games are legal."""
    state, seat = _midgame(name, 4, 5)
    bot = make_bot("mcts:iterations=40,guide=neural", state.game, seat, 1)
    assert isinstance(bot, MctsBot) and bot.leaf is not None
    assert bot.leaf.scale is None and bot.leaf.depth == GUIDED_DEPTH
    assert (
        isinstance(alpha := make_bot("mcts:depth=0,guide=neural", state.game, seat), MctsBot)
        and alpha.leaf is not None
        and alpha.leaf.depth == 0
    )
    legal = state.legal_actions(seat)
    bot.act(state.view(seat), legal)
    assert bot.last is not None and bot.last.iterations == 40
    outcome = play_game(
        state.game,
        [
            "mcts:iterations=10,guide=neural",
            "neural",
            "random",
            "mcts:iterations=10,guide=neural,depth=0",
        ],
        2,
    )
    assert outcome.state.is_terminal()


def test_guide_priors_reach_every_root_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's root bias holds the network's probability of every legal action."""
    import tabletop.bots.mcts.bot as mcts_bot

    seen: list[dict[int, float] | None] = []
    real = mcts_bot.search

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(args[4].bias)
        return real(*args, **kwargs)

    monkeypatch.setattr(mcts_bot, "search", spy)
    state, seat = _midgame("code-of-nine", 4, 5)
    bot = make_bot("mcts:iterations=5,guide=neural,bias=2", state.game, seat, 1)
    view, legal = state.view(seat), state.legal_actions(seat)
    bot.act(view, legal)
    ids = [state.game.actions.id_of(a) for a in legal]
    priors = NeuralBot(state.game, seat).priors(view, ids)
    assert seen[0] == pytest.approx({a: 2 * p for a, p in priors.items()})


@pytest.mark.slow  # a fresh interpreter plays whole games (not in --fast)
def test_playing_never_imports_torch() -> None:
    """The bot and a whole game with it, thinking or guiding a search included, run on
    NumPy."""
    code = (
        "import sys, tabletop\n"
        "import tabletop.bots.neural\n"
        "from tabletop.sim.runner import play_game\n"
        "for name in ('wicked-labyrinth', 'code-of-nine'):\n"
        "    play_game(tabletop.game(name), ['neural', 'neural:think=0.002', "
        "'mcts:iterations=3,guide=neural'], 1)\n"
        "print('torch' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "False"
