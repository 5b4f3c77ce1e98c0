"""A heuristic's parameters tuned by CMA-ES against the generated population (issue 27).

The search runs over the heuristic's documented styles (the kit's ``bots:styles``),
each parameter scaled to [0, 1] over its range (whole numbers rounded). Every
candidate of a generation plays the same ``games`` games against fields of the
generated population (:mod:`tabletop.arena.population`: random and drawn styles, seats
rotated), so the candidates are compared on common deals and fields; each generation
draws new ones. Its fitness is its mean win share there. Seeds are tuning seeds only
(below :data:`~tabletop.arena.population.EVALUATION_SEED`): the tuned heuristic is
then measured on evaluation seeds (``tabletop bots population --bot SPEC``).

CMA-ES is the ``cma`` package (the ``tune`` extra), which copes with a noisy fitness
through its population and step size; the result is its distribution's mean (the
"favourite"), not the luckiest candidate.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.arena import backends
from tabletop.arena.population import EVALUATION_SEED, matches, styles
from tabletop.core.styles import Styles

PLAYERS = 4


def spec_of(found: Styles, x: Sequence[float]) -> str:
    """The bot spec at ``x`` (each in [0, 1], clipped) over ``found``'s ranges."""
    if len(x) != len(found.params):
        raise ValueError(f"{len(found.params)} parameters, got {len(x)} values")
    parts = []
    for p, u in zip(found.params, x, strict=True):
        value = p.low + min(1.0, max(0.0, float(u))) * (p.high - p.low)
        parts.append(f"{p.name}={round(value)}" if p.whole else f"{p.name}={round(value, 2)}")
    return f"{found.bot}:{','.join(parts)}"


def point_of(found: Styles, spec: str) -> list[float]:
    """``spec``'s parameters scaled to [0, 1] (a parameter it does not set: the middle)."""
    from tabletop.bots import parse_spec

    name, params = parse_spec(spec)
    if name != found.bot:
        raise ValueError(f"the styles are {found.bot}'s, not {name}'s")
    unknown = sorted(set(params) - {p.name for p in found.params})
    if unknown:
        raise ValueError(f"{spec}: no documented range for {', '.join(unknown)}")
    out = []
    for p in found.params:
        span = p.high - p.low
        value = params.get(p.name)
        out.append(0.5 if value is None or span == 0 else (float(value) - p.low) / span)
    return out


@dataclass(frozen=True)
class Scored:
    """One candidate of a generation and its mean win share on the generation's games."""

    generation: int
    spec: str
    share: float
    games: int

    def to_json(self) -> dict[str, Any]:
        return {
            "generation": self.generation,
            "spec": self.spec,
            "share": self.share,
            "games": self.games,
        }


def evaluate(game: str, specs: Sequence[str], games: int, seed: int, workers: int) -> list[float]:
    """Each spec's mean win share on the same ``games`` population games from ``seed``."""
    found = styles(game)
    todo = []
    for k, spec in enumerate(specs):
        for match, _ in matches(spec, found, seed, games, PLAYERS):
            todo.append((k, match))
    shares = [0.0] * len(specs)
    by_index = {}
    plan = []
    for n, (k, match) in enumerate(todo):
        renumbered = type(match)(n, match.seed, match.seats)
        by_index[n] = (k, match.index % PLAYERS)
        plan.append(renumbered)
    for record in backends.run_local(game, PLAYERS, plan, {}, workers):
        k, seat = by_index[record["index"]]
        shares[k] += record["shares"][seat]
    return [s / games for s in shares]


def tune(
    game: str,
    generations: int,
    games: int,
    seed: int = 0,
    start: str | None = None,
    sigma: float = 0.3,
    popsize: int | None = None,
    workers: int = 1,
    log: Path | None = None,
    on_generation: Callable[[int, list[Scored]], None] | None = None,
) -> tuple[str, list[Scored]]:
    """Tune ``game``'s heuristic; return the final spec (CMA-ES's favourite) and every
    candidate scored. ``seed`` is the first tuning seed; generation ``g`` plays deals and
    fields from ``seed + g * games``."""
    import cma

    if generations < 1 or games < 1:
        raise ValueError("tuning needs at least one generation and one game")
    if games % PLAYERS:
        raise ValueError(f"games must be a multiple of {PLAYERS} (seats rotated), got {games}")
    last = seed + generations * games
    if seed < 0 or last > EVALUATION_SEED:
        raise ValueError(
            f"tuning seeds must lie in 0..{EVALUATION_SEED - 1} (the rest are for "
            f"evaluation); seeds {seed}..{last - 1} do not"
        )
    found = styles(game)
    if len(found.params) < 2:
        raise ValueError(
            f"CMA-ES needs two parameters or more; {game}'s {found.bot} has "
            f"{len(found.params)} (measure each value with tabletop bots population --bot)"
        )
    x0 = [0.5] * len(found.params) if start is None else point_of(found, start)
    options: dict[str, Any] = {"bounds": [0.0, 1.0], "seed": seed + 1, "verbose": -9}
    if popsize is not None:
        options["popsize"] = popsize
    es = cma.CMAEvolutionStrategy(x0, sigma, options)
    scored: list[Scored] = []
    if log is not None:
        log.parent.mkdir(parents=True, exist_ok=True)
    out = None if log is None else log.open("w", encoding="utf-8")
    try:
        for g in range(generations):
            xs = es.ask()
            specs = [spec_of(found, x) for x in xs]
            shares = evaluate(game, specs, games, seed + g * games, workers)
            es.tell(xs, [-s for s in shares])  # cma minimises
            this = [Scored(g, s, v, games) for s, v in zip(specs, shares, strict=True)]
            scored.extend(this)
            if out is not None:
                for s in this:
                    out.write(json.dumps(s.to_json()) + "\n")
                out.flush()
            if on_generation is not None:
                on_generation(g, this)
    finally:
        if out is not None:
            out.close()
    return spec_of(found, es.result.xfavorite), scored
