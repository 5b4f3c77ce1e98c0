"""One bot against three copies of another, seats rotated (issue 27: ``neural`` against
three ``heuristic``, or any such claim the docs make).

The measured bot plays one seat, the rival the other ``players - 1``; the arena's
schedule (:mod:`tabletop.arena.schedule`) rotates the lineup through the seats on each
deal, so every deal's luck is met from every seat. The figures: the bot's win share (a
shared win split) with its 95% Wilson interval, its mean score beside the rivals', and
whether it reaches a stated target with its interval above an equal player's share
(one in ``players``). Evaluation seeds by default (:data:`population.EVALUATION_SEED`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.arena import stats
from tabletop.arena.ladder import measured_spec
from tabletop.arena.results import Header
from tabletop.arena.runner import Backend, run_arena


@dataclass(frozen=True)
class Versus:
    """A finished run: the bot's win share and both sides' mean scores."""

    game: str
    bot: str
    rival: str
    players: int
    rate: stats.Rate
    score: float
    """The bot's mean score."""
    rival_score: float
    """The rivals' mean score (over every rival seat of every game)."""

    def meets(self, target: float) -> bool:
        """At least ``target`` of the wins, the interval above an equal player's share."""
        return self.rate.rate >= target and self.rate.low > 1 / self.players

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "rival": self.rival,
            "players": self.players,
            **self.rate.to_json(),
            "score": self.score,
            "rival_score": self.rival_score,
        }


def header(game: str, bot: str, rival: str, players: int, seed: int) -> Header:
    """The arena run: the bot first, then ``players - 1`` copies of the rival; searches
    without a wall-clock ceiling, so a figure does not depend on the machine's load."""
    if players < 2:
        raise ValueError(f"a match needs at least 2 players, got {players}")
    bot, rival = measured_spec(bot), measured_spec(rival)
    if bot == rival:
        raise ValueError(f"the bot and its rivals are the same spec ({bot!r}): nothing to measure")
    return Header(game, players, (bot, *(rival,) * (players - 1)), seed, {})


def results_path(folder: Path, head: Header) -> Path:
    """The run's resumable results file, named by a digest of its lineup."""
    digest = hashlib.sha256("|".join(head.bots).encode()).hexdigest()[:8]
    name = head.bots[0].split(":")[0]
    return folder / f"{head.game}-{name}-{head.players}p-{digest}-seed{head.seed}.jsonl"


def run(
    head: Header,
    games: int,
    path: Path | None,
    backend: Backend | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> Versus:
    """Play (or resume from ``path``) the first ``games`` games of ``head``."""
    records = run_arena(head, games, path, backend or Backend(), on_game)
    bot = head.bots[0]
    shares: list[float] = []
    mine: list[int] = []
    theirs: list[int] = []
    for r in records:
        seat = r["seats"].index(bot)
        shares.append(r["shares"][seat])
        mine.append(r["scores"][seat])
        theirs.extend(s for k, s in enumerate(r["scores"]) if k != seat)
    return Versus(
        head.game,
        bot,
        head.bots[1],
        head.players,
        stats.Rate.of(shares),
        sum(mine) / len(mine),
        sum(theirs) / len(theirs),
    )


def markdown(found: list[Versus], command: str, target: float | None) -> str:
    """The report: one row per game, with the command that made it."""
    lines = [
        "# One bot against three of another (`tabletop bots versus`)",
        "",
        "The bot plays one seat, the rival every other, seats rotated on each deal,",
        "evaluation seeds; a win shared is split. Searches are played in CPU time without",
        "the lobby's ceiling. This report:",
        "",
        "```",
        command,
        "```",
        "",
        "| game | bot | against | players | games | win share | 95% Wilson | mean score "
        "(bot / rivals) |" + (f" reaches {target:.0%}? |" if target is not None else ""),
        "|---|---|---|---:|---:|---:|---:|---:|" + ("---|" if target is not None else ""),
    ]
    for v in found:
        r = v.rate
        row = (
            f"| {v.game} | `{v.bot}` | `{v.rival}` | {v.players} | {r.games} "
            f"| **{r.rate:.1%}** | {r.low:.1%} - {r.high:.1%} "
            f"| {v.score:.2f} / {v.rival_score:.2f} |"
        )
        if target is not None:
            row += " yes |" if v.meets(target) else " no |"
        lines.append(row)
    if target is not None:
        lines += [
            "",
            f"A bot reaches the target with {target:.0%} of the wins or more and its interval "
            "above an equal player's share (one in the number of players).",
        ]
    return "\n".join(lines) + "\n"
