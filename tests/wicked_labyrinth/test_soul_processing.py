"""Soul processing: rulebook section 8 and the rulings' "Soul processing phase"."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalActionError
from tabletop.games.wicked_labyrinth import events as E
from tabletop.games.wicked_labyrinth import rules
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    GREAT,
    GREAT_DONE,
    MODE,
    PROMOTION,
    SMALL,
    SMALL_DONE,
    STRIDE,
)
from tabletop.games.wicked_labyrinth.cards import default_cards
from tabletop.games.wicked_labyrinth.elements import M_PROCESS, Colour, Element, Phase, Rank
from tabletop.games.wicked_labyrinth.ids import SMALL_BASE

from .helpers import achieved, dealt, finish_others, notations, processing, tokens_of


def game(tokens, promotion=0, colour_change=0, greats=None, smalls=None, cards=None):  # type: ignore[no-untyped-def]
    state = dealt(4, greats=greats, smalls=smalls, cards=cards)
    processing(state, 0, tokens, promotion, colour_change)
    return state


def test_normal_promotion_turns_two_same_tokens_into_one_a_rank_higher() -> None:
    """Section 8, normal promotion: two of a colour and rank -> one a rank higher."""
    state = game({"gl": 3, "rm": 2})
    legal = notations(state, 0)
    assert {"pair:gl", "pair:rm"} <= legal and "pair:rl" not in legal
    state.apply(0, "pair:gl")
    state.apply(0, "pair:rm")
    assert tokens_of(state, 0) == {"gl": 1, "gm": 1, "rh": 1}


def test_high_is_the_top_rank() -> None:
    """Section 8: high cannot be raised any higher, by pair or by spell."""
    state = game({"bh": 2}, promotion=1)
    assert not any(n.startswith(("pair:", "spell:b")) for n in notations(state, 0))


def test_promotion_spell_raises_any_one_token_and_is_used_up() -> None:
    """Section 8, promotion spell: one token of any colour goes one rank higher."""
    state = game({"yl": 1}, promotion=2)
    state.apply(0, "spell:yl")
    state.apply(0, "spell:ym")
    assert tokens_of(state, 0) == {"yh": 1}
    assert state.b[PROMOTION] == 0
    assert "spell:-" not in notations(state, 0)


def test_promotion_spell_can_be_discarded_unused() -> None:
    """Rulings: a spell that cannot or will not be used is discarded."""
    state = game({}, promotion=1)
    assert notations(state, 0) == {"spell:-", "done"}
    state.apply(0, "spell:-")
    assert state.b[PROMOTION] == 0


def test_colour_change_switches_a_board_token_to_another_colour_same_rank() -> None:
    """Section 8 and rulings: a colour-change spell changes one token's colour, any rank."""
    state = game({"rm": 1, "bh": 1}, colour_change=1)
    legal = notations(state, 0)
    assert {"change:rm>g", "change:bh>y", "change:-"} <= legal
    assert "change:rm>r" not in {a.notation() for a in state.game.actions}  # no same colour
    state.apply(0, "change:bh>y")
    assert tokens_of(state, 0) == {"rm": 1, "yh": 1}
    assert state.b[COLOUR_CHANGE] == 0


def test_colour_change_never_touches_tokens_on_a_great_oracle() -> None:
    """Rulings: colour change works on a token on the board, not on a great oracle."""
    state = game({"rh": 1, "gh": 1}, colour_change=1, greats=[("G01", "G02")])
    state.apply(0, "great:1")  # G01 is red + green: both high tokens move onto it
    assert tokens_of(state, 0) == {}
    assert notations(state, 0) == {"change:-", "done"}


def test_promoting_into_a_full_rank_first_returns_a_token_of_that_rank() -> None:
    """Section 8 note and rulings: make room by returning any token of the full rank."""
    state = game({"rl": 2, "gm": 3, "bm": 2})  # middle holds 5 of 5
    legal = notations(state, 0)
    assert "pair:rl" not in legal
    assert {"pair:rl/g", "pair:rl/b"} <= legal and "pair:rl/r" not in legal
    state.apply(0, "pair:rl/g")
    assert tokens_of(state, 0) == {"rm": 1, "gm": 2, "bm": 2}


def test_room_may_only_be_made_when_the_rank_is_full() -> None:
    """Rulings: returning a token is only to make room for a promotion."""
    state = game({"rl": 2, "gm": 1})
    with pytest.raises(IllegalActionError, match="player 0"):
        state.apply(0, "pair:rl/g")


