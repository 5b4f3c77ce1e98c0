"""Who decides and why an action is refused (the game protocol's view of the rulebook's
turn structure), and saved states checked as they load."""

from __future__ import annotations

import pytest

from tabletop.games.code_of_nine import GAME, CodeOfNineState
from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine.items import Item, Slot
from tabletop.games.code_of_nine.layout import Phase

from .helpers import play, ready, set_round, set_will


def test_a_placement_and_its_follow_ups_are_one_decision() -> None:
    """Rulings, "Turn structure": a turn is placing a pawn, then doing what the location
    says: every follow-up step belongs to the placement's decision (keyed by the step
    number of the placement); every other step is a decision of its own."""
    s = ready(4)
    s.turn = 1
    play(s, "quarry")
    assert s.decision_key(2) == (0, len(s.history))
    placed = len(s.history)
    play(s, "allure")  # player 2: look, then maybe give
    assert s.phase == Phase.FOLLOW
    assert s.decision_key(2) == (0, placed)
    play(s, "target:3")
    assert s.decision_key(2) == (0, placed)
    play(s, "target:-")
    assert s.decision_key(3) == (0, len(s.history))


def _refusal(s: CodeOfNineState, player: int, action: str) -> str:
    action_id = GAME.actions.id_of(GAME.actions.coerce(action))
    return s.why_illegal(player, action_id)


def test_a_refused_action_says_what_the_player_must_do_now() -> None:
    """Each phase's reason: the sealed change, the Abyss choice, the turn, the placement,
    a location's follow-up step, and why a location is closed to the player."""
    s = GAME.new_game(4, 1)
    assert isinstance(s, CodeOfNineState) and s.phase == Phase.CHANGE
    assert _refusal(s, 0, "quarry") == (
        "the player must say whether they change their memory cards (change or keep)"
    )
    while s.phase == Phase.CHANGE:
        s.apply(s.current_players()[0], "keep")
    assert s.phase == Phase.ASSIGN
    turn = s.turn
    assert _refusal(s, turn, "quarry") == (
        "the player must choose which of their two cards goes to the Abyss (abyss:N)"
    )
    assert _refusal(s, (turn + 1) % 4, "quarry") == "it is another player's turn"
    s = ready(4)
    assert _refusal(s, 0, "target:1") == "the player must place an action pawn on a location"
    assert _refusal(s, 1, "quarry") == "it is another player's turn"
    assert _refusal(s, 0, "village") == "The Hidden Village is open in rounds 3-5, not in round 1"
    assert _refusal(s, 0, "tivoli") == "Tivoli of the Pranksters is used only in the expert game"
    set_will(s, 0, 0)
    assert _refusal(s, 0, "library") == "Her Library costs 1 Will; the player has 0"
    set_will(s, 0, 1)
    play(s, "library")
    play(s, "allure")
    assert _refusal(s, 1, "quarry") == (
        "the player must finish resolving allure: choose whose card to look at (target:S)"
    )


def test_the_ended_old_world_takes_each_player_once_a_round() -> None:
    """Rulings, "Locations": a player may not place twice on The Place Where They Ended
    the Old World in one round."""
    s = ready(4)
    s.round = 4
    from .helpers import set_items

    set_items(s, 0, legacy=1)
    set_will(s, 1, 1)
    play(s, "ended", "quarry", "quarry", "quarry")
    assert _refusal(s, 0, "ended") == (
        "a player may not place twice on The Place Where They Ended the Old World in one round"
    )


@pytest.mark.parametrize(
    ("field", "change", "message"),
    [
        ("b", lambda v: v[:-1], "board data has the wrong length"),
        ("spots", lambda v: v[:-1], "board data has the wrong length"),
        ("ruins", lambda v: v[:-1], "the Ruins have the wrong length"),
        ("phase", lambda v: int(Phase.OVER) + 1, "phase or turn out of range"),
        ("phase", lambda v: -1, "phase or turn out of range"),
        ("turn", lambda v: 4, "phase or turn out of range"),
        ("turn", lambda v: -1, "phase or turn out of range"),
    ],
)
def test_a_saved_state_out_of_shape_is_refused(field, change, message) -> None:  # type: ignore[no-untyped-def]
    """Loading checks each list's length and that the phase and the turn exist."""
    data = ready(4).to_json()
    data["state"][field] = change(data["state"][field])
    with pytest.raises(ValueError) as info:
        GAME.state_from_json(data)
    assert str(info.value).endswith(f"ValueError('{message}')")


