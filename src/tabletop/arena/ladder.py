"""Do the lobby's levels mean what they say? Each level one against three of the level
below (issue 27, item 3).

For each consecutive pair of a game's levels (its kit's ``levels``), the upper level
plays one seat against three copies of the lower, seats rotated on each deal (the
arena's schedule, :mod:`tabletop.arena.schedule`). A level *clears* when its win share
(a shared win split) is at least :data:`TARGET` and the 95% Wilson interval's lower end
is above :data:`FLOOR` (one in four is what an equal player gets). Searches are played
as the league rates them, in CPU time without the lobby's wall-clock ceiling, so a
figure does not depend on the load of the machine that measured it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.arena import stats
from tabletop.arena.results import Header
from tabletop.arena.runner import Backend, run_arena
from tabletop.core.kit import Level
from tabletop.games import REGISTRY

TARGET = 0.30
FLOOR = 0.25
PLAYERS = 4


def measured_spec(spec: str) -> str:
    """A lobby spec as it is measured: without its wall-clock ``ceiling``."""
    name, _, rest = spec.partition(":")
    if not rest:
        return spec
    kept = [p for p in rest.split(",") if not p.startswith("ceiling=")]
    return f"{name}:{','.join(kept)}" if kept else name


@dataclass(frozen=True)
class Step:
    """One rung: ``upper`` against three ``lower``, its win share and interval."""

    game: str
    lower: Level
    upper: Level
    rate: stats.Rate

    @property
    def clears(self) -> bool:
        return self.rate.rate >= TARGET and self.rate.low > FLOOR

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "lower": self.lower.name,
            "upper": self.upper.name,
            "lower_spec": self.lower.spec,
            "upper_spec": self.upper.spec,
            **self.rate.to_json(),
            "clears": self.clears,
        }


def pairs(game: str) -> list[tuple[Level, Level]]:
    """The game's consecutive levels (lower, upper), weakest first."""
    found = REGISTRY.kit(game).levels
    if len(found) < 2:
        raise ValueError(f"{game} has no ladder of levels")
    return list(zip(found, found[1:], strict=False))


def header(game: str, lower: Level, upper: Level, seed: int) -> Header:
    """The arena run of one rung: the upper level first, three copies of the lower."""
    up, low = measured_spec(upper.spec), measured_spec(lower.spec)
    return Header(game, PLAYERS, (up, low, low, low), seed, {})


def step(
    game: str,
    lower: Level,
    upper: Level,
    games: int,
    seed: int,
    path: Path | None,
    backend: Backend | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> Step:
    """Play (or resume) one rung's ``games`` games and measure the upper level."""
    head = header(game, lower, upper, seed)
    records = run_arena(head, games, path, backend or Backend(), on_game)
    shares = [r["shares"][r["seats"].index(head.bots[0])] for r in records]
    return Step(game, lower, upper, stats.Rate.of(shares))


def markdown(steps: list[Step], command: str) -> str:
    """The report: one row per rung."""
    lines = [
        "| game | level | against three | games | win share | 95% Wilson | clears |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for s in steps:
        r = s.rate
        verdict = "yes" if s.clears else "no"
        lines.append(
            f"| {s.game} | {s.upper.name} | {s.lower.name} | {r.games} | **{r.rate:.1%}** "
            f"| {r.low:.1%} - {r.high:.1%} | {verdict} |"
        )
    intro = [
        "# The level ladder (`tabletop bots ladder`)",
        "",
        "Each lobby level one against three of the level below, seats rotated on each deal,",
        f"evaluation seeds; a level clears at {TARGET:.0%} or more with its 95% Wilson interval",
        f"above {FLOOR:.0%}. Searches are played in CPU time without the lobby's ceiling.",
        "",
    ]
    return "\n".join([*intro, "```", command, "```", "", *lines]) + "\n"
