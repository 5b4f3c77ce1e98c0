"""Do the lobby's levels mean what they say? Each level one against three of the level
below (issue 27, item 3).

For each consecutive pair of a game's levels (its kit's ``levels``), the upper level
plays one seat against three copies of the lower, seats rotated on each deal (the
arena's schedule, :mod:`tabletop.arena.schedule`). A level *clears* when its win share
(a shared win split) is at least :data:`TARGET` and the 95% Wilson interval's lower end
is above :data:`FLOOR` (one in four is what an equal player gets). Searches are played
as the league rates them, in CPU time without the lobby's wall-clock ceiling, so a
figure does not depend on the load of the machine that measured it.

The rungs are written as data (:func:`data`, the package's ``bots/ladder.json``): what
pins the lobby's levels (a test checks the kits' levels are the specs measured there
and that each rung clears) and what the lobby shows as each level's strength.
"""

from __future__ import annotations

import hashlib
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


def results_path(folder: Path, game: str, lower: Level, upper: Level, seed: int) -> Path:
    """The rung's resumable results file: named by its levels and a digest of the specs
    played, so a level given another spec starts a file of its own (the old one is
    kept, and resuming never mixes two specs' games)."""
    digest = hashlib.sha256("|".join(header(game, lower, upper, seed).bots).encode()).hexdigest()
    return folder / f"{game}-{upper.name}-over-{lower.name}-{digest[:8]}-seed{seed}.jsonl"


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


def step_of(row: dict[str, Any]) -> Step:
    """A rung back from its data (:meth:`Step.to_json`)."""
    rate = stats.Rate(row["games"], row["wins"], row["low"], row["high"])
    lower, upper = Level(row["lower"], row["lower_spec"]), Level(row["upper"], row["upper_spec"])
    return Step(row["game"], lower, upper, rate)


def merged(
    old: dict[str, Any] | None, steps: list[Step], command: str
) -> tuple[list[Step], dict[str, str]]:
    """The rungs and each game's command once ``steps`` (made by ``command``) replace
    the games they measure in ``old`` data: a game's rungs can be measured again (with
    more search games, say) without playing the other games' rungs."""
    fresh = {s.game for s in steps}
    kept = [step_of(r) for r in (old or {}).get("rungs", []) if r["game"] not in fresh]
    commands = {g: c for g, c in (old or {}).get("commands", {}).items() if g not in fresh}
    commands.update(dict.fromkeys(sorted(fresh, key=[s.game for s in steps].index), command))
    return [*kept, *steps], commands


def data(steps: list[Step], commands: dict[str, str]) -> dict[str, Any]:
    """The rungs as data (``tabletop.bots.levels.MEASURED``), with each game's command."""
    return {"commands": commands, "rungs": [s.to_json() for s in steps]}


def markdown(steps: list[Step], commands: dict[str, str]) -> str:
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
        "The rungs are also written as data (`--data src/tabletop/bots/ladder.json`): the",
        "lobby's levels are the specs measured there (`tests/arena/test_levels.py`), and its",
        "bot picker shows each level's figure.",
        "",
    ]
    failing = [
        f"- {s.game}: {s.upper.name} (`{s.upper.spec}`) wins {s.rate.rate:.1%} "
        f"({s.rate.low:.1%} - {s.rate.high:.1%}, {s.rate.games} games) one against three "
        f"{s.lower.name} (`{s.lower.spec}`)"
        for s in steps
        if not s.clears
    ]
    closing = ["", "Not clearing:", "", *failing] if failing else ["", "Every rung clears."]
    made = list(dict.fromkeys(commands.values()))
    return "\n".join([*intro, "```", *made, "```", "", *lines, *closing]) + "\n"
