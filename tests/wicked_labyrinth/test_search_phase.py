"""The search phase: rulebook section 7 and the rulings' "Search phase" bullets."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalActionError
from tabletop.games.wicked_labyrinth import events as E
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    IMPURITY,
    PROMOTION,
    SEARCH,
    SOUL,
    STRIDE,
    WITCH,
)
from tabletop.games.wicked_labyrinth.elements import Colour, Element, Phase, Rank

from .helpers import dealt, notations, tokens_of


def declare_all(state, hands):  # type: ignore[no-untyped-def]
    events = []
    for p, hand in enumerate(hands):
        events += state.apply(p, hand)
    return events


def test_declaration_is_simultaneous_and_any_hand_from_the_screen_is_legal() -> None:
    """Ruling 1: a declaration is (search pieces, witch yes/no, soul yes/no); empty is legal."""
    state = dealt(4)
    assert state.current_players() == (0, 1, 2, 3)
    legal = notations(state, 0)
    assert {"d0", "d7ws", "d0w", "d0s", "d3"} <= legal
    assert "d8" not in legal  # 4 players use 7 search pieces (section 5 ②)
    assert len(legal) == 8 * 4


def test_declared_pieces_leave_the_screen_and_cannot_be_declared_again() -> None:
    """Ruling 7: revealed pieces are out of play until the preparation phase."""
    state = dealt(4, corridors=["C01", "C02", "C03", "C04", "C05"])
    declare_all(state, ["d5w", "d0", "d0", "d0"])
    o = 0
    assert state.b[o + SEARCH] == 2 and state.b[o + WITCH] == 0 and state.b[o + SOUL] == 1
    legal = notations(state, 0)
    assert "d3" not in legal and "d2w" not in legal and "d2s" in legal
    with pytest.raises(IllegalActionError, match="player 0"):
        state.apply(0, "d3")


def test_last_corridor_declaration_is_forced_to_all_remaining_pieces() -> None:
    """Ruling 2 and section 7 ①: the last corridor of a round takes every piece left."""
    state = dealt(3, corridors=["C01", "C06", "C11", "C16"])
    for hands in (["d1", "d0", "d0"], ["d0", "d2w", "d0"], ["d0", "d0", "d0s"]):
        declare_all(state, hands)
    # the fourth (last) corridor was declared automatically with everything left
    from tabletop.games.wicked_labyrinth.actions import TABLE

    assert [TABLE[d].notation() for d in state.revealed[-3:]] == ["d5ws", "d4s", "d6w"]
    for p in range(3):
        o = p * STRIDE
        assert state.b[o + SEARCH] == state.b[o + WITCH] == state.b[o + SOUL] == 0
    # player 2 (6 pieces) is 1st, player 0 (5) is 2nd; 2 witch's signs, 1 soul's sign
    assert state.b[2 * STRIDE + IMPURITY] == 2 and state.b[0 + IMPURITY] == 2
    assert state.b[1 * STRIDE + IMPURITY] == 1  # from the second corridor, its own sign
    assert state.phase == Phase.SOUL_PROCESSING


def test_corridor_with_no_search_piece_is_skipped_but_sign_pieces_are_spent() -> None:
    """Ruling 3, first case: skipped, yet every revealed piece is spent for the round."""
    state = dealt(4, corridors=["C01"])
    events = declare_all(state, ["d0w", "d0s", "d0", "d0"])
    ranked = [e for e in events if isinstance(e, E.CorridorRanked)]
    assert ranked[0].skipped and ranked[0].first is None
    assert state.b[0 + WITCH] == 0 and state.b[STRIDE + SOUL] == 0
    assert all(state.b[p * STRIDE + IMPURITY] == 0 for p in range(4))
    assert state.corridor == 1


def test_sign_totals_count_every_revealer_even_without_a_right() -> None:
    """Ruling 4: signs are totalled over all players who revealed them on the corridor."""
    state = dealt(4, corridors=["C01"])  # lower fragment red
    declare_all(state, ["d3", "d2", "d0ws", "d1w"])
    # two witch's signs and one soul's sign were revealed, by players without a right
    for p in (0, 1):
        assert state.b[p * STRIDE + IMPURITY] == 2
    for p in (2, 3):
        assert state.b[p * STRIDE + IMPURITY] == 0
    assert tokens_of(state, 1) == {"rl": 2}  # one soul token + the lower element, both red


def test_first_gains_upper_and_lower_second_gains_lower_only() -> None:
    """Ruling 5: 1st gains both halves, each 2nd the lower element only."""
    state = dealt(4, corridors=["C01"])  # upper green + yellow, lower red
    declare_all(state, ["d4", "d2", "d2", "d1"])
    assert tokens_of(state, 0) == {"gl": 1, "yl": 1, "rl": 1}
    assert tokens_of(state, 1) == {"rl": 1}
    assert tokens_of(state, 2) == {"rl": 1}
    assert tokens_of(state, 3) == {}


def test_spells_gained_are_stored_for_the_soul_processing_phase() -> None:
    """Ruling 6: a spell is stored on the board until this round's soul processing."""
    state = dealt(4, corridors=["C02", "C03"])  # blue + promotion | red; yellow + change | red
    declare_all(state, ["d1", "d0", "d0", "d0"])
    declare_all(state, ["d0", "d1", "d0", "d0"])
    assert state.b[PROMOTION] == 1 and state.b[COLOUR_CHANGE] == 0
    assert state.b[STRIDE + PROMOTION] == 0 and state.b[STRIDE + COLOUR_CHANGE] == 1
    assert tokens_of(state, 0) == {"bl": 1, "rl": 1}
    assert tokens_of(state, 1) == {"yl": 1, "rl": 1}


