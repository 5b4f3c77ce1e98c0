"""Search knowledge: modelled players, the model asked once per node, the games' models."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.bots import UnknownBotError, make_bot
from tabletop.bots.mcts import MctsBot
from tabletop.bots.mcts.search import Budget, Settings, search
from tabletop.core.game import Game
from tabletop.core.knowledge import Knowledge
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth.bots.priors import HeuristicModel
from tabletop.sim.runner import play_game

from .matrix_game import MatrixGame
from .test_mcts_bot import _deciding_state
from .test_simultaneous_nodes import PENNIES


class _Always(Knowledge):
    """Models every other player as always picking ``choice``; counts the questions."""

    def __init__(self, game: Game, seat: int, choice: int) -> None:
        super().__init__(game, seat)
        self.choice = choice
        self.asked = 0

    def policy(self, state: State, player: int) -> int | None:
        self.asked += 1
        return self.choice

    def stop(self, state: State) -> bool:
        return False

    def rewards(self, state: State, margin: float) -> list[float]:
        raise AssertionError("a matrix game always ends before any horizon")


def _search(seat: int, model: Knowledge, iterations: int, samples: int | None = None):  # type: ignore[no-untyped-def]
    game = MatrixGame(PENNIES)
    settings = Settings(c=0.7, margin=0.0, knowledge=model, samples=samples)
    return search(
        lambda k: game.determinize(None, k),
        seat,
        [0, 1],
        Budget(iterations=iterations),
        settings,
        random.Random(3),
    )


def _pennies(seat: int, model: Knowledge, iterations: int, samples: int | None = None):  # type: ignore[no-untyped-def]
    return _search(seat, model, iterations, samples).root


@pytest.mark.parametrize(("seat", "rival_picks", "best"), [(0, 0, 0), (0, 1, 1), (1, 0, 1)])
def test_the_searcher_answers_a_modelled_rival(seat: int, rival_picks: int, best: int) -> None:
    """Matching pennies against a known choice is no longer a guess: player 0 matches
    it, player 1 avoids it; the modelled rival keeps no statistics."""
    model = _Always(MatrixGame(PENNIES), seat, rival_picks)
    root = _pennies(seat, model, 100)
    visits = root.visits(seat)
    assert visits[best] > 90 and root.mean(seat, best) == 1.0
    assert root.mean(seat, 1 - best) == 0.0
    assert 1 - seat not in root.stats
    assert root.model == {(1 - seat, 0): rival_picks}


@pytest.mark.parametrize(("samples", "asked"), [(None, 1), (3, 3)])
def test_the_model_is_asked_once_per_node_and_determinization(
    samples: int | None, asked: int
) -> None:
    model = _Always(MatrixGame(PENNIES), 0, 1)
    _pennies(0, model, 60, samples)
    assert model.asked == asked


def test_a_search_cut_short_tries_the_advice_first() -> None:
    game = MatrixGame(PENNIES)
    for advised in (0, 1):
        out = search(
            lambda k: game.determinize(None, k),
            0,
            [0, 1],
            Budget(iterations=1),
            Settings(c=0.7, margin=0.0, bias={advised: 1.0}),
            random.Random(5),
        )
        assert out.root.visits(0) == {advised: 1, 1 - advised: 0}


def test_wicked_labyrinth_model_declares_as_the_heuristic_does() -> None:
    """Declarations depend only on public things, so the model, asked from one seat's
    sampled state, names what each heuristic bot declares."""
    game = tabletop.game("wicked-labyrinth")
    state = game.new_game(4, 12)
    bots = [make_bot("heuristic", game, p, 40 + p) for p in range(4)]
    model = HeuristicModel(game, 0)
    right = asked = 0
    while state.round <= 2:
        players = state.current_players()
        sealed = state.sealed_decision()
        if sealed:
            view = state.view(0)
            sample = game.determinize(view, 9)
            model.start(view, sample)
            predicted = {p: model.policy(sample, p) for p in players}
        chosen = [(p, bots[p].act(state.view(p), state.legal_actions(p))) for p in players]
        for p, action in chosen:
            if sealed:
                asked += 1
                right += predicted[p] == game.actions.id_of(action)
            state.apply(p, action)
    assert asked >= 24 and right >= 0.9 * asked, (right, asked)


def test_code_of_nine_model_names_most_heuristic_rivals_moves() -> None:
    """The model decides as the heuristic rivals do, from a sample of one seat's view:
    a rival's own cards are guessed and the heuristic draws completions at random (it
    agrees with itself on another seed about 74% of the time), so the model names
    about two moves in three (66% over six games; with 2 completions instead of the
    heuristic's 8 it named 59%)."""
    from tabletop.games.code_of_nine.bots.priors import HeuristicModel as NineModel

    game = tabletop.game("code-of-nine")
    right = asked = 0
    for seed in range(2):
        state = game.new_game(4, 100 + seed)
        bots = [make_bot("heuristic", game, p, seed * 7 + p) for p in range(4)]
        model = NineModel(game, 0)
        while not state.is_terminal():
            for p in state.current_players():
                legal = state.legal_actions(p)
                action = bots[p].act(state.view(p), legal)
                if p != 0 and len(legal) > 1:
                    sample = game.determinize(state.view(0), seed * 1000 + asked)
                    asked += 1
                    right += model.policy(sample, p) == game.actions.id_of(action)
                state.apply(p, action)
    assert asked >= 100 and right >= 0.62 * asked, (right, asked)


@pytest.mark.parametrize("name", ["wicked-labyrinth", "code-of-nine"])
def test_model_search_plays_whole_games_legally(name: str) -> None:
    game = tabletop.game(name)
    spec = "mcts:iterations=4,model=heuristic,samples=2"
    outcome = play_game(game, [spec, "random", "random", "heuristic"], 8)
    assert outcome.state.is_terminal() and outcome.decisions > 20


@pytest.mark.parametrize("name", ["wicked-labyrinth", "code-of-nine"])
def test_model_search_is_reproducible_and_searches_only_the_seat(name: str) -> None:
    state, seat = _deciding_state(name, 7)
    view, legal = state.view(seat), state.legal_actions(seat)
    runs: list[Any] = []
    for _ in range(2):
        bot = make_bot("mcts:iterations=30,model=heuristic,samples=3", state.game, seat, 4)
        action = bot.act(view, legal)
        root = bot.last.root  # type: ignore[attr-defined]
        lines = bot.last.iterations  # type: ignore[attr-defined]
        assert set(root.stats) == {seat}
        assert lines == min(30, 3 * len(legal)) and sum(root.visits(seat).values()) >= lines
        runs.append((action, root.visits(seat)))
    assert runs[0] == runs[1]


def test_model_search_reads_only_sampled_states() -> None:
    from .test_mcts_bot import _SpyGame

    state, seat = _deciding_state("wicked-labyrinth", 9)
    before = state.to_json()
    spy = _SpyGame(state.game)
    view = state.view(seat)
    bot = MctsBot(spy, seat, seed=2, iterations=20, model="heuristic")  # type: ignore[arg-type]
    action = bot.act(view, state.legal_actions(seat))
    assert spy.calls and all(v is view for v in spy.calls)
    assert state.to_json() == before and state.is_legal(seat, action)


def test_cpu_clock_budget() -> None:
    state, seat = _deciding_state("code-of-nine", 4)
    bot = make_bot("mcts:time=0.05,clock=cpu,depth=4", state.game, seat, seed=1)
    assert state.is_legal(seat, bot.act(state.view(seat), state.legal_actions(seat)))
    assert bot.last is not None and bot.last.iterations >= 1  # type: ignore[attr-defined]
    assert bot.budget.cpu  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:model=oracle", "no model 'oracle' for code-of-nine; known: adaptive, heuristic"),
        ("mcts:model=heuristic,depth=3", "depth and model exclude each other"),
        ("mcts:samples=0", "samples must be a whole number >= 1"),
        ("mcts:clock=sun,time=1", "clock is 'wall' or 'cpu'"),
        ("mcts:clock=cpu", "clock=cpu needs a time budget"),
        ("mcts:model=heuristic,horizon=0", "horizon must be a whole number >= 1"),
        ("mcts:horizon=2", "horizon needs a model"),
    ],
)
def test_bad_knowledge_parameters_are_refused(spec: str, words: str) -> None:
    with pytest.raises(UnknownBotError, match=words):
        make_bot(spec, tabletop.game("code-of-nine"), 0)


