"""The memory card data (rulings, "Memory cards") and the board data loaders."""

from __future__ import annotations

import copy
import pathlib

import pytest

from tabletop.core.errors import CardDataError
from tabletop.games.code_of_nine import GAME
from tabletop.games.code_of_nine.card_list import BEGIN, END, memory_list_block
from tabletop.games.code_of_nine.items import Item, Quantity
from tabletop.games.code_of_nine.locations import default_board, load_board, parse_board
from tabletop.games.code_of_nine.memory_cards import (
    EffectKind,
    default_memory_cards,
    load_memory_cards,
    parse_memory_cards,
)

DOC = pathlib.Path(__file__).parents[2] / "docs" / "code-of-nine.md"


def data() -> dict:  # type: ignore[type-arg]
    return copy.deepcopy(default_memory_cards().to_json())


def test_twenty_eight_cards_normal_then_expert() -> None:
    """28 cards: numbers 1-18 normal, 19-28 expert, each with a title and an order number."""
    cards = default_memory_cards().cards
    assert [c.number for c in cards] == list(range(1, 29))
    assert [c.expert for c in cards] == [False] * 18 + [True] * 10
    assert len({c.title for c in cards}) == 28


def test_one_normal_card_sets_the_points_of_a_book() -> None:
    """One normal card sets a book's points (books count 1 each unless a card says otherwise)."""
    setters = [
        c
        for c in default_memory_cards().cards
        if not c.expert
        and any(e.kind == EffectKind.VALUE_SET and e.item == Item.BOOK for e in c.effects)
    ]
    assert len(setters) == 1


def test_every_item_and_will_matters_on_some_card() -> None:
    """Every item and Will must matter on some card."""
    touched: set[int] = set()
    for c in default_memory_cards().cards:
        for e in c.effects:
            touched |= {int(x) for x in (e.item, e.of) if x is not None} | {int(i) for i in e.items}
    assert {int(q) for q in (*Item, Quantity.WILL)} <= touched


def test_medal_and_release_cards_are_expert_only() -> None:
    """Some cards only make sense in the expert game (medal, released legacies)."""
    cards = default_memory_cards().cards
    expert_only = [
        c
        for c in cards
        if any(
            e.released is not None or e.item == Item.MEDAL or e.of == Quantity.MEDAL
            for e in c.effects
        )
    ]
    assert expert_only and all(c.expert for c in expert_only)
    bad = data()
    bad["card"][0]["effect"] = [{"kind": "bonus", "of": "medal", "when": "most", "points": 1}]
    with pytest.raises(CardDataError, match=r"card 1, field 'effect'"):
        parse_memory_cards(bad, "bad.toml")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["card"].pop(), r"bad\.toml, card 28: is missing"),
        (lambda d: d["card"][3].update(order="x"), r"card 4, field 'order'"),
        (lambda d: d["card"][4].update(title=""), r"card 5, field 'title'"),
        (lambda d: d["card"][5]["effect"][0].update(kind="magic"), r"card 6, field 'effect.kind'"),
        (lambda d: d["card"][6]["effect"][0].update(item="gem"), r"card 7, field 'effect.item'"),
        (lambda d: d["card"][7]["effect"][0].pop("count"), r"card 8, field 'effect.count'"),
        (
            lambda d: d["card"][8]["effect"][0].update(colour="red"),
            r"card 9, field 'effect.colour'",
        ),
        (lambda d: d["card"][9].update(number=1), r"card 1, field 'number'"),
        (
            lambda d: d["card"][11]["effect"][0].update(items=["statue"]),
            r"card 12, field 'effect.items'",
        ),
    ],
)
def test_load_errors_name_file_card_and_field(mutate, message) -> None:  # type: ignore[no-untyped-def]
    """Load errors name the file, the card and the field."""
    bad = data()
    mutate(bad)
    with pytest.raises(CardDataError, match=message):
        parse_memory_cards(bad, "bad.toml")


