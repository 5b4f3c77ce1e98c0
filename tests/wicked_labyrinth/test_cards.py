"""The card data file: validated on load, errors name file, card and field."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import tabletop
from tabletop.core.errors import CardDataError
from tabletop.games.wicked_labyrinth.cards import (
    CORRIDOR_COUNT,
    default_cards,
    load_cards,
    parse_cards,
)
from tabletop.games.wicked_labyrinth.elements import Element


def data() -> dict:  # type: ignore[type-arg]
    return copy.deepcopy(default_cards().to_json())


def test_shipped_set_has_the_printed_counts_and_shape() -> None:
    """Section 3 and the card-shape ruling: 24 corridors, 12 great, 12 small oracles."""
    cards = default_cards()
    assert len(cards.corridors) == CORRIDOR_COUNT
    assert len(cards.great_oracles) == len(cards.small_oracles) == 12
    for c in cards.corridors:
        assert 1 <= len(c.upper) <= 2 and c.lower.is_fragment
    assert sum(1 for c in cards.corridors if c.lower == Element.WHITE) == 4


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["corridor"][2].update(lower="promotion"), "C03, field 'lower'"),
        (lambda d: d["corridor"][0].update(upper=[]), "C01, field 'upper'"),
        (lambda d: d["corridor"][0].update(upper=["red", "red", "red"]), "C01, field 'upper'"),
        (lambda d: d["great_oracle"][1].update(colours=["red", "white"]), "G02, field 'colours'"),
        (
            lambda d: d["small_oracle"][0]["requires"][0].update(rank="top"),
            "S01, field 'requires.rank'",
        ),
        (
            lambda d: d["small_oracle"][0]["requires"][0].update(count=0),
            "S01, field 'requires.count'",
        ),
        (lambda d: d["small_oracle"][3].update(reward=["colour_change"]), "S04, field 'reward'"),
        (lambda d: d["small_oracle"][3].update(cost=1), "S04, field 'cost'"),
        (lambda d: d["corridor"].pop(), "field 'corridor': needs exactly 24"),
        (lambda d: d["corridor"][1].update(id="C01"), "C01, field 'id'"),
        (lambda d: d["corridor"][4].pop("id"), "corridor #5, field 'id'"),
    ],
)
def test_invalid_cards_name_the_file_card_and_field(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    bad = data()
    mutate(bad)
    with pytest.raises(CardDataError, match=message.replace("(", r"\(")) as info:
        parse_cards(bad, "my-cards.toml")
    assert str(info.value).startswith("my-cards.toml")


def test_another_card_file_is_loaded_and_travels_with_the_record(tmp_path: Path) -> None:
    """--cards FILE and the Python option load another set; records carry it."""
    other = data()
    other["corridor"][0]["upper"] = ["white", "white"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(other))
    state = tabletop.new_game("wicked-labyrinth", players=4, seed=3, cards=str(path))
    assert state.cards.corridors[0].upper == (Element.WHITE, Element.WHITE)
    record = json.loads(json.dumps(state.record().to_json()))
    assert record["options"]["cards"]["corridor"][0]["upper"] == ["white", "white"]
    assert tabletop.replay(record).cards.corridors[0].upper == (Element.WHITE, Element.WHITE)


def test_toml_card_file_and_unreadable_files(tmp_path: Path) -> None:
    from importlib import resources

    text = resources.files("tabletop.games.wicked_labyrinth").joinpath("cards.toml").read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text.replace('upper = ["green", "yellow"]', 'upper = ["blue"]', 1))
    assert load_cards(str(path)).corridors[0].upper == (Element.BLUE,)
    with pytest.raises(CardDataError, match="cannot read"):
        load_cards(str(tmp_path / "missing.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("[[corridor]\nid=")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_cards(str(broken))
