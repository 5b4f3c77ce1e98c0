"""Write the shared rule vectors from the Python rules, the reference.

Usage: .venv/bin/python scripts/make_vectors.py

Each file under ``tests/wicked_labyrinth/vectors`` and ``tests/code_of_nine/vectors``
holds inputs and the answers the Python rules give them: the Labyrinth's ranking
(``rules.rank_players``), tally (``board.tally``), gains (``queue_gains``,
``gain_token``, ``drain``, ``spend_promotion``, ``achieve_small`` with their log codes)
and legal soul processing actions (``rules.processing_actions``), and Code of Nine's
scoring (``scoring.score``). The cases are hand-picked edges (ties, seven low tokens,
white fragments, full ranks) and boards met in random games of fixed seeds, so a rerun
writes the same files. The tests (``test_vectors.py`` beside each folder, and
``tests/wicked_labyrinth_bot/test_planner_vectors.py``, ``tests/rl/test_native_vectors.py``)
run every implementation of a rule against them, the Python rules first.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tabletop.games.code_of_nine import GAME as NINE
from tabletop.games.code_of_nine import scoring
from tabletop.games.code_of_nine.memory_cards import default_memory_cards
from tabletop.games.code_of_nine.scoring import quantities
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.games.wicked_labyrinth import GAME as LABYRINTH
from tabletop.games.wicked_labyrinth import rules
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    GREAT,
    GREAT_DONE,
    IMPURITY,
    MODE,
    PROMOTION,
    QUEUE,
    SMALL,
    SMALL_DONE,
    STRIDE,
    tally,
)
from tabletop.games.wicked_labyrinth.cards import CardSet, default_cards
from tabletop.games.wicked_labyrinth.elements import (
    M_IDLE,
    M_PROCESS,
    M_REWARD_PROMOTION,
    Element,
)
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

ROOT = Path(__file__).resolve().parent.parent
LABYRINTH_DIR = ROOT / "tests" / "wicked_labyrinth" / "vectors"
NINE_DIR = ROOT / "tests" / "code_of_nine" / "vectors"
SEED = 2026

Board = list[int]


def _write(path: Path, about: str, cases: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"about": about, "cases": cases}, indent=None, separators=(",", ":"))
    path.write_text(text.replace('},{"', '},\n{"') + "\n", encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {len(cases)} cases")


def _random_boards(seeds: range, players: int) -> list[Board]:
    """Every board (one seat's STRIDE slots, card slots dealt) met after each decision
    of random games: the boards real play makes."""
    seen: list[Board] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = LABYRINTH.new_game(players, seed)
        assert isinstance(state, WickedLabyrinthState)
        while not state.is_terminal():
            chosen = [(p, rng.choice(state.legal_actions(p))) for p in state.current_players()]
            for p, action in chosen:
                state.apply(p, action)
            for p in range(players):
                board = state.b[p * STRIDE : (p + 1) * STRIDE]
                if board[GREAT] >= 0 and board[SMALL + 1] >= 0:
                    seen.append(board)
    return seen


def _blank(
    cards: CardSet, great: tuple[int, int] = (0, 1), small: tuple[int, int] = (0, 1)
) -> Board:
    b = [0] * STRIDE
    b[GREAT], b[GREAT + 1] = great
    b[SMALL], b[SMALL + 1] = small
    return b


# ------------------------------------------------------------------ ranking


def ranking_cases(rng: random.Random) -> list[dict[str, Any]]:
    picked = [
        [0, 0],
        [0, 0, 0, 0],
        [1, 0],
        [3, 3],
        [3, 3, 0],
        [3, 0, 0],
        [2, 1, 1],
        [3, 2, 2, 1],
        [2, 2, 2, 2],
        [4, 1, 0, 1],
        [0, 5, 3, 3, 1],
        [1, 1, 0, 0, 0],
        [0, 0, 0, 2],
        [8, 7, 8, 7],
        [5, 0, 0, 0, 0, 4],
    ]
    for _ in range(120):
        picked.append([rng.choice((0, 0, 1, 1, 2, 3, 4, 8)) for _ in range(rng.randint(2, 6))])
    cases = []
    for search in picked:
        first, seconds = rules.rank_players(search)
        cases.append({"search": search, "first": first, "seconds": list(seconds)})
    return cases


# ------------------------------------------------------------------ tally


def tally_cases(cards: CardSet, boards: list[Board], rng: random.Random) -> list[dict[str, Any]]:
    picked = [_blank(cards)]
    b = _blank(cards)
    b[IMPURITY] = 3
    picked.append(b)  # impurity only
    b = _blank(cards)
    b[GREAT_DONE] = b[GREAT_DONE + 1] = 1
    b[IMPURITY] = 3
    picked.append(b)  # more impurity returned than held
    b = _blank(cards)
    b[GREAT_DONE] = 1
    b[SMALL_DONE] = b[SMALL_DONE + 1] = 1
    b[0:12] = [1, 2, 0, 3, 1, 0, 1, 2, 1, 0, 0, 1]
    b[IMPURITY] = 7
    picked.append(b)
    b = _blank(cards)
    b[0:12] = [6, 0, 0, 0, 0, 0, 0, 5, 0, 0, 4, 0]  # full ranks
    picked.append(b)
    picked += rng.sample(boards, 80)
    return [{"board": b, "tally": list(tally(b, 0, cards))} for b in picked]


# ------------------------------------------------------------------ gains

Step = tuple[str, int, Any]


def _run_steps(cards: CardSet, boards: Board, steps: list[Step]) -> dict[str, Any]:
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
        elif name == "achieve_small":
            results.append(int(rules.achieve_small(b, o, cards, value, log)))
        else:
            raise ValueError(name)
    return {"boards": b, "log": log, "results": results}


def gains_cases(cards: CardSet, boards: list[Board], rng: random.Random) -> list[dict[str, Any]]:
    W, P, C = int(Element.WHITE), int(Element.PROMOTION), int(Element.COLOUR_CHANGE)
    picked: list[tuple[Board, list[Step]]] = []
    two = _blank(cards) + _blank(cards, (2, 3), (2, 3))  # the second board at offset STRIDE
    picked.append((two, [("queue", STRIDE, [0, 1, 2]), ("drain", STRIDE, 0)]))
    seven = list(two)
    seven[STRIDE : STRIDE + 4] = [2, 2, 1, 1]
    picked.append((seven, [("gain_token", STRIDE, 3)]))  # seventh low token: a choice
    for colour in range(4):
        same = list(two)
        same[STRIDE + colour] = 6
        picked.append((same, [("gain_token", STRIDE, colour)]))  # all one colour: returned
        picked.append((same, [("gain_token", STRIDE, 3 - colour)]))  # another: a choice
    picked.append((two, [("queue", 0, [0, W, 1]), ("drain", 0, 0)]))  # white waits
    picked.append((two, [("queue", 0, [P, C, 2]), ("drain", 0, 0)]))  # stored as spells
    processing = list(two)
    processing[MODE] = M_PROCESS
    picked.append((processing, [("queue", 0, [0, P, 1]), ("drain", 0, 1)]))  # reward promotion
    picked.append(
        (
            processing,
            [("queue", 0, [P, 3, C]), ("drain", 0, 1), ("spend_promotion", 0, 0)],
        )
    )
    stored = list(two)
    stored[PROMOTION] = 2
    stored[MODE] = M_PROCESS
    picked.append((stored, [("spend_promotion", 0, 0)]))  # a stored spell used
    for slot in (0, 1):
        for small in range(len(cards.small_oracles)):
            b = _blank(cards, (0, 1), (small, (small + 1) % len(cards.small_oracles)))
            b[MODE] = M_PROCESS
            b[0:4] = [2, 1, 2, 0]
            picked.append((b + _blank(cards), [("achieve_small", 0, slot)]))
    for board in rng.sample(boards, 60):
        board = list(board)
        board[QUEUE] = 0
        board[MODE] = rng.choice((M_IDLE, M_PROCESS))
        gains = [rng.randrange(len(Element)) for _ in range(rng.randint(1, 8))]
        steps: list[Step] = [("queue", 0, gains), ("drain", 0, int(board[MODE] == M_PROCESS))]
        picked.append((board, steps))
    for board in rng.sample(boards, 40):
        board = list(board)
        if rng.random() < 0.5:  # random play fills the low rank: room for a token too
            board[0:4] = [rng.randrange(3) for _ in range(4)]
        colour = rng.randrange(4)
        picked.append((board, [("gain_token", 0, colour)]))
    cases = []
    for b, steps in picked:
        cases.append({"boards": b, "steps": [list(s) for s in steps], **_expect(cards, b, steps)})
    return cases


def _expect(cards: CardSet, b: Board, steps: list[Step]) -> dict[str, Any]:
    out = _run_steps(cards, b, steps)
    return {"after": out["boards"], "log": out["log"], "results": out["results"]}


# ------------------------------------------------------------------ soul processing


def processing_cases(
    cards: CardSet, boards: list[Board], rng: random.Random
) -> list[dict[str, Any]]:
    picked: list[Board] = []
    b = _blank(cards)
    b[MODE] = M_PROCESS
    picked.append(b)  # nothing to do but end
    b = _blank(cards)
    b[MODE] = M_PROCESS
    b[0:12] = [2, 2, 0, 1, 1, 1, 2, 1, 2, 1, 1, 0]  # middle and high full: rooms
    b[PROMOTION] = 1
    b[COLOUR_CHANGE] = 1
    picked.append(b)
    b = list(b)
    b[MODE] = M_REWARD_PROMOTION
    picked.append(b)
    for g in range(len(cards.great_oracles)):  # every great oracle ready
        b = _blank(cards, (g, (g + 1) % len(cards.great_oracles)))
        b[MODE] = M_PROCESS
        b[8:12] = [2, 2, 2, 2]
        picked.append(b)
    for s in range(len(cards.small_oracles)):  # small oracles, met or not
        b = _blank(cards, (0, 1), (s, (s + 3) % len(cards.small_oracles)))
        b[MODE] = M_PROCESS
        b[0:12] = [rng.randrange(3) for _ in range(12)]
        b[GREAT_DONE] = rng.randrange(2)
        picked.append(b)
    live = [b for b in boards if b[MODE] in (M_PROCESS, M_REWARD_PROMOTION)]
    picked += rng.sample(live, min(150, len(live)))
    return [{"board": b, "actions": list(rules.processing_actions(b, 0, cards))} for b in picked]


# ------------------------------------------------------------------ Code of Nine


def scoring_cases(rng: random.Random) -> list[dict[str, Any]]:
    """Holdings (five items and Will per holder), memory cards by number, the release
    and the board's base points, with ``scoring.score``'s sheet."""
    memory = default_memory_cards()
    points = []
    for n in (3, 4):
        for seed in range(8):
            state = NINE.new_game(n, seed)
            assert isinstance(state, CodeOfNineState)
            points.append(tuple(state.board.points))
    points = sorted(set(points))
    picked: list[tuple[list[list[int]], list[int], bool, list[int]]] = [
        ([[0, 0, 0, 0, 0, 0]] * 3, [c.number for c in memory.cards], False, list(points[0])),
        ([[1, 1, 1, 1, 1, 5]] * 4, [c.number for c in memory.cards], True, list(points[0])),
    ]
    for number in range(1, len(memory.cards) + 1):  # every card alone, ties likely
        holdings = [[rng.randrange(3) for _ in range(5)] + [rng.randrange(4)] for _ in range(4)]
        picked.append((holdings, [number], bool(number % 2), list(rng.choice(points))))
    for _ in range(150):
        holders = rng.randint(2, 5)
        holdings = [
            [rng.randrange(6) for _ in range(5)] + [rng.randrange(16)] for _ in range(holders)
        ]
        numbers = rng.sample(range(1, len(memory.cards) + 1), rng.randint(0, 2 * holders))
        picked.append((holdings, numbers, rng.random() < 0.5, list(rng.choice(points))))
    cases = []
    for holdings, numbers, released, base in picked:
        counts = [quantities(h[:5], h[5]) for h in holdings]
        cards = [memory.cards[n - 1] for n in numbers]
        sheet = scoring.score(counts, cards, released, base)
        cases.append(
            {
                "holdings": holdings,
                "cards": numbers,
                "released": released,
                "base_points": base,
                "scores": list(sheet.scores),
                "eligible": list(sheet.eligible),
                "values": list(sheet.values),
            }
        )
    return cases


def main() -> None:
    rng = random.Random(SEED)
    cards = default_cards()
    boards = _random_boards(range(12), 4) + _random_boards(range(12, 18), 3)
    about = "rules.py/board.py answers for the default card set (scripts/make_vectors.py)"
    _write(LABYRINTH_DIR / "ranking.json", about, ranking_cases(rng))
    _write(LABYRINTH_DIR / "tally.json", about, tally_cases(cards, boards, rng))
    _write(LABYRINTH_DIR / "gains.json", about, gains_cases(cards, boards, rng))
    _write(LABYRINTH_DIR / "processing.json", about, processing_cases(cards, boards, rng))
    about = "scoring.score answers for the default memory cards (scripts/make_vectors.py)"
    _write(NINE_DIR / "scoring.json", about, scoring_cases(random.Random(SEED)))


if __name__ == "__main__":
    main()
