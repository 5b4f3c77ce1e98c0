"""The heuristic bot's key choices, each on a position made for it."""

from __future__ import annotations

import pytest

from tabletop.bots import make_bot
from tabletop.games.wicked_labyrinth import GAME
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth.board import PROMOTION, STRIDE
from tabletop.games.wicked_labyrinth.bots.processing_planner import BoardLab, ProcessingPlanner
from tabletop.games.wicked_labyrinth.bots.valuation import Weights
from tabletop.games.wicked_labyrinth.elements import Colour, Mode, Rank

from .positions import choosing, dealt, processing


def decide(state, seat: int = 0):  # type: ignore[no-untyped-def]
    bot = make_bot("heuristic", GAME, seat, seed=7)
    legal = state.legal_actions(seat)
    choice = bot.act(state.view(seat), legal)
    assert choice in legal
    return choice


def play_out_processing(state, seat: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    """Let the bot process until it says done; the notations it played."""
    bot = make_bot("heuristic", GAME, seat, seed=7)
    played = []
    while seat in state.current_players():
        choice = bot.act(state.view(seat), state.legal_actions(seat))
        played.append(choice.notation())
        state.apply(seat, choice)
    return played


def test_takes_a_great_oracle_when_it_can() -> None:
    """Section 8: two high tokens of the card's colours achieve it (+5, tokens kept)."""
    state = processing(dealt(4, ("G01", "G06"), ("S09", "S12")), {"rh": 1, "gh": 1, "bl": 1})
    assert decide(state) == A.AchieveGreat(1)


def test_uses_a_promotion_spell_rather_than_losing_it() -> None:
    """Spells are lost at the end of the phase: a middle token goes high (+3)."""
    state = processing(
        dealt(4, ("G01", "G06"), ("S01", "S02")), {"bm": 1, "rl": 1}, promotion=1, round_number=4
    )
    assert decide(state) == A.SpellPromotion(Colour.BLUE, Rank.MIDDLE)
    played = play_out_processing(state)
    assert played[-1] == "done" and "spell:-" not in played


def test_final_round_processing_reaches_the_best_score() -> None:
    """Two low blue pair to a middle one, which the spell then raises to high: 5 points
    from 2 (the order matters: the spell first would leave a middle and a low)."""
    state = processing(
        dealt(4, ("G01", "G07"), ("S01", "S02")), {"bl": 2}, promotion=1, round_number=4
    )
    play_out_processing(state)
    assert state.scores()[0] == 5


def test_white_fragment_becomes_the_colour_that_completes_a_pair_and_an_oracle() -> None:
    """A white fragment is any colour (section 7): red completes S05's two low reds."""
    state = choosing(
        dealt(4, ("G01", "G06"), ("S05", "S12")),
        {"rl": 1, "bl": 1, "gl": 1, "yl": 1},
        Mode.CHOOSE_WHITE,
    )
    assert decide(state) == A.ChooseWhite(Colour.RED)


def test_overflow_returns_the_least_useful_low_token() -> None:
    """Seven low tokens: the lone yellow, wanted by no oracle, goes back."""
    state = choosing(
        dealt(4, ("G01", "G04"), ("S09", "S10")),
        {"rl": 2, "gl": 2, "bl": 2, "yl": 1},
        Mode.OVERFLOW,
    )
    assert decide(state) == A.ReturnLow(Colour.YELLOW)


def test_a_single_legal_action_is_returned_as_is() -> None:
    """When the rules leave one choice (e.g. only 'done'), the bot takes it."""
    state = processing(dealt(3, ("G01", "G06"), ("S09", "S12")), {}, round_number=2)
    assert decide(state) == A.Done()


def test_the_board_lab_values_hypothetical_boards_by_planned_processing() -> None:
    """A board the bot does not have yet (two low blue and a promotion spell, last round)
    is worth its best processed score: pair, then raise the middle token: 5 points."""
    state = processing(dealt(4, ("G01", "G07"), ("S01", "S02")), {}, round_number=4)
    view = state.view(0)
    planner = ProcessingPlanner(view.cards, Weights())
    planner.use(0)
    lab = BoardLab(planner)
    board = state.b[:STRIDE]
    board[2] = 2
    board[PROMOTION] = 1
    assert lab.worth(board) == pytest.approx(5.0, abs=0.01)


def test_a_small_oracles_reward_promotion_goes_to_a_middle_token() -> None:
    """S01 (middle red and yellow, low green and blue) rewards a promotion used at once
    (rulings, soul processing): the bot takes the card (+2) and raises a middle token
    to high (+3) rather than a low one (+1)."""
    state = processing(
        dealt(4, ("G04", "G10"), ("S01", "S06")),
        {"rm": 1, "ym": 1, "gl": 1, "bl": 1},
        round_number=4,
    )
    played = play_out_processing(state)
    assert played[0] == "small:1" and played[1] in ("spell:rm", "spell:ym")
    assert state.scores()[0] == 5 + 2 + 1 + 1 + 2
