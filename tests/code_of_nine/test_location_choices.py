"""The choices a location offers, listed exactly (rulings, "Locations (the settled
icons)"): whom a player may target, look at or take from (never themselves), which
items, when a step has nothing to choose, and which looks are attacks. Boards are data
(rulings, "Locations"), so some tests load another board's numbers."""

from __future__ import annotations

from typing import Any

from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine.effects import step_hint
from tabletop.games.code_of_nine.locations import default_board

from .helpers import item, play, ready, set_items, set_round, set_will


def legal(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.notation() for a in s.legal_actions(s.current_players()[0])]


def knows(s, looker: int, owner: int, slot: int) -> bool:  # type: ignore[no-untyped-def]
    return s.view(looker).known_card(owner, slot) is not None


def board_with(**changes: dict[str, Any]) -> dict[str, Any]:
    """The default board's data with some locations' or items' fields changed."""
    data = default_board().to_json()
    for entry in data["location"] + data["item"]:
        key = entry.get("id", entry["name"])
        entry.update(changes.get(key, {}))
    return data


def test_a_look_targets_every_other_holder_never_oneself() -> None:
    """Allure Show, Sooty Watchtower, Venerable Cathedral, Soul Recorder: look at another
    holder's card (the ghost's too, with 3 players)."""
    s = ready(4)
    play(s, "allure")
    assert legal(s) == ["target:1", "target:2", "target:3"]
    three = ready(3)
    play(three, "watchtower")
    assert legal(three) == ["target:1", "target:2", "target:3"]


def test_watchtower_and_cathedral_looks_are_no_attacks_and_soul_recorder_s_is() -> None:
    """The Hidden Village stops attacks only: Sooty Watchtower's and Venerable
    Cathedral's looks (no attack icon) still see a protected player's Shoal; Soul
    Recorder's (an attack) sees nothing."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 3)
    set_will(s, 1, 2)
    play(s, "village")
    events = play(s, "recorder", "target:0")
    looked = next(e for e in events if isinstance(e, E.CardLooked))
    assert looked.blocked and not knows(s, 1, 0, 0)
    events = play(s, "watchtower", "target:0")
    looked = next(e for e in events if isinstance(e, E.CardLooked))
    assert not looked.blocked and knows(s, 2, 0, 1)
    events = play(s, "cathedral", "target:0")
    looked = next(e for e in events if isinstance(e, E.CardLooked))
    assert not looked.blocked and knows(s, 3, 0, 1)


def test_commune_system_s_look_is_no_attack() -> None:
    """Commune System (expert): the two players there see each other's Abyss at round
    end even when one is protected from attacks by The Hidden Village."""
    s = ready(4, expert=True)
    set_round(s, 3)
    for p in range(4):
        set_will(s, p, 3)
    set_will(s, 0, 6)  # the village, then the commune
    play(s, "village", "commune", "quarry", "quarry", "commune")
    while s.round == 3:
        play(s, "quarry")
    assert knows(s, 1, 0, 0) and knows(s, 0, 1, 0)
    s = ready(4, expert=True)  # the protected player is the later seat this time
    set_round(s, 3)
    for p in range(4):
        set_will(s, p, 3)
    set_will(s, 2, 6)
    play(s, "quarry", "commune", "village", "quarry", "quarry", "quarry", "commune")
    while s.round == 3:
        play(s, "quarry")
    assert knows(s, 1, 2, 0) and knows(s, 2, 1, 0)


def test_creeping_main_street_needs_a_richest_holder_and_takes_only_treasures() -> None:
    """The Creeping Main Street: take a coin, statue or book (never a legacy) from the
    other holder with the most of them; nobody holding any means nothing to take, and
    the turn ends; a single treasure is enough to be the richest."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 1)
    set_items(s, 1, legacy=1)
    play(s, "street")
    assert s.current_players() == (1,) and item(s, 0, "legacy") == 0
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 1)
    set_items(s, 2, coin=1, legacy=1)
    play(s, "street")
    assert s.current_players() == (1,) and item(s, 0, "coin") == 1  # one target, one item