def test_small_oracle_needs_owned_tokens_of_at_least_the_rank_and_spends_nothing() -> None:
    """Section 8, small oracles: own the tokens (higher rank also counts); nothing spent."""
    # S01: red middle, yellow middle, green low, blue low; reward: a promotion
    state = game({"rh": 1, "ym": 1, "gm": 1, "bl": 1}, smalls=[("S01", "S05")])
    assert "small:1" in notations(state, 0)
    state.apply(0, "small:1")
    assert tokens_of(state, 0) == {"rh": 1, "ym": 1, "gm": 1, "bl": 1}
    assert achieved(state, 0)[1] == [1, 0]


def test_each_owned_token_meets_one_requirement_at_most() -> None:
    """Rulings: each owned token matches one requirement at most."""
    # S05: two low red and one low blue
    state = game({"rm": 1, "bl": 1}, smalls=[("S05", "S06")])
    assert "small:1" not in notations(state, 0)
    state = game({"rm": 1, "rl": 1, "bl": 1}, smalls=[("S05", "S06")])
    assert "small:1" in notations(state, 0)


def test_tokens_on_achieved_great_oracles_count_for_small_oracles() -> None:
    """Section 8 note: you own the tokens placed on your great oracle card."""
    # G01: red + green. S09: one high red, reward two white fragments
    state = game({"rh": 1, "gh": 1}, greats=[("G01", "G02")], smalls=[("S09", "S10")])
    state.apply(0, "great:1")
    assert "small:1" in notations(state, 0)


def test_small_oracle_reward_tokens_are_taken_at_once_and_white_is_chosen() -> None:
    """Rulings: the reward is taken at once; a white fragment's colour is chosen."""
    state = game({"rh": 1}, smalls=[("S09", "S10")])
    finish_others(state, 0)
    state.apply(0, "small:1")
    assert notations(state, 0) == {"white:r", "white:g", "white:b", "white:y"}
    state.apply(0, "white:g")
    state.apply(0, "white:g")
    assert tokens_of(state, 0) == {"rh": 1, "gl": 2}
    assert "done" in notations(state, 0)


def test_small_oracle_reward_promotion_is_used_at_once_or_lost() -> None:
    """Rulings: the reward promotion is used at once or lost; stored spells are untouched."""
    state = game({"rm": 1, "ym": 1, "gl": 1, "bl": 1}, promotion=1, smalls=[("S01", "S05")])
    state.apply(0, "small:1")
    legal = notations(state, 0)
    assert "spell:rm" in legal and "spell:-" in legal and "done" not in legal
    state.apply(0, "spell:rm")
    assert tokens_of(state, 0) == {"rh": 1, "ym": 1, "gl": 1, "bl": 1}
    assert state.b[PROMOTION] == 1  # the stored spell is still there
    state = game({"rm": 1, "ym": 1, "gl": 1, "bl": 1}, smalls=[("S01", "S05")])
    state.apply(0, "small:1")
    state.apply(0, "spell:-")
    assert "spell:-" not in notations(state, 0)  # the reward is gone


def test_each_oracle_is_achieved_once_and_may_wait_for_a_later_round() -> None:
    """Rulings: each card once; it may be kept for a later round."""
    state = game({"rh": 1, "ym": 1, "gl": 1, "bl": 1}, smalls=[("S01", "S05")])
    state.apply(0, "small:1")
    state.apply(0, "spell:-")
    assert "small:1" not in notations(state, 0)
    other = game({"rh": 1, "ym": 1, "gl": 1, "bl": 1}, smalls=[("S01", "S05")])
    other.apply(0, "done")  # met but kept: still possible next round
    assert achieved(other, 0)[1] == [0, 0]


def test_great_oracle_moves_two_high_tokens_of_its_colours_onto_the_card() -> None:
    """Section 8, great oracles: move the two high tokens shown from the board."""
    state = game({"rh": 1, "gm": 2}, greats=[("G01", "G02")])
    assert "great:1" not in notations(state, 0)
    state = game({"rh": 1, "gh": 1, "bh": 1}, greats=[("G01", "G02")])
    state.apply(0, "great:1")
    assert tokens_of(state, 0) == {"bh": 1}
    assert achieved(state, 0)[0] == [1, 0]
    assert "great:1" not in notations(state, 0)


def test_unused_spells_are_lost_at_the_end_of_the_phase() -> None:
    """Rulings: spells not used by the end of the phase are lost."""
    state = game({"rl": 1}, promotion=1, colour_change=1)
    state.apply(0, "done")
    assert state.b[PROMOTION] == 0 and state.b[COLOUR_CHANGE] == 0


