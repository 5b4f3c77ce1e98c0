"""One test per location (rulings, "Locations (the settled icons)")."""

from __future__ import annotations

from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine.items import Item

from .helpers import item, place_as, play, ready, set_cards, set_items, set_round, set_will


def legal(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.notation() for a in s.legal_actions(s.current_players()[0])]


def knows(s, looker: int, owner: int, slot: int) -> bool:  # type: ignore[no-untyped-def]
    return s.view(looker).known_card(owner, slot) is not None


def test_her_library_gains_a_book_for_one_will() -> None:
    """Her Library (1 only, 1 Will): gain 1 book."""
    s = ready(4)
    place_as(s, 1, "library")
    assert item(s, 1, "book") == 1 and s.will(1) == 0 and s.ruins[Item.BOOK] == 3


def test_mechanism_of_fortune_gains_three_coins() -> None:
    """Mechanism of Fortune (1 only, free): gain 3 coins."""
    s = ready(4)
    play(s, "fortune")
    assert item(s, 0, "coin") == 3


def test_cash_cow_shed_gains_two_coins() -> None:
    """Cash Cow Shed (1-5, free): gain 2 coins."""
    s = ready(4)
    play(s, "shed")
    assert item(s, 0, "coin") == 2


def test_where_the_lights_sink_gains_a_coin_and_a_will() -> None:
    """Where the Lights Sink: gain 1 coin and 1 Will."""
    s = ready(4)
    play(s, "lights")
    assert item(s, 0, "coin") == 1 and s.will(0) == 1


def test_an_old_cross_gains_a_statue() -> None:
    """An Old Cross: gain 1 statue."""
    s = ready(4)
    play(s, "cross")
    assert item(s, 0, "statue") == 1


def test_clocktower_takes_the_marker_then_may_return_an_item() -> None:
    """Clocktower: take the start player marker; then you may return a coin, statue or book."""
    s = ready(4)
    set_items(s, 1, coin=2, statue=1)
    place_as(s, 1, "clocktower")
    assert s.start == 1
    assert set(legal(s)) == {"item:statue", "item:coin", "item:-"}
    play(s, "item:coin")
    assert item(s, 1, "coin") == 1 and s.ruins[Item.COIN] == 15
    s2 = ready(4)
    play(s2, "clocktower")  # already the holder, nothing to return
    assert s2.start == 0 and s2.current_players() == (1,)


def test_allure_show_looks_at_a_shoal_then_gives_an_item_to_another() -> None:
    """Allure Show (attack): look at another's Shoal; then another player may gain an item."""
    s = ready(4)
    play(s, "allure", "target:2")
    assert knows(s, 0, 2, 1) and not knows(s, 0, 2, 0) and not knows(s, 1, 2, 1)
    assert "target:0" not in legal(s) and "target:-" in legal(s)
    play(s, "target:3", "item:book")
    assert item(s, 3, "book") == 1 and s.current_players() == (1,)


def test_quarry_of_wills_gains_a_will_with_any_number_of_pawns() -> None:
    """Quarry of Wills: gain 1 Will; any number of pawns."""
    s = ready(4)
    for _ in range(4):
        play(s, "quarry")
    assert [s.will(p) for p in range(4)] == [1, 2, 2, 3]


def test_beyond_the_tunnel_gains_two_will() -> None:
    """Beyond the Tunnel: gain 2 Will."""
    s = ready(4)
    play(s, "tunnel")
    assert s.will(0) == 2


def test_hearth_of_thoughts_gains_three_will() -> None:
    """Hearth of Thoughts: gain 3 Will."""
    s = ready(4)
    play(s, "hearth")
    assert s.will(0) == 3


def test_sooty_watchtower_looks_and_blocks_looks_for_the_round() -> None:
    """Sooty Watchtower: look at a Shoal; for the rest of the round looks at you fail."""
    s = ready(4)
    play(s, "watchtower", "target:1")
    assert knows(s, 0, 1, 1)
    events = play(s, "allure", "target:0", "target:-")
    looked = next(e for e in events if isinstance(e, E.CardLooked))
    assert looked.blocked and not knows(s, 1, 0, 1)


def test_cult_of_honeybook_medal_from_board_with_will_then_from_holder() -> None:
    """Cult of Honeybook (expert, 1 Will): the chosen player takes the medal (board: +4 Will)."""
    s = ready(4, expert=True)
    set_will(s, 0, 1)
    play(s, "honeybook", "target:2")
    assert item(s, 2, "medal") == 1 and s.will(2) == 1 + 4 and s.will(0) == 0
    s.spots = [0] * 25
    set_will(s, 3, 1)
    place_as(s, 3, "honeybook", "target:3")
    assert item(s, 3, "medal") == 1 and item(s, 2, "medal") == 0 and s.will(3) == 0


