"""Card balance of The Wicked Labyrinth, measured by simulation.

For every oracle card, the win rate of the players who were dealt it; for every
corridor card, the win rate of the players who took it as 1st. Each is compared with
the average win rate (1/players) with a 95% confidence interval, so a card that helps
or hurts its holder stands out. Game ``i`` uses seed ``seed + i``; workers change
nothing but the speed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from tabletop.bots import make_bot
from tabletop.games.wicked_labyrinth import GAME, WickedLabyrinthState
from tabletop.reports.card_holdings import WickedLabyrinthObserver, mean_and_ci
from tabletop.sim.runner import seat_seed


@dataclass(frozen=True)
class CardImpact:
    """One card's holders: how many, their mean win share, and the gap to the average."""

    kind: str
    card: str
    holders: int
    win_rate: float
    effect_pp: float
    ci_pp: float


@dataclass(frozen=True)
class CardReport:
    players: int
    games: int
    bots: tuple[str, ...]
    cards: tuple[CardImpact, ...]

    @property
    def worst(self) -> CardImpact:
        return max(self.cards, key=lambda c: abs(c.effect_pp))


def _one_game(args: tuple[int, int, tuple[str, ...]]) -> list[tuple[str, str, float]]:
    """(kind, card id, win share) for every card held or taken 1st in one game."""
    seed, players, bots = args
    state = cast(WickedLabyrinthState, GAME.new_game(players, seed))
    seats = [make_bot(spec, GAME, p, seat_seed(seed, p)) for p, spec in enumerate(bots)]
    watcher = WickedLabyrinthObserver()
    while not state.is_terminal():
        chosen = [
            (p, seats[p].act(state.view(p), state.legal_actions(p)))
            for p in state.current_players()
        ]
        for p, action in chosen:
            watcher.see(state.apply(p, action))
    result = state.result()
    return [(kind, card, result.win_share(p)) for kind, card, p in watcher.holdings(state)]


def measure(
    games: int, seed: int, players: int = 4, bots: Sequence[str] | None = None, jobs: int = 1
) -> CardReport:
    """Play ``games`` games and measure every card's effect on its holder's win rate."""
    specs = tuple(bots or ["heuristic"] * players)
    if len(specs) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(specs)}")
    tasks = [(seed + i, players, specs) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            rows = [r for game in pool.map(_one_game, tasks, chunksize=4) for r in game]
    else:
        rows = [r for task in tasks for r in _one_game(task)]
    shares: dict[tuple[str, str], list[float]] = defaultdict(list)
    for kind, card, share in rows:
        shares[(kind, card)].append(share)
    base = 1.0 / players
    impacts = []
    for (kind, card), xs in sorted(shares.items()):
        mean, ci = mean_and_ci(xs)
        impacts.append(
            CardImpact(
                kind, card, len(xs), mean, 100 * (mean - base), 100.0 if ci is None else 100 * ci
            )
        )
    return CardReport(players, games, specs, tuple(impacts))


def write_report(report: CardReport, out: str) -> list[Path]:
    """A markdown table and a plot (PNG) of every card's effect, in ``out``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    lines = [
        f"# Wicked Labyrinth card balance ({report.games} games, {report.players} players, "
        f"bots: {', '.join(report.bots)})",
        "",
        "Effect: holders' win rate minus the average (percentage points), with the 95% "
        "interval. Corridors count the player ranked 1st on them.",
        "",
        "| kind | card | holders | win rate | effect (pp) | 95% CI (pp) |",
        "|---|---|---|---|---|---|",
    ]
    for c in report.cards:
        lines.append(
            f"| {c.kind} | {c.card} | {c.holders} | {c.win_rate:.3f} | "
            f"{c.effect_pp:+.1f} | ±{c.ci_pp:.1f} |"
        )
    table = folder / "wicked-labyrinth-cards.md"
    table.write_text("\n".join(lines) + "\n")
    fig, ax = plt.subplots(figsize=(7, 12))
    labels = [f"{c.kind} {c.card}" for c in report.cards]
    ys = range(len(report.cards))
    ax.errorbar(
        [c.effect_pp for c in report.cards],
        list(ys),
        xerr=[c.ci_pp for c in report.cards],
        fmt="o",
        capsize=2,
    )
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(list(ys), labels, fontsize=7)
    ax.set_xlabel("effect on the holder's win rate (percentage points, 95% CI)")
    ax.set_title(f"Wicked Labyrinth cards, {report.games} games")
    fig.tight_layout()
    plot = folder / "wicked-labyrinth-cards.png"
    fig.savefig(plot, dpi=100)
    plt.close(fig)
    return [table, plot]
