"""Measure a Wicked Labyrinth bot against ``random`` bots, its seat rotated.

``python -m tabletop.bots.wicked_labyrinth.strength --players 4 --games 500`` plays
game ``i`` from seed ``seed + i`` with the measured bot in seat ``i % players`` and
``random`` elsewhere, then prints the bot's win rate with its 95% Wilson interval and
the mean scores. A shared first place counts as a win for nobody (a strict measure).
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

from tabletop.games.wicked_labyrinth import GAME
from tabletop.sim.runner import play_game

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Strength:
    """One measurement: outright wins of the bot and mean scores."""

    spec: str
    players: int
    games: int
    wins: int
    bot_mean: float
    rivals_mean: float
    seconds: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval of the win rate."""
        n, p = self.games, self.win_rate
        centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def summary(self) -> str:
        low, high = self.interval()
        return (
            f"{self.spec} vs {self.players - 1} random, {self.players} players, "
            f"{self.games} games: wins {self.wins} ({self.win_rate:.1%}, 95% CI "
            f"{low:.1%}-{high:.1%}), mean score {self.bot_mean:.2f} vs random "
            f"{self.rivals_mean:.2f}, {self.seconds:.0f} s"
        )


def measure(spec: str, players: int, games: int, seed: int = 0) -> Strength:
    """Play ``games`` games of ``spec`` against random bots, rotating its seat."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    start = time.perf_counter()
    wins = 0
    bot_total = 0
    rivals_total = 0
    for i in range(games):
        seat = i % players
        specs = ["random"] * players
        specs[seat] = spec
        result = play_game(GAME, specs, seed + i).result
        wins += result.winners == (seat,)
        bot_total += result.scores[seat]
        rivals_total += sum(result.scores) - result.scores[seat]
    return Strength(
        spec, players, games, wins, bot_total / games,
        rivals_total / (games * (players - 1)), time.perf_counter() - start,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="heuristic", help="the measured bot's spec")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(measure(args.spec, args.players, args.games, args.seed).summary())


if __name__ == "__main__":
    main()
