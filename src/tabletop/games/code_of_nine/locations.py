"""The board as data: items in the Ruins and the 25 locations, loaded and validated.

Each location's ``id`` names the rule that resolves it (``effects.py``); the numbers a
printed board shows are data (``locations.toml``). Loading names the file, the
location (or item) and the field of the first problem.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core.datafile import packaged_data, read_data_file
from tabletop.core.errors import CardDataError
from tabletop.games.code_of_nine.items import ITEM_NAMES, ROUNDS, TREASURES, Item

LOCATION_IDS: tuple[str, ...] = (
    "library",
    "fortune",
    "shed",
    "lights",
    "cross",
    "clocktower",
    "allure",
    "quarry",
    "tunnel",
    "hearth",
    "watchtower",
    "honeybook",
    "cathedral",
    "looked",
    "commune",
    "village",
    "underground",
    "recorder",
    "street",
    "alley",
    "tivoli",
    "ended",
    "crossroads",
    "devils",
    "tree",
)
"""Every location, in board order; this order is the action table's and the state's."""

_COMMON = {"id", "name", "rounds", "cost", "cost_3_players", "places", "expert", "attack"}
_PARAMS: dict[str, set[str]] = {
    "library": {"gain", "will"},
    "fortune": {"gain", "will"},
    "shed": {"gain", "will"},
    "lights": {"gain", "will"},
    "cross": {"gain", "will"},
    "quarry": {"gain", "will"},
    "tunnel": {"gain", "will"},
    "hearth": {"gain", "will"},
    "looked": {"gain", "will"},
    "honeybook": {"will"},
    "commune": {"will"},
    "cathedral": {"choice"},
    "underground": {"choice"},
    "tivoli": {"up_to"},
    "tree": {"up_to"},
    "ended": {"cost_without_legacy"},
}
_REQUIRED: dict[str, set[str]] = {
    "honeybook": {"will"},
    "commune": {"will"},
    "cathedral": {"choice"},
    "underground": {"choice"},
    "tivoli": {"up_to"},
    "tree": {"up_to"},
}
ANY_NUMBER = 0
"""``places`` of a location that takes any number of pawns (Quarry of Wills)."""


@dataclass(frozen=True)
class Location:
    """One location of the board, as its data says."""

    id: str
    name: str
    first_round: int
    last_round: int
    cost: int
    cost_3_players: int
    cost_without_legacy: int | None
    places: int
    expert: bool
    attack: bool
    gain: tuple[tuple[Item, int], ...]
    will: int
    choice: tuple[tuple[Item, int], ...]
    """Options of "gain 1 X or 2 Y" as (item, count); the first needs an X in the Ruins."""
    up_to: tuple[tuple[str, int], ...]

    def cost_for(self, players: int) -> int:
        return self.cost_3_players if players == 3 else self.cost

    def open_in(self, round_: int) -> bool:
        return self.first_round <= round_ <= self.last_round

    @property
    def sections(self) -> str:
        """The section as the board writes it: "1 only", "2-5", "5"."""
        if self.first_round == self.last_round:
            return f"{self.first_round} only" if self.first_round == 1 else str(self.first_round)
        return f"{self.first_round}-{self.last_round}"


@dataclass(frozen=True)
class Board:
    """The items' supply and points, and the 25 locations in ``LOCATION_IDS`` order."""

    source: str
    supply: tuple[int, ...]
    """Items in the Ruins at setup, by ``Item`` (the medal only in the expert game)."""
    points: tuple[int, ...]
    """Points each item is worth by itself, by ``Item``."""
    locations: tuple[Location, ...]

    @functools.cached_property
    def surcharged(self) -> tuple[int, ...]:
        """Indices of the locations that cost more to a player holding no legacy (read
        at every seat's view, so found once)."""
        return tuple(
            i for i, loc in enumerate(self.locations) if loc.cost_without_legacy is not None
        )

    def to_json(self) -> dict[str, Any]:
        """The board as the same data a locations file holds."""
        items = [
            {"name": i.name.lower(), "supply": self.supply[i], "points": self.points[i]}
            for i in Item
        ]
        locs = []
        for loc in self.locations:
            d: dict[str, Any] = {
                "id": loc.id,
                "name": loc.name,
                "rounds": [loc.first_round, loc.last_round],
                "cost": loc.cost,
                "cost_3_players": loc.cost_3_players,
                "places": "any" if loc.places == ANY_NUMBER else loc.places,
                "expert": loc.expert,
                "attack": loc.attack,
            }
            if loc.cost_without_legacy is not None:
                d["cost_without_legacy"] = loc.cost_without_legacy
            if loc.gain:
                d["gain"] = {i.name.lower(): n for i, n in loc.gain}
            if loc.will:
                d["will"] = loc.will
            if loc.choice:
                d["choice"] = [{i.name.lower(): n} for i, n in loc.choice]
            if loc.up_to:
                d["up_to"] = dict(loc.up_to)
            locs.append(
                {k: v for k, v in d.items() if k in _COMMON or k in _PARAMS.get(loc.id, ())}
            )
        return {"item": items, "location": locs}


