"""A bot against a population of opponents generated at random (issue 27).

A bot that is strong against the players it models may be weak against other styles.
So it is measured against fields it was not tuned on: each field is three opponents
drawn from the game's heuristic styles (the kit's ``bots:styles``: every parameter
uniformly over its documented range), of three kinds in turn:

- ``mixed``: ``random`` and two drawn styles;
- ``styles``: three styles drawn independently;
- ``copies``: three copies of one drawn style.

Each field is played ``players`` times on one deal, the bot rotated through every
seat (as the arena's schedule does), so the deal's luck cancels. The figures: the bot's
win share (a shared win split) with its Wilson interval over games and a bootstrap
interval over fields (the four games of a field share a deal and are not independent);
its rank in each field (by total win share over the field's games, ties counted
against it) and the share of fields it is first in, with its Wilson interval.

Seeds: evaluation draws fields and deals from :data:`EVALUATION_SEED` up; tuning
(:mod:`tabletop.training.tune`) uses seeds below it only, so no figure is measured on
the fields a heuristic was tuned on.
"""

from __future__ import annotations

import hashlib
import random
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.arena import backends, results
from tabletop.arena.results import Header
from tabletop.arena.schedule import Match
from tabletop.arena.stats import wilson
from tabletop.core.styles import Styles
from tabletop.games import REGISTRY

PART = "bots:styles"
KINDS = ("mixed", "styles", "copies")
EVALUATION_SEED = 1_000_000
"""Seeds at and above this are for evaluation; tuning uses the seeds below."""
BOOTSTRAP = 2000
"""Bootstrap resamples of the fields for the win share's interval."""
_MIX = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def styles(game: str) -> Styles:
    """The game's styles (its kit's ``bots:styles``); a clear error if it has none."""
    kit = REGISTRY.kit(game)
    if not kit.has(PART):
        with_styles = [k.name for k in REGISTRY.kits() if k.has(PART)]
        raise ValueError(f"{game} has no bot styles (games with: {', '.join(with_styles)})")
    found: Styles = kit.part(PART)
    return found


def draw(found: Styles, rng: random.Random) -> str:
    """One style as a bot spec, each parameter uniform over its range."""
    values = []
    for p in found.params:
        if p.whole:
            values.append(f"{p.name}={rng.randint(int(p.low), int(p.high))}")
        else:
            values.append(f"{p.name}={round(rng.uniform(p.low, p.high), 2)}")
    return f"{found.bot}:{','.join(values)}"


def field_rng(seed: int, index: int) -> random.Random:
    """The generator of field ``index`` of a run from ``seed`` (the same on every run)."""
    return random.Random(((seed + 1) * _MIX + index) & _MASK)


def field(found: Styles, seed: int, index: int, players: int = 4) -> tuple[str, tuple[str, ...]]:
    """Field ``index``'s kind and its ``players - 1`` opponents."""
    kind = KINDS[index % len(KINDS)]
    rng = field_rng(seed, index)
    rivals = players - 1
    if kind == "copies":
        return kind, (draw(found, rng),) * rivals
    drawn = tuple(draw(found, rng) for _ in range(rivals))
    if kind == "mixed":
        drawn = ("random", *drawn[1:])
    return kind, drawn


def matches(
    bot: str,
    found: Styles,
    seed: int,
    games: int,
    players: int = 4,
    kinds: Sequence[str] = KINDS,
) -> list[tuple[Match, str]]:
    """The first ``games`` games of the fields of ``kinds``: field ``f`` with the bot in
    seat ``r`` is game ``f * players + r`` (the opponents keep their order in the other
    seats), deal ``seed + f``; each with its field's kind.

    A game's index is its place in the run of every kind, so a run restricted to some
    kinds plays the very games of the whole run on those fields (and shares its
    results file)."""
    unknown = set(kinds) - set(KINDS)
    if unknown or not kinds:
        raise ValueError(f"kinds of field are {', '.join(KINDS)}; got {', '.join(kinds)}")
    out: list[tuple[Match, str]] = []
    f = 0
    while len(out) < games:
        kind, rivals = field(found, seed, f, players)
        for rotation in range(players if kind in kinds else 0):
            if len(out) == games:
                break
            seats = list(rivals)
            seats.insert(rotation, bot)
            out.append((Match(f * players + rotation, seed + f, tuple(seats)), kind))
        f += 1
    return out


@dataclass(frozen=True)
class Entry:
    """One of a field's four players over the field's games: its spec and total share."""

    spec: str
    share: float


@dataclass(frozen=True)
class Field:
    """A field's games as played: the bot's total win share and its rank (1: first)."""

    index: int
    kind: str
    rivals: tuple[str, ...]
    share: float
    """The bot's mean win share over the field's games."""
    rank: int
    games: int


