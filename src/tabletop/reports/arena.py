"""The arena report: an HTML page with matplotlib figures of an arena run.

Figures (PNG files beside ``index.html``):

- ``ladder.png``: each bot's OpenSkill rating, mu with mu ± 2 sigma;
- ``seats.png``: win rate by seat, over all bots and per bot, with 95% Wilson intervals
  (the first player's advantage shows as seat 0 above the others);
- ``scores.png``: the distribution of each bot's final scores;
- ``cards.png``: per-card impact, the holders' win rate minus the average (1/players)
  with 95% intervals, measured as the card balance reports do
  (:mod:`tabletop.reports.card_holdings`), over every bot of the run.

``summary.json`` holds the figures as data.
"""

from __future__ import annotations

import html
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.arena import stats
from tabletop.arena.results import Header
from tabletop.core.holdings import mean_and_ci


def card_impacts(records: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Each card's holders: count, win rate, effect against 1/players and its 95% CI (pp)."""
    shares: dict[tuple[str, str], list[float]] = defaultdict(list)
    for record in records:
        for kind, card, seat in record["cards"]:
            shares[(kind, card)].append(record["shares"][seat])
    out = []
    for (kind, card), xs in sorted(shares.items(), key=_card_order):
        mean, ci = mean_and_ci(xs)
        out.append(
            {
                "kind": kind,
                "card": card,
                "holders": len(xs),
                "win_rate": mean,
                "effect_pp": 100 * (mean - 1 / players),
                "ci_pp": None if ci is None else 100 * ci,
            }
        )
    return out


def _card_order(item: tuple[tuple[str, str], list[float]]) -> tuple[str, int, str]:
    """By kind, then numbered cards by number and other cards by id."""
    kind, card = item[0]
    return kind, int(card) if card.isdigit() else 0, card


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_ladder(figures: dict[str, Any], path: Path, title: str) -> None:
    plt = _pyplot()
    bots = list(reversed(figures["bots"]))
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.5 * len(bots)))
    ys = list(range(len(bots)))
    ax.errorbar(
        [b["mu"] for b in bots], ys, xerr=[2 * b["sigma"] for b in bots], fmt="o", capsize=4
    )
    ax.set_yticks(ys, [b["bot"] for b in bots])
    ax.set_xlabel("OpenSkill rating (mu ± 2 sigma)")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_seats(records: Sequence[dict[str, Any]], players: int, path: Path) -> None:
    plt = _pyplot()
    overall = stats.by_seat(records)
    per = stats.by_bot_and_seat(records)
    bots = list(dict.fromkeys(b for b, _ in per))
    groups = [("all bots", overall)] + [
        (b, {s: per[(b, s)] for s in range(players) if (b, s) in per}) for b in bots
    ]
    fig, ax = plt.subplots(figsize=(max(6, 1.6 * players * len(groups) / 2), 4))
    width = 0.8 / len(groups)
    for k, (label, rates) in enumerate(groups):
        xs = [s + (k - (len(groups) - 1) / 2) * width for s in rates]
        rs = list(rates.values())
        ax.bar(
            xs,
            [r.rate for r in rs],
            width,
            yerr=[[r.rate - r.low for r in rs], [r.high - r.rate for r in rs]],
            capsize=3,
            label=label,
        )
    ax.axhline(1 / players, color="grey", linestyle="--", linewidth=0.8)
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title("Win rate by seat")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_scores(records: Sequence[dict[str, Any]], path: Path) -> None:
    plt = _pyplot()
    score = stats.scores(records)
    fig, ax = plt.subplots(figsize=(max(5, 1.5 * len(score)), 4))
    ax.boxplot(list(score.values()))
    ax.set_xticks(range(1, len(score) + 1), list(score), rotation=15, fontsize=8)
    ax.set_ylabel("final score")
    ax.set_title("Score distribution per bot")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_cards(impacts: Sequence[dict[str, Any]], path: Path, title: str) -> None:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 1.5 + 0.22 * len(impacts)))
    ys = list(range(len(impacts)))
    ax.errorbar(
        [c["effect_pp"] for c in impacts],
        ys,
        xerr=[c["ci_pp"] or 0.0 for c in impacts],
        fmt="o",
        capsize=2,
    )
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(ys, [f"{c['kind']} {c['card']}" for c in impacts], fontsize=7)
    ax.invert_yaxis()  # the first card on top
    ax.set_xlabel("effect on the holder's win rate (pp, 95% CI)")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def write_report(
    header: Header,
    records: Sequence[dict[str, Any]],
    out: Path,
    pool: Sequence[tuple[str, str]] = (),
) -> list[Path]:
    """Write ``index.html``, its figures and ``summary.json`` into ``out``; return the paths.

    ``pool`` (a league's): each bot with why it is there, shown as a table first.
    """
    if not records:
        raise ValueError("an arena report needs at least one finished game")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    figures = stats.summary(records, header.bots)
    impacts = card_impacts(records, header.players)
    title = f"{header.game}, {len(records)} games, {header.players} players"
    plot_ladder(figures, out / "ladder.png", f"Rating ladder: {title}")
    plot_seats(records, header.players, out / "seats.png")
    plot_scores(records, out / "scores.png")
    written = [out / "index.html", out / "ladder.png", out / "seats.png", out / "scores.png"]
    if impacts:
        plot_cards(impacts, out / "cards.png", f"Per-card impact: {title}")
        written.append(out / "cards.png")
    (out / "summary.json").write_text(
        json.dumps({**figures, "header": header.to_json(), "cards": impacts}, indent=1)
    )
    written.append(out / "summary.json")
    (out / "index.html").write_text(_html(header, figures, impacts, title, pool), encoding="utf-8")
    return written


