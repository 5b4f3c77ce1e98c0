"""The engine's compile-time constants match what they stand for.

The id layout (``ids``) matches the action table it indexes; the plain-int modes and
phases match their enums.
"""

from __future__ import annotations

import pytest

from tabletop.games.wicked_labyrinth import elements, ids
from tabletop.games.wicked_labyrinth.actions import (
    TABLE,
    AchieveGreat,
    AchieveSmall,
    ChooseWhite,
    ColourChange,
    Declare,
    DiscardColourChange,
    DiscardPromotion,
    Done,
    PairPromotion,
    ReturnLow,
    SpellPromotion,
)
from tabletop.games.wicked_labyrinth.elements import TOKEN_COLOURS, Colour, Mode, Phase, Rank


def test_every_range_starts_where_the_table_has_it() -> None:
    assert len(TABLE) == ids.COUNT
    assert TABLE[ids.DECLARE_BASE] == Declare(0, False, False)
    assert TABLE[ids.CHOOSE_WHITE_BASE] == ChooseWhite(Colour.RED)
    assert TABLE[ids.RETURN_LOW_BASE] == ReturnLow(Colour.RED)
    assert TABLE[ids.PAIR_BASE] == PairPromotion(Colour.RED, Rank.LOW)
    assert TABLE[ids.SPELL_BASE] == SpellPromotion(Colour.RED, Rank.LOW)
    assert TABLE[ids.DISCARD_PROMOTION] == DiscardPromotion()
    assert TABLE[ids.CHANGE_BASE] == ColourChange(Colour.RED, Rank.LOW, Colour.GREEN)
    assert TABLE[ids.DISCARD_CHANGE] == DiscardColourChange()
    assert TABLE[ids.SMALL_BASE] == AchieveSmall(1)
    assert TABLE[ids.GREAT_BASE] == AchieveGreat(1)
    assert TABLE[ids.DONE] == Done()


@pytest.mark.parametrize("search", range(9))
def test_declare_ids(search: int) -> None:
    for witch in (False, True):
        for soul in (False, True):
            assert TABLE[ids.declare_id(search, witch, soul)] == Declare(search, witch, soul)


def test_promotion_and_change_ids() -> None:
    rooms = (None, *TOKEN_COLOURS)
    for c in TOKEN_COLOURS:
        for r in (Rank.LOW, Rank.MIDDLE):
            for x in rooms:
                room = None if x is None else int(x)
                assert TABLE[ids.promotion_id(ids.PAIR_BASE, c, r, room)] == PairPromotion(c, r, x)
                assert TABLE[ids.promotion_id(ids.SPELL_BASE, c, r, room)] == SpellPromotion(
                    c, r, x
                )
        for r in Rank:
            for t in TOKEN_COLOURS:
                if t != c:
                    assert TABLE[ids.change_id(c, r, t)] == ColourChange(c, r, t)


def test_plain_int_modes_and_phases_match_the_enums() -> None:
    for mode in Mode:
        assert getattr(elements, f"M_{mode.name}") == mode.value
    for phase in Phase:
        assert getattr(elements, f"P_{phase.name}") == phase.value