def test_venerable_cathedral_looks_then_statue_or_two_coins() -> None:
    """Venerable Cathedral (2-5): look at a Shoal; gain 1 statue or 2 coins (coins if no statue)."""
    s = ready(4)
    set_round(s, 2)
    play(s, "cathedral", "target:3")
    assert knows(s, 0, 3, 1)
    assert set(legal(s)) == {"item:statue", "item:coin"}
    play(s, "item:coin")
    assert item(s, 0, "coin") == 2
    s2 = ready(4)
    set_round(s2, 2)
    set_items(s2, 3, statue=8)
    play(s2, "cathedral", "target:3")
    assert item(s2, 0, "coin") == 2 and s2.current_players() == (1,)


def test_place_where_they_looked_gains_a_legacy_if_any_left() -> None:
    """The Place Where They Looked at the Old World (2-5, 3 Will): gain a legacy left."""
    s = ready(4)
    set_round(s, 2)
    set_will(s, 0, 3)
    play(s, "looked")
    assert item(s, 0, "legacy") == 1 and s.will(0) == 0 and s.ruins[Item.LEGACY] == 1


def test_commune_system_two_players_see_each_others_abyss() -> None:
    """Commune System (expert): at round end two players here look at each other's Abyss."""
    s = ready(4, expert=True)
    set_round(s, 2)
    for p in range(4):
        set_will(s, p, 3)
    play(s, "commune", "commune")
    assert not knows(s, 0, 1, 0)
    while s.round == 2:
        play(s, "quarry")
    assert knows(s, 0, 1, 0) and knows(s, 1, 0, 0) and not knows(s, 2, 0, 0)


def test_commune_system_alone_gains_will_or_sees_the_ghost() -> None:
    """Commune System alone: +2 Will with 4 players; with 3, a look at the ghost's Abyss."""
    four = ready(4, expert=True)
    three = ready(3, expert=True)
    for s in (four, three):
        set_round(s, 2)
        set_will(s, 0, 3)
        play(s, "commune")
        while s.round == 2:
            play(s, "quarry")
    assert four.will(0) == 2 + 2  # 0 after paying, +2 alone, +2 from two quarries
    assert knows(three, 0, 3, 0) and not knows(three, 1, 3, 0)


def test_hidden_village_blocks_attacks_for_the_round() -> None:
    """The Hidden Village (3-5, 3 Will): attacks targeting you have no effect this round."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 3)
    set_items(s, 0, coin=5)
    set_items(s, 2, coin=1)
    set_will(s, 1, 4)
    play(s, "village")
    events = play(s, "alley", "target:0")
    assert any(isinstance(e, E.AttackBlocked) for e in events)
    assert item(s, 0, "coin") == 5 and item(s, 1, "coin") == 0


def test_underground_library_book_or_two_coins() -> None:
    """Underground Library (3-5): gain 1 book or 2 coins (2 coins when no book is left)."""
    s = ready(4)
    set_round(s, 3)
    play(s, "underground", "item:book")
    assert item(s, 0, "book") == 1
    s2 = ready(4)
    set_round(s2, 3)
    set_items(s2, 2, book=4)
    play(s2, "underground")
    assert item(s2, 0, "coin") == 2


def test_soul_recorder_looks_at_an_abyss() -> None:
    """Soul Recorder (attack, 2 Will): look at another player's Abyss card."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 2)
    play(s, "recorder", "target:1")
    assert knows(s, 0, 1, 0) and not knows(s, 0, 1, 1) and s.will(0) == 0


def test_creeping_main_street_takes_from_the_richest_you_break_ties() -> None:
    """The Creeping Main Street (attack, 1 Will): take from the richest; you break ties."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 1)
    set_items(s, 1, coin=2, statue=1)
    set_items(s, 2, book=3)
    set_items(s, 3, coin=1)
    play(s, "street")
    assert set(legal(s)) == {"target:1", "target:2"}
    play(s, "target:1", "item:statue")
    assert item(s, 0, "statue") == 1 and item(s, 1, "statue") == 0


def test_forgotten_alley_takes_any_item_even_a_legacy() -> None:
    """Forgotten Alley (attack, 4 Will): take any 1 coin, statue, book or legacy from another."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 0, 4)
    set_items(s, 2, legacy=1, coin=1)
    set_items(s, 3, statue=1)
    play(s, "alley", "target:2")
    assert set(legal(s)) == {"item:coin", "item:legacy"}
    play(s, "item:legacy")
    assert item(s, 0, "legacy") == 1 and item(s, 2, "legacy") == 0


