"""The Code of Nine heuristic's search and leaf valuation, compiled with mypyc.

The heuristic (:mod:`tabletop.bots.code_of_nine.heuristic`) tries each legal action on
a sampled state, searches its own follow-up choices a few steps deep and values every
leaf by the expected margin over the best rival under its card completions. That
inner loop scores tens of thousands of sheets a game: here it runs compiled (listed in
``tabletop.compiled.MODULES``), scores each completion without building score sheets
memoises the items' values per completion, and reads each card's bonus effects as
plain integers (:class:`Bonus`) rather than through ``scoring.card_extras``. The
arithmetic is the heuristic's and the scoring's, in the same order, so it values every
leaf to the same float.
"""

from __future__ import annotations

from typing import Final

from tabletop.games.code_of_nine.items import HOLDERS, ROUNDS
from tabletop.games.code_of_nine.items import PAWNS as PAWNS_PER_ROUND
from tabletop.games.code_of_nine.layout import (
    ATTACKS,
    ITEMS,
    KNOWS,
    LOOKS,
    PAWNS,
    PROTECT,
    STRIDE,
    WILL,
)
from tabletop.games.code_of_nine.memory_cards import Condition, EffectKind, MemoryCard
from tabletop.games.code_of_nine.scoring import Scorer, quantities
from tabletop.games.code_of_nine.state import CodeOfNineState

DEPTH: Final = 3
"""Follow-up steps searched exhaustively after an action; deeper ones are greedy."""

OUT_OF_RUNNING: Final = 12.0
"""The margin lost when a completion leaves the bot unable to win."""

_FOLLOW: Final = 7
_OVER: Final = 8
"""``Phase.FOLLOW`` and ``Phase.OVER`` as plain integers (compared in the inner loop)."""

_PAWNS_IN_GAME: Final = ROUNDS * PAWNS_PER_ROUND

Counts = tuple[tuple[int, ...], ...]

# Final, so that the compiled inner loop compares machine integers with constants.
_PER: Final = 1
_SETS: Final = 2
_BONUS: Final = 3
_CANNOT_WIN: Final = 4
_MOST: Final = 1
_FEWEST: Final = 2
_AT_LEAST: Final = 3
_AT_MOST: Final = 4


class Bonus:
    """One effect of a card that is not an item value (``scoring.card_extras``), in
    integers: its kind, the quantity it reads and its condition."""

    def __init__(self, kind: int, of: int, when: int, count: int, every: int, points: int,
                 items: list[int], released: int) -> None:
        self.kind = kind
        self.of = of
        self.when = when
        self.count = count
        self.every = every
        self.points = points
        self.items = items
        self.released = released
        """-1: always; else applies only when the legacies' release equals it (0 or 1)."""


_KIND = {EffectKind.PER: _PER, EffectKind.SETS: _SETS, EffectKind.BONUS: _BONUS,
         EffectKind.CANNOT_WIN: _CANNOT_WIN}
_WHEN = {Condition.MOST: _MOST, Condition.FEWEST: _FEWEST, Condition.AT_LEAST: _AT_LEAST,
         Condition.AT_MOST: _AT_MOST}
_BONUSES: dict[int, tuple[MemoryCard, list[Bonus]]] = {}
"""Each card's bonus effects, by the card object's id (the card is kept, so its id
is not reused)."""


def bonuses(card: MemoryCard) -> list[Bonus]:
    """The card's effects other than item values, in order."""
    hit = _BONUSES.get(id(card))
    if hit is not None:
        return hit[1]
    out = []
    for e in card.effects:
        kind = _KIND.get(e.kind, 0)
        if not kind:
            continue
        out.append(Bonus(
            kind, -1 if e.of is None else int(e.of), 0 if e.when is None else _WHEN[e.when],
            e.count, e.every, e.points, [int(i) for i in e.items],
            -1 if e.released is None else int(e.released),
        ))
    _BONUSES[id(card)] = (card, out)
    return out


