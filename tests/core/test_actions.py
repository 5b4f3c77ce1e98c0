"""Actions: notation round trip, stable ids, repr as code, fuzzed parsing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop
from tabletop.core.errors import ActionParseError
from tabletop.games.wicked_labyrinth import actions as wl

GAMES = tabletop.games()


@pytest.mark.parametrize("name", GAMES)
def test_every_action_round_trips_through_notation_id_and_repr(name: str) -> None:
    game = tabletop.game(name)
    table = game.actions
    assert len(table) == game.info.num_distinct_actions
    module = __import__(type(table[0]).__module__, fromlist=["*"])
    for i, action in enumerate(table):
        assert table.parse(action.notation()) == action
        assert table.parse(f"  {action.notation().upper()} ") == action
        assert table.id_of(action) == i and table.action(i) == action
        assert eval(repr(action), vars(module)) == action  # repr pastes back as code
        assert hash(action) == hash(table.parse(str(action)))


def test_wicked_labyrinth_ids_are_stable() -> None:
    """The integer encoding is part of the RL interface: changing it is deliberate."""
    assert wl.TABLE.id_of(wl.Declare(0)) == 0
    assert wl.TABLE.id_of(wl.Declare(8, True, True)) == 35
    assert wl.TABLE.parse("white:r") == wl.TABLE[36]
    assert wl.TABLE.parse("done") == wl.TABLE[166]
    assert len(wl.TABLE) == 167


@pytest.mark.parametrize("name", GAMES)
@given(text=st.text(max_size=20))
def test_parse_accepts_only_notation(name: str, text: str) -> None:
    table = tabletop.game(name).actions
    try:
        action = table.parse(text)
    except ActionParseError as exc:
        assert repr(text) in str(exc)
    else:
        assert action.notation() == text.strip().lower()


@pytest.mark.parametrize("bad", [-1, 10**6, 2.5, None, True, b"done", object()])
def test_coerce_refuses_what_is_not_an_action(bad: object) -> None:
    with pytest.raises(ActionParseError):
        wl.TABLE.coerce(bad)
