"""Many games between bots, with statistics per seat and per bot.

Game ``i`` of a batch is played from seed ``seed + i`` with the same bot in each seat,
so a batch is reproducible and splitting it over worker processes changes nothing:
results are gathered back in game order before any sum is taken.

A shared win counts ``1/k`` to each of its ``k`` winners (``Result.win_share``). The
score spread is the sample standard deviation (0 when there is a single game).
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tabletop.core.game import Game
from tabletop.sim.runner import play_game


@dataclass(frozen=True)
class GameSummary:
    """What a batch keeps of one game: scores, win shares and the decision count."""

    scores: tuple[int, ...]
    shares: tuple[float, ...]
    decisions: int


@dataclass(frozen=True)
class SeatStats:
    """One seat (or, in ``BatchResult.bots``, one bot over all its seats)."""

    seat: int | None
    bot: str
    games: int
    wins: float
    win_rate: float
    mean_score: float
    score_sd: float

    def to_json(self) -> dict[str, Any]:
        data = {
            "seat": self.seat,
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "mean_score": self.mean_score,
            "score_sd": self.score_sd,
        }
        if self.seat is None:
            del data["seat"]
        return data


@dataclass(frozen=True)
class BatchResult:
    game: str
    players: int
    games: int
    seed: int
    seats: tuple[SeatStats, ...]
    bots: tuple[SeatStats, ...]
    decisions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "bots": [b.to_json() for b in self.bots],
            "games_per_second": self.games_per_second,
            "decisions_per_second": self.decisions_per_second,
        }


def play_one(game: Game, specs: Sequence[str], seed: int, options: dict[str, Any]) -> GameSummary:
    outcome = play_game(game, specs, seed, options)
    result = outcome.result
    shares = tuple(result.win_share(p) for p in range(len(specs)))
    return GameSummary(result.scores, shares, outcome.decisions)


def _play_range(
    game_name: str, specs: Sequence[str], seeds: Sequence[int], options: dict[str, Any]
) -> list[GameSummary]:
    """Worker-process entry point: the game is looked up by name (games are not pickled)."""
    import tabletop

    game = tabletop.game(game_name)
    return [play_one(game, specs, s, options) for s in seeds]


def run_batch(
    game: Game,
    specs: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
) -> BatchResult:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, ...) and summarise them.

    ``on_game(n)`` is called as games finish with how many have just finished (for a
    progress bar). ``workers > 1`` plays chunks of games in that many processes.
    """
    if games < 1:
        raise ValueError(f"a batch needs at least one game, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    opts = dict(options or {})
    seeds = [seed + i for i in range(games)]
    start = time.perf_counter()
    if workers == 1:
        summaries = []
        for s in seeds:
            summaries.append(play_one(game, specs, s, opts))
            if on_game is not None:
                on_game(1)
    else:
        summaries = _run_parallel(game.info.name, specs, seeds, opts, workers, on_game)
    seconds = time.perf_counter() - start
    return summarise(game.info.name, specs, seed, summaries, seconds)


def _run_parallel(
    game_name: str,
    specs: Sequence[str],
    seeds: list[int],
    options: dict[str, Any],
    workers: int,
    on_game: Callable[[int], None] | None,
) -> list[GameSummary]:
    size = max(1, min(50, math.ceil(len(seeds) / (workers * 4))))
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    # Spawned, not forked: the parent may run threads (a progress bar's refresh thread).
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(_play_range, game_name, list(specs), c, options) for c in chunks]
        out: list[GameSummary] = []
        for future, chunk in zip(futures, chunks, strict=True):
            out.extend(future.result())
            if on_game is not None:
                on_game(len(chunk))
    return out


def summarise(
    game: str, specs: Sequence[str], seed: int, summaries: Sequence[GameSummary], seconds: float
) -> BatchResult:
    """Seat and bot statistics of games played in seat order ``specs``."""
    n = len(specs)
    seats = tuple(
        _stats(p, specs[p], [g.scores[p] for g in summaries], [g.shares[p] for g in summaries])
        for p in range(n)
    )
    bots = []
    for bot in dict.fromkeys(specs):
        mine = [p for p in range(n) if specs[p] == bot]
        scores = [g.scores[p] for g in summaries for p in mine]
        shares = [g.shares[p] for g in summaries for p in mine]
        bots.append(_stats(None, bot, scores, shares))
    return BatchResult(
        game=game,
        players=n,
        games=len(summaries),
        seed=seed,
        seats=seats,
        bots=tuple(bots),
        decisions=sum(g.decisions for g in summaries),
        seconds=seconds,
    )


def _stats(seat: int | None, bot: str, scores: list[int], shares: list[float]) -> SeatStats:
    count = len(scores)
    mean = sum(scores) / count
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (count - 1)) if count > 1 else 0.0
    wins = sum(shares)
    return SeatStats(seat, bot, count, wins, wins / count, mean, sd)
