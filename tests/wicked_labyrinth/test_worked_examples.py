"""The rulebook's two worked examples, reproduced exactly."""

from __future__ import annotations

from tabletop.games.wicked_labyrinth import events as E
from tabletop.games.wicked_labyrinth.board import IMPURITY, STRIDE

from .helpers import achieved, dealt, finish_others, processing, tokens_of

A, B, C, D, EE = range(5)


def test_section_7_example_of_corridor_search() -> None:
    """Section 7, "Example of corridor search" (5 players).

    A holds 4 search pieces and the soul's sign; A is 1st and E 2nd; one witch's sign and
    two soul's signs were revealed in all; the corridor's lower fragment is green. A and
    E each take 1 impurity and 2 green tokens; A gains both halves, E the lower one.
    """
    state = dealt(5, corridors=["C06"])  # upper blue + red, lower green
    hands = {A: "d4s", B: "d2w", C: "d0s", D: "d1", EE: "d3"}
    events = []
    for p, hand in hands.items():
        events += state.apply(p, hand)
    ranked = next(e for e in events if isinstance(e, E.CorridorRanked))
    assert (ranked.first, ranked.seconds) == (A, (EE,))
    assert (ranked.witch_signs, ranked.soul_signs) == (1, 2)
    assert state.b[A * STRIDE + IMPURITY] == 1 and state.b[EE * STRIDE + IMPURITY] == 1
    assert tokens_of(state, A) == {"gl": 3, "bl": 1, "rl": 1}  # 2 green + upper + lower
    assert tokens_of(state, EE) == {"gl": 3}  # 2 green + lower
    for p in (B, C, D):
        assert tokens_of(state, p) == {} and state.b[p * STRIDE + IMPURITY] == 0
    assert state.corridor == 1  # move on to the next corridor


def test_section_8_example_of_soul_processing() -> None:
    """Section 8, "Example of Soul Processing Phase", steps ① to ⑦.

    ① low: 1 yellow, 2 green, 3 blue; a promotion and a colour-change spell.
    ② normal promotions of green and blue; ③ change the middle blue to red;
    ④ achieve the small oracle (middle red, middle green, low blue, low yellow: S04) whose
    promotion raises middle green to high; ⑤ the stored spell raises middle red to high;
    ⑥ move high red and green onto the great oracle (G01: red + green); ⑦ done.
    """
    state = dealt(4, greats=[("G01", "G07")], smalls=[("S04", "S12")])
    processing(state, 0, {"yl": 1, "gl": 2, "bl": 3}, promotion=1, colour_change=1)
    finish_others(state, 0)
    state.apply(0, "pair:gl")
    state.apply(0, "pair:bl")  # ②
    assert tokens_of(state, 0) == {"yl": 1, "bl": 1, "gm": 1, "bm": 1}
    state.apply(0, "change:bm>r")  # ③
    assert tokens_of(state, 0) == {"yl": 1, "bl": 1, "gm": 1, "rm": 1}
    state.apply(0, "small:1")  # ④
    state.apply(0, "spell:gm")
    state.apply(0, "spell:rm")  # ⑤
    assert tokens_of(state, 0) == {"yl": 1, "bl": 1, "gh": 1, "rh": 1}
    state.apply(0, "great:1")  # ⑥
    assert tokens_of(state, 0) == {"yl": 1, "bl": 1}
    assert achieved(state, 0) == ([1, 0], [1, 0])
    state.apply(0, "done")  # ⑦ the phase ends with the other players' processing
    assert state.round == 2
    # as if the game ended here: 2 low (2) + great oracle (5 + two high tokens 10) + small (2)
    assert state.scores()[0] == 19
