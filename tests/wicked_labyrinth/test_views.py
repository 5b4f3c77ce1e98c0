"""What each seat may see: rulings "What is hidden" and the core's view protocol."""

from __future__ import annotations

import json

from tabletop.core.jsonutil import to_jsonable
from tabletop.games.wicked_labyrinth import GAME
from tabletop.games.wicked_labyrinth import events as E

from .helpers import dealt


def test_a_player_sees_their_own_closed_hand_and_only_that_others_committed() -> None:
    """Rulings: a commitment is secret until all are in; that one has committed may show."""
    state = dealt(4, corridors=["C01"])
    events = state.apply(1, "d5ws")
    own = state.view(1)
    assert own.my_declaration is not None and own.my_declaration.notation() == "d5ws"
    for q in (0, 2, 3):
        other = state.view(q)
        assert other.my_declaration is None
        assert other.boards[1].committed and other.boards[1].search_pieces == 7
        text = json.dumps(to_jsonable(other))
        assert "d5ws" not in text
    assert state.spectator_view().my_declaration is None
    (commit,) = [e for e in events if isinstance(e, E.DeclarationCommitted)]
    assert commit.for_player(1) == commit
    assert commit.for_player(0) == E.DeclarationCommitted(1, None, False)
    assert commit.for_player(None) == E.DeclarationCommitted(1, None, False)


def test_hands_are_public_once_opened() -> None:
    """Rulings: everything else is public, including what was revealed."""
    state = dealt(3, corridors=["C01"])
    for p, hand in enumerate(["d2w", "d1", "d0s"]):
        state.apply(p, hand)
    view = state.view(2)
    assert [d.notation() for d in view.reveals[0]] == ["d2w", "d1", "d0s"]
    assert view.boards[0].search_pieces == 4 and not view.boards[0].witch_sign


def test_views_hold_no_future_corridor() -> None:
    """Rulings: the deck order is hidden; the state draws corridors only when laid out."""
    state = GAME.new_game(4, seed=5)
    text = json.dumps(to_jsonable(state.spectator_view()))
    seen = {c.id for c in state.spectator_view().labyrinth}
    for corridor in state.cards.corridors:
        if corridor.id not in seen:
            assert f'"{corridor.id}"' not in text


def test_determinize_keeps_the_view_and_redraws_only_hidden_hands() -> None:
    """A search bot's sample must match what it sees (and nothing it cannot see)."""
    state = GAME.new_game(4, seed=9)
    state.apply(0, "d3")
    state.apply(2, "d1w")
    view = state.view(2)
    sample = GAME.determinize(view, seed=1)
    assert to_jsonable(sample.view(2)) == to_jsonable(view)
    assert sample.legal_action_ids(3) == state.legal_action_ids(3)


def test_own_board_is_the_viewers_board_of_every_determinization() -> None:
    """``own_board`` (what the heuristic bot reads instead of a determinized state) lays
    the viewer's board as ``determinize`` does, a closed hand of its own included."""
    import random

    from tabletop.games.wicked_labyrinth.board import DECLARED, STRIDE
    from tabletop.games.wicked_labyrinth.game import own_board

    rng = random.Random(2)
    committed = 0
    for seed in range(12):
        state = GAME.new_game(3 + seed % 3, seed)
        while not state.is_terminal():
            for p in range(state.num_players):
                view = state.view(p)
                mine = own_board(view)
                committed += mine[DECLARED] > 0
                for sample in (1, 2):
                    board = GAME.determinize(view, sample).b[p * STRIDE : (p + 1) * STRIDE]
                    assert mine == board
            p = state.current_players()[0]  # one at a time, so closed hands are seen
            state.apply_unchecked(p, rng.choice(state.legal_action_ids(p)))
    assert committed > 0
