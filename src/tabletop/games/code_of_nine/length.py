"""The longest game of Code of Nine the rules allow (the kit's ``openspiel:length``;
``GameInfo.max_game_length`` is :func:`longest` for 4 players on this edition's
board, the longer of the two modes).

The proof, from the rules as ``state.py`` and ``effects.py`` play them, for ``n``
players:

- setup: each player decides once on the sealed change of memory cards and once which
  card goes to the Abyss: ``2`` a seat (the ghost of a 3-player game never decides);
- play: ``ROUNDS`` rounds; a player places at most ``PAWNS`` pawns a round (the pawns
  come back at each round's end; a change costs one), each on a location open that
  round in the game's mode, and a location takes at most its ``places`` pawns a round
  (any number: no limit). A placement costs at most :func:`placement_decisions` of its
  location: the placement itself and the follow-up steps ``effects.py`` asks of that
  location in the worst case (a step with one legal choice is taken for the player,
  no decision). Tivoli: a target, then up to its ``up_to.total`` gifts, each an item or
  ``done``. Tree of Heaven: picks (an item or ``done``; each item at most its
  ``up_to`` limit, so at most the limits' sum of picks, ``done`` included, since it is
  offered only while an item can still be picked), each item pick followed by at most
  one "from whom" step: at most ``2 * sum(limits)`` follow-ups.

So one seat decides at most ``2 + sum over rounds of its PAWNS most costly placements
open that round``, a location counted up to ``min(places, PAWNS)`` times; every seat
together at most ``2n + sum over rounds of the n * PAWNS most costly placements``, a
location counted up to ``min(places, n * PAWNS)`` times. Decision nodes: the sealed
change is one node of all seats in the engine (``n - 1`` fewer than decisions); the
OpenSpiel game is sequential (seat by seat) and so lasts at most ``decisions``.

``tests/code_of_nine/test_length.py`` plays games that make every choice that
lengthens them and checks they stay within; it also checks that every location has a
cost here.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.core.info import Longest
from tabletop.games.code_of_nine.items import PAWNS, ROUNDS, TREASURES
from tabletop.games.code_of_nine.locations import ANY_NUMBER, Board, Location, default_board

SETUP_DECISIONS = 2
"""The sealed change and the Abyss card."""

FOLLOW_UPS: dict[str, int] = {
    "library": 0,
    "fortune": 0,
    "shed": 0,
    "lights": 0,
    "cross": 0,
    "quarry": 0,
    "tunnel": 0,
    "hearth": 0,
    "looked": 0,
    "village": 0,
    "commune": 0,
    "ended": 0,
    "clocktower": 1,  # an item to return, or none
    "watchtower": 1,  # whose card to look at
    "recorder": 1,  # whose card to look at
    "honeybook": 1,  # who takes the medal
    "underground": 1,  # what to gain
    "crossroads": 1,  # which card to exchange with the ninth memory
    "cathedral": 2,  # a look, then what to gain
    "street": 2,  # a target, then the item taken
    "alley": 2,  # a target, then the item taken
    "allure": 3,  # a look, who gains, the item gained
    "devils": 3,  # the giver, the receiver, the item
}
"""Follow-up decisions of each location whose effect has a fixed most (``effects.py``);
Tivoli and Tree of Heaven depend on their ``up_to`` (:func:`placement_decisions`)."""


def placement_decisions(location: Location) -> int:
    """The most decisions one placement on ``location`` costs (module docstring)."""
    limits = dict(location.up_to)
    if location.id == "tivoli":
        return 1 + 1 + limits.get("total", 0)
    if location.id == "tree":
        picks = sum(limits.get(item.name.lower(), 0) for item in TREASURES)
        return 1 + 2 * picks
    return 1 + FOLLOW_UPS[location.id]


def _most_costly(board: Board, expert: bool, round_: int, placements: int) -> int:
    """The sum of the ``placements`` most costly placements open in ``round_``."""
    costs: list[int] = []
    for location in board.locations:
        if location.expert and not expert or not location.open_in(round_):
            continue
        times = placements if location.places == ANY_NUMBER else location.places
        costs += [placement_decisions(location)] * min(times, placements)
    return sum(sorted(costs, reverse=True)[:placements])


def longest(players: int, board: Board | None = None, expert: bool = False) -> Longest:
    """The bounds of the module docstring for ``players`` seats on ``board`` (None: this
    edition's) in the expert game or not."""
    board = board or default_board()
    rounds = range(1, ROUNDS + 1)
    per_seat = SETUP_DECISIONS + sum(_most_costly(board, expert, r, PAWNS) for r in rounds)
    decisions = SETUP_DECISIONS * players + sum(
        _most_costly(board, expert, r, PAWNS * players) for r in rounds
    )
    return Longest(decisions=decisions, per_seat=per_seat, nodes=decisions - (players - 1))


def longest_for_options(players: int, options: Mapping[str, object]) -> Longest:
    """:func:`longest` for a game's resolved options (the kit's ``openspiel:length``)."""
    board = options.get("locations")
    return longest(
        players, board if isinstance(board, Board) else None, bool(options.get("expert"))
    )
