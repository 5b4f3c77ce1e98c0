"""The Labyrinth's soul processing as a choice among end boards (``neural``'s plan head)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.bots import make_bot
from tabletop.bots.neural import NeuralBot
from tabletop.bots.neural.network import Network, packaged
from tabletop.games import REGISTRY
from tabletop.games.wicked_labyrinth.board import STRIDE
from tabletop.games.wicked_labyrinth.bots.plans import (
    FEATURES,
    PLAN_LAYERS,
    Lab,
    PlanHead,
    action_values,
    end_key,
    explore,
    features,
)
from tabletop.games.wicked_labyrinth.elements import CAPACITY, ROUNDS, Phase
from tabletop.games.wicked_labyrinth.ids import DONE
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

GAME = "wicked-labyrinth"


def _processing(seed: int, richest: bool = True) -> tuple[WickedLabyrinthState, int]:
    """A soul processing decision of a 4-player heuristic game (the one with the most
    end boards in its first processing phase)."""
    game = tabletop.game(GAME)
    state = game.new_game(4, seed)
    assert isinstance(state, WickedLabyrinthState)
    bots = [make_bot("heuristic", game, p, seed + p) for p in range(4)]
    while state.phase != Phase.SOUL_PROCESSING:
        moves = [
            (p, bots[p].act(state.view(p), state.legal_actions(p))) for p in state.current_players()
        ]
        for p, action in moves:
            state.apply(p, action)
    seat = max(state.current_players(), key=lambda p: len(explore(state, p).ends))
    return state, seat


def _head(seed: int) -> PlanHead:
    rng = np.random.default_rng(seed)
    shapes = {
        "plan_w0": (FEATURES, 16),
        "plan_b0": (16,),
        "plan_w1": (16, 8),
        "plan_b1": (8,),
        "plan_w2": (8, 1),
        "plan_b2": (1,),
    }
    return PlanHead({k: rng.normal(size=s).astype(np.float32) for k, s in shapes.items()})


def test_every_end_board_is_reached_and_each_action_leads_to_its_own() -> None:
    state, seat = _processing(11)
    graph = explore(state, seat)
    assert len(graph.ends) > 1 and not graph.capped
    assert set(graph.first) == set(state.legal_action_ids(seat))
    o = seat * STRIDE
    assert graph.first[DONE] == [graph.ends.index(end_key(state.b[o : o + STRIDE]))]
    reached = set().union(*(set(ks) for ks in graph.first.values()))
    assert reached == set(range(len(graph.ends)))
    # an action's end boards are its child's: the child's graph has the same boards
    for action, ks in graph.first.items():
        if action != DONE:
            child = state.clone()
            child.apply(seat, action)
            assert {graph.ends[k] for k in ks} == set(explore(child, seat).ends)


def test_the_bot_follows_its_plan_to_the_end_board_it_scores_best(tmp_path: Path) -> None:
    """Re-planning at every step lands on the best-scored end board of the first."""
    state, seat = _processing(11)
    head = _head(3)
    graph = explore(state, seat)
    scores = head.score(features(graph.ends, state.cards, ROUNDS - state.round))
    assert len(set(np.round(scores, 6))) > 1
    with np.load(_base()) as data:
        arrays = {k: v for k, v in data.items() if not k.startswith("plan_")}
    arrays.update(
        {
            "plan_w0": head.w0,
            "plan_b0": head.b0,
            "plan_w1": head.w1,
            "plan_b1": head.b1,
            "plan_w2": head.w2,
            "plan_b2": head.b2,
        }
    )
    np.savez(tmp_path / "w.npz", **arrays)
    bot = make_bot(f"neural:weights={tmp_path / 'w.npz'}", state.game, seat)
    assert isinstance(bot, NeuralBot) and bot.network.plan is not None
    o = seat * STRIDE
    for _ in range(100):
        legal = state.legal_actions(seat)
        action = bot.act(state.view(seat), legal)
        ids = [state.game.actions.id_of(a) for a in legal]
        worth = action_values(bot.network.plan, state, seat)
        assert state.game.actions.id_of(action) == max(ids, key=worth.get)
        if state.game.actions.id_of(action) == DONE:
            break
        state.apply(seat, action)
    assert (
        end_key(state.b[o : o + STRIDE])
        == graph.ends[
            int(
                np.argmax(
                    bot.network.plan.score(features(graph.ends, state.cards, ROUNDS - state.round))
                )
            )
        ]
    )


def _base() -> Path:
    from importlib import resources

    with resources.as_file(REGISTRY.kit(GAME).part("neural:weights")) as path:
        return Path(path)


def test_plan_arrays_must_come_whole() -> None:
    with np.load(_base()) as data:
        arrays = {k: v for k, v in data.items() if k != "plan_b2"}
    arrays.setdefault("plan_w0", np.zeros((FEATURES, 2)))
    with pytest.raises(ValueError, match="plan_"):
        Network(GAME, arrays)


def test_features_are_the_boards_own() -> None:
    state, seat = _processing(5)
    graph = explore(state, seat)
    rows = features(graph.ends, state.cards, ROUNDS - state.round)
    assert rows.shape == (len(graph.ends), FEATURES) and rows.dtype == np.float32
    # one board's row does not depend on the other candidates
    alone = features(graph.ends[-1:], state.cards, ROUNDS - state.round)
    assert np.array_equal(alone[0], rows[-1])
    assert len({r.tobytes() for r in rows}) == len(rows)  # distinct boards, distinct rows


def test_an_overflowing_gain_returns_a_token_the_head_chooses() -> None:
    state, seat = _processing(7)
    lab = Lab(_head(1), state, seat)
    board = [0] * STRIDE
    board[:] = state.b[seat * STRIDE : (seat + 1) * STRIDE]
    board[0:4] = [2, 2, 1, 0]
    after = lab.with_token(board, 3)
    assert after[0:4] == [2, 2, 1, 1]
    board[0:4] = [3, 2, 1, 0]  # six: the seventh overflows, one of four colours goes back
    after = lab.with_token(board, 3)
    assert sum(after[0:4]) == CAPACITY[0]
    options = lab.returns([3, 2, 1, 1, *board[4:]])
    assert after == max(options, key=lab.worth)


def test_shipped_labyrinth_weights_carry_the_plan_head() -> None:
    assert packaged(GAME).plan is not None
    assert set(PLAN_LAYERS) <= set(np.load(_base()).files)


def test_decisions_are_labelled_with_the_planners_end_board(tmp_path: Path) -> None:
    from tabletop.games.wicked_labyrinth.bots.plan_samples import PlanSamples, generate

    samples = generate(3, 1, "neural", make_bot, student_share=0.5, seed=2)
    assert len(samples) > 10 and (samples.sizes >= 2).all()
    assert samples.rows.shape == (int(samples.sizes.sum()), FEATURES)
    assert ((samples.labels >= 0) & (samples.labels < samples.sizes)).all()
    # the planner's end board is the one its own valuation puts first, bar ties
    start = np.concatenate([[0], np.cumsum(samples.sizes)[:-1]])
    best = [samples.worth[s : s + n].max() for s, n in zip(start, samples.sizes, strict=True)]
    assert np.allclose(samples.worth[start + samples.labels], best, atol=1e-6)
    samples.save(str(tmp_path / "p.npz"))
    again = PlanSamples.load(str(tmp_path / "p.npz"))
    assert all(
        np.array_equal(getattr(again, f), getattr(samples, f))
        for f in ("rows", "sizes", "labels", "worth", "values")
    )


@pytest.mark.slow  # over 4 s: the full suite runs it, the fast tier not
def test_a_tiny_plan_run_exports_what_the_numpy_head_scores(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")  # the train extra; playing does not need it
    from tabletop.games.wicked_labyrinth.bots.plan_samples import PlanSamples
    from tabletop.training.plan_train import Config, build, run

    config = Config(GAME, rounds=1, games=2, chunk=1, epochs=1, eval_games=1, seed=1)
    done = run(config, tmp_path)
    assert done.rounds == 1 and done.steps > 0
    network = Network.load(GAME, tmp_path / f"{GAME}.npz")
    assert network.plan is not None
    model = build(config)
    model.load_state_dict(torch.load(tmp_path / "checkpoint.pt", weights_only=False)["model"])
    rows = PlanSamples.load(str(next((tmp_path / "shards").iterdir()))).rows[:50]
    with torch.no_grad():
        expected = model(torch.from_numpy(rows.astype(np.float32)))[:, 0].numpy()
    assert np.allclose(network.plan.score(rows.astype(np.float32)), expected, atol=0.05)
    # the network beside the head is the base one, untouched
    assert np.array_equal(network.w0, packaged(GAME).w0)


def test_students_with_a_plan_head_play_its_boards_in_self_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The network's training positions come from the bot's own processing: a student
    seat chooses boards with the plan head, its declarations from the policy."""
    from tabletop.training.selfplay import generate

    with np.load(_base()) as data:
        arrays = {k: v for k, v in data.items() if not k.startswith("plan_")}
    head = _head(4)
    arrays.update(
        {
            "plan_w0": head.w0,
            "plan_b0": head.b0,
            "plan_w1": head.w1,
            "plan_b1": head.b1,
            "plan_w2": head.w2,
            "plan_b2": head.b2,
        }
    )
    student = Network(GAME, arrays)
    asked: list[int] = []
    real = NeuralBot.board_choice

    def spy(self: NeuralBot, view, ids):  # type: ignore[no-untyped-def]
        out = real(self, view, ids)
        asked.append(out is not None)
        return out

    monkeypatch.setattr(NeuralBot, "board_choice", spy)
    samples = generate(
        tabletop.game(GAME),
        3,
        1,
        "heuristic",
        student,
        student_share=1.0,
        epsilon=0.0,
        tables=1,
        seed=3,
    )
    assert sum(asked) > 10 and not all(asked)  # boards by the head, the rest by the policy
    assert samples.masks[np.arange(len(samples)), samples.labels].all()
