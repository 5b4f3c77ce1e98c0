"""Who decides and how (the game protocol's view of sections 7 and 8): sealed
declarations, one decision per round's soul processing, the corridor and oracle deals
as chance, and the reason given for an action refused in each mode."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalActionError
from tabletop.games.wicked_labyrinth import GAME
from tabletop.games.wicked_labyrinth.elements import Phase
from tabletop.games.wicked_labyrinth.ids import DONE

from .helpers import dealt, finish_others, processing, set_tokens


def refused(state, player: int, action: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        state.apply(player, action)
    return str(info.value)


def test_declarations_are_sealed_and_later_choices_are_not() -> None:
    """Section 7 ①: declarations are closed hands opened together (a sealed decision of
    every player at once); the choices after the reveal (a white fragment's colour, a
    return) are each one player's, in the open."""
    state = dealt(4, corridors=["C21"])  # upper promotion, lower white
    assert state.sealed_decision() and state.current_players() == (0, 1, 2, 3)
    for p, hand in enumerate(["d2", "d1", "d0", "d0"]):
        state.apply(p, hand)
    assert state.current_players() == (0,) and not state.sealed_decision()
    processing(state, 1, {"rl": 1})
    assert not state.sealed_decision()


def test_a_round_s_soul_processing_is_one_decision_each_other_step_its_own() -> None:
    """Section 8: a player processes, then says done: every step of one round's soul
    processing belongs to one decision; in the search phase each step is a decision of
    its own, numbered by the history."""
    state = dealt(4)
    start = len(state.history)  # the deal's chance outcomes come first
    keys = []
    for p, hand in enumerate(["d1", "d0", "d0", "d0"]):
        keys.append(state.decision_key(p))
        state.apply(p, hand)
    assert keys == [(0, start), (0, start + 1), (0, start + 2), (0, start + 3)]
    state = processing(dealt(4), 0, {"rl": 2, "gl": 2})
    first = state.decision_key(0)
    state.apply(0, "pair:rl")
    assert state.decision_key(0) == first == (int(Phase.SOUL_PROCESSING), state.round)
    assert state.decision_key(1) == first


def test_each_corridor_and_oracle_is_dealt_with_equal_chance() -> None:
    """Sections 4-5: the corridors and oracles are shuffled: every card still undrawn is
    equally likely, and the chances add up to one."""
    state = GAME.new_game(4, 0, auto_chance=False)
    for _ in range(3):
        outcomes = state.chance_outcomes()
        assert {p for _, p in outcomes} == {1 / len(outcomes)}
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_chance(outcomes[0][0])


def test_a_refused_action_says_what_the_player_must_do_now() -> None:
    """The protocol: an illegal action is refused with the reason, for the mode the
    player is in (read off that player's own board)."""
    state = dealt(4, corridors=["C21"])
    assert refused(state, 1, "done").endswith("the player must declare a closed hand now")
    assert refused(state, 1, "d8").endswith(
        "only 7 search piece(s), the witch sign, the soul sign are left behind the screen"
    )
    for p, hand in enumerate(["d1", "d2", "d0", "d0"]):
        state.apply(p, hand)
    assert state.current_players() == (1,)  # 1st: the lower white fragment's colour
    assert refused(state, 1, "done").endswith(
        "the player must choose the colour of a white fragment now"
    )
    assert refused(state, 0, "done").endswith("it is not this player's decision now")
    state = dealt(4, corridors=["C01"])  # upper green + yellow, lower red
    set_tokens(state, 1, {"bl": 4, "rl": 2})
    for p, hand in enumerate(["d0", "d1", "d0", "d0"]):
        state.apply(p, hand)
    assert refused(state, 1, "done").endswith("the player must return one of seven low tokens now")
    state = processing(dealt(4), 1, {"rl": 1})
    assert refused(state, 1, "d0").endswith("the player must process souls or say done now")
    assert refused(state, 1, "pair:rl").endswith(
        "the board does not allow it (tokens, spells or oracle requirements)"
    )
    state.apply(0, "done")  # player 0 now waits for the others
    assert state.why_illegal(0, DONE) == "the player must wait now"
    finish_others(state, 1)
    state.apply(1, "done")
    assert state.phase == Phase.SEARCH


def test_a_reward_promotion_refuses_everything_else_with_its_reason() -> None:
    """Rulings: the small oracle's reward promotion is used at once or lost."""
    state = processing(dealt(4, smalls=[("S05", "S06"), ("S01", "S02")]), 1, {})
    set_tokens(state, 1, {"rm": 1, "ym": 1, "gl": 1, "bl": 1})
    state.apply(1, "small:1")
    assert refused(state, 1, "d0").endswith(
        "the player must use or give up the small oracle's promotion now"
    )


def test_a_refused_declaration_says_what_is_left_behind_the_screen() -> None:
    """Ruling 1 and 2: the reason names only the pieces still held, and on the last
    corridor of a round that every piece left must be declared."""
    state = dealt(3, corridors=["C01", "C06", "C11", "C16"])
    for p, hand in enumerate(["d1ws", "d0", "d0"]):
        state.apply(p, hand)
    assert refused(state, 0, "d6").endswith("only 5 search piece(s) are left behind the screen")
    state = dealt(3, corridors=["C01", "C06", "C11", "C16"])
    state.corridor = 3
    assert state.why_illegal(0, 0) == "the last corridor of a round takes every piece left"


def test_nobody_decides_during_the_deal() -> None:
    """Sections 4-5: the deal is chance; no player has a decision until it is done."""
    state = GAME.new_game(4, 0, auto_chance=False)
    assert state.is_chance_node()
    assert state.current_players() == () and state.legal_actions(0) == []