def test_players_process_independently_and_the_phase_ends_when_all_are_done() -> None:
    """Rulings: all process at once; the phase ends when every player said done."""
    state = game({"rl": 2})
    assert state.current_players() == (0, 1, 2, 3)
    state.apply(2, "done")
    assert state.current_players() == (0, 1, 3)
    state.apply(0, "pair:rl")
    for p in (0, 1, 3):
        state.apply(p, "done")
    assert state.phase == Phase.SEARCH and state.round == 2


def legal_list(state, player):  # type: ignore[no-untyped-def]
    """The legal notations in the engine's order, each once (checked)."""
    listed = [a.notation() for a in state.legal_actions(player)]
    assert len(set(listed)) == len(listed), listed
    return listed


def test_promotions_into_a_full_rank_list_one_return_per_colour_held_there() -> None:
    """Rulings, "Promoting into a full rank": the legal promotions into a full rank are
    exactly one per colour of token held in that rank (the one returned to make room),
    and none for the colours of the rank above it."""
    state = game({"rl": 2, "gm": 3, "bm": 2, "rh": 1})  # middle holds 5 of 5
    assert legal_list(state, 0) == ["pair:rl/g", "pair:rl/b", "pair:gm", "pair:bm", "done"]
    state = game({"yl": 1, "rm": 4, "gm": 1, "bh": 1}, promotion=1)
    spells = [n for n in legal_list(state, 0) if n.startswith("spell:")]
    assert spells == ["spell:yl/r", "spell:yl/g", "spell:rm", "spell:gm", "spell:-"]


def test_a_great_oracle_of_one_colour_needs_two_high_tokens_of_that_colour() -> None:
    """Section 8, great oracles, with cards as data (rulings, "Corridor card shape"): an
    oracle showing one colour twice takes two high tokens of that colour; one is not
    enough, and neither another colour nor lower ranks stand in for the second."""
    data = default_cards().to_json()
    data["great_oracle"][0]["colours"] = ["blue", "blue"]
    one_colour = {"greats": [("G01", "G02")], "cards": data}
    state = game({"bh": 1, "gh": 1, "bm": 2, "bl": 2}, **one_colour)
    assert "great:1" not in notations(state, 0)
    state = game({"bh": 2, "gh": 1, "bm": 2}, **one_colour)
    state.apply(0, "great:1")
    assert tokens_of(state, 0) == {"gh": 1, "bm": 2}
    assert achieved(state, 0)[0] == [1, 0]


def test_small_oracle_reward_events_name_each_token_taken() -> None:
    """Rulings: a small oracle's reward is taken at once: its tokens are announced as
    gained, in the order the card lists them, right after the achievement."""
    state = game({"rl": 2, "bl": 1}, smalls=[("S05", "S06")])  # reward green, yellow
    events = state.apply(0, "small:1")
    assert events[-2:] == [E.TokenGained(0, Colour.GREEN), E.TokenGained(0, Colour.YELLOW)]
    assert tokens_of(state, 0) == {"rl": 2, "bl": 1, "gl": 1, "yl": 1}


def test_ruling_a_players_processing_never_reads_another_players_board() -> None:
    """Rulings, "Soul processing phase": players do not interact, so each player's
    processing is independent: what another board holds never changes a player's legal
    actions, whichever of their oracles are already achieved."""
    cards = default_cards()
    small = [
        next(i for i, s in enumerate(cards.small_oracles) if s.id == n) for n in ("S05", "S06")
    ]
    seat = STRIDE
    for small_done in ((0, 0), (1, 0), (0, 1), (1, 1)):
        for great_done in ((0, 0), (1, 0), (0, 1)):
            lists = []
            for neighbour in (0, 1, 3):
                b = [neighbour] * STRIDE + [0] * STRIDE
                for i, n in enumerate((2, 1, 2, 1, 0, 1, 0, 0, 1, 1, 1, 0)):  # rl gl bl yl ...
                    b[seat + i] = n
                b[seat + SMALL], b[seat + SMALL + 1] = small
                b[seat + SMALL_DONE], b[seat + SMALL_DONE + 1] = small_done
                b[seat + GREAT], b[seat + GREAT + 1] = 0, 1  # G01 red+green, G02 red+blue
                b[seat + GREAT_DONE], b[seat + GREAT_DONE + 1] = great_done
                b[seat + MODE] = M_PROCESS
                b[seat + PROMOTION] = b[seat + COLOUR_CHANGE] = 1
                lists.append(rules.processing_actions(b, seat, cards))
            assert lists[0] == lists[1] == lists[2]
            assert (SMALL_BASE in lists[0]) == (not small_done[0])
            assert (SMALL_BASE + 1 in lists[0]) == (not small_done[1])