def test_tivoli_gives_up_to_two_items_to_another() -> None:
    """Tivoli of the Pranksters (expert, 4-5): give up to 2 of your items to one other player."""
    s = ready(4, expert=True)
    set_round(s, 4)
    set_will(s, 0, 2)
    set_items(s, 0, coin=3, statue=1)
    play(s, "tivoli", "target:1", "item:statue", "item:coin")
    assert item(s, 1, "statue") == 1 and item(s, 1, "coin") == 1 and item(s, 0, "coin") == 2
    assert s.current_players() == (1,)


def test_ended_old_world_releases_the_legacies_and_ends_the_game() -> None:
    """The Place Where They Ended the Old World: two legacy holders here end the game."""
    s = ready(4)
    set_round(s, 4)
    set_items(s, 0, legacy=1)
    set_items(s, 2, legacy=1)
    set_will(s, 1, 2)
    assert "ended" in legal(s)
    play(s, "ended", "quarry", "ended")
    assert s.will(0) == 0 and s.will(2) == 1  # free for legacy holders
    events = []
    while not s.is_terminal():
        events += play(s, "quarry")
    assert s.round == 4 and s.released
    assert any(isinstance(e, E.LegaciesReleased) for e in events)
    assert any(isinstance(e, E.GameEnded) for e in events)


def test_ended_old_world_costs_two_without_a_legacy_and_needs_both_holders() -> None:
    """0 Will, or 2 Will for a player holding no legacy; no release unless both hold one."""
    s = ready(4)
    set_round(s, 4)
    set_items(s, 0, legacy=2)
    set_will(s, 1, 2)
    play(s, "ended", "ended")
    assert s.will(1) == 0
    while s.round == 4:
        play(s, "quarry")
    assert not s.released and s.round == 5


def test_crossroads_exchanges_a_card_with_the_ninth_memory() -> None:
    """Crossroads of Phenomena (expert, 3 Will): exchange your Shoal or Abyss with the ninth."""
    s = ready(4, expert=True)
    set_round(s, 4)
    set_will(s, 0, 3)
    ninth, shoal = s.ninth, s.card(0, 1)
    play(s, "crossroads", "slot:shoal")
    assert s.card(0, 1) == ninth and s.ninth == shoal
    assert knows(s, 1, 0, 1)  # the former ninth memory was face up
    assert s.view(1).ninth.number == s.cards.cards[shoal].number


def test_city_of_devils_moves_an_item_between_chosen_players() -> None:
    """City of Devils (attack, 5, 3 Will): a chosen player gives an item to another."""
    s = ready(4)
    set_round(s, 5)
    set_will(s, 0, 3)
    set_items(s, 2, book=1, coin=1)
    set_items(s, 1, statue=1)
    play(s, "devils")
    assert set(legal(s)) == {"target:1", "target:2"}  # givers: players holding an item
    play(s, "target:2", "target:0", "item:book")
    assert item(s, 0, "book") == 1 and item(s, 2, "book") == 0


def test_tree_of_heaven_takes_from_ruins_then_from_players() -> None:
    """Tree of Heaven (expert, 5, 6/7 Will): 2 coins, 2 statues, 1 book; the rest from others."""
    s = ready(4, expert=True)
    set_round(s, 5)
    set_will(s, 0, 6)
    set_items(s, 1, book=4)
    play(s, "tree", "item:coin", "item:coin", "item:statue")
    assert "item:coin" not in legal(s)
    play(s, "item:book", "target:1", "done")
    assert item(s, 0, "coin") == 2 and item(s, 0, "statue") == 1 and item(s, 0, "book") == 1
    assert item(s, 1, "book") == 3 and s.current_players() == (1,)


def test_card_numbers_unchanged_by_set_cards_helper() -> None:
    """The test helper swaps cards without duplicating any (all later tests rely on it)."""
    s = ready(4, expert=True)
    set_cards(s, 0, 7, 12)
    every = s.cards_in_play() + s.deck + [s.ninth]
    assert sorted(every) == list(range(28))