def test_a_saved_state_at_the_first_phase_and_turn_loads() -> None:
    """The lowest phase and turn are in range."""
    data = GAME.new_game(4, 1, auto_chance=False).to_json()
    assert (data["state"]["phase"], data["state"]["turn"]) == (0, 0)
    assert GAME.state_from_json(data).to_json() == data


def test_the_result_exists_only_once_the_game_is_over() -> None:
    """Rulebook "End of the Game": the winner is known at the end, not before."""
    with pytest.raises(ValueError) as info:
        ready(4).result()
    assert str(info.value) == "the game is not over yet"


def test_the_game_s_end_reveals_every_score_winner_and_card() -> None:
    """Rulebook "End of the Game" and rulings, "Memory cards": at the end every card in
    play is revealed and every holder scored; the event carries it all."""
    s = ready(4)
    events = []
    while not s.is_terminal():
        events += play(s, "quarry")
    sheet, result = s.score_sheet(), s.result()
    numbers = tuple(
        (s.cards.cards[s.card(h, 0)].number, s.cards.cards[s.card(h, 1)].number) for h in range(4)
    )
    assert events[-1] == E.GameEnded(sheet.scores, result.winners, sheet.eligible, numbers)


def test_a_sheet_with_chosen_cards_and_the_release_applies_them() -> None:
    """Scoring by any cards (bots ask about cards they cannot see) reads the release of
    the legacies: Fallen Relics sets legacies to 0 once released."""
    s = ready(4)
    relics = 21  # card 22
    from .helpers import set_items

    set_items(s, 0, legacy=1)
    assert s.score_sheet([relics]).values[Item.LEGACY] == 3
    s.released = 1
    assert s.score_sheet([relics]).values[Item.LEGACY] == 0
    assert s.score_sheet([]).values[Item.LEGACY] == 3


def test_the_ninth_memory_exchanged_is_seen_by_all_and_earlier_looks_are_kept() -> None:
    """Crossroads of Phenomena: the card taken from the ninth memory was face up, so
    everyone knows it; what they had seen before stays known; the exchange is announced
    with the player, the slot and the card now face up."""
    s = ready(4, expert=True)
    set_round(s, 4)
    set_will(s, 0, 3)
    set_will(s, 2, 4)
    s.turn = 2
    play(s, "allure", "target:1", "target:-")  # player 2 has seen player 1's Shoal
    shoal = s.card(0, 1)
    s.turn = 0
    events = play(s, "crossroads", "slot:shoal")
    assert s.view(2).known_card(1, 1) is not None and s.view(2).known_card(0, 1) is not None
    assert events[-1] == E.NinthMemoryExchanged(0, Slot.SHOAL, s.cards.cards[shoal].number)


def test_an_item_returned_to_the_ruins_is_announced() -> None:
    """Clocktower: the item returned to the Ruins is announced, one of it, by its holder."""
    s = ready(4)
    from .helpers import set_items

    set_items(s, 1, coin=2)
    s.turn = 1
    events = play(s, "clocktower", "item:coin")
    assert events[-1] == E.ItemMoved(Item.COIN, 1, 1, None)


def test_events_of_placements_name_each_effect_exactly() -> None:
    """Rulings, "Locations": each effect is announced as it happens: protection (from
    attacks, from looks), a look, the start marker taken, items from the Ruins, Will
    gained, and an item moved from one holder to another."""
    s = ready(4)
    set_round(s, 3)
    for p in range(4):
        set_will(s, p, 5)
    from .helpers import set_items

    set_items(s, 3, coin=1, statue=2)
    shoal = s.cards.cards[s.card(2, 1)].number
    assert play(s, "village") == [E.PawnPlaced(0, "village", 3), E.Protected(0, "attacks")]
    assert play(s, "watchtower", "target:2") == [
        E.PawnPlaced(1, "watchtower", 0),
        E.CardLooked(1, 2, Slot.SHOAL, shoal, False),
        E.Protected(1, "looks"),
    ]
    assert play(s, "clocktower") == [E.PawnPlaced(2, "clocktower", 0), E.StartPlayerTaken(2)]
    assert play(s, "lights") == [
        E.PawnPlaced(3, "lights", 0),
        E.ItemMoved(Item.COIN, 1, None, 3),
        E.WillGained(3, 1),
    ]
    assert play(s, "shed")[1:] == [E.ItemMoved(Item.COIN, 2, None, 0)]
    assert play(s, "alley", "target:3", "item:statue")[-1] == E.ItemMoved(Item.STATUE, 1, 3, 1)
