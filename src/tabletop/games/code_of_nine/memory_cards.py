"""The 28 memory cards as data: a small validated vocabulary of scoring effects.

This edition writes its own cards (rulings, "Memory cards"); ``memory_cards.toml``
documents the vocabulary. Loading names the file, the card and the field of the first
problem; the player-facing text of each card is generated from its effects
(:func:`card_text`) so the card list can never drift from the rules that score it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tabletop.core.datafile import packaged_data, read_data_file
from tabletop.core.errors import CardDataError
from tabletop.games.code_of_nine.items import ITEM_NAMES, QUANTITY_NAMES, Item, Quantity

CARD_COUNT = 28
NORMAL_CARDS = 18
"""Cards 1-18 are normal; 19-28 are used only in the expert game."""


class EffectKind(Enum):
    VALUE_SET = "value_set"
    VALUE_ADD = "value_add"
    PER = "per"
    BONUS = "bonus"
    SETS = "sets"
    CANNOT_WIN = "cannot_win"


class Condition(Enum):
    MOST = "most"
    """Holding the most (ties share it); nobody when everyone holds none."""
    FEWEST = "fewest"
    """Holding the fewest, zero included (ties share it)."""
    AT_LEAST = "at_least"
    AT_MOST = "at_most"


@dataclass(frozen=True)
class Effect:
    """One effect of a memory card; unused fields keep their defaults."""

    kind: EffectKind
    item: Item | None = None
    of: Quantity | None = None
    when: Condition | None = None
    count: int = 0
    every: int = 1
    points: int = 0
    value: int = 0
    items: tuple[Item, ...] = ()
    released: bool | None = None
    """Applies only if the legacies were (True) or were not (False) released."""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind.value}
        if self.item is not None:
            d["item"] = self.item.name.lower()
            d["value"] = self.value
        if self.of is not None:
            d["of"] = self.of.name.lower()
        if self.when is not None:
            d["when"] = self.when.value
            if self.when in (Condition.AT_LEAST, Condition.AT_MOST):
                d["count"] = self.count
        if self.kind == EffectKind.PER:
            d["every"] = self.every
        if self.kind in (EffectKind.PER, EffectKind.BONUS, EffectKind.SETS):
            d["points"] = self.points
        if self.items:
            d["items"] = [i.name.lower() for i in self.items]
        if self.released is not None:
            d["released"] = self.released
        return d


@dataclass(frozen=True)
class MemoryCard:
    number: int
    title: str
    order: int
    effects: tuple[Effect, ...]

    @property
    def expert(self) -> bool:
        return self.number > NORMAL_CARDS

    @property
    def text(self) -> str:
        return card_text(self)


@dataclass(frozen=True)
class MemoryCardSet:
    """All 28 cards; a card's index in ``cards`` is ``number - 1``."""

    source: str
    cards: tuple[MemoryCard, ...]
    deck_size: int = CARD_COUNT
    """A research configuration's smaller deck: at most the first ``deck_size`` cards
    of the mode's deck are shuffled (:meth:`limited`); ``CARD_COUNT``: the whole deck."""

    def limited(self, deck_size: int) -> MemoryCardSet:
        """This set with at most the first ``deck_size`` cards of each mode's deck in the
        game (a research configuration, not the published game); this very set for
        ``CARD_COUNT`` (the published game). The same object for the same size, so
        tables that compare sets by identity (``rl/table.py``) keep matching."""
        if deck_size == self.deck_size:
            return self
        made = self._limits.get(deck_size)
        if made is None:
            made = self._limits[deck_size] = MemoryCardSet(self.source, self.cards, deck_size)
        return made

    @functools.cached_property
    def _limits(self) -> dict[int, MemoryCardSet]:
        """The sets :meth:`limited` made, by deck size."""
        return {}

    def to_json(self) -> dict[str, Any]:
        return {
            "card": [
                {
                    "number": c.number,
                    "title": c.title,
                    "order": c.order,
                    "effect": [e.to_json() for e in c.effects],
                }
                for c in self.cards
            ]
        }

    def in_game(self, expert: bool) -> tuple[int, ...]:
        """Indices of the cards shuffled into the deck (rulebook setup step 5)."""
        return self._in_game[expert]

    @functools.cached_property
    def _in_game(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Normal and expert decks: every setup and determinisation asks (a bot's
        decision twice), so the cards are read once."""
        normal = tuple(i for i, c in enumerate(self.cards) if not c.expert)
        expert = tuple(range(len(self.cards)))
        if self.deck_size == CARD_COUNT:
            return normal, expert
        return normal[: self.deck_size], expert[: self.deck_size]


_FIELDS: dict[EffectKind, tuple[set[str], set[str]]] = {
    # kind: (required, optional) besides "kind" and "released"
    EffectKind.VALUE_SET: ({"item", "value"}, set()),
    EffectKind.VALUE_ADD: ({"item", "value"}, set()),
    EffectKind.PER: ({"of", "points"}, {"every"}),
    EffectKind.BONUS: ({"of", "when", "points"}, {"count"}),
    EffectKind.SETS: ({"items", "points"}, set()),
    EffectKind.CANNOT_WIN: ({"of", "when"}, {"count"}),
}


def _int(value: Any, source: str, card: str, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CardDataError(
            source, card, field, f"{value!r} is not a whole number from {low} to {high}"
        )
    return value


def _parse_effect(raw: Any, source: str, card: str, expert: bool) -> Effect:
    if not isinstance(raw, Mapping):
        raise CardDataError(source, card, "effect", "each effect is a table")
    try:
        kind = EffectKind(raw.get("kind"))
    except ValueError:
        names = ", ".join(k.value for k in EffectKind)
        raise CardDataError(
            source, card, "effect.kind", f"{raw.get('kind')!r} is not one of {names}"
        ) from None
    required, optional = _FIELDS[kind]
    when_raw = raw.get("when")
    if when_raw in ("at_least", "at_most"):
        required = required | {"count"}
    extra = set(raw) - required - optional - {"kind", "released"}
    if extra:
        raise CardDataError(
            source, card, f"effect.{sorted(extra)[0]}", f"is not a field of a {kind.value} effect"
        )
    missing = required - set(raw)
    if missing:
        raise CardDataError(
            source, card, f"effect.{sorted(missing)[0]}", f"is required by a {kind.value} effect"
        )
    item = of = when = None
    items: tuple[Item, ...] = ()
    if "item" in raw:
        item = ITEM_NAMES.get(raw["item"]) if isinstance(raw["item"], str) else None
        if item is None:
            raise CardDataError(
                source,
                card,
                "effect.item",
                f"{raw['item']!r} is not an item ({', '.join(ITEM_NAMES)})",
            )
    if "of" in raw:
        of = QUANTITY_NAMES.get(raw["of"]) if isinstance(raw["of"], str) else None
        if of is None:
            raise CardDataError(
                source,
                card,
                "effect.of",
                f"{raw['of']!r} is not one of {', '.join(QUANTITY_NAMES)}",
            )
    if when_raw is not None:
        try:
            when = Condition(when_raw)
        except ValueError:
            raise CardDataError(
                source,
                card,
                "effect.when",
                f"{when_raw!r} is not most, fewest, at_least or at_most",
            ) from None
    if "items" in raw:
        names = raw["items"]
        if not isinstance(names, list) or len(names) < 2:
            raise CardDataError(source, card, "effect.items", "a set lists two or more items")
        for name in names:
            got = ITEM_NAMES.get(name) if isinstance(name, str) else None
            if got is None or got in items:
                raise CardDataError(
                    source, card, "effect.items", f"{name!r} is not a new item of the set"
                )
            items += (got,)
    released = raw.get("released")
    if released is not None and not isinstance(released, bool):
        raise CardDataError(source, card, "effect.released", "must be true or false")
    uses_medal = Item.MEDAL in items or item == Item.MEDAL or of == Quantity.MEDAL
    if (uses_medal or released is not None) and not expert:
        field = "effect.released" if released is not None else "effect"
        raise CardDataError(
            source, card, field, "the medal and released legacies are for expert cards (19-28) only"
        )
    return Effect(
        kind=kind,
        item=item,
        of=of,
        when=when,
        count=_int(raw.get("count", 0), source, card, "effect.count", 0, 99),
        every=_int(raw.get("every", 1), source, card, "effect.every", 1, 99),
        points=_int(raw.get("points", 0), source, card, "effect.points", -20, 20),
        value=_int(raw.get("value", 0), source, card, "effect.value", -10, 10),
        items=items,
        released=released,
    )


def _parse_card(raw: Any, source: str, index: int) -> MemoryCard:
    if not isinstance(raw, Mapping):
        raise CardDataError(source, f"#{index + 1}", None, "must be a table")
    number = raw.get("number")
    label = f"#{index + 1}"
    number = _int(number, source, label, "number", 1, CARD_COUNT)
    label = str(number)
    extra = set(raw) - {"number", "title", "order", "effect"}
    if extra:
        raise CardDataError(source, label, sorted(extra)[0], "is not a field of a memory card")
    title = raw.get("title")
    if not isinstance(title, str) or not title.strip():
        raise CardDataError(source, label, "title", "must be a non-empty string")
    order = _int(raw.get("order"), source, label, "order", 1, 99)
    effects = raw.get("effect")
    if not isinstance(effects, list) or not effects:
        raise CardDataError(source, label, "effect", "must list one or more effects")
    parsed = tuple(_parse_effect(e, source, label, number > NORMAL_CARDS) for e in effects)
    return MemoryCard(number, title.strip(), order, parsed)


def parse_memory_cards(data: Mapping[str, Any], source: str) -> MemoryCardSet:
    """Validate memory card data (as read from TOML or JSON) into a set of 28 cards.

    Besides each field, cards sharing an order number must commute
    (``commutation.check_commuting``; rulings, "Memory cards").
    """
    if not isinstance(data, Mapping) or set(data) - {"card"}:
        raise CardDataError(source, None, None, "memory card data is a table with one list, 'card'")
    raws = data.get("card")
    if not isinstance(raws, list):
        raise CardDataError(source, None, "card", "must be a list of cards")
    cards: dict[int, MemoryCard] = {}
    for i, raw in enumerate(raws):
        card = _parse_card(raw, source, i)
        if card.number in cards:
            raise CardDataError(source, str(card.number), "number", "is used by more than one card")
        cards[card.number] = card
    missing = [n for n in range(1, CARD_COUNT + 1) if n not in cards]
    if missing:
        raise CardDataError(
            source, str(missing[0]), None, f"is missing (cards 1-{CARD_COUNT} are needed)"
        )
    ordered = tuple(cards[n] for n in range(1, CARD_COUNT + 1))
    # Imported here: the check scores cards, and scoring is built on this module.
    from tabletop.games.code_of_nine.commutation import check_commuting

    check_commuting(ordered, source)
    return MemoryCardSet(source, ordered)


def load_memory_cards(path: str) -> MemoryCardSet:
    """Read and validate a memory card file (TOML, or JSON if it ends in ``.json``)."""
    return parse_memory_cards(read_data_file(path), path)


@functools.cache
def default_memory_cards() -> MemoryCardSet:
    """This edition's 28 cards, shipped beside this module."""
    data = packaged_data(__package__, "memory_cards.toml")
    return parse_memory_cards(data, "code_of_nine/memory_cards.toml")


# ---------------------------------------------------------------- player-facing text

_PLURAL = {
    Quantity.STATUE: ("statue", "statues"),
    Quantity.COIN: ("coin", "coins"),
    Quantity.BOOK: ("book", "books"),
    Quantity.LEGACY: ("legacy", "legacies"),
    Quantity.MEDAL: ("medal", "medals"),
    Quantity.WILL: ("Will", "Will"),
    Quantity.TREASURE: ("treasure", "treasures (coins, statues and books)"),
}


def _noun(q: Quantity | Item, n: int | None = None) -> str:
    one, many = _PLURAL[Quantity(int(q))]
    return one if n == 1 else many


def _points(points: int, singular: bool = False) -> str:
    word = "point" if abs(points) == 1 else "points"
    s = "s" if singular else ""
    return f"score{s} {points} {word}" if points >= 0 else f"lose{s} {-points} {word}"


def _who(e: Effect) -> tuple[str, bool]:
    """The players an effect's condition picks, and whether the phrase is singular."""
    if e.of is None or e.when is None:
        raise ValueError("a condition needs 'of' and 'when'")
    if e.when == Condition.MOST:
        return f"The player(s) with the most {_noun(e.of)} (at least one)", False
    if e.when == Condition.FEWEST:
        return f"The player(s) with the fewest {_noun(e.of)}", False
    if e.when == Condition.AT_MOST and e.count == 0:
        return f"Every player with no {_noun(e.of, 1)}", True
    if e.when == Condition.AT_LEAST and e.count == 1 and e.of != Quantity.WILL:
        return f"Every player with a {_noun(e.of, 1)}", True
    bound = "or more" if e.when == Condition.AT_LEAST else "or fewer"
    return f"Every player with {e.count} {bound} {_noun(e.of, e.count)}", True


def effect_text(e: Effect) -> str:
    """One effect in plain words, as a printed memory list would give it."""
    item = _noun(e.item, 1) if e.item is not None else ""
    of_one = _noun(e.of, 1) if e.of is not None else ""
    plural = "s" if abs(e.value) != 1 else ""
    if e.kind == EffectKind.VALUE_SET:
        text = f"Each {item} is worth {e.value} point{plural}."
    elif e.kind == EffectKind.VALUE_ADD:
        more = "more" if e.value >= 0 else "less"
        text = f"Each {item} is worth {abs(e.value)} point{plural} {more}."
    elif e.kind == EffectKind.PER:
        many = _noun(e.of, e.every) if e.of is not None else ""
        what = f"each {of_one}" if e.every == 1 else f"every {e.every} {many}"
        text = f"Players {_points(e.points)} for {what}."
    elif e.kind == EffectKind.BONUS:
        who, singular = _who(e)
        text = f"{who} {_points(e.points, singular)}."
    elif e.kind == EffectKind.SETS:
        names = (
            ", ".join(f"a {_noun(i, 1)}" for i in e.items[:-1]) + f" and a {_noun(e.items[-1], 1)}"
        )
        text = f"Players {_points(e.points)} for each complete set of {names}."
    else:
        text = f"{_who(e)[0]} cannot win."
    if e.released is True:
        text = "If the legacies were released: " + text[0].lower() + text[1:]
    elif e.released is False:
        text = "If the legacies were not released: " + text[0].lower() + text[1:]
    return text


def card_text(card: MemoryCard) -> str:
    return " ".join(effect_text(e) for e in card.effects)
