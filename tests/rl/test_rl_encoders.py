"""The observation encoders: shape, bounds, labels, and no secret in any observation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.rng import SplitMix64
from tabletop.encoding import encoder_for, table_encoder_for


def test_every_encoder_labels_every_index(case):
    encoder = encoder_for(case.game)
    labels = encoder.labels(case.players)
    assert len(labels) == encoder.size(case.players)
    assert len(set(labels)) == len(labels), "two indices share a label"


def test_observations_stay_in_the_unit_box_for_a_whole_game(case):
    game = tabletop.game(case.game)
    encoder = encoder_for(case.game)
    state = game.new_game(case.players, 11, **case.options)
    rng = SplitMix64(5)
    size = encoder.size(case.players)
    while not state.is_terminal():
        for seat in range(case.players):
            obs = encoder.encode(state.view(seat))
            assert obs.dtype == np.float32 and obs.shape == (size,)
            assert obs.min() >= 0.0 and obs.max() <= 1.0
        spectator = encoder.encode(state.spectator_view())
        assert spectator.shape == (size,)
        deciding = state.current_players()
        chosen = [(p, state.legal_action_ids(p)) for p in deciding]
        for p, ids in chosen:
            state.apply(p, ids[rng.below(len(ids))])


def test_a_pending_declaration_does_not_change_other_seats_observations():
    """Rulings, "What is hidden": a closed hand is secret until all have committed."""
    game = tabletop.game("wicked-labyrinth")
    encoder = encoder_for("wicked-labyrinth")
    state = game.new_game(4, 3)
    assert len(state.current_players()) == 4  # the first declaration, simultaneous
    seen = set()
    for action in state.legal_action_ids(1)[:6]:
        trial = state.clone()
        trial.apply(1, action)
        seen.add(encoder.encode(trial.view(0)).tobytes())
    assert len(seen) == 1, "seat 0 could tell seat 1's declarations apart"
    mine = state.clone()
    mine.apply(1, state.legal_action_ids(1)[3])
    assert not np.array_equal(encoder.encode(mine.view(1)), encoder.encode(state.view(1)))


def test_boards_start_with_the_viewers_own():
    game = tabletop.game("wicked-labyrinth")
    encoder = encoder_for("wicked-labyrinth")
    state = game.new_game(3, 8)
    labels = encoder.labels(3)
    start = labels.index("board[seat+0].tokens_low_red/6")
    stride = labels.index("board[seat+1].tokens_low_red/6") - start
    spectator = encoder.encode(state.spectator_view())
    for seat in range(3):
        own = encoder.encode(state.view(seat))[start : start + stride]
        at = start + seat * stride
        assert np.array_equal(own, spectator[at : at + stride])
    assert not np.array_equal(
        spectator[start : start + stride], spectator[start + stride : start + 2 * stride]
    )


def test_observations_do_not_depend_on_what_the_seat_cannot_see(case):
    """Every state the game deems consistent with a seat's view (``determinize``) gives
    that seat the same observation: hidden cards and closed hands leave no trace."""
    game = tabletop.game(case.game)
    encoder = encoder_for(case.game)
    state = game.new_game(case.players, 17, **case.options)
    rng = SplitMix64(3)
    checked = 0
    step = 0
    while not state.is_terminal():
        if step % 15 == 0:
            for seat in range(case.players):
                view = state.view(seat)
                expected = encoder.encode(view)
                for seed in (1, 2):
                    other = game.determinize(view, seed)
                    assert np.array_equal(encoder.encode(other.view(seat)), expected)
                    checked += 1
        for p in state.current_players():
            ids = state.legal_action_ids(p)
            state.apply(p, ids[rng.below(len(ids))])
        step += 1
    assert checked > 0


def _table_matches_views(table, encoder, state, players):
    rows = table.encode(state)
    assert rows.shape == (players, encoder.size(players)) and rows.dtype == np.float32
    for seat in range(players):
        assert np.array_equal(rows[seat], encoder.encode(state.view(seat))), (
            f"seat {seat} after {len(state.history)} moves"
        )
    return rows


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32), play=st.integers(0, 2**32))
def test_the_table_encoder_equals_the_view_encoder_at_every_step(case, seed, play):
    """The envs' fast path reads the state; the reference reads each seat's view. They
    must give the same vector for every seat after every single decision of a random
    legal game (closed hands one by one included), from one encoder kept all game."""
    game = tabletop.game(case.game)
    encoder = encoder_for(case.game)
    table = table_encoder_for(case.game, case.players)
    state = game.new_game(case.players, seed, **case.options)
    rng = SplitMix64(play)
    kept = []
    while not state.is_terminal():
        rows = _table_matches_views(table, encoder, state, case.players)
        kept.append((rows, rows.copy()))
        for p in state.current_players():
            ids = state.legal_action_ids(p)
            state.apply_unchecked(p, ids[rng.below(len(ids))])
            if not state.is_terminal() and len(state.current_players()) > 1:
                _table_matches_views(table, encoder, state, case.players)
    _table_matches_views(table, encoder, state, case.players)
    for rows, copy in kept:  # fresh arrays: later steps never wrote to earlier ones
        assert np.array_equal(rows, copy)


def test_a_table_encoder_moves_between_games_and_card_sets(case):
    """One table encoder reused across games (and out of order) keeps no stale part."""
    game = tabletop.game(case.game)
    encoder = encoder_for(case.game)
    table = table_encoder_for(case.game, case.players)
    states = []
    for seed in (1, 2):
        state = game.new_game(case.players, seed, **case.options)
        rng = SplitMix64(seed)
        while not state.is_terminal():
            if rng.below(6) == 0:
                states.append(state.clone())
            for p in state.current_players():
                ids = state.legal_action_ids(p)
                state.apply_unchecked(p, ids[rng.below(len(ids))])
        states.append(state)
    rng = SplitMix64(7)
    for k in (rng.below(len(states)) for _ in range(40)):
        _table_matches_views(table, encoder, states[k], case.players)


def test_a_table_encoder_refuses_another_game_or_table():
    state = tabletop.game("wicked-labyrinth").new_game(4, 1)
    with pytest.raises(TypeError, match="3-player Wicked Labyrinth"):
        table_encoder_for("wicked-labyrinth", 3).encode(state)
    with pytest.raises(TypeError, match="Code of Nine"):
        table_encoder_for("code-of-nine", 4).encode(state)


def test_an_observation_does_not_depend_on_what_the_encoder_saw_before(case):
    """Encoders reuse the encoding of view parts shared by consecutive views (boards,
    holder sheets, locations); a view encoded out of order, after other seats' views
    and other moments, must still give what a fresh encoder gives."""
    game = tabletop.game(case.game)
    kind = type(encoder_for(case.game))
    state = game.new_game(case.players, 3, **case.options)
    rng = SplitMix64(9)
    views = []
    while not state.is_terminal():
        views += [state.view(seat) for seat in range(case.players)]
        views.append(state.spectator_view())
        for p in state.current_players():
            ids = state.legal_action_ids(p)
            state.apply_unchecked(p, ids[rng.below(len(ids))])
    shared = kind()
    in_order = [shared.encode(v) for v in views]
    for k in (rng.below(len(views)) for _ in range(200)):
        expected = kind().encode(views[k])
        assert np.array_equal(shared.encode(views[k]), expected)
        assert np.array_equal(in_order[k], expected)
