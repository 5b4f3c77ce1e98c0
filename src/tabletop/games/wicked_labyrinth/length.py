"""The longest game of The Wicked Labyrinth the rules allow (the kit's
``openspiel:length``; ``GameInfo.max_game_length`` is :func:`longest` over every player
count and every card set the card-shape rules allow).

The proof, from the rules as ``state.py`` and ``rules.py`` play them. ``n`` players,
``k`` corridors a round (``CORRIDORS_PER_ROUND``), ``ROUNDS`` rounds.

Search phase, one round, one seat:

- declarations: one for every corridor but the last, whose declaration is forced (no
  decision): ``k - 1``;
- gains: the 1st of a corridor gains ``soul`` lower fragments, the upper half and the
  lower fragment; each 2nd gains ``soul`` lower fragments and the lower fragment;
  ``soul`` is the number of soul signs opened on that corridor, and each seat opens its
  one soul sign at most once a round, so the ``soul`` terms of a round add up to at
  most ``n``. A fragment costs its receiver at most two decisions if white (its colour,
  then, with a seventh low token of two or more colours, the token to return), one if
  coloured (the return); a promotion or colour change gained here is stored as a spell,
  no decision.

Soul processing, one round, one seat (every step until ``done`` is a decision):

- ``done``: one;
- pair promotions: each takes two tokens of a rank for one of the rank above (and a
  full rank above returns one more), so it lowers the seat's token count by at least
  one; the count is at most 6 + 5 + 4 = 15 (low, middle, high capacities, kept by the
  overflow return and the promotion's room return) when processing starts, and only a
  small oracle's reward fragments raise it during processing;
- spell promotions, colour changes and discarding a spell each spend a spell; spells
  are gained in this round's search (the 1st's upper halves) or, colour changes, from a
  small oracle's reward; they are cleared when the seat is done;
- oracles: each of a seat's two small and two great oracles is achieved at most once a
  game (one decision each); a small oracle's reward fragment costs the decisions above
  and one more pair promotion; its promotion must be used or given up at once (one
  decision).

So, with ``c(f)`` a fragment's choices (2 white, 1 coloured), ``L`` the most
``c`` of a lower fragment, ``W`` the most a corridor's halves cost their 1st (``c``
of each fragment, 1 a spell, lower fragment included), ``F`` and ``S`` the most an
upper half's fragments (by ``c``) and spells cost, and ``R`` the most two small oracles'
rewards cost (``c + 1`` a fragment, 1 a promotion or colour change):

- one seat: ``ROUNDS * ((k - 1) + n L + k W + 16) + 4 + R``;
- every seat: ``ROUNDS * (n (k - 1) + (n n + k n) L + k F + k S + 16 n) + n (4 + R)``
  (per corridor at most ``n`` seats take its lower fragments, one takes its upper half);
- decision nodes, simultaneous form (all deciding seats share a node): declarations
  ``k - 1`` a round, each fragment choice a node of one seat, and a round's soul
  processing as many nodes as its longest seat's:
  ``ROUNDS * ((k - 1) + (n n + k n) L + k F + 16 + k S) + min(n, ROUNDS) (4 + R)`` (a
  seat's oracle decisions, ``4 + R`` a game, fall in one round or spread over several,
  and a round's nodes count only its longest seat's).

``tests/wicked_labyrinth/test_length.py`` plays games that make every choice that
lengthens them and checks they stay within, and that the bounds follow the card set.
"""

from __future__ import annotations

from tabletop.core.info import Longest
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import CAPACITY, CORRIDORS_PER_ROUND, ROUNDS, Element

UPPER_MOST = 2
"""The card-shape rule's most elements in an upper half (``cards._parse_corridor``)."""
REWARD_MOST = 3
"""The card-shape rule's most elements in a small oracle's reward (``cards._parse_small``)."""
ORACLE_DECISIONS = 4
"""Two small and two great oracles, each achieved at most once a game."""
PROCESSING_FLOOR = 1 + sum(CAPACITY)
"""``done`` and the pair promotions the tokens on a board allow."""


def _choices(element: Element) -> int:
    """A fragment's most choices (module docstring); a spell's, gained in search, none."""
    if not element.is_fragment:
        return 0
    return 2 if element == Element.WHITE else 1


def _spent(element: Element) -> int:
    """What an upper-half element costs its 1st: its choices, or a spell's one use."""
    return _choices(element) if element.is_fragment else 1


def longest(players: int, cards: CardSet | None = None) -> Longest:
    """The bounds of the module docstring for ``players`` seats and ``cards`` (None:
    the worst any card set of the card-shape rules allows)."""
    n = players
    k = CORRIDORS_PER_ROUND[n]
    if cards is None:  # white fragments everywhere
        lower = 2
        w = 2 * UPPER_MOST + lower
        fragments, spells = 2 * UPPER_MOST, UPPER_MOST
        rewards = 2 * 3 * REWARD_MOST
    else:
        corridors = cards.corridors
        lower = max(_choices(c.lower) for c in corridors)
        w = max(sum(_spent(e) for e in c.upper) + _choices(c.lower) for c in corridors)
        fragments = max(sum(_choices(e) for e in c.upper) for c in corridors)
        spells = max(sum(not e.is_fragment for e in c.upper) for c in corridors)
        costs = sorted(
            sum(_choices(e) + 1 if e.is_fragment else 1 for e in s.reward)
            for s in cards.small_oracles
        )
        rewards = sum(costs[-2:])
    oracles = ORACLE_DECISIONS + rewards
    choices = (n * n + k * n) * lower + k * fragments
    return Longest(
        decisions=ROUNDS * (n * (k - 1) + choices + k * spells + PROCESSING_FLOOR * n)
        + n * oracles,
        per_seat=ROUNDS * ((k - 1) + n * lower + k * w + PROCESSING_FLOOR) + oracles,
        nodes=ROUNDS * ((k - 1) + choices + PROCESSING_FLOOR + k * spells)
        + min(n, ROUNDS) * oracles,
    )


def longest_for_options(players: int, options: dict[str, object]) -> Longest:
    """:func:`longest` for a game's resolved options (the kit's ``openspiel:length``)."""
    cards = options.get("cards")
    return longest(players, cards if isinstance(cards, CardSet) else None)
