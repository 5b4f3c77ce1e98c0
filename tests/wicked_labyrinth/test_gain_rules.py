"""Taking gains on one flat board (``rules.queue_gains``, ``drain``, ``gain_token``,
``spend_promotion``): the rules the state and the planner share, and the log the state
turns into its events."""

from __future__ import annotations

from tabletop.games.wicked_labyrinth import rules
from tabletop.games.wicked_labyrinth.board import COLOUR_CHANGE, MODE, PROMOTION, QUEUE, STRIDE
from tabletop.games.wicked_labyrinth.elements import (
    M_CHOOSE_WHITE,
    M_IDLE,
    M_OVERFLOW,
    M_PROCESS,
    M_REWARD_PROMOTION,
    Element,
)

SEAT = STRIDE
"""The second seat's board: the rules must touch ``b[o:o+STRIDE]`` only."""
RED, GREEN, BLUE = int(Element.RED), int(Element.GREEN), int(Element.BLUE)


def _boards() -> list[int]:
    return [0] * (2 * STRIDE)


def _drained(b: list[int], gains: list[int], processing: bool) -> tuple[bool, list[int]]:
    """Queue and take ``gains``, checking that the log changes nothing on the board."""
    quiet = b[:]
    rules.queue_gains(quiet, SEAT, gains)
    quiet_taken = rules.drain(quiet, SEAT, processing, None)
    log: list[int] = []
    rules.queue_gains(b, SEAT, gains)
    taken = rules.drain(b, SEAT, processing, log)
    assert (taken, b) == (quiet_taken, quiet)
    assert b[:SEAT] == [0] * SEAT
    return taken, log


def test_gains_are_taken_in_queue_order_and_spells_are_stored_outside_processing() -> None:
    b = _boards()
    gains = [RED, int(Element.PROMOTION), BLUE, int(Element.COLOUR_CHANGE)]
    taken, log = _drained(b, gains, processing=False)
    assert taken
    assert log == [
        rules.GAINED + RED,
        rules.STORED_PROMOTION,
        rules.GAINED + BLUE,
        rules.STORED_COLOUR_CHANGE,
    ]
    assert b[SEAT + RED] == b[SEAT + BLUE] == b[SEAT + PROMOTION] == b[SEAT + COLOUR_CHANGE] == 1
    assert b[SEAT + QUEUE] == 0
    assert b[SEAT + MODE] == M_IDLE


def test_a_reward_promotion_stops_processing_until_used_then_the_rest_is_taken() -> None:
    b = _boards()
    taken, log = _drained(b, [int(Element.PROMOTION), GREEN], processing=True)
    assert not taken
    assert log == []
    assert b[SEAT + MODE] == M_REWARD_PROMOTION
    assert b[SEAT + PROMOTION] == 0
    log = []
    assert rules.spend_promotion(b, SEAT, log)
    assert log == [rules.GAINED + GREEN]
    assert b[SEAT + MODE] == M_PROCESS
    b[SEAT + PROMOTION] = 1
    assert not rules.spend_promotion(b, SEAT, log)
    assert b[SEAT + PROMOTION] == 0


def test_white_waits_for_its_colour_and_stays_queued() -> None:
    b = _boards()
    taken, log = _drained(b, [RED, int(Element.WHITE), GREEN], processing=True)
    assert not taken
    assert log == [rules.GAINED + RED]
    assert b[SEAT + MODE] == M_CHOOSE_WHITE
    assert b[SEAT + QUEUE] & 7 == int(Element.WHITE) + 1


def test_a_seventh_low_token_of_the_only_colour_goes_back_by_itself() -> None:
    b = _boards()
    b[SEAT + RED] = 6
    log: list[int] = []
    assert rules.gain_token(b, SEAT, RED, log)
    assert log == [rules.GAINED + RED, rules.RETURNED + RED]
    assert b[SEAT + RED] == 6


def test_a_seventh_low_token_of_mixed_colours_waits_for_the_players_return() -> None:
    b = _boards()
    b[SEAT + RED] = 5
    b[SEAT + GREEN] = 1
    b[SEAT + MODE] = M_PROCESS
    taken, log = _drained(b, [GREEN, BLUE], processing=True)
    assert not taken
    assert log == [rules.GAINED + GREEN]
    assert b[SEAT + MODE] == M_OVERFLOW
    assert b[SEAT + QUEUE] == BLUE + 1


def test_a_second_stored_spell_is_kept_beside_the_first() -> None:
    """Ruling 6 (search phase): every spell gained is stored until soul processing, so a
    second promotion or colour change joins those already stored, in the log too."""
    b = _boards()
    b[SEAT + PROMOTION] = 1
    b[SEAT + COLOUR_CHANGE] = 1
    promotion, change = int(Element.PROMOTION), int(Element.COLOUR_CHANGE)
    taken, log = _drained(b, [promotion, change, promotion], processing=False)
    assert taken
    assert log == [rules.STORED_PROMOTION, rules.STORED_COLOUR_CHANGE, rules.STORED_PROMOTION]
    assert b[SEAT + PROMOTION] == 3 and b[SEAT + COLOUR_CHANGE] == 2


def test_the_log_names_each_gain_and_return_by_its_colour() -> None:
    """Rulings, "Gaining tokens": each gained token is logged with its colour, and the
    automatic return of a seventh low token of the only colour with that colour."""
    yellow = int(Element.YELLOW)
    b = _boards()
    taken, log = _drained(b, [BLUE, GREEN, yellow, RED], processing=False)
    assert taken
    assert log == [rules.GAINED + c for c in (BLUE, GREEN, yellow, RED)]
    b = _boards()
    b[SEAT + yellow] = 6
    log = []
    assert rules.gain_token(b, SEAT, yellow, log)
    assert log == [rules.GAINED + yellow, rules.RETURNED + yellow]
    assert b[SEAT + yellow] == 6 and b[SEAT + MODE] == 0


def test_gains_queued_later_are_taken_after_those_already_waiting() -> None:
    """Section 7 and rulings 4-5: gains are taken in the order they come, so gains queued
    while others still wait (a white fragment's colour, a return) are taken after them."""
    b = _boards()
    yellow = int(Element.YELLOW)
    rules.queue_gains(b, SEAT, [RED, GREEN, BLUE])
    rules.queue_gains(b, SEAT, [yellow, GREEN])
    rules.queue_gains(b, SEAT, [int(Element.PROMOTION)])
    log: list[int] = []
    assert rules.drain(b, SEAT, False, log)
    assert log == [
        *(rules.GAINED + c for c in (RED, GREEN, BLUE, yellow, GREEN)),
        rules.STORED_PROMOTION,
    ]