def test_forgotten_alley_and_tivoli_target_others_only() -> None:
    """Forgotten Alley takes from another holder with an item; Tivoli of the Pranksters
    gives to another player, or to nobody; neither ever targets the player."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 4)
    set_items(s, 0, legacy=1, coin=2)
    set_items(s, 2, book=1)
    play(s, "alley")
    assert s.current_players() == (1,) and item(s, 0, "book") == 1  # player 2 alone
    s = ready(4, expert=True)
    set_round(s, 4)
    set_will(s, 0, 2)
    set_items(s, 0, coin=1)
    play(s, "tivoli")
    assert legal(s) == ["target:1", "target:2", "target:3", "target:-"]


def test_tivoli_with_nothing_to_give_ends_the_turn() -> None:
    """Tivoli of the Pranksters with no coin, statue or book: nothing to give."""
    s = ready(4, expert=True)
    set_round(s, 4)
    set_will(s, 0, 2)
    set_items(s, 0, legacy=1)
    play(s, "tivoli")
    assert s.current_players() == (1,)


def test_tivoli_gives_up_to_its_total_on_another_board() -> None:
    """Tivoli's "up to" is the board's number: with a total of 3, three gifts."""
    s = ready(4, expert=True, locations=board_with(tivoli={"up_to": {"total": 3}}))
    set_round(s, 4)
    set_will(s, 0, 2)
    set_items(s, 0, coin=5)
    play(s, "tivoli", "target:1", "item:coin", "item:coin")
    assert s.current_players() == (0,)
    play(s, "item:coin")
    assert item(s, 1, "coin") == 3 and s.current_players() == (1,)


def test_tree_of_heaven_offers_only_what_others_or_the_ruins_hold() -> None:
    """Tree of Heaven: an item comes from the Ruins or, when none is left, from another
    holder: never from the player; when nothing more can be taken the turn ends."""
    s = ready(4, expert=True)
    set_round(s, 5)
    set_will(s, 0, 6)
    set_items(s, 0, statue=8, coin=10)  # no statue left but the player's own
    set_items(s, 1, coin=6)  # the last coins are player 1's
    play(s, "tree")
    assert legal(s) == ["item:coin", "item:book", "done"]
    play(s, "item:coin")
    assert step_hint(s).startswith("choose whom to take it from")
    assert legal(s) == ["target:1", "target:-"]
    s = ready(4, expert=True)
    set_round(s, 5)
    set_will(s, 0, 6)
    set_items(s, 0, statue=8, coin=16, book=3)
    set_items(s, 2, book=1)
    play(s, "tree")
    assert legal(s) == ["item:book", "done"]
    play(s, "item:book", "target:2")
    assert item(s, 0, "book") == 4 and s.current_players() == (1,)  # nothing left to take
    s = ready(4, expert=True)
    set_round(s, 5)
    set_will(s, 0, 6)
    set_items(s, 0, statue=8, coin=16, book=4)
    play(s, "tree")
    assert s.current_players() == (1,)
    s = ready(4, expert=True)
    set_round(s, 5)
    set_will(s, 0, 6)
    set_items(s, 0, statue=8, coin=16, book=3)
    play(s, "tree")
    assert legal(s) == ["item:book", "done"]
    play(s, "item:book")  # the last book, from the Ruins
    assert item(s, 0, "book") == 4 and s.current_players() == (1,)


def test_tree_of_heaven_takes_only_the_items_its_board_names() -> None:
    """Tree of Heaven's "up to" per item is the board's: an item it does not name cannot
    be taken."""
    s = ready(4, expert=True, locations=board_with(tree={"up_to": {"coin": 1}}))
    set_round(s, 5)
    set_will(s, 0, 6)
    play(s, "tree")
    assert legal(s) == ["item:coin", "done"]
    play(s, "item:coin")
    assert item(s, 0, "coin") == 1 and s.current_players() == (1,)


def test_an_attack_blocked_by_the_hidden_village_names_attacker_and_target() -> None:
    """The Hidden Village: the blocked attack is announced with who attacked whom."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 3)
    set_items(s, 0, coin=5)
    set_items(s, 2, coin=1)
    set_will(s, 1, 4)
    play(s, "village")
    events = play(s, "alley", "target:0")
    assert [e for e in events if isinstance(e, E.AttackBlocked)] == [E.AttackBlocked(1, 0, "alley")]


def test_the_release_of_the_legacies_names_both_holders() -> None:
    """The Place Where They Ended the Old World: the release names the two players."""
    s = ready(4)
    set_round(s, 4)
    set_items(s, 1, legacy=1)
    set_items(s, 3, legacy=1)
    s.turn = 1
    events = play(s, "ended", "quarry", "ended")
    while not s.is_terminal():
        events += play(s, "quarry")
    assert [e for e in events if isinstance(e, E.LegaciesReleased)] == [E.LegaciesReleased((1, 3))]
