"""The Wicked Labyrinth's research configuration (``research=tiny``): not the published
game, a small one for tabular game-theory methods (``research.py``)."""

from __future__ import annotations

import pytest

from tabletop.core.errors import GameOptionError
from tabletop.games.wicked_labyrinth import GAME, WickedLabyrinthState
from tabletop.games.wicked_labyrinth.elements import CORRIDORS_PER_ROUND, ROUNDS, SEARCH_PIECES
from tabletop.games.wicked_labyrinth.research import CONFIGURATIONS
from tabletop.testing.conformance import Checks, play_checked

from .test_conformance import wicked_invariants

FAST = Checks(json_every=2, replay_every=5, legal_sample=2, illegal_sample=2)
TINY = CONFIGURATIONS["tiny"]


@pytest.mark.parametrize("seed", range(8))
def test_tiny_plays_to_the_end_conforming(seed: int) -> None:
    """Random legal play of the tiny configuration, 3 players, every invariant checked
    (the record replays: its options say research=tiny)."""
    state = play_checked(GAME, 3, seed, FAST, wicked_invariants, research="tiny")
    assert isinstance(state, WickedLabyrinthState)
    assert state.is_terminal() and state.round == 1
    laid = [GAME_CARDS.corridors[c].id for c in state.labyrinth]
    assert len(laid) == TINY.corridors and set(laid) <= set(TINY.deck)


GAME_CARDS = GAME.resolve_options(GAME.info.check(3, {}))["cards"]


def test_tiny_sizes() -> None:
    state = GAME.new_game(3, 2, research="tiny")
    assert isinstance(state, WickedLabyrinthState)
    assert (state.rounds, state.k, state.search, state.deck) == (1, 2, 1, 4)
    assert state.spectator_view().unseen_corridors == 4 - len(state.labyrinth)
    assert state.spectator_view().rounds == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_published_game_is_unchanged_by_default(players: int) -> None:
    state = GAME.new_game(players, 1)
    assert isinstance(state, WickedLabyrinthState)
    assert (state.rounds, state.k, state.search, state.deck) == (
        ROUNDS,
        CORRIDORS_PER_ROUND[players],
        SEARCH_PIECES[players],
        24,
    )
    assert GAME.options_to_json(GAME.resolve_options(GAME.info.check(players, {}))) == {}


def test_the_record_keeps_the_configuration() -> None:
    resolved = GAME.resolve_options(GAME.info.check(3, {"research": "tiny"}))
    assert GAME.options_to_json(resolved) == {"research": "tiny"}


def test_an_unknown_configuration_is_refused_clearly() -> None:
    with pytest.raises(GameOptionError, match="research is one of tiny"):
        GAME.new_game(3, 0, research="huge")
    with pytest.raises(GameOptionError, match="deals to 3 players, not 4"):
        GAME.new_game(4, 0, research="tiny")


def test_tiny_deals_its_fixed_oracles() -> None:
    """Every seed deals the same oracles (a chance node of one outcome each)."""
    for seed in range(3):
        state = GAME.new_game(3, seed, research="tiny", auto_chance=False)
        while state.is_chance_node() and state.phase == 0:  # the deal (Phase.SETUP)
            outcomes = state.chance_outcomes()
            assert len(outcomes) == 1 and outcomes[0][1] == 1.0
            state.apply_chance(outcomes[0][0])
        view = state.spectator_view()
        dealt = [
            tuple(o.card.id for o in (*b.great_oracles, *b.small_oracles)) for b in view.boards
        ]
        assert [i for hand in dealt for i in hand] == list(TINY.deal)


def test_the_research_option_is_marked_so_the_lobby_does_not_offer_it() -> None:
    assert {spec.name for spec in GAME.info.options if spec.research} == {"research"}


def test_the_c_engine_refuses_a_research_configuration() -> None:
    from tabletop.games.wicked_labyrinth.rl import engine

    options = GAME.resolve_options(GAME.info.check(3, {"research": "tiny"}))
    with pytest.raises(ValueError, match="the C engine plays the published game"):
        engine.tables(None, 3, 1, options, None)  # type: ignore[arg-type]


def test_a_determinized_state_keeps_the_configuration() -> None:
    state = GAME.new_game(3, 9, research="tiny")
    while not state.current_players():
        state.apply_chance(state.chance_outcomes()[0][0])
    seat = state.current_players()[0]
    guess = GAME.determinize(state.view(seat), 1)
    assert (guess.rounds, guess.k, guess.search, guess.deck) == (1, 2, 1, 4)
    corridors = {c for c in guess.undrawn if c < 24} | set(guess.labyrinth)
    assert {GAME_CARDS.corridors[c].id for c in corridors} == set(TINY.deck)