def fields(records: Sequence[dict[str, Any]], players: int) -> list[Field]:
    """Each complete field's figures (a field whose games are not all played is left
    out). The bot is the entry that moves seat from game to game; ranks count ties
    against it (a rival with the same total ranks above)."""
    grouped: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        grouped[r["index"] // players].append(r)
    out = []
    for f, games in sorted(grouped.items()):
        if len(games) < players:
            continue
        games.sort(key=lambda r: r["index"])
        totals = [0.0] * players  # the bot, then the rivals in their order
        for r in games:
            rotation = r["index"] % players
            order = [rotation] + [s for s in range(players) if s != rotation]
            for k, seat in enumerate(order):
                totals[k] += r["shares"][seat]
        rotation0 = games[0]["index"] % players
        rivals = tuple(s for k, s in enumerate(games[0]["seats"]) if k != rotation0)
        rank = 1 + sum(1 for t in totals[1:] if t >= totals[0])
        out.append(Field(f, games[0]["kind"], rivals, totals[0] / players, rank, len(games)))
    return out


def bootstrap(
    values: Sequence[float], seed: int, resamples: int = BOOTSTRAP
) -> tuple[float, float]:
    """The 95% percentile bootstrap interval of the mean of ``values``."""
    if not values:
        return 0.0, 1.0
    rng = random.Random(seed)
    n = len(values)
    means = sorted(sum(values[rng.randrange(n)] for _ in range(n)) / n for _ in range(resamples))
    return means[int(0.025 * resamples)], means[min(resamples - 1, int(0.975 * resamples))]


def summary(records: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """The figures of a run, overall and by kind of field (JSON data)."""
    done = fields(records, players)

    def figures(chosen: list[Field]) -> dict[str, Any]:
        shares = [f.share for f in chosen]
        wins = sum(shares) * players
        games = len(chosen) * players
        first = sum(1 for f in chosen if f.rank == 1)
        low, high = wilson(wins, games)
        blow, bhigh = bootstrap(shares, 0)
        flow, fhigh = wilson(first, len(chosen))
        return {
            "fields": len(chosen),
            "games": games,
            "share": (sum(shares) / len(shares)) if shares else 0.0,
            "wilson": [low, high],
            "bootstrap": [blow, bhigh],
            "first": first / len(chosen) if chosen else 0.0,
            "first_wilson": [flow, fhigh],
            "mean_rank": (sum(f.rank for f in chosen) / len(chosen)) if chosen else 0.0,
        }

    return {
        "all": figures(done),
        "kinds": {k: figures([f for f in done if f.kind == k]) for k in KINDS},
        "worst": [
            {"index": f.index, "kind": f.kind, "rivals": list(f.rivals), "share": f.share}
            for f in sorted(done, key=lambda f: f.share)[:5]
        ],
    }


def run(
    game: str,
    bot: str,
    games: int,
    seed: int,
    path: Path | None,
    workers: int = 1,
    players: int = 4,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    kinds: Sequence[str] = KINDS,
) -> list[dict[str, Any]]:
    """Play (or resume, from ``path``) the first ``games`` games of the fields of
    ``kinds``; their records in order.

    Each record is the arena's (:mod:`tabletop.arena.play`) with its field's ``kind``.
    """
    if games < 1:
        raise ValueError(f"a population run needs at least one game, got {games}")
    found = styles(game)
    plan = matches(bot, found, seed, games, players, kinds)
    header = Header(game, players, (bot, f"population:{found.bot}"), seed, {})
    kind_of = {m.index: kind for m, kind in plan}

    def play(done: dict[int, dict[str, Any]]) -> Iterator[dict[str, Any]]:
        todo = [m for m, _ in plan if m.index not in done]
        for record in backends.run_local(game, players, todo, {}, workers):
            record["kind"] = kind_of[record["index"]]
            yield record

    held = results.keep(path, header, plan[-1][0].index + 1, play, on_game)
    return [r for r in held if r["index"] in kind_of]


def results_path(folder: Path, game: str, bot: str, seed: int) -> Path:
    """The resumable results file of ``bot``'s run from ``seed``: one per game, spec and
    seed, whatever the number of games or the kinds of field played (a longer run, or
    one of other kinds, resumes from the same file). Named by a digest of the spec:
    specs may be long."""
    digest = hashlib.sha1(bot.encode()).hexdigest()[:8]
    return folder / f"{game}-{bot.split(':')[0]}-{digest}-seed{seed}.jsonl"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(game: str, bot: str, figures: dict[str, Any], command: str) -> str:
    """The report of one game's run: the table by kind of field and the worst fields."""
    lines = [
        f"## {game}: `{bot}` against generated fields",
        "",
        "```",
        command,
        "```",
        "",
        "| fields | games | win share | 95% Wilson (games) | 95% bootstrap (fields) "
        "| first in | 95% Wilson (fields) | mean rank |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    # a kind no field of which was played (a run of other --kinds) has no row
    rows = [("all", figures["all"]), *((k, f) for k, f in figures["kinds"].items() if f["fields"])]
    for name, f in rows:
        lines.append(
            f"| {name} ({f['fields']}) | {f['games']} | **{_pct(f['share'])}** "
            f"| {_pct(f['wilson'][0])} - {_pct(f['wilson'][1])} "
            f"| {_pct(f['bootstrap'][0])} - {_pct(f['bootstrap'][1])} "
            f"| {_pct(f['first'])} | {_pct(f['first_wilson'][0])} - {_pct(f['first_wilson'][1])} "
            f"| {f['mean_rank']:.2f} |"
        )
    lines += ["", "Its worst fields (its mean win share there):", ""]
    for w in figures["worst"]:
        lines.append(
            f"- {w['kind']} #{w['index']}: {_pct(w['share'])}: `{'`, `'.join(w['rivals'])}`"
        )
    return "\n".join(lines) + "\n"