def test_white_fragment_colour_is_chosen_by_each_receiver() -> None:
    """Ruling 4 and section 7: a white fragment becomes the colour its receiver picks."""
    state = dealt(4, corridors=["C21"])  # upper promotion, lower white
    declare_all(state, ["d3s", "d1", "d0", "d0"])
    # player 0 (1st) takes one soul-sign token and the lower white: two choices
    assert state.current_players() == (0,)
    assert notations(state, 0) == {"white:r", "white:g", "white:b", "white:y"}
    with pytest.raises(IllegalActionError):
        state.apply(1, "white:r")
    state.apply(0, "white:b")
    state.apply(0, "white:y")
    assert state.current_players() == (1,)
    state.apply(1, "white:g")  # 2nd: the soul-sign token
    state.apply(1, "white:g")  # 2nd: the lower white fragment
    assert tokens_of(state, 0) == {"bl": 1, "yl": 1}
    assert tokens_of(state, 1) == {"gl": 2}
    assert state.b[PROMOTION] == 1
    assert state.current_players() == (0, 1, 2, 3)  # the next corridor's declaration


def test_full_low_rank_lets_the_player_choose_which_token_goes_back() -> None:
    """Rulings "Gaining tokens": with 6 low tokens the player keeps any 6 of the 7."""
    state = dealt(4, corridors=["C01"])  # upper green + yellow, lower red
    from .helpers import set_tokens

    set_tokens(state, 0, {"bl": 4, "rl": 2})
    declare_all(state, ["d1", "d0", "d0", "d0"])
    assert state.current_players() == (0,)
    assert notations(state, 0) == {"return:r", "return:g", "return:b"}
    state.apply(0, "return:b")  # keeps the new green
    assert notations(state, 0) == {"return:r", "return:g", "return:b", "return:y"}
    state.apply(0, "return:y")  # gives up the new yellow
    state.apply(0, "return:b")  # and a blue for the lower red
    assert tokens_of(state, 0) == {"rl": 3, "gl": 1, "bl": 2}


def test_overflow_with_a_single_colour_needs_no_choice() -> None:
    """Rulings "Gaining tokens": with only one colour there is nothing to choose."""
    state = dealt(4, corridors=["C06"])  # upper blue + red, lower green
    from .helpers import set_tokens

    set_tokens(state, 1, {"gl": 6})
    events = declare_all(state, ["d2", "d1", "d0", "d0"])
    assert tokens_of(state, 1) == {"gl": 6}
    assert any(
        isinstance(e, E.TokenReturned) and e.player == 1 and e.colour == Colour.GREEN
        for e in events
    )


