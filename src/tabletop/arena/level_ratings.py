"""Each lobby level rated against the generated population (issue 27, items 1 and 3).

The level ladder (:mod:`tabletop.arena.ladder`) asks whether each level beats the level
below it; this asks how strong each level is against players nobody tuned it for. Every
level of a game (its kit's ``levels``, searches as measured: in CPU time, without the
lobby's ceiling) plays the same generated fields (:mod:`tabletop.arena.population`,
evaluation seeds), so two levels' figures differ by their play, not by their fields.

That also makes the order check paired: for consecutive levels, the difference of their
win shares field by field, with a bootstrap interval over the fields both played. The
order *holds* when each level's win share is above the one below it; a step is *clear*
when the paired interval of its difference is above zero.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.arena import population as pop
from tabletop.arena.ladder import measured_spec
from tabletop.core.kit import Level
from tabletop.games import REGISTRY

PLAYERS = 4


def is_search(spec: str) -> bool:
    """A search level (a hundred times slower a game than a heuristic one)."""
    return spec.startswith("mcts")


@dataclass(frozen=True)
class Rated:
    """A level's games against the population and their figures."""

    level: Level
    spec: str
    """The spec played: the level's, searched in CPU time without the ceiling."""
    figures: dict[str, Any]
    """:func:`tabletop.arena.population.summary` of its games."""
    shares: dict[int, float]
    """Its mean win share in each complete field, by field index."""
    results: Path | None

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level.name,
            "spec": self.spec,
            "results": None if self.results is None else str(self.results),
            **self.figures,
        }


@dataclass(frozen=True)
class Step:
    """Two consecutive levels compared on the fields both played."""

    lower: str
    upper: str
    fields: int
    difference: float
    """The upper level's mean win share minus the lower's, over the shared fields."""
    low: float
    high: float

    @property
    def holds(self) -> bool:
        return self.difference > 0

    @property
    def clear(self) -> bool:
        return self.low > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "lower": self.lower,
            "upper": self.upper,
            "fields": self.fields,
            "difference": self.difference,
            "interval": [self.low, self.high],
            "holds": self.holds,
            "clear": self.clear,
        }


def rate(
    game: str,
    level: Level,
    games: int,
    seed: int,
    folder: Path | None,
    workers: int = 1,
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> Rated:
    """Play (or resume) ``level``'s first ``games`` population games and rate it. The
    results file is the one ``tabletop bots population --bot SPEC`` uses for the same
    spec and seed, so either command resumes the other's games."""
    spec = measured_spec(level.spec)
    path = None if folder is None else pop.results_path(folder, game, spec, seed)
    records = pop.run(game, spec, games, seed, path, workers, PLAYERS, on_game)
    shares = {f.index: f.share for f in pop.fields(records, PLAYERS)}
    return Rated(level, spec, pop.summary(records, PLAYERS), shares, path)


def step(lower: Rated, upper: Rated) -> Step:
    """``upper`` against ``lower``: the mean of their per-field differences, with a
    bootstrap interval over the fields both played (paired: each field's deal and
    rivals are the same for both)."""
    common = sorted(set(lower.shares) & set(upper.shares))
    differences = [upper.shares[f] - lower.shares[f] for f in common]
    mean = sum(differences) / len(differences) if differences else 0.0
    low, high = pop.bootstrap(differences, 0) if differences else (-1.0, 1.0)
    return Step(lower.level.name, upper.level.name, len(common), mean, low, high)


def steps(rated: Sequence[Rated]) -> list[Step]:
    """Each level against the one below it, weakest first."""
    return [step(a, b) for a, b in zip(rated, rated[1:], strict=False)]


def levels(game: str) -> tuple[Level, ...]:
    """The game's lobby levels, weakest first; an error for a game without any."""
    found = REGISTRY.kit(game).levels
    if not found:
        raise ValueError(f"{game} has no levels")
    return found


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def markdown(game: str, rated: Sequence[Rated], command: str) -> str:
    """One game's section: each level's figures, then the order of consecutive levels."""
    lines = [
        f"## {game}",
        "",
        "```",
        command,
        "```",
        "",
        "| level | spec | games | win share | 95% bootstrap (fields) | 95% Wilson (games) "
        "| first in | mixed | styles | copies |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rated:
        f = r.figures["all"]
        kinds = [r.figures["kinds"][k] for k in pop.KINDS]
        lines.append(
            f"| {r.level.name} | `{r.spec}` | {f['games']} | **{_pct(f['share'])}** "
            f"| {_pct(f['bootstrap'][0])} - {_pct(f['bootstrap'][1])} "
            f"| {_pct(f['wilson'][0])} - {_pct(f['wilson'][1])} | {_pct(f['first'])} | "
            + " | ".join(_pct(k["share"]) if k["fields"] else "-" for k in kinds)
            + " |"
        )
    found = steps(rated)
    lines += [
        "",
        "Each level against the one below it, on the fields both played (upper minus lower, "
        "points of win share, 95% paired bootstrap over fields):",
        "",
        "| level | above | fields | difference | 95% interval | order holds | clear |",
        "|---|---|---:|---:|---:|---|---|",
    ]
    for s in found:
        lines.append(
            f"| {s.upper} | {s.lower} | {s.fields} | **{_points(s.difference)}** "
            f"| {_points(s.low)} - {_points(s.high)} | {'yes' if s.holds else 'no'} "
            f"| {'yes' if s.clear else 'no'} |"
        )
    names = " < ".join(r.level.name for r in rated)
    verdict = "holds" if all(s.holds for s in found) else "does not hold"
    clear = "every step clear" if all(s.clear for s in found) else "not every step clear"
    lines += ["", f"The order {names} {verdict} ({clear})."]
    return "\n".join(lines) + "\n"