def test_card_and_board_files_load_and_round_trip(tmp_path: pathlib.Path) -> None:
    """Another card or board file loads by path; the JSON data reads back the same."""
    cards = default_memory_cards()
    assert parse_memory_cards(cards.to_json(), "x").cards == cards.cards
    board = default_board()
    assert parse_board(board.to_json(), "x").locations == board.locations
    bad = tmp_path / "cards.toml"
    bad.write_text("[[card]]\nnumber = 'one'\n")
    with pytest.raises(CardDataError, match=r"cards\.toml, card #1, field 'number'"):
        load_memory_cards(str(bad))
    with pytest.raises(CardDataError, match="cannot read"):
        load_board(str(tmp_path / "missing.toml"))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["location"].pop(0), r"library: is missing"),
        (lambda d: d["location"][2].update(rounds=[3, 2]), r"shed, field 'rounds'"),
        (lambda d: d["location"][7].update(places=1), r"quarry, field 'places'"),
        (lambda d: d["location"][12].pop("choice"), r"cathedral, field 'choice'"),
        (lambda d: d["location"][0].update(gain={"gem": 1}), r"library, field 'gain'"),
        (lambda d: d["item"][0].update(supply=-1), r"statue, field 'supply'"),
    ],
)
def test_board_errors_name_file_location_and_field(mutate, message) -> None:  # type: ignore[no-untyped-def]
    """The board data is validated like the cards: file, location (or item), field."""
    bad = copy.deepcopy(default_board().to_json())
    mutate(bad)
    with pytest.raises(CardDataError, match=message):
        parse_board(bad, "board.toml")


def test_options_take_other_data_and_records_carry_it() -> None:
    """``memory_cards``/``locations`` options take data; default data is left out of JSON."""
    cards = data()
    cards["card"][6]["effect"][0]["value"] = 5
    s = GAME.new_game(4, 1, memory_cards=cards)
    assert s.cards.cards[6].effects[0].value == 5
    assert "memory_cards" in s.to_json()["options"]
    assert GAME.new_game(4, 1).to_json()["options"] == {}
    assert GAME.new_game(4, 1, expert=True).to_json()["options"] == {"expert": True}


def test_the_docs_memory_list_matches_the_data() -> None:
    """docs/code-of-nine.md shows the player-facing list generated from the data."""
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:end] == memory_list_block(default_memory_cards())


def test_ruling_cards_sharing_an_order_number_must_commute() -> None:
    """Rulings, "Memory cards": cards with the same order number apply together, so the
    loader checks every such pair gives the same scores applied in either order, and
    refuses a set that breaks this, naming both cards."""
    raw = data()
    raw["card"][3]["order"] = 9  # card 4: points per coin, now alone in no conflict
    raw["card"][0]["effect"] = [{"kind": "value_set", "item": "coin", "value": 2}]
    raw["card"][0]["order"] = 9
    raw["card"][3]["effect"] = [{"kind": "value_add", "item": "coin", "value": 1}]
    with pytest.raises(CardDataError) as refused:
        parse_memory_cards(raw, "mine.toml")
    message = str(refused.value)
    assert message.startswith("mine.toml, card 1 and 4, field 'order'")
    assert "cards 1 (" in message and "and 4 (" in message
    # The same two cards at different order numbers are a valid set.
    raw["card"][3]["order"] = 10
    assert parse_memory_cards(raw, "mine.toml").cards[3].order == 10
    # Two sets of one item to different values do not commute either; equal ones do.
    raw["card"][3]["order"] = 9
    raw["card"][3]["effect"] = [{"kind": "value_set", "item": "coin", "value": 3}]
    with pytest.raises(CardDataError, match="card 1 and 4"):
        parse_memory_cards(raw, "mine.toml")
    raw["card"][3]["effect"] = [{"kind": "value_set", "item": "coin", "value": 2}]
    parse_memory_cards(raw, "mine.toml")


def test_the_shipped_card_set_passes_the_commutation_check() -> None:
    """The shipped set loads (the check runs on every load) and every pair that shares an
    order number scores alike both ways on the generated holdings."""
    from tabletop.games.code_of_nine.commutation import holdings, scores_in_order

    cards = default_memory_cards().cards
    pairs = [(a, b) for a in cards for b in cards if a.number < b.number and a.order == b.order]
    assert len(pairs) >= 20
    for a, b in pairs:
        for counts, released, base in holdings():
            assert scores_in_order((a, b), counts, released, base) == scores_in_order(
                (b, a), counts, released, base
            )
    assert parse_memory_cards(data(), "copy.toml").cards == cards
