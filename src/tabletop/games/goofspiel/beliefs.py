"""Bid histories the other seats could have played, given what one view shows.

A view shows the viewer's own bids and, of every finished turn, who took the card (or
that a tie for the highest bid discarded it), never another's bid. The search bots
reason on full states, so :func:`sample_bids` draws, for every seat the view does not
show, a bid on each finished turn that agrees with every turn's outcome, turn by turn
with backtracking; the hands those bids leave are hands the seats could hold. It draws
one consistent history at random, not each with equal probability.

Each turn's draw is kept only if every hidden seat can still fill its later turns
(:func:`_can_finish`: a matching of its cards to those turns, each turn allowing the
cards the viewer's known bid leaves it), which prunes most dead ends before they are
walked into; with one hidden seat that check is exact.
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.core.rng import SplitMix64
from tabletop.games.goofspiel.rules import cards_in, full_hand
from tabletop.games.goofspiel.views import GoofspielView

_BUDGET = 20_000
"""Turn assignments tried before a draw starts over (a dead end is rare)."""
_RESTARTS = 50


class _OutOfBudget(Exception):
    pass


@lru_cache(maxsize=1 << 16)
def _below(hand: int, bid: int) -> tuple[int, ...]:
    """The cards of ``hand`` under ``bid``. Cached: a draw's backtracking asks the same
    few (hand, bid) pairs thousands of times, and listing a hand's cards was most of a
    draw's time (one draw took up to 0.33 s, longer than a search's whole budget)."""
    return tuple(cards_in(hand & ((1 << (bid - 1)) - 1)))


def _assignments(
    rng: SplitMix64,
    hands: list[int],
    hidden: list[int],
    known: dict[int, int],
    winner: int | None,
) -> dict[int, int] | None:
    """A random bid for each hidden seat that gives this turn's outcome (``winner``:
    the seat that took the card, ``None`` for a tie), or ``None`` when none can."""
    top = max(known.values(), default=0)
    out: dict[int, int] = {}
    if winner is not None and winner in known:
        for seat in hidden:
            below = _below(hands[seat], known[winner])
            if not below:
                return None
            out[seat] = rng.choice(below)
        return out
    if winner is not None:
        others = [s for s in hidden if s != winner]
        least = max([top] + [min(cards_in(hands[s])) for s in others])
        options = [c for c in cards_in(hands[winner]) if c > least]
        if not options:
            return None
        bid = rng.choice(options)
        out[winner] = bid
        for seat in others:
            out[seat] = rng.choice(_below(hands[seat], bid))
        return out
    # a tie for the highest bid: at least two seats bid the top value, the rest less
    tied_known = sum(1 for b in known.values() if b == top)
    values = []
    for v in range(max(top, 1), max((h.bit_length() for h in hands), default=0) + 1):
        if v < top:
            continue
        can = [s for s in hidden if hands[s] >> (v - 1) & 1]
        must = [s for s in hidden if not _below(hands[s], v)]
        if any(s not in can for s in must):
            continue
        have = (tied_known if v == top else 0) + len(can)
        if have >= 2:
            values.append(v)
    if not values:
        return None
    v = rng.choice(values)
    can = [s for s in hidden if hands[s] >> (v - 1) & 1]
    need = 2 - (tied_known if v == top else 0)
    rng.shuffle(can)
    tied = {s for s in can if not _below(hands[s], v)}
    for s in can:
        if len(tied) >= need:
            break
        tied.add(s)
    for s in can:
        if s not in tied and rng.below(2):
            tied.add(s)
    for seat in hidden:
        out[seat] = v if seat in tied else rng.choice(_below(hands[seat], v))
    return out


def _allowed(view: GoofspielView, turn: int, seat: int, alone: bool) -> int:
    """The cards (a hand mask) hidden ``seat`` may have bid on ``turn`` given the
    viewer's bid there alone (other hidden seats' bids left free); exact when the seat
    is the only one hidden (``alone``)."""
    every = full_hand(view.num_cards)
    if view.viewer is None:
        return every
    mine = view.my_bids[turn]
    below = (1 << (mine - 1)) - 1  # cards under the viewer's bid
    winner = view.winners[turn]
    if winner == view.viewer:
        return below
    if winner == seat:
        return every & ~below & ~(1 << (mine - 1))
    if winner is None and alone:
        return 1 << (mine - 1)
    return every


def _can_finish(hand: int, allowed: list[int]) -> bool:
    """Whether each of the turns ``allowed`` (their masks) can take its own card of
    ``hand``: a bipartite matching (Kuhn's augmenting paths)."""
    owner: dict[int, int] = {}

    def place(t: int, seen: set[int]) -> bool:
        options = allowed[t] & hand
        card = 0
        while options:
            if options & 1 and card not in seen:
                seen.add(card)
                if card not in owner or place(owner[card], seen):
                    owner[card] = t
                    return True
            options >>= 1
            card += 1
        return False

    return all(place(t, set()) for t in range(len(allowed)))


def sample_bids(view: GoofspielView, seed: int) -> list[list[int]]:
    """Every seat's bids, turn by turn (plus a bid sealed on the card up now by a seat
    no longer deciding): the view's own, and drawn for the seats it hides."""
    rng = SplitMix64(seed ^ 0x60F5)
    n = view.players
    hidden = [s for s in range(n) if s != view.viewer]
    for _ in range(_RESTARTS):
        try:
            return _draw(view, hidden, rng)
        except _OutOfBudget:
            continue
    raise RuntimeError("no bid history agrees with this view")  # a view the rules cannot give


def _draw(view: GoofspielView, hidden: list[int], rng: SplitMix64) -> list[list[int]]:
    n = view.players
    start = full_hand(view.num_cards)
    bids: list[list[int]] = [[] for _ in range(n)]
    if view.viewer is not None:
        bids[view.viewer] = list(view.my_bids)
    tries = [0]
    alone = len(hidden) == 1
    allowed = {s: [_allowed(view, t, s, alone) for t in range(view.turn)] for s in hidden}

    def extend(turn: int, hands: list[int]) -> list[int] | None:
        if turn == view.turn:
            return hands
        known = {view.viewer: view.my_bids[turn]} if view.viewer is not None else {}
        winner = view.winners[turn]
        for _attempt in range(4):
            tries[0] += 1
            if tries[0] > _BUDGET:
                raise _OutOfBudget
            chosen = _assignments(rng, hands, hidden, known, winner)
            if chosen is None:
                return None
            after = list(hands)
            for seat, bid in {**known, **chosen}.items():
                after[seat] &= ~(1 << (bid - 1))
            if not all(_can_finish(after[s], allowed[s][turn + 1 :]) for s in hidden):
                continue
            for seat, bid in chosen.items():
                bids[seat].append(bid)
            left = extend(turn + 1, after)
            if left is not None:
                return left
            for seat in chosen:
                bids[seat].pop()
        return None

    hands = extend(0, [start] * n)
    if hands is None:
        raise _OutOfBudget
    if view.point_card is not None:
        for seat in range(n):
            if seat in view.deciding:
                continue
            if seat == view.viewer:
                if view.my_bid is not None:
                    bids[seat].append(view.my_bid)
            else:
                bids[seat].append(rng.choice(cards_in(hands[seat])))
    return bids
