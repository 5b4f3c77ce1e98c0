"""A whole review: every decision of one seat appraised, the biggest mistakes first.

A mistake is a decision where the search values another action above the chosen one;
its ``gain`` is the points the seat could have expected more. Decisions the review
does not appraise (a single legal action, or one the lobby's search leaves to its
guide) are counted but not listed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import tabletop
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.core.review import Decision
from tabletop.review.appraisal import appraise
from tabletop.review.decisions import decisions_of
from tabletop.review.phrasing import LANGUAGES, line

DEFAULT_SAMPLES = 8
"""Determinizations each action of a decision is played on."""

SMALL = 0.05
"""Points below which another action is not called better (the values are estimates)."""


@dataclass(frozen=True)
class Mistake:
    """One appraised decision: the chosen and the best action with their values."""

    number: int
    step: int
    chosen: str
    best: str
    chosen_points: float
    best_points: float
    lines: dict[str, str]

    @property
    def gain(self) -> float:
        return self.best_points - self.chosen_points

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "step": self.step,
            "chosen": self.chosen,
            "best": self.best,
            "chosen_points": round(self.chosen_points, 3),
            "best_points": round(self.best_points, 3),
            "gain": round(self.gain, 3),
            "lines": self.lines,
        }


@dataclass(frozen=True)
class Review:
    """A seat's review: ``appraised`` of its ``decisions`` valued, ``mistakes`` sorted
    by their gain, largest first."""

    game: str
    seat: int
    samples: int
    decisions: int
    appraised: int
    mistakes: tuple[Mistake, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "samples": self.samples,
            "decisions": self.decisions,
            "appraised": self.appraised,
            "mistakes": [m.to_json() for m in self.mistakes],
        }


def review_decision(
    game: Game, seat: int, decision: Decision, samples: int = DEFAULT_SAMPLES
) -> Mistake | None | bool:
    """The mistake made at ``decision``; None if the chosen action was as good as any;
    False if the decision is not appraised (the search leaves it to its guide)."""
    values = appraise(game, seat, decision, samples)
    if values is None:
        return False
    best = max(values, key=lambda a: (values[a], a == decision.chosen))
    gain = values[best] - values[decision.chosen]
    if gain < SMALL:
        return None
    names = game.actions
    return Mistake(
        decision.number,
        decision.step,
        names[decision.chosen].notation(),
        names[best].notation(),
        values[decision.chosen],
        values[best],
        {lang: line(game, decision, seat, best, gain, lang) for lang in LANGUAGES},
    )


def collect(game: str, seat: int, samples: int, found: list[Mistake | None | bool]) -> Review:
    """The review of ``game`` (its name) from each decision's outcome
    (:func:`review_decision`), in order."""
    mistakes = sorted(
        (m for m in found if isinstance(m, Mistake)), key=lambda m: (-m.gain, m.number)
    )
    appraised = sum(1 for m in found if m is not False)
    return Review(game, seat, samples, len(found), appraised, tuple(mistakes))


def review_record(
    game: Game,
    record: GameRecord,
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    on_progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review ``seat``'s decisions in a finished ``record``; ``on_progress(done, total)``
    is called after each decision."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a whole number >= 1, got {samples!r}")
    decisions = decisions_of(game, record, seat)
    found: list[Mistake | None | bool] = []
    for d in decisions:
        found.append(review_decision(game, seat, d, samples))
        if on_progress is not None:
            on_progress(len(found), len(decisions))
    return collect(game.info.name, seat, samples, found)


def collect_json(
    game: str, seat: int, samples: int, found: list[Mistake | None | bool]
) -> dict[str, Any]:
    return collect(game, seat, samples, found).to_json()


@lru_cache(maxsize=8)
def _decisions(record_text: str, seat: int) -> tuple[Game, tuple[Decision, ...]]:
    record = GameRecord.from_json(json.loads(record_text))
    game = tabletop.game(record.game)
    return game, tuple(decisions_of(game, record, seat))


def count_decisions(record_text: str, seat: int) -> int:
    """How many decisions :func:`review_step` takes for this record and seat (a review
    job's total), in a worker process: the replay is kept for the steps that follow."""
    return len(_decisions(record_text, seat)[1])


def review_step(record_text: str, seat: int, index: int, samples: int) -> Mistake | None | bool:
    """The ``index``-th decision's outcome (:func:`review_decision`), from the record as
    JSON text: what a worker process runs, one decision at a time, so that a job shows
    its progress and several jobs share the worker fairly."""
    game, decisions = _decisions(record_text, seat)
    return review_decision(game, seat, decisions[index], samples)
