"""The shared rule vectors (``vectors/*.json``, written by ``scripts/make_vectors.py``
from the Python rules) against every implementation of each rule.

The Python rules first (ranking, tally, gains with their log codes, legal soul
processing actions); then the C rules of ``native/rules.h`` as each extension built
them, through its test entry point ``vector`` (the batched env's ``_engine`` and the
heuristic's ``_planner``); then the bots' fast paths that restate a rule: the bidding's
``rank_chances`` (the tie-break as probabilities) and ``gains.with_token`` (a gained
token without a choice). The random side-by-side tests (``tests/rl``,
``tests/wicked_labyrinth_bot``) stay beside these.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tabletop import compiled
from tabletop.core.native import extension
from tabletop.games.wicked_labyrinth import rules
from tabletop.games.wicked_labyrinth.board import STRIDE, tally
from tabletop.games.wicked_labyrinth.bots.bidding import rank_chances
from tabletop.games.wicked_labyrinth.bots.gains import with_token
from tabletop.games.wicked_labyrinth.bots.processing_planner import ProcessingPlanner
from tabletop.games.wicked_labyrinth.bots.valuation import Weights
from tabletop.games.wicked_labyrinth.cards import default_cards
from tabletop.games.wicked_labyrinth.native import rules_data

VECTORS = Path(__file__).parent / "vectors"
C_MODULES = (
    "tabletop.games.wicked_labyrinth.native._engine",
    "tabletop.games.wicked_labyrinth.native._planner",
)


@cache
def cases(name: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads((VECTORS / f"{name}.json").read_text())["cases"]
    assert len(found) > 50
    return found


# ------------------------------------------------------------------ the Python rules


def test_ranking() -> None:
    for case in cases("ranking"):
        first, seconds = rules.rank_players(case["search"])
        assert (first, list(seconds)) == (case["first"], case["seconds"]), case


def test_tally() -> None:
    cards = default_cards()
    for case in cases("tally"):
        assert list(tally(case["board"], 0, cards)) == case["tally"], case


def _python_steps(
    boards: list[int], steps: list[list[Any]]
) -> tuple[list[int], list[int], list[int]]:
    cards = default_cards()
    b = list(boards)
    log: list[int] = []
    results = []
    for name, o, value in steps:
        if name == "queue":
            rules.queue_gains(b, o, value)
            results.append(0)
        elif name == "gain_token":
            results.append(int(rules.gain_token(b, o, value, log)))
        elif name == "drain":
            results.append(int(rules.drain(b, o, bool(value), log)))
        elif name == "spend_promotion":
            results.append(int(rules.spend_promotion(b, o, log)))
        else:
            assert name == "achieve_small"
            results.append(int(rules.achieve_small(b, o, cards, value, log)))
    return b, log, results


def test_gains() -> None:
    codes = set()
    for case in cases("gains"):
        after, log, results = _python_steps(case["boards"], case["steps"])
        assert (after, log, results) == (case["after"], case["log"], case["results"]), case
        codes |= set(log)
    assert codes == set(range(10)), "every log code is met"


def test_processing_actions() -> None:
    cards = default_cards()
    for case in cases("processing"):
        assert list(rules.processing_actions(case["board"], 0, cards)) == case["actions"], case


# ------------------------------------------------------------------ the C rules, per extension


@pytest.fixture(params=C_MODULES, ids=["engine", "planner"])
def c_vector(request: pytest.FixtureRequest) -> Callable[..., Any]:
    """The extension's ``vector`` entry point with the default cards' data."""
    if compiled.pure_requested():
        pytest.skip("pure Python requested: the C extensions are not used")
    module: ModuleType | None = extension(request.param)
    assert module is not None, f"{request.param} is not built fresh: source scripts/setup.sh"
    data = rules_data(default_cards())

    def vector(rule: str, board: list[int], arg: object) -> Any:
        return module.vector(rule, data, board, arg)

    return vector


def test_c_ranking(c_vector: Callable[..., Any]) -> None:
    for case in cases("ranking"):
        first, seconds = c_vector("rank", case["search"], 0)
        assert (None if first < 0 else first, seconds) == (case["first"], case["seconds"]), case


def test_c_tally(c_vector: Callable[..., Any]) -> None:
    for case in cases("tally"):
        assert c_vector("tally", case["board"], 0) == case["tally"], case


def test_c_gains(c_vector: Callable[..., Any]) -> None:
    for case in cases("gains"):
        steps = [tuple(step) for step in case["steps"]]
        after, log, results = c_vector("gains", case["boards"], steps)
        assert (after, log, results) == (case["after"], case["log"], case["results"]), case


def test_c_processing_actions(c_vector: Callable[..., Any]) -> None:
    for case in cases("processing"):
        assert c_vector("actions", case["board"], 0) == case["actions"], case


def test_c_refuses_boards_the_rules_do_not_read(c_vector: Callable[..., Any]) -> None:
    board = list(cases("tally")[0]["board"])
    board[17] = 99  # no such great oracle
    with pytest.raises(ValueError, match="not one the rules read"):
        c_vector("tally", board, 0)
    board = list(cases("tally")[0]["board"])
    board[-1] = 8  # a queue digit 0 below a gain
    with pytest.raises(ValueError, match="not one the rules read"):
        c_vector("actions", board, 0)


# ------------------------------------------------------------------ the bots' fast paths


def test_bidding_rank_chances_break_ties_as_the_rules() -> None:
    """Every seat of every ranking vector, its rivals' bids known for certain: the
    bidding's chances of 1st and 2nd are the ranking's 1 or 0."""
    for case in cases("ranking"):
        search = case["search"]
        for seat, mine in enumerate(search):
            bids = [[1.0 if n == k else 0.0 for k in range(max(search) + 1)] for n in search]
            del bids[seat]
            first, second, _ = rank_chances(mine, bids)
            assert (first, second) == (
                float(case["first"] == seat),
                float(seat in case["seconds"]),
            ), (case, seat)


def test_gains_with_token_takes_a_token_as_the_rules() -> None:
    """A gained token with no choice to make: the bots' board is the rules' board."""
    planner = ProcessingPlanner(default_cards(), Weights())
    checked = 0
    for case in cases("gains"):
        if len(case["steps"]) != 1 or case["steps"][0][0] != "gain_token" or not case["results"][0]:
            continue
        _, o, colour = case["steps"][0]
        board = case["boards"][o : o + STRIDE]
        assert with_token(board, colour, planner) == case["after"][o : o + STRIDE], case
        checked += 1
    assert checked > 10


# ------------------------------------------------------------------ C beside Python off the vectors


def _oracle_boards() -> list[list[int]]:
    """Soul-processing boards over every great and small oracle pair in their slots, the
    first great oracle achieved or not, and 0 to 2 high tokens of each colour (4 at most)."""
    from itertools import product

    from tabletop.games.wicked_labyrinth.board import GREAT, GREAT_DONE, MODE, SMALL
    from tabletop.games.wicked_labyrinth.elements import M_PROCESS

    boards = []
    for g, s, done in product(range(12), range(12), (0, 1)):
        for high in product(range(3), repeat=4):
            if sum(high) > 4:
                continue
            b = [0] * STRIDE
            b[4:8] = [1, 1, 1, 1]
            b[8:12] = high
            b[GREAT], b[GREAT + 1], b[GREAT_DONE] = g, (g + 1) % 12, done
            b[SMALL], b[SMALL + 1] = s, (s + 1) % 12
            b[MODE] = M_PROCESS
            boards.append(b)
    return boards


@pytest.mark.parametrize("module_name", C_MODULES, ids=["engine", "planner"])
@pytest.mark.parametrize("one_colour", [False, True], ids=["shipped", "one-colour-great"])
def test_c_processing_actions_with_oracles_the_vectors_lack(
    module_name: str, one_colour: bool
) -> None:
    """Section 8 (great and small oracles), beside the vectors: the high tokens on an
    achieved great oracle count toward a small oracle's needs (board.owned_high), and a
    great oracle showing one colour twice (rulings, "Corridor card shape": cards are
    data; the shipped cards have none) needs two high tokens of it. The C rules list the
    Python rules' actions on every such board (docs/mutation.md, the C mutants)."""
    if compiled.pure_requested():
        pytest.skip("pure Python requested: the C extensions are not used")
    module = extension(module_name)
    assert module is not None, f"{module_name} is not built fresh: source scripts/setup.sh"
    cards = default_cards()
    if one_colour:
        from tabletop.games.wicked_labyrinth.cards import parse_cards

        data = cards.to_json()
        for k, great in enumerate(data["great_oracle"]):
            great["colours"] = [great["colours"][0]] * 2 if k % 2 == 0 else great["colours"]
        cards = parse_cards(data, "one-colour great oracles")
    table = rules_data(cards)
    for board in _oracle_boards():
        expected = list(rules.processing_actions(board, 0, cards))
        assert module.vector("actions", table, board, 0) == expected, board
