"""Goofspiel positions (``docs/goofspiel.md``, "Positions"): the point cards revealed
and each seat's bids, from which the rules give everything else.

A position names the point cards in the order they came up and, for each seat, its bid
on each of them. Hands, points and who took each card follow by the rules, so a
position cannot be inconsistent: each bid is checked as it is played. A seat with one
bid more than the turns finished has sealed its bid on the card up now.

.. code-block:: toml

    game = "goofspiel"
    players = 2
    options = { num_cards = 5, points_order = "random" }
    point_cards = [3, 5]
    seats = [{ bids = [4, 1] }, { bids = [2] }]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.position import FORMAT, PositionError, Reader, start_generator
from tabletop.games.goofspiel.actions import bid_id
from tabletop.games.goofspiel.rules import NO_CARD, first_point_card
from tabletop.games.goofspiel.state import GoofspielState


def reveal_first(state: GoofspielState) -> None:
    """A fixed order's first point card, up from the start (none in the random order)."""
    first = first_point_card(state.order, state.num_cards)
    if first != NO_CARD:
        state._reveal(first)


def play_out(
    state: GoofspielState, point_cards: list[int], bids: list[list[int]], source: str
) -> None:
    """Play ``bids`` (each seat's, in turn order) on a fresh ``state``, revealing
    ``point_cards`` in order; a column of bids not all in is sealed on the card up."""
    turns = max((len(b) for b in bids), default=0)
    for turn in range(turns):
        if state.turn > turn:  # the last turn, played out at once by the rules
            for seat, seq in enumerate(bids):
                if len(seq) > turn and seq[turn] != state.bid_history[turn][seat]:
                    raise PositionError(
                        source, f"seats[{seat}].bids[{turn}]", "is not the card that seat had left"
                    )
            continue
        if state.is_terminal():
            raise PositionError(source, "seats", f"the game was over after {state.turn} turns")
        if state.point_card == NO_CARD:
            if len(point_cards) <= turn:
                raise PositionError(source, "point_cards", f"turn {turn + 1} has no point card")
            card = point_cards[turn]
            if card < 1 or card > state.num_cards or card in state.point_cards:
                raise PositionError(source, f"point_cards[{turn}]", f"{card!r} is not face down")
            state._reveal(card)
        elif len(point_cards) > turn and point_cards[turn] != state.point_card:
            raise PositionError(
                source,
                f"point_cards[{turn}]",
                f"{point_cards[turn]!r}: the {state.order.name.lower()} order gives "
                f"{state.point_card}",
            )
        for seat, seq in enumerate(bids):
            if len(seq) <= turn:  # not yet bid on the card up now
                continue
            card = seq[turn]
            legal = state.legal_action_ids_unchecked(seat)
            if isinstance(card, bool) or not isinstance(card, int) or bid_id(card) not in legal:
                raise PositionError(
                    source, f"seats[{seat}].bids[{turn}]", f"{card!r} is not a card that seat holds"
                )
            state._apply(seat, bid_id(card))
    revealed = state.point_cards
    if len(point_cards) == len(revealed) + 1 and state.is_chance_node():
        card = point_cards[-1]
        if card < 1 or card > state.num_cards or card in revealed:
            raise PositionError(
                source, f"point_cards[{len(revealed)}]", f"{card!r} is not face down"
            )
        state._reveal(card)
    for i, card in enumerate(point_cards):
        if i >= len(revealed) or revealed[i] != card:
            raise PositionError(source, f"point_cards[{i}]", f"{card!r} has not come up there")


def build(state: GoofspielState, data: Mapping[str, Any], source: str) -> None:
    top = Reader(data, source)
    for key in ("format", "game", "players", "options"):
        top.raw(key)
    start_generator(state, top)
    point_cards = top.items("point_cards", [])
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in point_cards):
        raise top.fail("point_cards", "must be whole numbers (card values)")
    seats = top.tables("seats")
    if len(seats) != state.num_players:
        raise top.fail("seats", f"needs one table per seat ({state.num_players})")
    bids = []
    for seat in seats:
        bids.append(seat.items("bids", []))
        seat.done()
    top.done()
    lengths = [len(b) for b in bids]
    if max(lengths) - min(lengths) > 1:
        raise top.fail("seats", "the seats' bids differ by more than the bid on the card up now")
    reveal_first(state)
    play_out(state, point_cards, bids, source)


def write(state: GoofspielState) -> dict[str, Any]:
    bids: list[list[int]] = [
        [turn[s] for turn in state.bid_history] for s in range(state.num_players)
    ]
    for seat, bid in enumerate(state.bids):
        if bid != NO_CARD:
            bids[seat].append(bid)
    return {
        "format": FORMAT,
        "game": state.game.info.name,
        "players": state.num_players,
        "options": state.game.options_to_json(state.options),
        "seed": state.seed,
        "rng": state.rng.state,
        "point_cards": list(state.point_cards),
        "seats": [{"bids": seq} for seq in bids],
    }