def _iters(mean: float | None) -> str:
    return "–" if mean is None else f"{mean:.0f}"


def _ci(half: float | None) -> str:
    return "–" if half is None else f"±{half:.1f}"


def _html(
    header: Header,
    f: dict[str, Any],
    impacts: Sequence[dict[str, Any]],
    title: str,
    pool: Sequence[tuple[str, str]] = (),
) -> str:
    e = html.escape
    kind = "League" if pool else "Arena"
    members = "".join(f"<tr><td><code>{e(s)}</code></td><td>{e(a)}</td></tr>" for s, a in pool)
    pool_part = (
        f"<h2>The pool</h2><table><tr><th>bot</th><th>why</th></tr>{members}</table>"
        if pool
        else ""
    )
    rows = "".join(
        f"<tr><td>{e(b['bot'])}</td><td>{b['mu']:.1f} ± {2 * b['sigma']:.1f}</td>"
        f"<td>{b['win_rate']['rate']:.1%}</td>"
        f"<td>{b['win_rate']['low']:.1%} – {b['win_rate']['high']:.1%}</td>"
        f"<td>{b['win_rate']['games']}</td><td>{b['mean_score']:.2f}</td>"
        f"<td>{_iters(b['iterations_per_search'])}</td></tr>"
        for b in f["bots"]
        if b["win_rate"]
    )
    seats = "".join(
        f"<tr><td>{s}</td><td>{w['rate']:.1%}</td><td>{w['low']:.1%} – {w['high']:.1%}</td></tr>"
        for s, w in f["seats"].items()
    )
    cards = "".join(
        f"<tr><td>{e(c['kind'])}</td><td>{e(c['card'])}</td><td>{c['holders']}</td>"
        f"<td>{c['effect_pp']:+.1f}</td><td>"
        f"{_ci(c['ci_pp'])}</td></tr>"
        for c in impacts
    )
    card_part = (
        "<h2>Per-card impact</h2><p>Holders' win rate minus the average (1/players), "
        "percentage points, 95% interval.</p><img src='cards.png'>"
        "<table><tr><th>kind</th><th>card</th><th>holder-games</th><th>effect (pp)</th>"
        f"<th>95% CI</th></tr>{cards}</table>"
        if impacts
        else ""
    )
    options = e(json.dumps(header.options)) if header.options else "default"
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>{kind}: {e(title)}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}
table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:.2em .6em}}
img{{max-width:100%}}</style></head><body>
<h1>{kind}: {e(title)}</h1>
<p>Bots: {e(", ".join(header.bots))}. Seed {header.seed}. Options: {options}.
Seats rotated so every bot plays every seat; {f["decisions"]} decisions in
{f["seconds"]:.0f} s of play.</p>
{pool_part}
<h2>Rating ladder</h2><img src="ladder.png">
<table><tr><th>bot</th><th>rating (mu ± 2σ)</th><th>win rate</th><th>95% CI</th>
<th>seat-games</th><th>mean score</th><th>search iterations per decision</th></tr>{rows}
</table>
<h2>Win rate by seat</h2><img src="seats.png">
<table><tr><th>seat</th><th>win rate</th><th>95% CI</th></tr>{seats}</table>
<h2>Score distributions</h2><img src="scores.png">
{card_part}
</body></html>
"""
