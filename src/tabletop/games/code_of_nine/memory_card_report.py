"""The memory card balance report: each card's effect on its holder's win rate.

Heuristic bots play every seat of 4-player games; for each card, the holders' mean win
share (1/k for a k-way shared win) is compared with every player's mean, with a 95%
confidence interval (normal approximation over holder-games). A card's holder is the
player holding it at the end (Crossroads of Phenomena can change that). Normal games
measure cards 1-18; expert games measure all 28. The tuning target (issue 3): no card
moves its holder's win rate by more than 10 percentage points from the average.

Writes ``memory-cards.md`` (a table per game mode), ``memory-cards.png`` (the effects
with their intervals) and ``memory-cards.json`` (the figures) into a directory.
``tabletop report memory-cards`` runs it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import typer

from tabletop.core.holdings import HoldingsGame, PlayForHoldings, mean_and_ci
from tabletop.games.code_of_nine.game import GAME

TARGET_PP = 10.0
"""The largest allowed effect of holding a card, in percentage points."""


@dataclass(frozen=True)
class CardEffect:
    """One card in one game mode: its holders' win rate against the average."""

    number: int
    title: str
    holders: int
    win_rate: float
    effect_pp: float
    """Holders' win rate minus the average, in percentage points."""
    ci_pp: float
    """Half-width of the 95% interval of ``effect_pp``."""

    @property
    def within_target(self) -> bool:
        return abs(self.effect_pp) <= TARGET_PP


@dataclass(frozen=True)
class ModeReport:
    expert: bool
    games: int
    average: float
    cards: tuple[CardEffect, ...]

    @property
    def worst(self) -> CardEffect:
        return max(self.cards, key=lambda c: abs(c.effect_pp))


def measure(
    play: PlayForHoldings,
    games: int,
    seed: int = 0,
    expert: bool = False,
    jobs: int = 1,
    bot: str = "heuristic",
) -> ModeReport:
    """Play ``games`` 4-player games of heuristic bots (through ``play``) and measure
    every card's effect."""
    if games < 1:
        raise ValueError(f"the report needs at least one game, got {games}")
    tasks = [HoldingsGame(seed + g, (bot,) * 4, {"expert": expert}) for g in range(games)]
    per_card: dict[int, list[float]] = {}
    shares: list[float] = []
    for rows in play(tasks, jobs):
        # two cards per player, player by player: each player's share counted once
        for k, (_, card, share) in enumerate(rows):
            per_card.setdefault(int(card), []).append(share)
            if k % 2 == 0:
                shares.append(share)
    average = sum(shares) / len(shares)
    deck = GAME.resolve_options({"memory_cards": None, "locations": None})["memory_cards"]
    effects = []
    for index in deck.in_game(expert):
        card = deck.cards[index]
        got = per_card.get(card.number, [])
        rate, ci = mean_and_ci(got) if got else (float("nan"), None)
        half = float("nan") if ci is None else ci
        effects.append(
            CardEffect(card.number, card.title, len(got), rate, 100 * (rate - average), 100 * half)
        )
    return ModeReport(expert, games, average, tuple(effects))


def markdown(reports: Sequence[ModeReport]) -> str:
    """The report's tables as markdown."""
    lines = ["# Memory card balance", ""]
    for r in reports:
        mode = "expert" if r.expert else "normal"
        lines += [
            f"## {mode.capitalize()} game: {r.games} games, 4 heuristic bots",
            "",
            f"Average win share per player: {100 * r.average:.1f}%. Largest effect: card "
            f"{r.worst.number} ({r.worst.title}), {r.worst.effect_pp:+.1f} pp. Target: every "
            f"card within ±{TARGET_PP:.0f} pp: "
            f"{'met' if all(c.within_target for c in r.cards) else 'NOT met'}.",
            "",
            "| card | title | holder-games | holders' win rate | effect (pp) | 95% CI (pp) |",
            "|---:|---|---:|---:|---:|---|",
        ]
        for c in r.cards:
            lo, hi = c.effect_pp - c.ci_pp, c.effect_pp + c.ci_pp
            lines.append(
                f"| {c.number} | {c.title} | {c.holders} | {100 * c.win_rate:.1f}% | "
                f"{c.effect_pp:+.1f} | [{lo:+.1f}, {hi:+.1f}] |"
            )
        lines.append("")
    return "\n".join(lines)


def plot(reports: Sequence[ModeReport], path: str) -> None:
    """Each card's effect with its 95% interval, one panel per game mode."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(reports), 1, figsize=(10, 3.6 * len(reports)), squeeze=False)
    for ax, r in zip(axes[:, 0], reports, strict=True):
        xs = [c.number for c in r.cards]
        ax.errorbar(
            xs, [c.effect_pp for c in r.cards], yerr=[c.ci_pp for c in r.cards], fmt="o", capsize=3
        )
        ax.axhline(0, color="grey", linewidth=0.8)
        for bound in (TARGET_PP, -TARGET_PP):
            ax.axhline(bound, color="red", linestyle="--", linewidth=0.8)
        ax.set_xticks(xs)
        ax.set_ylabel("effect on win rate (pp)")
        ax.set_title(f"{'Expert' if r.expert else 'Normal'} game, {r.games} games")
    axes[-1, 0].set_xlabel("memory card")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_report(reports: Sequence[ModeReport], out: str) -> list[str]:
    """Write the markdown table, the PNG plot and the JSON figures; return their paths."""
    os.makedirs(out, exist_ok=True)
    md = os.path.join(out, "memory-cards.md")
    png = os.path.join(out, "memory-cards.png")
    data = os.path.join(out, "memory-cards.json")
    with open(md, "w", encoding="utf-8") as fh:
        fh.write(markdown(reports))
    plot(reports, png)
    with open(data, "w", encoding="utf-8") as fh:
        json.dump(
            [{**asdict(r), "cards": [asdict(c) for c in r.cards]} for r in reports], fh, indent=1
        )
    return [md, png, data]


def memory_cards(
    play: PlayForHoldings,
    games: int = typer.Option(400, "--games", min=1, help="4-player games per game mode."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game (then seed+1, ...)."),
    out: str = typer.Option("reports/memory-cards", "--out", help="Directory to write into."),
    expert: bool = typer.Option(
        False, "--expert", help="Also measure the expert game (cards 19-28)."
    ),
    jobs: int = typer.Option(1, "--jobs", min=1, help="Worker processes."),
) -> None:
    """Each memory card's effect on its holder's win rate (heuristic bots), with 95% CIs."""
    reports = [measure(play, games, seed, expert=False, jobs=jobs)]
    if expert:
        reports.append(measure(play, games, seed, expert=True, jobs=jobs))
    for path in write_report(reports, out):
        typer.echo(f"wrote {path}")
    for r in reports:
        w = r.worst
        typer.echo(
            f"{'expert' if r.expert else 'normal'}: {r.games} games, largest effect card "
            f"{w.number} ({w.title}) {w.effect_pp:+.1f} pp ± {w.ci_pp:.1f}"
        )


REPORTS = {"memory-cards": memory_cards}
"""The game's reports by command name (``tabletop report NAME``): each a command whose
first argument is how to play the games (the generic layer's)."""
