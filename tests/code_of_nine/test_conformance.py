"""The generic conformance harness on Code of Nine: 3 and 4 players, normal and expert."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.state import State
from tabletop.games.code_of_nine import GAME, CodeOfNineState
from tabletop.games.code_of_nine.items import HOLDERS, Item
from tabletop.games.code_of_nine.layout import STRIDE, WILL
from tabletop.testing.conformance import Checks, ConformanceError, play_checked

FAST = Checks(json_every=7, replay_every=40, legal_sample=2, illegal_sample=2)


def conserved(state: State, step: int) -> None:
    """Items are conserved between the Ruins and the sheets; Will never below 0."""
    assert isinstance(state, CodeOfNineState)
    for item in Item:
        held = sum(state.item(h, item) for h in range(HOLDERS))
        supply = state.board.supply[item] if item != Item.MEDAL or state.expert else 0
        if held + state.ruins[item] != supply:
            raise ConformanceError(f"step {step}: {item.name.lower()} not conserved")
    if min(state.b[h * STRIDE + WILL] for h in range(HOLDERS)) < 0:
        raise ConformanceError(f"step {step}: negative Will")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4]), expert=st.booleans())
def test_random_play_conforms(seed: int, players: int, expert: bool) -> None:
    """Random legal play to the end with every protocol invariant checked."""
    state = play_checked(GAME, players, seed, FAST, conserved, expert=expert)
    assert state.is_terminal()


def test_all_four_configurations_conform() -> None:
    """3 and 4 players, normal and expert, each at least once."""
    for players in (3, 4):
        for expert in (False, True):
            play_checked(GAME, players, 11, FAST, conserved, expert=expert)