def _count(value: Any, source: str, card: str, field: str, low: int = 0, high: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CardDataError(
            source, card, field, f"{value!r} is not a whole number from {low} to {high}"
        )
    return value


def _items(
    value: Any, source: str, card: str, field: str, allowed: tuple[Item, ...]
) -> tuple[tuple[Item, int], ...]:
    if not isinstance(value, Mapping) or not value:
        raise CardDataError(source, card, field, "must be a table of item = count")
    out = []
    for name, n in value.items():
        item = ITEM_NAMES.get(name)
        if item is None or item not in allowed:
            names = ", ".join(i.name.lower() for i in allowed)
            raise CardDataError(source, card, field, f"{name!r} is not one of {names}")
        out.append((item, _count(n, source, card, f"{field}.{name}", 1, 20)))
    return tuple(out)


def _parse_location(raw: Any, source: str, index: int) -> Location:
    if not isinstance(raw, Mapping):
        raise CardDataError(source, f"location #{index + 1}", None, "must be a table")
    lid = raw.get("id")
    if lid not in LOCATION_IDS:
        raise CardDataError(
            source,
            f"location #{index + 1}",
            "id",
            f"{lid!r} is not a location of the board ({', '.join(LOCATION_IDS)})",
        )
    extra = set(raw) - _COMMON - _PARAMS.get(lid, set())
    if extra:
        raise CardDataError(source, lid, sorted(extra)[0], "is not a field of this location")
    missing = _REQUIRED.get(lid, set()) - set(raw)
    if missing:
        raise CardDataError(source, lid, sorted(missing)[0], "is required for this location")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError(source, lid, "name", "must be a non-empty string")
    rounds = raw.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != 2:
        raise CardDataError(source, lid, "rounds", "must be [first, last]")
    first = _count(rounds[0], source, lid, "rounds", 1, ROUNDS)
    last = _count(rounds[1], source, lid, "rounds", first, ROUNDS)
    cost = _count(raw.get("cost", 0), source, lid, "cost")
    cost3 = _count(raw.get("cost_3_players", cost), source, lid, "cost_3_players")
    no_legacy = raw.get("cost_without_legacy")
    if no_legacy is not None:
        no_legacy = _count(no_legacy, source, lid, "cost_without_legacy")
    places_raw = raw.get("places", 1)
    places = ANY_NUMBER if places_raw == "any" else _count(places_raw, source, lid, "places", 1, 4)
    for flag in ("expert", "attack"):
        if not isinstance(raw.get(flag, False), bool):
            raise CardDataError(source, lid, flag, "must be true or false")
    gain = (
        _items(raw["gain"], source, lid, "gain", (*TREASURES, Item.LEGACY)) if "gain" in raw else ()
    )
    will = _count(raw.get("will", 0), source, lid, "will")
    if lid in _PARAMS and "gain" in _PARAMS[lid] and not gain and not will:
        raise CardDataError(source, lid, "gain", "this location must gain items or Will")
    choice: tuple[tuple[Item, int], ...] = ()
    if "choice" in raw:
        options = raw["choice"]
        if not isinstance(options, list) or not options:
            raise CardDataError(source, lid, "choice", "must list one or more {item = count}")
        for option in options:
            got = _items(option, source, lid, "choice", TREASURES)
            if len(got) != 1:
                raise CardDataError(source, lid, "choice", "each option names one item")
            if any(got[0][0] == i for i, _ in choice):
                raise CardDataError(source, lid, "choice", "an item appears in two options")
            choice += got
    up_to: tuple[tuple[str, int], ...] = ()
    if "up_to" in raw:
        want = {"total"} if lid == "tivoli" else {i.name.lower() for i in TREASURES}
        table = raw["up_to"]
        if not isinstance(table, Mapping) or not table or set(table) - want:
            raise CardDataError(
                source, lid, "up_to", f"must be a table with keys from {sorted(want)}"
            )
        up_to = tuple((k, _count(v, source, lid, f"up_to.{k}", 1, 20)) for k, v in table.items())
    return Location(
        lid,
        name,
        first,
        last,
        cost,
        cost3,
        no_legacy,
        places,
        bool(raw.get("expert", False)),
        bool(raw.get("attack", False)),
        gain,
        will,
        choice,
        up_to,
    )


def parse_board(data: Mapping[str, Any], source: str) -> Board:
    """Validate board data (as read from TOML or JSON) into a :class:`Board`."""
    if not isinstance(data, Mapping):
        raise CardDataError(
            source, None, None, "board data must be a table with item and location lists"
        )
    unknown = set(data) - {"item", "location"}
    if unknown:
        raise CardDataError(source, None, None, f"unknown section(s) {sorted(unknown)}")
    supply = [-1] * len(Item)
    points = [0] * len(Item)
    items = data.get("item")
    if not isinstance(items, list):
        raise CardDataError(source, None, "item", "must be a list of items")
    for i, raw in enumerate(items):
        if not isinstance(raw, Mapping):
            raise CardDataError(source, f"item #{i + 1}", None, "must be a table")
        name = raw.get("name")
        item = ITEM_NAMES.get(name) if isinstance(name, str) else None
        if item is None:
            raise CardDataError(source, f"item #{i + 1}", "name", f"{name!r} is not an item")
        extra = set(raw) - {"name", "supply", "points"}
        if extra:
            raise CardDataError(
                source, item.name.lower(), sorted(extra)[0], "is not a field of an item"
            )
        if supply[item] >= 0:
            raise CardDataError(source, item.name.lower(), "name", "is listed twice")
        supply[item] = _count(raw.get("supply"), source, item.name.lower(), "supply", 0, 40)
        points[item] = _count(raw.get("points", 0), source, item.name.lower(), "points", -10, 10)
    for item in Item:
        if supply[item] < 0:
            raise CardDataError(source, item.name.lower(), None, "is missing from the item list")
    if supply[Item.LEGACY] != 2:
        raise CardDataError(
            source, "legacy", "supply", "there are two legacies (the release needs them)"
        )
    if supply[Item.MEDAL] != 1:
        raise CardDataError(source, "medal", "supply", "there is one medal")
    raws = data.get("location")
    if not isinstance(raws, list):
        raise CardDataError(source, None, "location", "must be a list of locations")
    by_id: dict[str, Location] = {}
    for i, raw in enumerate(raws):
        loc = _parse_location(raw, source, i)
        if loc.id in by_id:
            raise CardDataError(source, loc.id, "id", "is listed twice")
        by_id[loc.id] = loc
    missing = [lid for lid in LOCATION_IDS if lid not in by_id]
    if missing:
        raise CardDataError(source, missing[0], None, "is missing from the location list")
    if (
        by_id["quarry"].places != ANY_NUMBER
        or by_id["quarry"].cost
        or by_id["quarry"].cost_3_players
    ):
        raise CardDataError(
            source,
            "quarry",
            "places",
            "Quarry of Wills must stay free and unlimited (a legal placement must always exist)",
        )
    return Board(source, tuple(supply), tuple(points), tuple(by_id[lid] for lid in LOCATION_IDS))


def load_board(path: str) -> Board:
    """Read and validate a locations file (TOML, or JSON if it ends in ``.json``)."""
    return parse_board(read_data_file(path), path)


@functools.cache
def default_board() -> Board:
    """This edition's board (the rulings' table), shipped beside this module."""
    return parse_board(packaged_data(__package__, "locations.toml"), "code_of_nine/locations.toml")