def card_extras(effects: list[Bonus], counts: Counts, released: int,
                bonus: list[int], eligible: list[bool], at: int) -> None:
    """``scoring.card_extras`` of one card into ``bonus`` and ``eligible`` (holder ``h``
    at ``at + h``)."""
    n = len(counts)
    for e in effects:
        if e.released >= 0 and e.released != released:
            continue
        kind = e.kind
        if kind == _PER:
            for h in range(n):
                bonus[at + h] += e.points * (counts[h][e.of] // e.every)
        elif kind == _SETS:
            for h in range(n):
                row = counts[h]
                least = row[e.items[0]]
                for i in e.items[1:]:
                    if row[i] < least:
                        least = row[i]
                bonus[at + h] += e.points * least
        else:
            q = e.of
            when = e.when
            top = counts[0][q]
            for h in range(1, n):
                v = counts[h][q]
                if (v > top) if when == _MOST else (v < top):
                    top = v
            for h in range(n):
                v = counts[h][q]
                if when == _AT_LEAST:
                    meets = v >= e.count
                elif when == _AT_MOST:
                    meets = v <= e.count
                elif when == _MOST:
                    meets = v == top and v > 0
                else:
                    meets = v == top
                if meets:
                    if kind == _BONUS:
                        bonus[at + h] += e.points
                    else:
                        eligible[at + h] = False


class Lookahead:
    """One decision's search for ``seat``: its card completions (``scorers``) and the
    worths of Will, knowledge and protection (the bot's parameters)."""

    def __init__(self, seat: int, players: int, scorers: list[Scorer], will: float,
                 info: float, guard: float) -> None:
        self.seat = seat
        self.players = players
        self.scorers = scorers
        self.will_worth = will
        self.info_worth = info
        self.guard_worth = guard
        self._margins: dict[tuple[tuple[int, ...], ...], float] = {}
        self._values: dict[tuple[bool, tuple[int, ...]], list[list[int]]] = {}
        self._cards: list[list[Bonus]] = []
        """The bonus effects of each card in some completion (those with any)."""
        self._members: list[list[int]] = []
        """Per completion, the places in ``_cards`` of its cards that some other
        completion lacks."""
        self._common: list[int] = []
        """The places in ``_cards`` of the cards every completion holds (the seat's own,
        those it has seen, the ninth memory): their extras are summed once."""
        places: dict[int, int] = {}
        held: list[list[int]] = []
        for scorer in scorers:
            members = []
            for card in scorer.cards:
                place = places.get(card.number, -1)
                if place < 0:
                    effects = bonuses(card)
                    if not effects:
                        continue
                    place = places[card.number] = len(self._cards)
                    self._cards.append(effects)
                members.append(place)
            held.append(members)
        common = set(held[0]) if held else set()
        for members in held[1:]:
            common &= set(members)
        self._common = sorted(common)
        self._members = [[j for j in members if j not in common] for members in held]

    def after(self, state: CodeOfNineState, action_id: int, depth: int) -> float:
        """Worth of ``action_id`` from ``state``: the best line of the seat's own
        follow-up choices (exhaustive to ``DEPTH``, then greedy), valued at its end."""
        me = self.seat
        s = state.clone()
        s.apply_unchecked(me, action_id)
        if s.phase != _FOLLOW or s.turn != me:
            return self.value(s)
        options = s.legal_action_ids(me)
        if depth >= DEPTH:
            best = options[0]
            best_value = self.static(s, best)
            for a in options[1:]:
                v = self.static(s, a)
                if v > best_value:
                    best, best_value = a, v
            return self.after(s, best, depth + 1)
        result = self.after(s, options[0], depth + 1)
        for a in options[1:]:
            v = self.after(s, a, depth + 1)
            if v > result:
                result = v
        return result

    def static(self, state: CodeOfNineState, action_id: int) -> float:
        """Worth right after ``action_id``, without searching on."""
        s = state.clone()
        s.apply_unchecked(self.seat, action_id)
        return self.value(s)

    def value(self, s: CodeOfNineState) -> float:
        """Expected margin under the card samples, plus Will, knowledge and protection."""
        me = self.seat
        b = s.b
        n = s.num_players
        counts = tuple([
            quantities(b[h * STRIDE + ITEMS : h * STRIDE + ITEMS + 5], b[h * STRIDE + WILL])
            for h in range(HOLDERS)
        ])
        worth = self.margin(counts, bool(s.released), s.board.points)
        if s.phase == _OVER:
            return worth
        o = me * STRIDE
        left = (ROUNDS - s.round) * PAWNS_PER_ROUND + b[o + PAWNS]
        worth += self.will_worth * min(b[o + WILL], 3 * left) * (left / _PAWNS_IN_GAME)
        known = bin(b[o + KNOWS]).count("1")
        worth += self.info_worth * known * (0.4 + left / _PAWNS_IN_GAME)
        rival_pawns = 0
        for p in range(n):
            if p != me:
                rival_pawns += b[p * STRIDE + PAWNS]
        if b[o + PROTECT] & ATTACKS and s.round >= 3:
            worth += self.guard_worth * rival_pawns * min(1.0, (counts[me][6] + counts[me][3]) / 4)
        if b[o + PROTECT] & LOOKS:
            worth += 0.5 * self.guard_worth * rival_pawns * (2 - seen_of(b, me, n)) / 2
        return worth

    def margin(self, counts: Counts, released: bool, points: tuple[int, ...]) -> float:
        """The expected margin, memoised for the decision: the searched lines reach the
        same holdings by different moves (half the leaves in a game repeat one), and
        the card samples stay the same all decision long."""
        key = (*counts, (int(released),))
        margin = self._margins.get(key)
        if margin is None:
            margin = self.expected_margin(counts, released, points)
            self._margins[key] = margin
        return margin

    def expected_margin(self, counts: Counts, released: bool, points: tuple[int, ...]) -> float:
        """The margin over the best rival (clipped to 12 either way), minus a heavy loss
        when out of the running, averaged over the card samples (each scored as
        ``Scorer.score`` does, its card extras shared between the samples)."""
        me = self.seat
        n = self.players
        holders = len(counts)
        values_key = (released, points)
        values = self._values.get(values_key)
        if values is None:
            values = [scorer.values(released, points) for scorer in self.scorers]
            self._values[values_key] = values
        release = int(released)
        bonus = [0] * (len(self._cards) * holders)
        ok = [True] * (len(self._cards) * holders)
        for j, effects in enumerate(self._cards):
            card_extras(effects, counts, release, bonus, ok, j * holders)
        shared = [0] * holders
        shared_eligible = [True] * holders
        for j in self._common:
            at = j * holders
            for h in range(holders):
                shared[h] += bonus[at + h]
                if not ok[at + h]:
                    shared_eligible[h] = False
        total = 0.0
        for k in range(len(self.scorers)):
            v = values[k]
            s0, s1, s2, s3, s4 = v[0], v[1], v[2], v[3], v[4]
            scores = [c[0] * s0 + c[1] * s1 + c[2] * s2 + c[3] * s3 + c[4] * s4 + shared[h]
                      for h, c in enumerate(counts)]
            eligible = shared_eligible[:]
            for j in self._members[k]:
                at = j * holders
                for h in range(holders):
                    scores[h] += bonus[at + h]
                    if not ok[at + h]:
                        eligible[h] = False
            rival = -10
            found = False
            for p in range(n):
                if p != me and eligible[p] and (not found or scores[p] > rival):
                    rival = scores[p]
                    found = True
            margin = scores[me] - rival
            total += max(-12.0, min(12.0, float(margin)))
            if not eligible[me]:
                # Out of the running: a heavy loss, but points still separate the actions
                # that lead out of it from those that do not.
                total -= OUT_OF_RUNNING
        return total / len(self.scorers)


def seen_of(b: list[int], me: int, n: int) -> int:
    """How many of my two cards some rival has already seen (protection matters less)."""
    mask = 3 << (me * 2)
    seen = 0
    for p in range(n):
        if p != me:
            seen |= b[p * STRIDE + KNOWS] & mask
    return bin(seen).count("1")
