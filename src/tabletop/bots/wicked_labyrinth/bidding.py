"""Declaring for corridors: how many search pieces, and which sign pieces, where.

The round's corridors are all face up, every player's pieces left are public, and all
pieces must be used up by the round's last corridor (section 7 ①, ruling 2). So the bot
plans the whole rest of the round at once: a small dynamic programme over (corridor,
search pieces left, witch's sign held, soul's sign held) picks the declaration of each
corridor that maximises the expected worth of the round's gains.

For one corridor and one declaration the expected worth is

    P(1st) * (worth of 1st's gains) + P(2nd) * (worth of 2nd's gains)
    + expected soul's-sign tokens and witch's impurity if ranked
    + ``spite`` * (impurity given to ranked rivals - tokens given to ranked rivals)

The chances of ranking come from a model of each rival's declaration: uniform over the
counts its pieces allow (tilted toward higher counts when ``aggression`` > 1) and
all-in on the last corridor, their pieces left carried forward corridor by corridor.
Each rival still holding a sign piece reveals it with even odds, and surely on the last
corridor. This is exactly how the ``random`` bot declares, and a fair prior for others.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

SIGN_CHANCE = 0.5
"""Chance a rival who still holds a sign piece reveals it on a corridor (not the last)."""

IMPURITY_WORTH = 1.0
"""Points one witch's impurity tile costs at the end (section 10)."""


@dataclass(frozen=True)
class CorridorWorth:
    """What searching one corridor is worth to the bot, in points of board worth."""

    first: float
    """Worth of the 1st's gains: the upper and the lower elements."""
    second: float
    """Worth of the 2nd's gain: the lower fragment."""
    extra: float
    """Worth of one more token of the lower fragment's colour (from a soul's sign)."""


@dataclass(frozen=True)
class Rival:
    """A rival's public pieces behind the screen."""

    search: int
    witch: bool
    soul: bool


@dataclass(frozen=True)
class Outlook:
    """The model of the rivals on one corridor."""

    bids: tuple[tuple[float, ...], ...]
    """Per rival, the chance of each search piece count."""
    witch: float
    """Expected witch's signs the rivals reveal."""
    soul: float
    """Expected soul's signs the rivals reveal."""


@lru_cache(maxsize=4096)
def _bid_chances(pieces: int, last: bool, aggression: float) -> tuple[float, ...]:
    if last:
        return tuple(1.0 if n == pieces else 0.0 for n in range(pieces + 1))
    weights = [(n + 1) ** (aggression - 1.0) for n in range(pieces + 1)]
    total = sum(weights)
    return tuple(w / total for w in weights)


def outlooks(rivals: Sequence[Rival], corridors: int, aggression: float) -> list[Outlook]:
    """The rivals' model for each of the ``corridors`` left (the current one first)."""
    left = [{r.search: 1.0} for r in rivals]
    witch = [1.0 if r.witch else 0.0 for r in rivals]
    soul = [1.0 if r.soul else 0.0 for r in rivals]
    out = []
    for t in range(corridors):
        last = t == corridors - 1
        share = 1.0 if last else SIGN_CHANCE
        bids = []
        for j in range(len(rivals)):
            chances: list[float] = []
            after: dict[int, float] = {}
            for pieces, p in left[j].items():
                for n, q in enumerate(_bid_chances(pieces, last, aggression)):
                    if q:
                        while len(chances) <= n:
                            chances.append(0.0)
                        chances[n] += p * q
                        after[pieces - n] = after.get(pieces - n, 0.0) + p * q
            bids.append(tuple(chances))
            left[j] = after
        out.append(Outlook(tuple(bids), sum(witch) * share, sum(soul) * share))
        witch = [w * (1.0 - share) for w in witch]
        soul = [s * (1.0 - share) for s in soul]
    return out


def rank_chances(search: int, bids: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    """(P(1st), P(2nd), expected ranked rivals) when declaring ``search`` pieces.

    Ranking (ruling 3): the unique most is 1st; ties for the most are all 2nd; with a
    unique 1st, everyone on the next non-zero count is 2nd. Rivals are independent.
    """
    below = [sum(d[:search]) for d in bids]
    upto = [b + (d[search] if search < len(d) else 0.0) for b, d in zip(below, bids, strict=True)]
    anyone = 1.0 - _product(d[0] if d else 1.0 for d in bids)
    if search == 0:
        return 0.0, 0.0, 2.0 * anyone
    first = _product(below)
    tie = _product(upto) - first
    one_above = 0.0
    for j in range(len(bids)):
        others = _product(upto[k] for k in range(len(bids)) if k != j)
        one_above += (1.0 - upto[j]) * others
    second = tie + one_above
    return first, second, anyone * (2.0 - first - second)


def _product(values: Iterable[float]) -> float:
    out = 1.0
    for v in values:
        out *= v
    return out


@dataclass(frozen=True)
class Plan:
    """The declaration chosen for the current corridor and the round's expected worth."""

    search: int
    witch: bool
    soul: bool
    worth: float


def plan_declarations(
    worths: Sequence[CorridorWorth],
    rivals_model: Sequence[Outlook],
    search: int,
    witch: bool,
    soul: bool,
    spite: float,
) -> Plan:
    """Best declaration now, planning the round's remaining corridors (current first).

    The last corridor takes every piece left (ruling 2). Ties go to the smaller hand.
    """
    if len(worths) != len(rivals_model) or not worths:
        raise ValueError("one worth and one rival outlook per corridor left are needed")
    last = len(worths) - 1

    chances: dict[tuple[int, int], tuple[float, float, float]] = {}

    def gain(t: int, n: int, w: int, s: int) -> float:
        look = rivals_model[t]
        ranks = chances.get((t, n))
        if ranks is None:
            ranks = chances[(t, n)] = rank_chances(n, look.bids)
        first, second, rivals = ranks
        cw = worths[t]
        signs_soul = s + look.soul
        signs_witch = w + look.witch
        shared = signs_soul * cw.extra - signs_witch * IMPURITY_WORTH
        value = first * (cw.first + shared) + second * (cw.second + shared)
        return value + spite * rivals * (w * IMPURITY_WORTH - s * max(cw.extra, 0.0))

    memo: dict[tuple[int, int, int, int], tuple[float, tuple[int, int, int]]] = {}

    def best(t: int, n: int, w: int, s: int) -> tuple[float, tuple[int, int, int]]:
        key = (t, n, w, s)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if t == last:
            result = (gain(t, n, w, s), (n, w, s))
        else:
            result = (float("-inf"), (0, 0, 0))
            for k in range(n + 1):
                for ww in range(w + 1):
                    for ss in range(s + 1):
                        value = gain(t, k, ww, ss) + best(t + 1, n - k, w - ww, s - ss)[0]
                        if value > result[0] + 1e-9:
                            result = (value, (k, ww, ss))
        memo[key] = result
        return result

    value, (n, w, s) = best(0, search, int(witch), int(soul))
    return Plan(n, bool(w), bool(s), value)
