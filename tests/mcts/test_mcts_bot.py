"""The ``mcts`` bot on both games: legal, reproducible, view-only, stronger than random."""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.bots import UnknownBotError, make_bot
from tabletop.bots.mcts import MctsBot
from tabletop.core.state import State
from tabletop.sim.runner import play_game

GAMES = ["wicked-labyrinth", "code-of-nine"]


def _advance(state: State, decisions: int, seed: int) -> None:
    """Play ``decisions`` random decisions (seeded) to reach a mid-game state."""
    bots = [make_bot("random", state.game, p, seed + p) for p in range(state.num_players)]
    for _ in range(decisions):
        for p in state.current_players():
            state.apply(p, bots[p].act(state.view(p), state.legal_actions(p)))


def _deciding_state(name: str, seed: int) -> tuple[State, int]:
    """A mid-game state where some seat has more than one legal action."""
    state = tabletop.new_game(name, players=4, seed=seed)
    _advance(state, 12, seed)
    while True:
        for p in state.current_players():
            if len(state.legal_action_ids(p)) > 1:
                return state, p
        _advance(state, 1, seed)


@pytest.mark.parametrize("name", GAMES)
def test_plays_whole_games_with_legal_actions(name: str) -> None:
    """``play_game`` applies every choice through the checked ``apply``."""
    game = tabletop.game(name)
    outcome = play_game(game, ["mcts:iterations=8", "random", "random", "mcts:iterations=8"], 3)
    assert outcome.state.is_terminal() and outcome.decisions > 20


@pytest.mark.parametrize("name", GAMES)
def test_iteration_budget_is_reproducible(name: str) -> None:
    state, seat = _deciding_state(name, 5)
    view, legal = state.view(seat), state.legal_actions(seat)
    picks = []
    for _ in range(2):
        bot = make_bot("mcts:iterations=60", state.game, seat, seed=11)
        picks.append([bot.act(view, legal) for _ in range(3)])
        assert bot.last is not None and bot.last.iterations == 60
        visits = bot.last.root.visits(seat)
        assert sum(visits.values()) == 60
        assert set(visits) <= {state.game.actions.id_of(a) for a in legal}
    assert picks[0] == picks[1]


class _SpyGame:
    """Wraps a game: records every ``determinize`` call and refuses any other way in."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.info = game.info
        self.actions = game.actions
        self.calls: list[Any] = []

    def determinize(self, view: Any, seed: int) -> State:
        self.calls.append(view)
        return self._game.determinize(view, seed)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the search bot reached for game.{name}")


@pytest.mark.parametrize("name", GAMES)
def test_reads_only_the_view_through_determinize(name: str) -> None:
    """Every sampled state comes from ``determinize(view)``; the true state is untouched."""
    state, seat = _deciding_state(name, 9)
    before = state.to_json()
    spy = _SpyGame(state.game)
    bot = MctsBot(spy, seat, seed=2, iterations=25)  # type: ignore[arg-type]
    view = state.view(seat)
    action = bot.act(view, state.legal_actions(seat))
    assert len(spy.calls) == 25 and all(v is view for v in spy.calls)
    assert state.to_json() == before
    assert state.is_legal(seat, action)


def test_beats_random_clearly() -> None:
    """One ``mcts`` against three ``random`` in fixed-seed 4-player games, seat rotated."""
    shares = []
    for name, games in (("code-of-nine", 8), ("wicked-labyrinth", 2)):
        game = tabletop.game(name)
        for g in range(games):
            specs = ["random"] * 4
            specs[g % 4] = "mcts:iterations=25"
            outcome = play_game(game, specs, 100 + g)
            shares.append(outcome.result.win_share(g % 4))
    assert sum(shares) >= 7, shares  # random would win about 2.5 of these 10 (P(>=7) < 0.4%)


def test_search_sealed_plays_the_guide_off_sealed_decisions() -> None:
    """Off sealed decisions (Code of Nine's placement) ``search=sealed`` is the guide."""
    state, seat = _deciding_state("code-of-nine", 4)
    assert not state.sealed_decision()
    view, legal = state.view(seat), state.legal_actions(seat)
    bot = make_bot("mcts:iterations=30,search=sealed,guide=heuristic", state.game, seat, 5)
    assert bot.act(view, legal) in legal and bot.last is None  # type: ignore[attr-defined]
    wl, wl_seat = _deciding_state("wicked-labyrinth", 4)
    while not (wl.sealed_decision() and len(wl.legal_action_ids(wl_seat)) > 1):
        _advance(wl, 1, 4)
        wl_seat = wl.current_players()[0] if wl.current_players() else wl_seat
    bot = make_bot("mcts:iterations=30,search=sealed,guide=heuristic", wl.game, wl_seat, 5)
    assert bot.act(wl.view(wl_seat), wl.legal_actions(wl_seat)) in wl.legal_actions(wl_seat)
    assert bot.last is not None and bot.last.iterations == 30  # type: ignore[attr-defined]


def test_time_budget_and_guide() -> None:
    state, seat = _deciding_state("code-of-nine", 4)
    bot = make_bot("mcts:time=0.05,guide=heuristic", state.game, seat, seed=1)
    action = bot.act(state.view(seat), state.legal_actions(seat))
    assert state.is_legal(seat, action)
    assert bot.last is not None and bot.last.iterations >= 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:iterations=0",
        "mcts:iterations=10,time=1",
        "mcts:time=-1",
        "mcts:c=-1",
        "mcts:margin=2",
        "mcts:iterations=ten",
        "mcts:guide=mcts",
        "mcts:guide=nobot",
        "mcts:search=sealed",
        "mcts:search=some,guide=heuristic",
        "mcts:depth=-1",
        "mcts:budget=3",
    ],
)
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(UnknownBotError):
        make_bot(spec, tabletop.game("code-of-nine"), 0)
