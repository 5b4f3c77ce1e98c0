"""Card balance of The Wicked Labyrinth, measured by simulation.

For every oracle card, the win rate of the players who were dealt it; for every
corridor card, the win rate of the players who took it as 1st. Each is compared with
the average win rate (1/players) with a 95% confidence interval, so a card that helps
or hurts its holder stands out. Game ``i`` uses seed ``seed + i``; workers change
nothing but the speed. ``tabletop report wicked-labyrinth-cards`` runs it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import typer

from tabletop.core.holdings import HoldingsGame, PlayForHoldings, mean_and_ci


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


def measure(
    play: PlayForHoldings,
    games: int,
    seed: int,
    players: int = 4,
    bots: Sequence[str] | None = None,
    jobs: int = 1,
) -> CardReport:
    """Play ``games`` games (through ``play``) and measure every card's effect on its
    holder's win rate."""
    specs = tuple(bots or ["heuristic"] * players)
    if len(specs) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(specs)}")
    tasks = [HoldingsGame(seed + i, specs, {}) for i in range(games)]
    rows = [r for game in play(tasks, jobs) for r in game]
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


def cards(
    play: PlayForHoldings,
    games: int = typer.Option(400, "--games", min=1, help="Games to play."),
    players: int = typer.Option(4, "--players", min=3, max=5, help="Players per game."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game (then seed+1, ...)."),
    bots: str = typer.Option("", "--bots", help="Bot per seat (default: heuristic in all)."),
    out: str = typer.Option(
        "reports/wicked-labyrinth-cards", "--out", help="Directory to write into."
    ),
    jobs: int = typer.Option(1, "--jobs", min=1, help="Worker processes."),
) -> None:
    """Each Wicked Labyrinth card's effect on its holder's win rate, with 95% CIs."""
    specs = [b for b in bots.split(",") if b] or None
    report = measure(play, games, seed, players, specs, jobs)
    for path in write_report(report, out):
        typer.echo(f"wrote {path}")
    w = report.worst
    typer.echo(
        f"{report.games} games: largest effect {w.kind} {w.card} "
        f"{w.effect_pp:+.1f} pp ± {w.ci_pp:.1f}"
    )


REPORTS = {"wicked-labyrinth-cards": cards}
"""The game's reports by command name (``tabletop report NAME``): each a command whose
first argument is how to play the games (the generic layer's)."""
