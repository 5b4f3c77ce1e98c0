"""The card data: 24 corridors, 12 great oracles and 12 small oracles.

The printed cards are not available, so the project ships its own set
(``cards.toml``, within the rulings' card-shape rule) and any user can load another
file with the same shape. Loading validates everything and names the file, the card
and the field of the first problem.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.datafile import packaged_data, read_data_file
from tabletop.core.errors import CardDataError
from tabletop.games.wicked_labyrinth.elements import TOKEN_COLOURS, Colour, Element, Rank

CORRIDOR_COUNT = 24
GREAT_ORACLE_COUNT = 12
SMALL_ORACLE_COUNT = 12

_ELEMENT_NAMES = {
    "red": Element.RED,
    "green": Element.GREEN,
    "blue": Element.BLUE,
    "yellow": Element.YELLOW,
    "white": Element.WHITE,
    "promotion": Element.PROMOTION,
    "colour_change": Element.COLOUR_CHANGE,
}
_COLOUR_NAMES = {c.name.lower(): c for c in TOKEN_COLOURS}
_RANK_NAMES = {r.name.lower(): r for r in Rank}


@dataclass(frozen=True)
class Corridor:
    """A corridor card: 1st gains upper and lower, each 2nd gains the lower fragment."""

    id: str
    upper: tuple[Element, ...]
    lower: Element

    json_cache = True


@dataclass(frozen=True)
class GreatOracle:
    """Achieved by moving two high tokens of these colours onto the card."""

    id: str
    colours: tuple[Colour, Colour]

    json_cache = True


@dataclass(frozen=True)
class Requirement:
    """``count`` tokens of ``colour`` at ``rank`` or higher."""

    colour: Colour
    rank: Rank
    count: int


@dataclass(frozen=True)
class SmallOracle:
    """Achieved by owning the required tokens (nothing is spent); the reward is at once."""

    id: str
    requires: tuple[Requirement, ...]
    reward: tuple[Element, ...]
    thresholds: tuple[tuple[int, int, int], ...] = field(
        default=(), repr=False, compare=False, metadata={"json": False}
    )
    """Per colour: how many tokens are needed at high, at middle or above, at any rank.

    Tokens of one colour meet nested requirements ("at least this rank") exactly when
    each of these three counts is covered (Hall's condition for nested sets), so
    checking a card is three comparisons a colour.
    """

    needs: tuple[int, ...] = field(default=(), repr=False, compare=False, metadata={"json": False})
    """``thresholds`` flattened (colour by colour), the form the engine reads."""

    json_cache = True

    def __post_init__(self) -> None:
        if not self.thresholds:
            counts = [[0, 0, 0] for _ in TOKEN_COLOURS]
            for r in self.requires:
                for rank in range(int(r.rank) + 1):
                    counts[r.colour][2 - rank] += r.count
            object.__setattr__(self, "thresholds", tuple(tuple(c) for c in counts))
        if not self.needs:
            object.__setattr__(self, "needs", tuple(n for c in self.thresholds for n in c))


@dataclass(frozen=True)
class CardSet:
    """A validated, complete set of cards. Card positions are their indices in the game."""

    source: str
    corridors: tuple[Corridor, ...]
    great_oracles: tuple[GreatOracle, ...]
    small_oracles: tuple[SmallOracle, ...]
    great_colours: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Great oracle ``i``'s two colours at ``2 * i`` and ``2 * i + 1``.

    This and ``small_needs`` are the cards as flat integers: the compiled engine reads
    them without touching a card object, several times per soul processing decision.
    """
    small_needs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Small oracle ``i``'s ``needs`` at ``12 * i`` (see ``SmallOracle.thresholds``)."""
    small_rewards: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """Small oracle ``i``'s reward elements as integers, in the order they are taken."""

    def __post_init__(self) -> None:
        colours = tuple(int(c) for g in self.great_oracles for c in g.colours)
        object.__setattr__(self, "great_colours", colours)
        needs = tuple(n for s in self.small_oracles for n in s.needs)
        object.__setattr__(self, "small_needs", needs)
        rewards = tuple(tuple(int(e) for e in s.reward) for s in self.small_oracles)
        object.__setattr__(self, "small_rewards", rewards)

    def to_json(self) -> dict[str, Any]:
        """The set as the same data a card file holds (so records carry their cards)."""
        return {
            "corridor": [
                {
                    "id": c.id,
                    "upper": [_element_name(e) for e in c.upper],
                    "lower": _element_name(c.lower),
                }
                for c in self.corridors
            ],
            "great_oracle": [
                {"id": g.id, "colours": [c.name.lower() for c in g.colours]}
                for g in self.great_oracles
            ],
            "small_oracle": [
                {
                    "id": s.id,
                    "requires": [
                        {
                            "colour": r.colour.name.lower(),
                            "rank": r.rank.name.lower(),
                            "count": r.count,
                        }
                        for r in s.requires
                    ],
                    "reward": [_element_name(e) for e in s.reward],
                }
                for s in self.small_oracles
            ],
        }


def _element_name(e: Element) -> str:
    return e.name.lower()


def parse_cards(data: Mapping[str, Any], source: str) -> CardSet:
    """Validate card data (as read from TOML or JSON) into a :class:`CardSet`."""
    if not isinstance(data, Mapping):
        raise CardDataError(source, None, None, "card data must be a table of card lists")
    unknown = set(data) - {"corridor", "great_oracle", "small_oracle"}
    if unknown:
        raise CardDataError(source, None, None, f"unknown section(s) {sorted(unknown)}")
    corridors = tuple(
        _parse_corridor(c, source, i) for i, c in enumerate(_list(data, "corridor", source))
    )
    greats = tuple(
        _parse_great(c, source, i) for i, c in enumerate(_list(data, "great_oracle", source))
    )
    smalls = tuple(
        _parse_small(c, source, i) for i, c in enumerate(_list(data, "small_oracle", source))
    )
    for kind, cards, want in (
        ("corridor", corridors, CORRIDOR_COUNT),
        ("great_oracle", greats, GREAT_ORACLE_COUNT),
        ("small_oracle", smalls, SMALL_ORACLE_COUNT),
    ):
        if len(cards) != want:
            raise CardDataError(
                source, None, kind, f"needs exactly {want} cards, found {len(cards)}"
            )
    seen: set[str] = set()
    for card_id in [c.id for c in corridors] + [g.id for g in greats] + [s.id for s in smalls]:
        if card_id in seen:
            raise CardDataError(source, card_id, "id", "is used by more than one card")
        seen.add(card_id)
    return CardSet(source, corridors, greats, smalls)


def load_cards(path: str) -> CardSet:
    """Read and validate a card file (TOML, or JSON if it ends in ``.json``)."""
    return parse_cards(read_data_file(path), path)


@functools.cache
def default_cards() -> CardSet:
    """The project's own card set, shipped beside this module."""
    return parse_cards(packaged_data(__package__, "cards.toml"), "wicked_labyrinth/cards.toml")


def _list(data: Mapping[str, Any], key: str, source: str) -> Sequence[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise CardDataError(source, None, key, "must be a list of cards")
    return value


def _card_id(raw: Any, source: str, kind: str, index: int) -> str:
    if not isinstance(raw, Mapping):
        raise CardDataError(source, f"{kind} #{index + 1}", None, "must be a table")
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not card_id.strip():
        raise CardDataError(source, f"{kind} #{index + 1}", "id", "must be a non-empty string")
    return card_id


def _check_fields(raw: Mapping[str, Any], allowed: set[str], source: str, card: str) -> None:
    extra = set(raw) - allowed
    if extra:
        raise CardDataError(source, card, sorted(extra)[0], "is not a field of this kind of card")


def _element(value: Any, source: str, card: str, field: str, allowed: set[Element]) -> Element:
    element = _ELEMENT_NAMES.get(value) if isinstance(value, str) else None
    if element is None or element not in allowed:
        names = ", ".join(sorted(_element_name(e) for e in allowed))
        raise CardDataError(source, card, field, f"{value!r} is not one of {names}")
    return element


_FRAGMENTS = {e for e in Element if e.is_fragment}
_ANY = set(Element)


def _parse_corridor(raw: Any, source: str, index: int) -> Corridor:
    cid = _card_id(raw, source, "corridor", index)
    _check_fields(raw, {"id", "upper", "lower"}, source, cid)
    upper = raw.get("upper")
    if not isinstance(upper, list) or not 1 <= len(upper) <= 2:
        raise CardDataError(source, cid, "upper", "must list one or two elements")
    elements = tuple(_element(e, source, cid, "upper", _ANY) for e in upper)
    lower = _element(raw.get("lower"), source, cid, "lower", _FRAGMENTS)
    return Corridor(cid, elements, lower)


def _colour(value: Any, source: str, card: str, field: str) -> Colour:
    colour = _COLOUR_NAMES.get(value) if isinstance(value, str) else None
    if colour is None:
        raise CardDataError(
            source, card, field, f"{value!r} is not one of red, green, blue, yellow"
        )
    return colour


def _parse_great(raw: Any, source: str, index: int) -> GreatOracle:
    gid = _card_id(raw, source, "great_oracle", index)
    _check_fields(raw, {"id", "colours"}, source, gid)
    colours = raw.get("colours")
    if not isinstance(colours, list) or len(colours) != 2:
        raise CardDataError(source, gid, "colours", "must list exactly two colours")
    a, b = (_colour(c, source, gid, "colours") for c in colours)
    return GreatOracle(gid, (a, b))


def _parse_small(raw: Any, source: str, index: int) -> SmallOracle:
    sid = _card_id(raw, source, "small_oracle", index)
    _check_fields(raw, {"id", "requires", "reward"}, source, sid)
    requires = raw.get("requires")
    if not isinstance(requires, list) or not requires:
        raise CardDataError(source, sid, "requires", "must list at least one requirement")
    reqs: list[Requirement] = []
    for item in requires:
        if not isinstance(item, Mapping):
            raise CardDataError(source, sid, "requires", "each requirement is a table")
        _check_fields(item, {"colour", "rank", "count"}, source, sid)
        colour = _colour(item.get("colour"), source, sid, "requires.colour")
        raw_rank = item.get("rank")
        rank = _RANK_NAMES.get(raw_rank) if isinstance(raw_rank, str) else None
        if rank is None:
            raise CardDataError(
                source, sid, "requires.rank", f"{item.get('rank')!r} is not low, middle or high"
            )
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 6:
            raise CardDataError(
                source, sid, "requires.count", f"{count!r} is not a whole number from 1 to 6"
            )
        reqs.append(Requirement(colour, rank, count))
    reward = raw.get("reward")
    if not isinstance(reward, list) or not 1 <= len(reward) <= 3:
        raise CardDataError(source, sid, "reward", "must list one to three elements")
    rewards = tuple(
        _element(e, source, sid, "reward", _FRAGMENTS | {Element.PROMOTION}) for e in reward
    )
    return SmallOracle(sid, tuple(reqs), rewards)
