"""The difficulty levels a player picks a bot by, chosen from the league's ratings.

Each game's ladder has four levels, ``easy``, ``normal``, ``hard`` and ``strongest``,
each a bot spec of the game's league pool (:mod:`tabletop.arena.league`) with its
OpenSkill rating there (mu, sigma). :func:`choose_ladder` picks them from the ratings:
the strongest bot is ``strongest``, the weakest that is not ``random`` is ``easy``,
and ``normal`` and ``hard`` are the two bots between them whose ratings split the
range most evenly (the smallest spread of the three gaps). Bots that need an optional
extra (OpenSpiel's ``ismcts``, the learned ``neural``) are not made levels. A test
derives the ladders again from the league reports committed under ``docs/league/``
and compares them with :data:`LADDERS`. The rating gaps between consecutive levels
are in docs/league.md.

The lobby offers the search with a wall-clock budget; the league ran it with
``clock=cpu`` (the same 0.25 s on a free core), so the ``clock=cpu`` is dropped here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

SEARCHES: dict[str, str] = {
    "wicked-labyrinth": "mcts:time=0.25,model=adaptive,guide=heuristic,search=sealed",
    "code-of-nine": "mcts:time=0.25,model=adaptive,samples=4,c=0.2",
}
"""Each game's strongest measured search (docs/arena.md): a bare ``mcts`` plays random
rollouts, weaker than ``heuristic`` in both games; its model makes it strong. The
league rates it (with ``clock=cpu``) and the ladder offers it if it rates highest."""

DIFFICULTIES = ("easy", "normal", "hard", "strongest")
NOT_OFFERED = ("random", "ismcts", "neural")
"""Bot names never made a level: no challenge, or an optional extra needed (OpenSpiel;
NumPy for ``neural``, which the lobby offers as a bot of its own)."""


@dataclass(frozen=True)
class Level:
    """One difficulty: its name, the bot spec the lobby offers and its league rating."""

    name: str
    spec: str
    mu: float
    sigma: float


def lobby_spec(league_spec: str) -> str:
    """The spec the lobby offers for a league pool's spec (without ``clock=cpu``)."""
    return league_spec.replace(",clock=cpu", "")


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


LADDERS: dict[str, tuple[Level, ...]] = {
    # tabletop league wicked-labyrinth --games 700 (docs/league/wicked-labyrinth);
    # gaps 0.6, 1.0, 6.3 (one sigma is about 2.0)
    "wicked-labyrinth": (
        Level("easy", "heuristic:aggression=1.6,spite=0.6", 41.8, 2.0),
        Level("normal", "heuristic", 42.4, 2.0),
        Level("hard", "heuristic:aggression=0.6,spite=0", 43.4, 2.0),
        Level(
            "strongest", "mcts:time=0.25,model=adaptive,guide=heuristic,search=sealed", 49.7, 2.1
        ),
    ),
    # tabletop league code-of-nine --games 560 (docs/league/code-of-nine); gaps 0.5,
    # 3.1, 2.7 (one sigma is about 1.9)
    "code-of-nine": (
        Level("easy", "heuristic:samples=2", 27.7, 1.9),
        Level("normal", "heuristic:samples=32", 28.2, 1.9),
        Level("hard", "heuristic", 31.3, 1.9),
        Level("strongest", "mcts:time=0.25,model=adaptive,samples=4,c=0.2", 34.0, 2.0),
    ),
}
"""Each game's levels, weakest first, from its league (docs/league.md)."""


def ladder(game: str) -> tuple[Level, ...]:
    return LADDERS.get(game, ())


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
    search = SEARCHES.get(game)
    if search is not None and search not in by_bot.get("mcts", []):
        by_bot.setdefault("mcts", []).append(search)
    return {bot: tuple(specs) for bot, specs in by_bot.items()}


LEVELS: dict[str, dict[str, tuple[str, ...]]] = {game: _by_bot(game) for game in SEARCHES}
"""The lobby's specs by game and bot name, weakest first; a bot not listed is offered
bare (``random``)."""


def levels(game: str, bot: str) -> tuple[str, ...]:
    """The specs that stand for ``bot`` in ``game`` (the bare name when none is set)."""
    return LEVELS.get(game, {}).get(bot, (bot,))
