"""Labelled soul-processing decisions for training the plan head (the kit's
``neural:plan_samples``).

At every soul processing decision with more than one end board the seat's candidates
are enumerated (:func:`~.plans.explore`) and labelled by the heuristic's planner: the
end board its plan, followed step by step, stops on, and the planner's worth of every
candidate (a soft target). The generic trainer (``tabletop train GAME --plan``) fits
the head on them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from tabletop.core.knowledge import BotMaker
from tabletop.games.wicked_labyrinth.board import STRIDE
from tabletop.games.wicked_labyrinth.bots.plans import FEATURES, end_key, explore, features
from tabletop.games.wicked_labyrinth.bots.processing_planner import ProcessingPlanner
from tabletop.games.wicked_labyrinth.bots.valuation import Weights, board_value
from tabletop.games.wicked_labyrinth.elements import ROUNDS, Phase
from tabletop.games.wicked_labyrinth.game import GAME
from tabletop.games.wicked_labyrinth.ids import DONE
from tabletop.games.wicked_labyrinth.state import WickedLabyrinthState

MAX_CANDIDATES = 256
"""Candidates kept per decision (the teacher's and a random sample of the others)."""


@dataclass
class PlanSamples:
    """Labelled decisions: candidate rows (float16) in groups of ``sizes``, the index of
    the teacher's end board in each group, the teacher's worth of each candidate and
    the seat's final win share per decision."""

    rows: np.ndarray
    sizes: np.ndarray
    labels: np.ndarray
    worth: np.ndarray
    values: np.ndarray

    def __len__(self) -> int:
        return len(self.sizes)

    @staticmethod
    def join(parts: list[PlanSamples]) -> PlanSamples:
        return PlanSamples(
            *(
                np.concatenate([getattr(p, f) for p in parts])
                for f in ("rows", "sizes", "labels", "worth", "values")
            )
        )

    def save(self, path: str) -> None:
        np.savez_compressed(path, **asdict(self))

    @staticmethod
    def load(path: str) -> PlanSamples:
        with np.load(path) as data:
            return PlanSamples(*(data[f] for f in ("rows", "sizes", "labels", "worth", "values")))


def teacher_end(
    planner: ProcessingPlanner, state: WickedLabyrinthState, seat: int
) -> tuple[int, ...]:
    """The end board the heuristic's planner reaches from ``state``, re-planning at each
    step as the heuristic does."""
    s = state.clone()
    for _ in range(200):
        action = planner.best(s, seat)[1]
        if action == DONE:
            return end_key(s.b[seat * STRIDE : (seat + 1) * STRIDE])
        s.apply_unchecked(seat, action)
    raise RuntimeError("the planner did not finish its processing")  # pragma: no cover


def generate(
    players: int,
    games: int,
    student: str | None,
    bots: BotMaker,
    student_share: float = 0.5,
    epsilon: float = 0.02,
    seed: int = 0,
    progress: Any = None,
) -> PlanSamples:
    """``games`` games at ``players`` seats, each seat the ``heuristic`` or ``student``
    (made by ``bots``, the bots registry); every processing decision labelled."""
    game = GAME
    rng = np.random.default_rng(seed)
    weights = Weights()
    rows: list[np.ndarray] = []
    sizes: list[int] = []
    labels: list[int] = []
    worth: list[np.ndarray] = []
    values: list[float] = []
    for g in range(games):
        deal = int(rng.integers(1 << 31))
        state = game.new_game(players, deal)
        if not isinstance(state, WickedLabyrinthState):  # pragma: no cover
            raise TypeError("plan samples come from The Wicked Labyrinth")
        specs = [
            student if student is not None and rng.random() < student_share else "heuristic"
            for _ in range(players)
        ]
        seated = [bots(s, game, p, deal * 8 + p) for p, s in enumerate(specs)]
        planner: ProcessingPlanner | None = None
        mine: list[tuple[int, int]] = []
        while not state.is_terminal():
            processing = state.phase == Phase.SOUL_PROCESSING
            for p in state.current_players() if processing else ():
                graph = explore(state, p)
                if len(graph.ends) < 2:
                    continue
                left = ROUNDS - state.round
                if planner is None:
                    planner = ProcessingPlanner(state.cards, weights, 800)
                planner.use(left)
                chosen = {e: k for k, e in enumerate(graph.ends)}.get(
                    teacher_end(planner, state, p)
                )
                if chosen is None:  # beyond the node cap
                    continue
                keep = np.arange(len(graph.ends))
                if len(keep) > MAX_CANDIDATES:
                    others = rng.choice(np.delete(keep, chosen), MAX_CANDIDATES - 1, replace=False)
                    keep = np.concatenate([[chosen], others])
                    chosen = 0
                ends = [graph.ends[k] for k in keep]
                rows.append(features(ends, state.cards, left).astype(np.float16))
                worth.append(
                    np.array(
                        [board_value(e, 0, state.cards, left, weights) for e in ends], np.float32
                    )
                )
                sizes.append(len(ends))
                labels.append(int(chosen))
                mine.append((len(values), p))
                values.append(0.0)
            moves = []
            for p in state.current_players():
                legal = state.legal_actions(p)
                if processing and len(legal) > 1 and rng.random() < epsilon:
                    moves.append((p, legal[int(rng.integers(len(legal)))]))
                else:
                    moves.append((p, seated[p].act(state.view(p), legal)))
            for p, action in moves:
                state.apply(p, action)
        result = state.result()
        for k, p in mine:
            values[k] = result.win_share(p)
        if progress is not None:
            progress(g + 1)
    return PlanSamples(
        np.concatenate(rows) if rows else np.zeros((0, FEATURES), np.float16),
        np.asarray(sizes, np.int32),
        np.asarray(labels, np.int32),
        np.concatenate(worth) if worth else np.zeros(0, np.float32),
        np.asarray(values, np.float32),
    )
