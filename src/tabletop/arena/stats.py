"""The arena's figures from its game records: ratings, win rates, seats, scores.

- Ratings: OpenSkill's Plackett-Luce model. Each seat is a one-player team ranked by
  its placing. A bot in several seats of one game plays as copies of its rating, and
  its new rating takes the copies' mean mu and mean sigma. OpenSkill updates game by
  game and weighs the latest games most, a model for players who improve; the pool's
  bots do not change, so which game came last should not matter. It did: a single
  pass over one game's 560 league games put ``heuristic:samples=32`` 1.7 below
  ``heuristic:samples=2`` though it won more and scored more, and 30 shuffles of the
  same games moved each bot's mu by about 1.1 (one standard deviation). So the
  ratings are the mean mu and mean sigma over :data:`ORDERS` passes, each over the
  games in an order shuffled by a fixed seed (the same records give the same ratings
  on every backend). ``low``/``high`` are mu -/+ 2 sigma; the ladder is ordered by the
  conservative ``ordinal`` (mu - 3 sigma).
- Win rates: the mean win share (a k-way shared win counts 1/k) with the Wilson score
  95% interval, a bot counted once per seat it played.
- Seats: the same by seat number over all bots (the first player's advantage), and
  by (bot, seat).
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

Z95 = 1.959964
ORDERS = 32
"""Passes over the games, each in another order, that a rating is the mean of."""
ORDER_SEED = 0


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (0 to 1 for n = 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    """Win shares of some seat-games: count, wins, rate and its 95% interval."""

    games: int
    wins: float
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @classmethod
    def of(cls, shares: Sequence[float]) -> Rate:
        wins = float(sum(shares))
        low, high = wilson(wins, len(shares))
        return cls(len(shares), wins, low, high)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "rate": self.rate,
            "low": self.low,
            "high": self.high,
        }


@dataclass(frozen=True)
class Rating:
    bot: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "low": self.mu - 2 * self.sigma,
            "high": self.mu + 2 * self.sigma,
        }


def ordered(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(records, key=lambda r: r["index"])


def ratings(records: Iterable[dict[str, Any]], bots: Sequence[str]) -> list[Rating]:
    """OpenSkill ratings of ``bots``, best ``ordinal`` first: the mean over
    :data:`ORDERS` passes over the games, each in its own seeded order (module doc)."""
    games = ordered(records)
    shuffler = random.Random(ORDER_SEED)
    passes: list[dict[str, tuple[float, float]]] = []
    for _ in range(ORDERS):
        shuffler.shuffle(games)
        passes.append(_one_pass(games, bots))
    out = [
        Rating(b, sum(p[b][0] for p in passes) / ORDERS, sum(p[b][1] for p in passes) / ORDERS)
        for b in dict.fromkeys(bots)
    ]
    return sorted(out, key=lambda r: r.ordinal, reverse=True)


def _one_pass(
    games: Sequence[dict[str, Any]], bots: Sequence[str]
) -> dict[str, tuple[float, float]]:
    """(mu, sigma) of every bot after OpenSkill's updates over ``games`` in their order."""
    model = PlackettLuce()
    current = {b: model.rating(name=b) for b in dict.fromkeys(bots)}
    for record in games:
        seats = record["seats"]
        teams = [[model.rating(mu=current[b].mu, sigma=current[b].sigma)] for b in seats]
        new = model.rate(teams, ranks=list(record["placings"]))
        copies: dict[str, list[Any]] = defaultdict(list)
        for bot, team in zip(seats, new, strict=True):
            copies[bot].append(team[0])
        for bot, got in copies.items():
            mu = sum(r.mu for r in got) / len(got)
            sigma = sum(r.sigma for r in got) / len(got)
            current[bot] = model.rating(mu=mu, sigma=sigma, name=bot)
    return {b: (r.mu, r.sigma) for b, r in current.items()}


def by_bot(records: Iterable[dict[str, Any]]) -> dict[str, Rate]:
    shares: dict[str, list[float]] = defaultdict(list)
    for record in records:
        for bot, share in zip(record["seats"], record["shares"], strict=True):
            shares[bot].append(share)
    return {b: Rate.of(s) for b, s in shares.items()}


def by_seat(records: Iterable[dict[str, Any]]) -> dict[int, Rate]:
    shares: dict[int, list[float]] = defaultdict(list)
    for record in records:
        for seat, share in enumerate(record["shares"]):
            shares[seat].append(share)
    return {s: Rate.of(x) for s, x in sorted(shares.items())}


def by_bot_and_seat(records: Iterable[dict[str, Any]]) -> dict[tuple[str, int], Rate]:
    shares: dict[tuple[str, int], list[float]] = defaultdict(list)
    for record in records:
        for seat, (bot, share) in enumerate(zip(record["seats"], record["shares"], strict=True)):
            shares[(bot, seat)].append(share)
    return {k: Rate.of(x) for k, x in sorted(shares.items())}


def scores(records: Iterable[dict[str, Any]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = defaultdict(list)
    for record in records:
        for bot, score in zip(record["seats"], record["scores"], strict=True):
            out[bot].append(score)
    return dict(out)


def iterations(records: Iterable[dict[str, Any]]) -> dict[str, float]:
    """Mean search iterations per searched decision, for bots that search."""
    done: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for record in records:
        for bot, (searches, iters) in zip(
            record["seats"], record.get("searches", []), strict=False
        ):
            done[bot][0] += searches
            done[bot][1] += iters
    return {b: it / n for b, (n, it) in done.items() if n}


def summary(records: Sequence[dict[str, Any]], bots: Sequence[str]) -> dict[str, Any]:
    """Every figure as JSON data (what ``tabletop arena --json`` prints)."""
    rated = ratings(records, bots)
    rates = by_bot(records)
    score = scores(records)
    searched = iterations(records)
    return {
        "games": len(records),
        "bots": [
            {
                **r.to_json(),
                "win_rate": rates[r.bot].to_json() if r.bot in rates else None,
                "mean_score": (sum(score[r.bot]) / len(score[r.bot])) if r.bot in score else None,
                "iterations_per_search": searched.get(r.bot),
            }
            for r in rated
        ],
        "seats": {str(s): rate.to_json() for s, rate in by_seat(records).items()},
        "decisions": sum(r["decisions"] for r in records),
        "seconds": sum(r["seconds"] for r in records),
    }
