"""The difficulty levels a player picks a bot by, chosen from the league's ratings.

Each game's ladder (its kit's ``levels``) has four levels, ``easy``, ``normal``,
``hard`` and ``strongest``, each a bot spec of the game's league pool
(:mod:`tabletop.arena.league`) with its OpenSkill rating there (mu, sigma).
:func:`choose_ladder` picks them from the ratings: the strongest bot is ``strongest``,
the weakest that is not ``random`` is ``easy``, and ``normal`` and ``hard`` are the two
bots between them whose ratings split the range most evenly (the smallest spread of the
three gaps). Bots that need an optional extra (OpenSpiel's ``ismcts``, the learned
``neural``) are not made levels. A test derives the ladders again from the league
reports committed under ``docs/league/`` and compares them with the kits' ``levels``.
The lobby also offers each game's strongest measured search (its kit's ``search``) as
``mcts``. The rating gaps between consecutive levels are in docs/league.md.

The lobby offers every timed search as the league ran it, with ``clock=cpu`` (its
0.25 s counted on the searching thread's CPU, so a level is as strong on a loaded
server as on a quiet one), plus a wall-clock ``ceiling`` of :data:`CEILING` seconds:
no person waits longer for one decision, whatever the load (the search then stops
early and plays weaker). :func:`lobby_spec` adds both.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from tabletop.core.kit import Level
from tabletop.games import REGISTRY

DIFFICULTIES = ("easy", "normal", "hard", "strongest")
NOT_OFFERED = ("random", "ismcts", "neural")
"""Bot names never made a level: no challenge, or an optional extra needed (OpenSpiel;
NumPy for ``neural``, which the lobby offers as a bot of its own)."""


CEILING = 2
"""Wall-clock seconds a lobby search may take for one decision, at most (the server's
largest ``time``, ``server.config``)."""


def lobby_spec(spec: str) -> str:
    """The spec the lobby offers for a league's or a kit's spec: a search with a time
    budget gets ``clock=cpu,ceiling=CEILING`` (replacing any clock or ceiling it had);
    any other spec is offered as it is."""
    name, _, rest = spec.partition(":")
    parts = [p for p in rest.split(",") if p] if rest else []
    if name != "mcts" or not any(p.startswith("time=") for p in parts):
        return spec
    kept = [p for p in parts if not p.startswith(("clock=", "ceiling="))]
    return f"{name}:{','.join([*kept, 'clock=cpu', f'ceiling={CEILING}'])}"


def choose_ladder(ratings: Iterable[tuple[str, float, float]]) -> tuple[Level, ...]:
    """The four levels from league ``ratings`` (spec, mu, sigma), weakest first."""
    offered = sorted(
        ((spec, mu, sigma) for spec, mu, sigma in ratings if spec.split(":")[0] not in NOT_OFFERED),
        key=lambda r: r[1],
    )
    if len(offered) < len(DIFFICULTIES):
        raise ValueError(f"a ladder needs {len(DIFFICULTIES)} rated bots, got {len(offered)}")
    low, high = offered[0], offered[-1]
    middle = offered[1:-1]

    def spread(pair: tuple[tuple[str, float, float], ...]) -> float:
        marks = [low[1], pair[0][1], pair[1][1], high[1]]
        gaps = [b - a for a, b in zip(marks, marks[1:], strict=False)]
        return max(gaps) - min(gaps)

    normal, hard = min(combinations(middle, 2), key=spread)
    return tuple(
        Level(name, lobby_spec(spec), round(mu, 1), round(sigma, 1))
        for name, (spec, mu, sigma) in zip(DIFFICULTIES, (low, normal, hard, high), strict=True)
    )


def ladder(game: str) -> tuple[Level, ...]:
    """The levels of ``game`` (its kit's), weakest first; none for a game without."""
    return REGISTRY.kit(game).levels if game in REGISTRY.names() else ()


def gaps(game: str) -> list[float]:
    """The rating (mu) gaps between consecutive levels of ``game``."""
    found = ladder(game)
    return [round(b.mu - a.mu, 1) for a, b in zip(found, found[1:], strict=False)]


def _by_bot(game: str) -> dict[str, tuple[str, ...]]:
    """The ladder's specs by bot name, weakest first, and the game's search for ``mcts``
    (offered even if the league did not rate it a level: a bare ``mcts`` is weak)."""
    by_bot: dict[str, list[str]] = {}
    for level in ladder(game):
        by_bot.setdefault(level.spec.split(":")[0], []).append(level.spec)
    search = REGISTRY.kit(game).search
    search = None if search is None else lobby_spec(search)
    if search is not None and search not in by_bot.get("mcts", []):
        by_bot.setdefault("mcts", []).append(search)
    return {bot: tuple(specs) for bot, specs in by_bot.items()}


LEVELS: dict[str, dict[str, tuple[str, ...]]] = {game: _by_bot(game) for game in REGISTRY.names()}
"""The lobby's specs by game and bot name, weakest first; a bot not listed is offered
bare (``random``)."""


def levels(game: str, bot: str) -> tuple[str, ...]:
    """The specs that stand for ``bot`` in ``game`` (the bare name when none is set)."""
    return LEVELS.get(game, {}).get(bot, (bot,))