def test_round_ends_with_soul_processing_then_preparation_returns_pieces() -> None:
    """Sections 6 and 9: after the last corridor, soul processing; then pieces return."""
    state = dealt(3)
    for _ in range(3):
        declare_all(state, ["d1", "d1", "d1"])
    assert state.phase == Phase.SOUL_PROCESSING
    assert state.current_players() == (0, 1, 2)
    for p in range(3):
        state.apply(p, "done")
    assert state.round == 2 and state.phase == Phase.SEARCH
    assert state.discard and len(state.discard) == 4
    for p in range(3):
        o = p * STRIDE
        assert (state.b[o + SEARCH], state.b[o + WITCH], state.b[o + SOUL]) == (6, 1, 1)


def test_ruling_a_declaration_holds_only_pieces_still_behind_the_screen() -> None:
    """Ruling 1: a declaration is any number of the search pieces left, the witch's sign
    only while it is still held, the soul's sign only while it is still held.

    ``rules.declarations`` reads a table built once at import; it is checked as built
    then and as built again now (so that a change to how it is built is caught too)."""
    from tabletop.games.wicked_labyrinth import rules
    from tabletop.games.wicked_labyrinth.actions import MAX_SEARCH_PIECES
    from tabletop.games.wicked_labyrinth.ids import declare_id

    built = rules._all_declarations()
    for search in range(MAX_SEARCH_PIECES + 1):
        for witch in (0, 1):
            for soul in (0, 1):
                hands = rules.declarations(search, witch, soul)
                assert hands == built[search * 4 + witch * 2 + soul]
                assert sorted(hands) == sorted(
                    declare_id(n, bool(w), bool(s))
                    for n in range(search + 1)
                    for w in range(witch + 1)
                    for s in range(soul + 1)
                )
                assert len(set(hands)) == len(hands)


def test_events_after_gains_name_every_token_spell_and_return_in_order() -> None:
    """Rulings 4-6 and "Gaining tokens": after the ranking, each ranked player's gains are
    announced in the order taken (soul-sign tokens, then the upper and the lower
    elements), spells as stored spells, and an automatic return of a seventh low token
    right after the token that caused it."""
    state = dealt(4, corridors=["C02", "C03"])  # blue + promotion | red; yellow + change | red
    from .helpers import set_tokens

    set_tokens(state, 1, {"rl": 6})
    events = declare_all(state, ["d2", "d1", "d0s", "d0"])
    gains = events[events.index(next(e for e in events if isinstance(e, E.CorridorRanked))) + 1 :]
    red, blue, yellow = Colour.RED, Colour.BLUE, Colour.YELLOW
    assert gains == [
        E.TokenGained(0, red),
        E.TokenGained(0, blue),
        E.SpellGained(0, Element.PROMOTION),
        E.TokenGained(0, red),
        E.TokenGained(1, red),
        E.TokenReturned(1, red, Rank.LOW),
        E.TokenGained(1, red),
        E.TokenReturned(1, red, Rank.LOW),
    ]
    events = declare_all(state, ["d3", "d0", "d0", "d0"])
    gains = events[events.index(next(e for e in events if isinstance(e, E.CorridorRanked))) + 1 :]
    assert gains == [
        E.TokenGained(0, yellow),
        E.SpellGained(0, Element.COLOUR_CHANGE),
        E.TokenGained(0, red),
    ]
    assert state.b[PROMOTION] == 1 and state.b[COLOUR_CHANGE] == 1


def test_a_second_spell_gained_in_a_round_is_stored_beside_the_first() -> None:
    """Ruling 6: every spell gained is stored until this round's soul processing: two
    corridors with a promotion spell taken by one player leave two stored spells."""
    state = dealt(4, corridors=["C02", "C07"])  # blue + promotion | red; yellow + promotion | green
    declare_all(state, ["d1", "d0", "d0", "d0"])
    declare_all(state, ["d1", "d0", "d0", "d0"])
    assert state.b[PROMOTION] == 2


