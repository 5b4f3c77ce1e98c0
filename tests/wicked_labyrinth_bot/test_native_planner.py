"""The C planner (``_planner.c``) answers exactly as the Python ``ReferencePlanner``.

Seeded games of heuristic bots are played with the reference planner, recording every
call the bots make of it (``use``, ``best_board`` on real and hypothetical boards,
``end_worth``); the calls are then replayed on a fresh C planner and a fresh reference
side by side, with the games' budgets and with small ones (so the narrow and greedy
levels run and memo entries of levels that ran out stay), other weights and a tiny memo
limit (so ``use`` clears). Every answer must be equal: the worth as a double (``==``),
the action and the search level. Random boards of every processing mode add boards
games rarely make (long queues of gains, slots past 255, no decision at all).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from tabletop import compiled
from tabletop.games.wicked_labyrinth import GAME
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    DECLARED,
    GREAT_DONE,
    IMPURITY,
    MODE,
    PROMOTION,
    QUEUE,
    SMALL_DONE,
    STRIDE,
)
from tabletop.games.wicked_labyrinth.bots import heuristic
from tabletop.games.wicked_labyrinth.bots import processing_planner as pp
from tabletop.games.wicked_labyrinth.bots.processing_planner import (
    ProcessingPlanner,
    ReferencePlanner,
    native_planner,
)
from tabletop.games.wicked_labyrinth.bots.valuation import Weights
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.sim.runner import make_bots

Call = tuple[str, object]


@pytest.fixture(autouse=True)
def _native_built() -> None:
    if compiled.pure_requested():
        pytest.skip("pure Python requested: the C planner is not used")
    assert compiled.native(pp._NATIVE_MODULE), "the C planner is not built: source scripts/setup.sh"


class _Recorder:
    """A reference planner that writes down every call made of it."""

    def __init__(self, inner: ReferencePlanner, calls: list[Call]) -> None:
        self._inner = inner
        self._calls = calls

    @property
    def last_level(self) -> int:
        return self._inner.last_level

    def use(self, left: int) -> None:
        self._calls.append(("use", left))
        self._inner.use(left)

    def best_board(self, board: list[int]) -> tuple[float, int]:
        self._calls.append(("best", tuple(board)))
        return self._inner.best_board(board)

    def end_worth(self, board: Sequence[int]) -> float:
        self._calls.append(("end", tuple(board)))
        return self._inner.end_worth(board)


Log = tuple[CardSet, Weights, int, list[Call]]


def _recorded_games(monkeypatch: pytest.MonkeyPatch) -> list[Log]:
    """The planner calls of heuristic bots in seeded games, per planner."""
    logs: list[Log] = []

    def recording(cards: CardSet, weights: Weights, budget: int = 2500) -> ProcessingPlanner:
        planner = ProcessingPlanner(cards, weights, budget)
        calls: list[Call] = []
        planner._search = _Recorder(ReferencePlanner(cards, weights, budget), calls)
        logs.append((cards, weights, budget, calls))
        return planner

    monkeypatch.setattr(heuristic, "ProcessingPlanner", recording)
    lineups = (
        ["random", "heuristic", "heuristic"],
        ["heuristic", "random", "heuristic:budget=60", "heuristic:future=0.5"],
        ["heuristic:budget=200", "heuristic", "random", "heuristic", "heuristic:future=0"],
    )
    for seed in range(8):
        specs = lineups[seed % len(lineups)]
        state = GAME.new_game(len(specs), 100 + seed)
        bots = make_bots(GAME, specs, 100 + seed)
        while not state.is_terminal():
            chosen = []
            for p in state.current_players():
                view, legal = state.view(p), state.legal_actions(p)
                chosen.append((p, bots[p].act(view, legal)))
            for p, action in chosen:
                state.apply(p, action)
    return logs


def _answers(planner: pp._Search, calls: list[Call]) -> Iterator[tuple[object, ...]]:
    for kind, arg in calls:
        if kind == "use":
            assert isinstance(arg, int)
            planner.use(arg)
            continue
        assert isinstance(arg, tuple)
        if kind == "end":
            yield kind, arg, planner.end_worth(arg)
        else:
            yield (kind, arg, *planner.best_board(list(arg)), planner.last_level)


def _assert_alike(cards: CardSet, weights: Weights, budget: int, calls: list[Call]) -> set[int]:
    """Replay on both planners; the search levels that answered."""
    native = native_planner(cards, weights, budget)
    reference = ReferencePlanner(cards, weights, budget)
    levels = set()
    for mine, theirs in zip(_answers(native, calls), _answers(reference, calls), strict=True):
        assert mine == theirs, (budget, weights)
        if mine[0] == "best":
            levels.add(int(mine[-1]))  # type: ignore[call-overload]
    return levels


def test_replayed_game_calls_give_the_reference_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    logs = _recorded_games(monkeypatch)
    monkeypatch.undo()
    calls = sum(len(c) for *_, c in logs)
    hypothetical = sum(
        1
        for *_, c in logs
        for kind, arg in c
        if kind == "best" and isinstance(arg, tuple) and arg[QUEUE] == 0
    )
    assert calls > 5000 and hypothetical > 1000, (calls, hypothetical)
    levels: set[int] = set()
    other = Weights(future=0.7, great=0.9, small=0.3, middle=0.5, crowding=0.1)
    for cards, weights, budget, recorded in logs:
        levels |= _assert_alike(cards, weights, budget, recorded)
    for cards, weights, _, recorded in logs[:4]:
        for budget in (1, 6, 40):
            levels |= _assert_alike(cards, weights, budget, recorded)
        levels |= _assert_alike(cards, other, 25, recorded)
    assert levels == {0, 1, 2}
    # A tiny memo limit: ``use`` then clears within a round, as the reference does.
    monkeypatch.setattr(pp, "_MEMO_LIMIT", 40)
    for cards, weights, _, recorded in logs[:2]:
        _assert_alike(cards, weights, 30, recorded)


def _random_board(rng: random.Random, cards: CardSet) -> list[int]:
    b = [0] * STRIDE
    for i in range(12):
        b[i] = rng.choice((0, 0, 0, 1, 1, 2, 3, 5))
    b[PROMOTION] = rng.randrange(3)
    b[COLOUR_CHANGE] = rng.randrange(3)
    great, small = len(cards.great_oracles), len(cards.small_oracles)
    b[17], b[18] = rng.randrange(-1, great), rng.randrange(great)
    b[21], b[22] = rng.randrange(-1, small), rng.randrange(small)
    for i in (GREAT_DONE, GREAT_DONE + 1, SMALL_DONE, SMALL_DONE + 1):
        b[i] = int(rng.random() < 0.3)
    b[IMPURITY] = rng.choice((0, 1, 2, 3, 5, 300))
    b[MODE] = rng.choice((4, 4, 4, 2, 3, 5, 0, 1))
    b[DECLARED] = rng.randrange(3)
    # The queue: gains as base-8 digits element + 1, up to twelve of them.
    q = 0
    for _ in range(rng.choice((0, 0, 1, 3, 12))):
        q = q * 8 + rng.choice((1, 2, 3, 4, 5, 6, 7))
    b[QUEUE] = q
    return b


def _outcome(call: object, *args: object) -> object:
    try:
        return call(*args)  # type: ignore[operator]
    except RuntimeError as exc:
        return repr(exc)


def test_random_boards_of_every_mode_give_the_reference_answers() -> None:
    rng = random.Random(17)
    state = GAME.new_game(4, 3)
    levels = set()
    errors = 0
    for budget in (300, 30, 3, 1):
        for left in (3, 2, 1, 0):
            native = native_planner(state.cards, Weights(), budget)
            reference = ReferencePlanner(state.cards, Weights(), budget)
            native.use(left)
            reference.use(left)
            for _ in range(150):
                b = _random_board(rng, state.cards)
                mine = _outcome(native.best_board, b)
                assert mine == _outcome(reference.best_board, b), (budget, left, b)
                if isinstance(mine, str):
                    errors += 1
                else:
                    assert native.last_level == reference.last_level
                    levels.add(native.last_level)
                assert native.end_worth(b) == reference.end_worth(b), (left, b)
    assert levels == {0, 1, 2}
    assert errors > 0


def test_errors_keep_their_messages() -> None:
    cards = GAME.new_game(3, 1).cards
    for make in (native_planner, ReferencePlanner, ProcessingPlanner):
        with pytest.raises(ValueError, match="node budget must be positive, got 0"):
            make(cards, Weights(), 0)
    board = _random_board(random.Random(1), cards)
    board[MODE] = 1
    with pytest.raises(RuntimeError, match="^this board has no soul processing decision$"):
        ProcessingPlanner(cards, Weights()).best_board(board)


def test_the_bots_planner_is_the_native_one() -> None:
    planner = ProcessingPlanner(GAME.new_game(3, 1).cards, Weights(), 50)
    assert type(planner._search).__name__ == "NativePlanner"
    assert (planner.cards, planner.budget, planner.last_level) == (planner._search.cards, 50, 0)  # type: ignore[attr-defined]
