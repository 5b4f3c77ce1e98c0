"""The kit's parts on their own: heuristic bot, renderer, encoders, review words."""

from __future__ import annotations

import random

import numpy as np
import pytest
from rich.console import Console

from tabletop.core.bot import Bot
from tabletop.core.kit import PARTS
from tabletop.games.goofspiel import GAME, GoofspielState
from tabletop.games.goofspiel import events as E
from tabletop.games.goofspiel.bots.heuristic import GoofspielHeuristic, matching_bid
from tabletop.games.goofspiel.kit import KIT
from tabletop.games.goofspiel.rl.encoder import GoofspielEncoder
from tabletop.games.goofspiel.rl.table import GoofspielTable


def _states(players: int, seed: int, **options: object) -> list[GoofspielState]:
    rng = random.Random(seed)
    state = GAME.new_game(players, seed, **options)
    assert isinstance(state, GoofspielState)
    out = [state.clone()]
    while not state.is_terminal():
        p = rng.choice(state.current_players())
        state.apply(p, rng.choice(list(state.legal_action_ids(p))))
        out.append(state.clone())
    return out


def test_every_part_is_known_and_loads() -> None:
    assert set(KIT.parts) <= set(PARTS)
    for name in KIT.parts:
        assert KIT.part(name) is not None


def test_the_heuristic_matches_ranks() -> None:
    """The highest point card in play gets the highest card in hand, and so on."""
    state = GAME.new_game(2, 0, num_cards=5, points_order="descending")
    assert matching_bid(state.view(0)) == 5
    state.apply(0, "b1")
    state.apply(1, "b2")  # seat 1 takes the 5; the 4 is up, the highest left
    assert matching_bid(state.view(0)) == 5 and matching_bid(state.view(1)) == 5
    ascending = GAME.new_game(3, 0, num_cards=4, points_order="ascending")
    assert matching_bid(ascending.view(2)) == 1


def test_the_heuristic_shifts_within_the_hand() -> None:
    """``shift`` bids that many places higher (lower when negative), within the hand."""
    view = GAME.new_game(2, 0, num_cards=5, points_order="ascending").view(0)
    assert [matching_bid(view, k) for k in (-1, 0, 1, 2, 9)] == [1, 1, 2, 3, 5]
    with pytest.raises(ValueError, match="shift must be a whole number"):
        GoofspielHeuristic(GAME, 0, shift=0.5)  # type: ignore[arg-type]


def test_the_heuristic_always_bids_a_legal_card() -> None:
    for players, seed in ((2, 1), (4, 2), (7, 3)):
        bots: list[Bot] = [GoofspielHeuristic(GAME, p, p, shift=p % 3 - 1) for p in range(players)]
        state = GAME.new_game(players, seed)
        while not state.is_terminal():
            for p in state.current_players():
                state.apply(p, bots[p].act(state.view(p), state.legal_actions(p)))


@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_the_table_encoder_equals_the_view_encoder(players: int) -> None:
    encoder, table = GoofspielEncoder(), GoofspielTable(players)
    states = _states(players, players, num_cards=9)
    out = np.zeros((len(states), encoder.size(players)), np.float32)
    table.encode_into(states, out, seat=players - 1)
    for k, state in enumerate(states):
        rows = table.encode(state)
        for p in range(players):
            assert np.array_equal(rows[p], encoder.encode(state.view(p)))
        assert np.array_equal(out[k], rows[players - 1])


def test_observations_lie_in_the_unit_box_and_are_labelled() -> None:
    encoder = GoofspielEncoder()
    for players in (2, 10):
        labels = encoder.labels(players)
        assert len(labels) == len(set(labels)) == encoder.size(players)
        for state in _states(players, 7):
            for view in [state.view(p) for p in range(players)] + [state.spectator_view()]:
                vector = encoder.encode(view)
                assert vector.dtype == np.float32 and vector.shape == (encoder.size(players),)
                assert vector.min() >= 0.0 and vector.max() <= 1.0


def test_the_renderer_draws_every_view_and_event() -> None:
    renderer = KIT.part("cli:renderer")
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    states = _states(3, 11, num_cards=5)
    for state in states:
        for p in [0, 1, 2]:
            console.print(renderer.render_view(state.view(p)))
        console.print(renderer.render_view(state.spectator_view()))
    final = states[-1]
    game_over = E.GameEnded(final.result().scores, final.result().winners)
    assert renderer.describe_event(game_over).startswith("Game over: scores")
    assert renderer.describe_event(E.BidSealed(1, 7).for_player(0)) == "Seat 2 has bid."
    assert "7" in renderer.describe_event(E.BidSealed(1, 7).for_player(1))
    assert renderer.describe_event(E.TurnResolved(2, 9, None)).startswith("A tie")
    view = states[0].view(0)
    assert renderer.describe_action(view, GAME.action("b4")).startswith("bid 4")


def test_the_review_words_name_the_turn_and_the_bid() -> None:
    phrases = KIT.part("review:phrases")

    class Decision:
        view = GAME.new_game(2, 0, num_cards=13, points_order="descending").view(0)

    for lang in ("en", "ja"):
        assert "13" in phrases.where(Decision, lang)
        assert "9" in phrases.did(GAME, Decision, 8, lang)
        assert "12" in phrases.could(GAME, Decision, 11, lang)
        assert phrases.consequence(Decision, 0, 11, lang) is None