def test_events_of_a_reveal_name_every_hand_the_ranking_and_the_impurity() -> None:
    """Section 7 and rulings 3-4: each commitment is announced (its hand kept secret
    until all are in), then every hand of the corridor opened together, the ranking
    with the sign totals, and each ranked player's impurity."""
    from tabletop.games.wicked_labyrinth.actions import Declare

    state = dealt(4, corridors=["C01", "C06"])  # lower red, then lower green
    hands = ["d2w", "d1", "d0s", "d0"]
    events = declare_all(state, hands)
    declared = tuple(
        Declare(n, w, s)
        for n, w, s in ((2, True, False), (1, False, False), (0, False, True), (0, False, False))
    )
    assert events[:6] == [
        *(E.DeclarationCommitted(p, declared[p], False) for p in range(4)),
        E.DeclarationsRevealed(1, "C01", declared),
        E.CorridorRanked("C01", 0, (1,), 1, 1, False),
    ]
    assert events[6] == E.ImpurityTaken(0, 1)
    assert E.ImpurityTaken(1, 1) in events
    events = declare_all(state, ["d2", "d0", "d0", "d0"])
    assert E.CorridorRanked("C06", 0, (), 0, 0, False) in events
    revealed = next(e for e in events if isinstance(e, E.DeclarationsRevealed))
    assert revealed.declarations[0] == Declare(2, False, False)


def test_events_of_choices_after_a_reveal_name_the_chooser_and_the_token() -> None:
    """Rulings 4 and "Gaining tokens": a white fragment's colour and a returned low
    token are announced with who chose and what; only the player choosing now has
    actions, the next chooser none until then."""
    state = dealt(4, corridors=["C21"])  # upper promotion, lower white
    declare_all(state, ["d3s", "d1", "d0", "d0"])
    assert state.current_players() == (0,) and state.legal_actions(1) == []
    assert state.apply(0, "white:b")[:2] == [
        E.WhiteChosen(0, Colour.BLUE),
        E.TokenGained(0, Colour.BLUE),
    ]
    state = dealt(4, corridors=["C01"])  # upper green + yellow, lower red
    from .helpers import set_tokens

    set_tokens(state, 0, {"bl": 4, "rl": 2, "rm": 1})
    declare_all(state, ["d1", "d0", "d0", "d0"])
    assert notations(state, 0) == {"return:r", "return:g", "return:b"}
    assert len(state.legal_actions(0)) == 3
    assert state.apply(0, "return:b")[0] == E.TokenReturned(0, Colour.BLUE, Rank.LOW)


def test_a_forced_declaration_is_announced_as_forced() -> None:
    """Ruling 2: the last corridor's declaration is made for each player, and the
    announcement says it was forced."""
    from tabletop.games.wicked_labyrinth.actions import Declare

    state = dealt(3, corridors=["C01", "C06", "C11", "C16"])
    events = []
    for hands in (["d1", "d0", "d0"], ["d0", "d2w", "d0"], ["d0", "d0", "d0s"]):
        events += declare_all(state, hands)
    forced = [e for e in events if isinstance(e, E.DeclarationCommitted) and e.forced]
    assert forced == [
        E.DeclarationCommitted(0, Declare(5, True, True), True),
        E.DeclarationCommitted(1, Declare(4, False, True), True),
        E.DeclarationCommitted(2, Declare(6, True, False), True),
    ]


def test_oracle_slots_hold_no_card_before_the_deal() -> None:
    """Section 5: each player is dealt two great and two small oracles; before the deal
    the slots hold none (-1), so no oracle is offered or scored."""
    from tabletop.games.wicked_labyrinth import GAME
    from tabletop.games.wicked_labyrinth.board import GREAT, SMALL

    state = GAME.new_game(4, 0, auto_chance=False)
    for p in range(4):
        o = p * STRIDE
        assert state.b[o + GREAT : o + GREAT + 2] == [-1, -1]
        assert state.b[o + SMALL : o + SMALL + 2] == [-1, -1]