def test_ruling_hidden_village_does_not_stop_a_gift() -> None:
    """Rulings, "Locations": receiving an item is never being attacked, so a gift chosen
    for a player protected by The Hidden Village arrives (Allure Show, City of Devils,
    Tivoli of the Pranksters); what the attack does to its target still fails."""
    s = ready(4)
    set_round(s, 3)
    set_will(s, 1, 3)
    place_as(s, 1, "village")
    events = place_as(s, 0, "allure", "target:1", "target:1", "item:book")
    looked = next(e for e in events if isinstance(e, E.CardLooked))
    assert looked.blocked and not knows(s, 0, 1, 1)  # the look is the attack: it fails
    assert item(s, 1, "book") == 1  # the gift arrives

    devils = ready(4)
    set_round(devils, 5)
    set_will(devils, 1, 3)
    set_will(devils, 0, 3)
    set_items(devils, 2, book=1, coin=1)
    set_items(devils, 3, statue=1)
    place_as(devils, 1, "village")
    events = place_as(devils, 0, "devils", "target:2", "target:1", "item:book")
    assert not any(isinstance(e, E.AttackBlocked) for e in events)
    assert item(devils, 1, "book") == 1 and item(devils, 2, "book") == 0

    tivoli = ready(4, expert=True)
    set_round(tivoli, 4)
    set_will(tivoli, 1, 3)
    set_will(tivoli, 0, 2)
    set_items(tivoli, 0, coin=2)
    place_as(tivoli, 1, "village")
    place_as(tivoli, 0, "tivoli", "target:1", "item:coin", "item:coin")
    assert item(tivoli, 1, "coin") == 2 and item(tivoli, 0, "coin") == 0


def test_ruling_hidden_village_still_stops_being_made_to_give() -> None:
    """Rulings, "Locations": being made to give fails against a protected player, so
    City of Devils with a protected giver moves nothing."""
    s = ready(4)
    set_round(s, 5)
    set_will(s, 1, 3)
    set_will(s, 0, 3)
    set_items(s, 1, book=1, coin=1)
    set_items(s, 3, statue=1)
    place_as(s, 1, "village")
    events = place_as(s, 0, "devils", "target:1", "target:2")
    assert E.AttackBlocked(0, 1, "devils") in events
    assert item(s, 1, "book") == 1 and item(s, 2, "book") == 0 and item(s, 2, "coin") == 0


def test_cult_of_honeybook_reaches_a_protected_player_but_not_a_protected_holder() -> None:
    """docs/code-of-nine.md decision 9, from the rulings' "receiving an item is never being
    attacked": the chosen player takes the medal even when protected; a holder protected
    by The Hidden Village keeps it (losing an item fails against protection)."""
    s = ready(4, expert=True)
    set_round(s, 3)
    set_will(s, 1, 3)
    set_will(s, 0, 1)
    place_as(s, 1, "village")
    place_as(s, 0, "honeybook", "target:1")
    assert item(s, 1, "medal") == 1 and s.will(1) == 4
    s.spots = [0] * 25
    set_will(s, 3, 1)
    events = place_as(s, 3, "honeybook", "target:3")
    assert E.AttackBlocked(3, 1, "honeybook") in events
    assert item(s, 1, "medal") == 1 and item(s, 3, "medal") == 0


def test_the_board_view_shows_the_ended_cost_as_each_seat_pays_it() -> None:
    """The Place Where They Ended the Old World costs 0 Will, or 2 for a player holding no
    legacy (rulings, "Locations"): each seat's board view shows its own cost; a
    spectator sees the board's cost; the cost paid on placing is the one shown."""
    s = ready(4)
    set_round(s, 4)
    set_items(s, 1, legacy=1)
    ended = [loc.id for loc in s.view(0).locations].index("ended")
    costs = [s.view(p).locations[ended].cost for p in range(4)]
    assert costs == [2, 0, 2, 2]
    assert s.spectator_view().locations[ended].cost == 0
    assert {s.view(p).locations[ended].base_cost for p in range(4)} == {0}
    set_will(s, 0, 2)
    events = play(s, "ended")
    assert E.PawnPlaced(0, "ended", costs[0]) in events and s.will(0) == 0


def test_the_public_enums_come_from_each_games_package() -> None:
    """A caller tells kinds of decision apart without reaching into internal modules."""
    from tabletop.games import code_of_nine as con
    from tabletop.games import wicked_labyrinth as wl
    from tabletop.games.code_of_nine.layout import Phase as ConPhase
    from tabletop.games.wicked_labyrinth.elements import Mode, Phase

    assert con.Phase is ConPhase and con.Item is Item and wl.Mode is Mode and wl.Phase is Phase
    assert ready(4).view(0).phase is con.Phase.PLACE
    for name in ("Phase", "Item", "Slot", "Quantity", "HolderView", "LocationView"):
        assert name in con.__all__
    for name in ("Phase", "Mode", "Colour", "Rank", "Element", "BoardView"):
        assert name in wl.__all__
