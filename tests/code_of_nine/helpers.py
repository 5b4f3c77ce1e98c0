"""Building Code of Nine positions for rule tests."""

from __future__ import annotations

from typing import Any

from tabletop.games.code_of_nine import GAME, CodeOfNineState
from tabletop.games.code_of_nine.items import Item
from tabletop.games.code_of_nine.layout import CARD, ITEMS, PAWNS, STRIDE, WILL, Phase


def ready(players: int = 4, expert: bool = False, seed: int = 1, **options: Any) -> CodeOfNineState:
    """A game past setup: everyone kept their cards, first dealt card in the Abyss.

    ``options``: other game options, such as another board's data (``locations``)."""
    s = GAME.new_game(players, seed, expert=expert, **options)
    assert isinstance(s, CodeOfNineState)
    while s.phase in (Phase.CHANGE, Phase.ASSIGN):
        p = s.current_players()[0]
        s.apply(p, "keep" if s.phase == Phase.CHANGE else s.legal_actions(p)[0])
    assert s.phase == Phase.PLACE
    return s


def set_items(s: CodeOfNineState, holder: int, **items: int) -> None:
    """Give ``holder`` exactly these items (taken from or returned to the Ruins)."""
    for name, n in items.items():
        item = Item[name.upper()]
        o = holder * STRIDE + ITEMS + item
        s.ruins[item] += s.b[o] - n
        s.b[o] = n


def set_will(s: CodeOfNineState, holder: int, will: int) -> None:
    s.b[holder * STRIDE + WILL] = will


def set_round(s: CodeOfNineState, round_: int) -> None:
    s.round = round_


def pawns(s: CodeOfNineState, holder: int) -> int:
    return s.b[holder * STRIDE + PAWNS]


def set_cards(s: CodeOfNineState, holder: int, abyss: int, shoal: int) -> None:
    """Put cards (by number) in a holder's Abyss and Shoal, swapping with wherever they were."""
    for slot, number in ((0, abyss), (1, shoal)):
        index = number - 1
        here = holder * STRIDE + CARD + slot
        old = s.b[here]
        if index in s.deck:
            s.deck[s.deck.index(index)] = old
        elif s.ninth == index:
            s.ninth = old
        else:
            for h in range(4):
                for k in (0, 1):
                    if s.b[h * STRIDE + CARD + k] == index:
                        s.b[h * STRIDE + CARD + k] = old
        s.b[here] = index


def play(s: CodeOfNineState, *notations: str) -> list:
    """Apply notations in order, each by the player deciding then; returns all events."""
    events = []
    for text in notations:
        events += s.apply(s.current_players()[0], text)
    return events


def place_as(s: CodeOfNineState, player: int, *notations: str) -> list:
    """Make ``player`` the one to place now, then play the notations."""
    s.turn = player
    return play(s, *notations)


def item(s: CodeOfNineState, holder: int, name: str) -> int:
    return s.item(holder, Item[name.upper()])
