"""Measure a bot against ``random`` bots, its seat rotated.

``python -m tabletop.sim.strength GAME --players 4 --games 500`` plays
game ``i`` from seed ``seed + i`` with the measured bot in seat ``i % players`` and
``random`` elsewhere, then prints the bot's win rate with its 95% Wilson interval and
the mean scores. A shared first place counts as a win for nobody (a strict measure).
``--timing`` instead prints how long the bot takes per decision, by kind of decision
(the kit's ``sim:decision_kind``, else the view's phase);
``--versus SPEC`` plays it head to head in 4-player games, two seats each (seats
alternated), and prints its win share (a shared win split evenly) and the mean scores.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass
from typing import Any

from tabletop.bots import make_bot
from tabletop.core.game import Game
from tabletop.games import REGISTRY
from tabletop.sim.runner import make_bots, play_game

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


def measure(game: Game, spec: str, players: int, games: int, seed: int = 0) -> Strength:
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
        result = play_game(game, specs, seed + i).result
        wins += result.winners == (seat,)
        bot_total += result.scores[seat]
        rivals_total += sum(result.scores) - result.scores[seat]
    return Strength(
        spec,
        players,
        games,
        wins,
        bot_total / games,
        rivals_total / (games * (players - 1)),
        time.perf_counter() - start,
    )


def versus(game: Game, spec: str, other: str, games: int, seed: int = 0) -> str:
    """Two ``spec`` bots against two ``other`` bots: win share of ``spec`` and scores."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if spec == other:
        raise ValueError(f"head to head needs two different bot specs, got {spec!r} twice")
    share = mine = theirs = 0.0
    for i in range(games):
        specs = [other, spec, other, spec] if i % 2 == 0 else [spec, other, spec, other]
        result = play_game(game, specs, seed + i).result
        seats = [p for p in range(4) if specs[p] == spec]
        share += sum(1 / len(result.winners) for w in result.winners if w in seats)
        mine += sum(result.scores[p] for p in seats) / 2
        theirs += sum(result.scores[p] for p in range(4) if p not in seats) / 2
    return (
        f"{spec} (2 seats) vs {other} (2 seats), {games} games: win share "
        f"{share / games:.2f} (parity 0.50), mean score {mine / games:.2f} vs "
        f"{theirs / games:.2f}"
    )


def decision_times(
    game: Game, spec: str, players: int, games: int, seed: int = 0
) -> dict[str, list[float]]:
    """Seconds per ``act`` call of the bot in seat 0 (against random bots), by kind of
    decision (:func:`decision_kind`), in the order the kinds first came."""
    kind = decision_kind(game)
    times: dict[str, list[float]] = {}
    for i in range(games):
        state = game.new_game(players, seed + i)
        bots = make_bots(game, ["random"] * players, seed + i)
        bots[0] = make_bot(spec, game, 0, seed + i)
        while not state.is_terminal():
            for p in state.current_players():
                view, legal = state.view(p), state.legal_actions(p)
                start = time.perf_counter()
                action = bots[p].act(view, legal)
                spent = time.perf_counter() - start
                if p == 0 and len(legal) > 1:
                    times.setdefault(kind(view), []).append(spent)
                state.apply(p, action)
    return times


def decision_kind(game: Game) -> Any:
    """The game's kinds of decision for timing (its kit's ``sim:decision_kind``: a
    view -> its kind's name), else the view's phase."""
    kit = REGISTRY.kit(game)
    if kit.has("sim:decision_kind"):
        return kit.part("sim:decision_kind")
    return phase_kind


def phase_kind(view: Any) -> str:
    """A decision's kind by the view's phase (its name, lower case)."""
    phase = getattr(view, "phase", None)
    return str(getattr(phase, "name", "decision")).lower().replace("_", " ")


def timing_summary(times: dict[str, list[float]]) -> str:
    """One line per kind of decision: count, mean, median, 99th percentile and max."""
    lines = []
    for kind, spent in times.items():
        if not spent:
            continue
        ordered = sorted(spent)

        def ms(q: float, ordered: list[float] = ordered) -> str:
            return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f} ms"

        lines.append(
            f"{kind}: {len(spent)} decisions, mean {1000 * sum(spent) / len(spent):.1f} ms, "
            f"median {ms(0.5)}, 99th percentile {ms(0.99)}, max {ms(1.0)}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=REGISTRY.names())
    parser.add_argument("--spec", default="heuristic", help="the measured bot's spec")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--timing", action="store_true", help="time the bot's decisions (bot in seat 0) instead"
    )
    parser.add_argument(
        "--versus", metavar="SPEC", help="play head to head against this bot instead (4 players)"
    )
    args = parser.parse_args(argv)
    game = REGISTRY.get(args.game)
    if args.versus:
        print(versus(game, args.spec, args.versus, args.games, args.seed))
    elif args.timing:
        times = decision_times(game, args.spec, args.players, args.games, args.seed)
        print(timing_summary(times))
    else:
        print(measure(game, args.spec, args.players, args.games, args.seed).summary())


if __name__ == "__main__":
    main()