class _BySample(_Always):
    """Models the rival as picking the determinization's number modulo 2."""

    def policy(self, state: State, player: int) -> int | None:
        self.asked += 1
        return state.seed % 2


def test_every_root_action_meets_the_same_determinizations_in_turn() -> None:
    """With ``samples=2`` the rival matches on one determinization and not the other:
    each of the searcher's actions is tried on both in turn (common random numbers),
    so both come out even, whatever order UCB visits them in."""
    model = _BySample(MatrixGame(PENNIES), 0, 0)
    root = _pennies(0, model, 41, samples=2)
    for action in (0, 1):
        n = root.visits(0)[action]
        assert abs(root.mean(0, action) - 0.5) <= 0.5 / n + 1e-9
    assert model.asked == 2


def test_a_line_is_played_once_and_then_reused() -> None:
    """Two actions on two determinizations are four lines: the search plays each once,
    reuses their rewards on later visits, and stops when only replays are left."""
    model = _BySample(MatrixGame(PENNIES), 0, 0)
    out = _search(0, model, 100, samples=2)
    assert out.iterations == 4 and model.asked == 2
    visits = out.root.visits(0)
    assert sum(visits.values()) > 4
    assert all(out.root.mean(0, a) == 0.5 for a in (0, 1) if visits[a] % 2 == 0)


def test_the_wicked_labyrinth_model_refuses_a_horizon() -> None:
    with pytest.raises(UnknownBotError, match="takes no horizon"):
        make_bot("mcts:model=heuristic,horizon=2", tabletop.game("wicked-labyrinth"), 0)


@pytest.mark.parametrize("horizon", [1, 2, 3])
def test_code_of_nine_lines_end_at_the_seats_horizon_th_next_placement(horizon: int) -> None:
    """From a placement, the line is valued at the seat's ``horizon``-th placement after
    it (not at the next one when the horizon is further), whatever the rounds between."""
    from tabletop.games.code_of_nine.bots.priors import HeuristicModel as NineModel
    from tabletop.games.code_of_nine.layout import Phase

    state, seat = _deciding_state("code-of-nine", 5)
    model = NineModel(state.game, seat, horizon=horizon)
    model.start(state.view(seat), state)
    # A follow-up choice belongs to a placement already made.
    expected = horizon - (state.phase != Phase.PLACE)  # type: ignore[attr-defined]
    line = state.clone()
    placements = 0
    while not line.is_terminal():
        player = line.current_players()[0]
        if player == seat and line.phase == Phase.PLACE:  # type: ignore[attr-defined]
            if model.stop(line):
                break
            placements += 1
        line.apply_unchecked(player, line.legal_action_ids(player)[0])
    assert line.is_terminal() or placements == expected
    assert not line.is_terminal() or placements <= expected