def test_events_of_a_promotion_into_a_full_rank_name_the_token_returned() -> None:
    """Rulings, "Promoting into a full rank": the token returned to make room is
    announced with its owner, colour and rank."""
    state = game({"rl": 2, "gm": 3, "bm": 2})  # middle holds 5 of 5
    events = state.apply(0, "pair:rl/g")
    assert E.TokenReturned(0, Colour.GREEN, Rank.MIDDLE) in events


def test_events_after_a_reward_promotion_name_the_rest_of_the_reward() -> None:
    """Rulings: a small oracle's reward is taken at once, in its order: after the reward
    promotion is used, the reward's other tokens are announced as gained."""
    data = default_cards().to_json()
    data["small_oracle"][4]["reward"] = ["promotion", "green"]  # S05
    state = game({"rl": 2, "bl": 1}, smalls=[("S05", "S06")], cards=data)
    state.apply(0, "small:1")
    events = state.apply(0, "spell:bl")
    assert E.TokenGained(0, Colour.GREEN) in events
    assert tokens_of(state, 0) == {"rl": 2, "bm": 1, "gl": 1}


def test_events_of_soul_processing_name_each_step_exactly() -> None:
    """Section 8 and rulings: each step is announced as taken: a pair promotion or a
    spell's (with the token returned first to make room in a full rank), a discarded
    spell, and the player's done."""
    state = game({"rl": 2, "gm": 3, "bm": 2, "yl": 1}, promotion=2)  # middle 5 of 5
    middle, low = Rank.MIDDLE, Rank.LOW
    assert state.apply(0, "pair:rl/g") == [
        E.TokenReturned(0, Colour.GREEN, middle),
        E.Promoted(0, Colour.RED, low, "pair"),
    ]
    assert state.apply(0, "spell:yl/b") == [
        E.TokenReturned(0, Colour.BLUE, middle),
        E.Promoted(0, Colour.YELLOW, low, "spell"),
    ]
    assert tokens_of(state, 0) == {"rm": 1, "gm": 2, "bm": 1, "ym": 1}
    assert state.apply(0, "spell:-") == [E.SpellDiscarded(0, Element.PROMOTION)]
    assert state.apply(0, "done")[0] == E.ProcessingDone(0)


def test_a_reward_promotion_is_announced_as_the_reward_s() -> None:
    """Rulings: the small oracle's reward promotion, used at once, is the reward's."""
    state = game({"rm": 1, "ym": 1, "gl": 1, "bl": 1}, promotion=1, smalls=[("S01", "S05")])
    state.apply(0, "small:1")
    assert state.apply(0, "spell:gl") == [E.Promoted(0, Colour.GREEN, Rank.LOW, "reward")]
    assert state.b[PROMOTION] == 1


def test_colour_change_events_and_a_discard_uses_up_one_spell() -> None:
    """Rulings: a colour-change spell changes one token (announced as such) or is
    discarded unused; either way exactly one stored spell is used up."""
    state = game({"rl": 1}, colour_change=2)
    assert state.apply(0, "change:rl>g") == [E.ColourChanged(0, Colour.RED, Rank.LOW, Colour.GREEN)]
    assert state.b[COLOUR_CHANGE] == 1
    assert state.apply(0, "change:-") == [E.SpellDiscarded(0, Element.COLOUR_CHANGE)]
    assert state.b[COLOUR_CHANGE] == 0 and "change:-" not in notations(state, 0)


def test_an_achieved_oracle_is_announced_by_its_card() -> None:
    """Section 8: achieving an oracle names the card, small or great, in either slot."""
    state = game(
        {"gl": 2, "yl": 1, "rh": 1, "bh": 1}, greats=[("G01", "G02")], smalls=[("S05", "S06")]
    )
    events = state.apply(0, "small:2")
    assert events[0] == E.OracleAchieved(0, "S06", False)
    assert state.apply(0, "great:2") == [E.OracleAchieved(0, "G02", True)]
    state = dealt(4, greats=[("G01", "G02"), ("G03", "G04")])  # the second seat's board
    processing(state, 1, {"gh": 1, "bh": 1})
    assert state.apply(1, "great:2") == [E.OracleAchieved(1, "G04", True)]
