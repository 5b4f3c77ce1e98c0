"""``neural:think``: a bounded search with the network alone, and the self-play that
labels decisions with its visit distributions (expert iteration's search targets)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.bots import UnknownBotError, make_bot
from tabletop.bots.mcts.search import SearchOutcome
from tabletop.bots.neural import NeuralBot
from tabletop.bots.neural.features import COUNTS
from tabletop.bots.neural.model import NetworkModel
from tabletop.bots.neural.network import packaged
from tabletop.games import REGISTRY
from tabletop.training.searchplay import search_games
from tabletop.training.workers import run_tasks


def _play(name: str, spec: str, seed: int) -> list[SearchOutcome]:
    """One 4-player game of ``spec`` in seat 0 against three heuristics; its searches."""
    game = tabletop.game(name)
    state = game.new_game(4, seed)
    bots = [make_bot(spec if p == 0 else "heuristic", game, p, seed + p) for p in range(4)]
    seen: list[SearchOutcome] = []
    while not state.is_terminal():
        chosen = []
        for p in state.current_players():
            legal = state.legal_actions(p)
            chosen.append((p, bots[p].act(state.view(p), legal)))
            if p == 0 and len(legal) > 1:
                bot = bots[0]
                assert isinstance(bot, NeuralBot)
                if bot.last is not None:
                    seen.append(bot.last)
        for p, action in chosen:
            state.apply(p, action)  # checked: an illegal choice raises
    return seen


@pytest.mark.parametrize("name", list(COUNTS))
def test_thinking_searches_within_its_cpu_budget(name: str) -> None:
    """Every searched decision ran iterations and stopped on its budget (or ran out of
    lines). Its move times are a benchmark's (``tabletop bots move-times``,
    docs/neural.md), not a timed test's."""
    searched = _play(name, "neural:think=0.02", 3)
    assert searched, "no decision was searched"
    assert all(s.iterations >= 1 and s.stopped in ("time", "idle") for s in searched)


def test_the_plan_head_explores_a_bounded_number_of_boards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What bounds the Labyrinth's unsearched decisions: no processing graph grows past
    its cap, and a white fragment's or overflow's choice spends at most its budget of
    boards (one such choice explored 1.1 s of CPU before the budget)."""
    from tabletop.games.wicked_labyrinth.bots import plans

    explored: list[tuple[int, int]] = []
    rich: list[tuple[object, int, int]] = []
    real = plans.explore

    def counted(state: object, seat: int, cap: int = plans.NODE_CAP) -> plans.Graph:
        graph = real(state, seat, cap)  # type: ignore[arg-type]
        explored.append((cap, graph.nodes))
        if graph.nodes > 40 and len(rich) < 3:
            rich.append((state.clone(), seat, graph.nodes))  # type: ignore[attr-defined]
        return graph

    monkeypatch.setattr(plans, "explore", counted)
    _play("wicked-labyrinth", "neural:think=0.02", 3)
    assert explored, "no processing graph was explored"
    assert all(cap <= plans.NODE_CAP for cap, _ in explored)
    # a graph stops expanding at its cap; the boards it reached from the last expanded
    # ones are counted, so allow one board's moves beyond it
    assert all(nodes <= cap + 200 for cap, nodes in explored)
    assert rich, "no rich processing decision in this game"
    for state, seat, nodes in rich:  # the cap is what stops a rich graph
        assert real(state, seat, 5).nodes < nodes  # type: ignore[arg-type]


def test_the_labyrinth_searches_its_declarations_only() -> None:
    game = tabletop.game("wicked-labyrinth")
    bot = NeuralBot(game, 0, 1, think=0.01)
    assert bot.model is not None
    state = game.new_game(4, 2)
    assert state.sealed_decision() and bot.model.searches(state)
    while state.sealed_decision():
        for p in state.current_players():
            state.apply(p, state.legal_actions(p)[0])
    assert not state.is_terminal() and not bot.model.searches(state)


@pytest.mark.parametrize("name", list(COUNTS))
def test_the_network_is_a_search_model(name: str) -> None:
    """``mcts:model=neural`` models every seat by the policy head's most likely legal
    action and values the horizon by the value head's win shares."""
    game = tabletop.game(name)
    bot = make_bot("mcts:iterations=20,model=neural,samples=2", game, 0, 5)
    state = game.new_game(4, 6)
    view = state.view(0)
    action = bot.act(view, state.legal_actions(0))
    assert action in state.legal_actions(0)
    model = bot.knowledge  # type: ignore[attr-defined]
    assert isinstance(model, NetworkModel)
    p = state.current_players()[0]
    ids = list(state.legal_action_ids(p))
    expected = NeuralBot(game, p, network=packaged(name))._policy(state.view(p), ids)[0]
    assert model.policy(state, p) == ids[int(np.argmax(expected))]
    rewards = model.rewards(state, 0.3)
    assert len(rewards) == 4 and abs(sum(rewards) - 1) < 1e-5


def test_think_is_checked() -> None:
    game = tabletop.game("code-of-nine")
    for spec in ("neural:think=-1", "neural:think=0.01,samples=0", "neural:think=0.01,mix=2"):
        with pytest.raises(UnknownBotError):
            make_bot(spec, game, 0)


@pytest.mark.parametrize("name", list(COUNTS))
def test_search_positions_carry_their_roots_visit_distributions(name: str) -> None:
    game = tabletop.game(name)
    samples, cpu = search_games(game, 3, 1, packaged(name), 0.005, rival_share=0.34, seed=4)
    assert len(samples) > 0 and cpu > 0
    targets = samples.soft().astype(np.float32)
    assert np.allclose(targets.sum(1), 1.0, atol=1e-2)
    assert not (targets[~samples.masks] > 0).any()  # visits on legal actions only
    assert (targets.argmax(1) == samples.labels).all()
    assert ((samples.values >= 0) & (samples.values <= 1)).all()


def _square(x: int) -> int:
    return x * x


def test_tasks_run_alike_in_process_and_in_workers() -> None:
    arguments = [(k,) for k in range(5)]
    assert sorted(run_tasks(_square, arguments)) == sorted(run_tasks(_square, arguments, 2))
    with pytest.raises(ValueError, match="workers"):
        list(run_tasks(_square, arguments, 0))


@pytest.mark.slow  # two rounds of search self-play and fits (about 10 s)
def test_a_tiny_search_run_trains_on_visit_distributions(tmp_path: Path) -> None:
    pytest.importorskip("torch")  # the train extra; playing does not need it
    from tabletop.training.selfplay import Samples
    from tabletop.training.train import Config, run

    config = Config(
        "code-of-nine",
        mode="search",
        think=0.005,
        rounds=2,
        games=2,
        chunk=1,
        epochs=1,
        eval_games=1,
        eval_think=0.005,
        seed=3,
        init=str(REGISTRY.kit("code-of-nine").part("neural:weights")),
    )
    done = run(config, tmp_path)
    assert done.rounds == 2
    shard = Samples.load(str(tmp_path / "shards" / "r01-k000.npz"))
    assert shard.targets is not None
    curve = json.loads((tmp_path / "curve.json").read_text())
    # the init weights measured first: where the curve starts
    assert [row["mode"] for row in curve] == ["init", "search", "search"]
    assert 0 == curve[0]["cpu_hours"] < curve[1]["cpu_hours"] < curve[2]["cpu_hours"]
