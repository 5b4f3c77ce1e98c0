"""The Wicked Labyrinth renderer: every action and event in words, boards in 80 columns."""

from __future__ import annotations

import dataclasses
import io

import pytest
from rich.console import Console

import tabletop
from tabletop.cli.renderers import renderer_for
from tabletop.core.renderer import PlainRenderer
from tabletop.core.rng import SplitMix64
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth import events as E
from tabletop.games.wicked_labyrinth import render as R
from tabletop.games.wicked_labyrinth.elements import Colour, Element, Rank

WL = "wicked-labyrinth"


def _played(players: int, seed: int, decisions: int):
    state = tabletop.new_game(WL, players=players, seed=seed)
    rng = SplitMix64(seed)
    events = []
    while not state.is_terminal() and decisions:
        for p in state.current_players():
            ids = state.legal_action_ids(p)
            events += state.apply(p, ids[rng.below(len(ids))])
            decisions -= 1
    return state, events


def test_the_renderer_is_found_by_game_name() -> None:
    assert renderer_for(WL) is R
    assert isinstance(renderer_for("no-such-game"), PlainRenderer)


def test_every_action_has_words() -> None:
    state, _ = _played(4, 1, 0)
    view = state.view(0)
    for action in A.TABLE:
        assert R.describe_action(view, action), action


def test_every_event_kind_has_words() -> None:
    _, events = _played(5, 3, 10_000)
    kinds = {type(e) for e in events}
    event_classes = {
        c
        for c in vars(E).values()
        if isinstance(c, type) and issubclass(c, E.Event) and c is not E.Event
    }
    samples = {
        E.OracleAchieved(0, "G01", True),
        E.SpellDiscarded(1, Element.PROMOTION),
        E.ColourChanged(2, Colour.RED, Rank.LOW, Colour.BLUE),
        E.CorridorRanked("C01", None, (), 0, 0, True),
        E.OraclesDealt(0, ("G01", "G02"), ("S01", "S02")),
    }
    for event in [*events, *samples]:
        assert R.describe_event(event), event
    dealt = R.describe_event(E.OraclesDealt(0, ("G01", "G02"), ("S01", "S02")))
    assert dealt == "Seat 1 is dealt great oracles G01, G02 and small oracles S01, S02."
    assert kinds | {type(e) for e in samples} == event_classes


def test_a_hidden_hand_reads_as_closed() -> None:
    event = E.DeclarationCommitted(2, A.Declare(3, True, False), False)
    assert R.describe_event(event) == "Seat 3 holds 3 search pieces + the witch's sign."
    hidden = event.for_player(0)
    assert R.describe_event(hidden) == "Seat 3 has put out a closed hand."


@pytest.mark.parametrize("players, decisions", [(3, 0), (4, 37), (5, 120), (4, 10_000)])
def test_boards_fit_80_columns(players: int, decisions: int) -> None:
    state, _ = _played(players, players, decisions)
    for view in (state.spectator_view(), state.view(0)):
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(R.render_view(view))
        text = console.export_text()
        assert "…" not in text
        assert "The Wicked Labyrinth" in text
        for board in view.boards:
            assert f"seat {board.seat + 1} great:" in text


def test_own_closed_hand_is_shown_to_its_owner_only() -> None:
    state = tabletop.new_game(WL, players=3, seed=1)
    state.apply(1, "d2s")
    mine = Console(width=80, record=True, file=io.StringIO())
    mine.print(R.render_view(state.view(1)))
    assert "your closed hand: 2 search pieces + the soul's sign" in mine.export_text()
    other = Console(width=80, record=True, file=io.StringIO())
    other.print(R.render_view(state.view(0)))
    assert "closed hand" not in other.export_text()
    assert dataclasses.replace(state.view(0), viewer=None) == state.spectator_view()
