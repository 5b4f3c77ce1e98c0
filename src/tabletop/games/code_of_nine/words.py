"""Code of Nine's board in plain English words: items and what each location does.

The terminal renderer and the web page's reference data both name locations' effects
this way; nothing here draws anything, so any layer that shows the game may use it.
"""

from __future__ import annotations

from tabletop.games.code_of_nine.items import Item
from tabletop.games.code_of_nine.locations import Location

ITEM_WORDS = {
    Item.STATUE: ("statue", "statues"),
    Item.COIN: ("coin", "coins"),
    Item.BOOK: ("book", "books"),
    Item.LEGACY: ("legacy", "legacies"),
    Item.MEDAL: ("medal", "medals"),
}
EFFECT_WORDS = {
    "clocktower": "take the start player marker; then you may return an item to the Ruins",
    "allure": "look at another's Shoal card; then you may have another gain an item",
    "watchtower": "look at another's Shoal card; looks at you fail this round",
    "honeybook": "a player you choose takes the medal (from the board: +{will} Will)",
    "cathedral": "look at another's Shoal card; then gain {choice}",
    "commune": "end of round: the two here see each other's Abyss card",
    "village": "attacks on you fail this round",
    "underground": "gain {choice}",
    "recorder": "look at another's Abyss card",
    "street": "take an item from the player holding the most treasures",
    "alley": "take any item (legacy too) from another player",
    "tivoli": "give up to 2 of your items to another player",
    "ended": "end of round: two legacy holders here release the legacies; the game ends",
    "crossroads": "exchange a memory card with the ninth memory",
    "devils": "a player you choose gives an item to another",
    "tree": "gain up to 2 coins, 2 statues, 1 book (missing ones from other players)",
}


def items_text(pairs: tuple[tuple[Item, int], ...], sep: str = " and ") -> str:
    return sep.join(f"{n} {ITEM_WORDS[i][n != 1]}" for i, n in pairs)


def location_effect(loc: Location) -> str:
    """What a location does, in plain words from its data."""
    if loc.id in EFFECT_WORDS:
        return EFFECT_WORDS[loc.id].format(will=loc.will, choice=items_text(loc.choice, " or "))
    parts = [f"gain {items_text(loc.gain)}"] if loc.gain else []
    if loc.will:
        parts.append(f"gain {loc.will} Will")
    return "; ".join(parts)
