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

from collections.abc import Sequence
from dataclasses import dataclass

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


_BID_CHANCES: dict[tuple[int, bool, float], tuple[float, ...]] = {}
"""``_bid_chances`` already worked out (a few hundred at most: pieces, last, aggression)."""


def _bid_chances(pieces: int, last: bool, aggression: float) -> tuple[float, ...]:
    key = (pieces, last, aggression)
    hit = _BID_CHANCES.get(key)
    if hit is not None:
        return hit
    if last:
        chances = tuple(1.0 if n == pieces else 0.0 for n in range(pieces + 1))
    else:
        weights = [(n + 1) ** (aggression - 1.0) for n in range(pieces + 1)]
        total = sum(weights)
        chances = tuple(w / total for w in weights)
    if len(_BID_CHANCES) < 4096:
        _BID_CHANCES[key] = chances
    return chances


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
    (Products are plain loops from 1.0, left to right: compiled, a generator for each
    product cost more than the arithmetic.)
    """
    rivals = len(bids)
    below = [sum(d[:search]) for d in bids]
    upto = [b + (d[search] if search < len(d) else 0.0) for b, d in zip(below, bids, strict=True)]
    none = 1.0
    for d in bids:
        none *= d[0] if d else 1.0
    anyone = 1.0 - none
    if search == 0:
        return 0.0, 0.0, 2.0 * anyone
    first = 1.0
    for b in below:
        first *= b
    tie = 1.0
    for u in upto:
        tie *= u
    tie -= first
    one_above = 0.0
    for j in range(rivals):
        others = 1.0
        for k in range(rivals):
            if k != j:
                others *= upto[k]
        one_above += (1.0 - upto[j]) * others
    second = tie + one_above
    return first, second, anyone * (2.0 - first - second)


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
    witches = int(witch)
    souls = int(soul)
    # The worth of declaring (k, ww, ss) on corridor t, at gains[t][(k * 2 + ww) * 2 + ss].
    gains: list[list[float]] = []
    for t in range(last + 1):
        look = rivals_model[t]
        cw = worths[t]
        row: list[float] = []
        for k in range(search + 1):
            first, second, rivals = rank_chances(k, look.bids)
            for ww in (0, 1):
                for ss in (0, 1):
                    row.append(_gain(first, second, rivals, cw, look, ww, ss, spite))
        gains.append(row)
    # The best worth of corridors t.. with (n, w, s) left, at after[(n * 2 + w) * 2 + s],
    # from the last corridor (which takes everything left) back to the current one.
    after = gains[last]
    if last == 0:
        return Plan(search, bool(witches), bool(souls), after[(search * 2 + witches) * 2 + souls])
    for t in range(last - 1, -1, -1):
        here = gains[t]
        values = [0.0] * ((search + 1) * 4)
        choices = [0] * ((search + 1) * 4)
        # Every hand left on a later corridor; on the current one, the hand held now.
        for n in range(0 if t else search, search + 1):
            for w in range(0 if t else witches, witches + 1):
                for s in range(0 if t else souls, souls + 1):
                    best_value = float("-inf")
                    best_choice = 0
                    for k in range(n + 1):
                        for ww in range(w + 1):
                            for ss in range(s + 1):
                                value = (
                                    here[(k * 2 + ww) * 2 + ss]
                                    + after[((n - k) * 2 + w - ww) * 2 + s - ss]
                                )
                                if value > best_value + 1e-9:
                                    best_value = value
                                    best_choice = (k * 2 + ww) * 2 + ss
                    values[(n * 2 + w) * 2 + s] = best_value
                    choices[(n * 2 + w) * 2 + s] = best_choice
        after = values
    at = (search * 2 + witches) * 2 + souls
    choice = choices[at]
    return Plan(choice // 4, bool(choice // 2 % 2), bool(choice % 2), after[at])


def _gain(
    first: float,
    second: float,
    rivals: float,
    cw: CorridorWorth,
    look: Outlook,
    w: int,
    s: int,
    spite: float,
) -> float:
    """Expected worth of declaring with ``w`` witch's and ``s`` soul's signs, given the
    chances of ranking 1st and 2nd and the expected ranked rivals."""
    signs_soul = s + look.soul
    signs_witch = w + look.witch
    shared = signs_soul * cw.extra - signs_witch * IMPURITY_WORTH
    value = first * (cw.first + shared) + second * (cw.second + shared)
    return value + spite * rivals * (w * IMPURITY_WORTH - s * max(cw.extra, 0.0))
