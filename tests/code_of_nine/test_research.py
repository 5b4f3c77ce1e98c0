"""Code of Nine's research configuration (``research=tiny`` and the sizes it sets): not
the published game, a small one for tabular game-theory methods (``research.py``)."""

from __future__ import annotations

import pytest

from tabletop.core.errors import GameOptionError
from tabletop.games.code_of_nine import GAME, CodeOfNineState
from tabletop.games.code_of_nine.items import PAWNS, ROUNDS
from tabletop.games.code_of_nine.layout import PAWNS as PAWNS_SLOT
from tabletop.games.code_of_nine.layout import STRIDE, Phase
from tabletop.games.code_of_nine.locations import LOCATION_IDS
from tabletop.games.code_of_nine.research import TINY_LOCATIONS
from tabletop.testing.conformance import Checks, play_checked

from .test_conformance import conserved

FAST = Checks(json_every=3, replay_every=5, legal_sample=2, illegal_sample=2)


def to_placements(state: CodeOfNineState) -> None:
    """Setup played with each seat's first legal action (chance drawn by the state)."""
    while state.phase != Phase.PLACE:
        seat = state.current_players()[0]
        state.apply_unchecked(seat, state.legal_action_ids(seat)[0])


@pytest.mark.parametrize("seed", range(8))
def test_tiny_plays_to_the_end_conforming(seed: int) -> None:
    """Random legal play of the tiny configuration, 3 players, every invariant checked
    (the record replays: its options say research=tiny)."""
    state = play_checked(GAME, 3, seed, FAST, conserved, research="tiny")
    assert isinstance(state, CodeOfNineState)
    assert state.is_terminal() and state.round == 1
    dealt = {state.card(h, s) for h in range(4) for s in range(2)}
    assert dealt == set(range(8))  # every card of the eight-card deck, in some hand


def test_tiny_offers_only_its_five_locations_and_two_pawns() -> None:
    state = GAME.new_game(3, 5, research="tiny")
    assert isinstance(state, CodeOfNineState)
    to_placements(state)
    assert (state.rounds, state.pawns) == (1, 2)
    open_ = [LOCATION_IDS[i] for i, loc in enumerate(state.board.locations) if loc.open_in(1)]
    assert sorted(open_) == sorted(TINY_LOCATIONS)
    assert state.b[state.start * STRIDE + PAWNS_SLOT] in (1, 2)  # 1 after a change


def test_the_published_game_is_unchanged_by_default() -> None:
    state = GAME.new_game(3, 1)
    assert isinstance(state, CodeOfNineState)
    assert (state.rounds, state.pawns) == (ROUNDS, PAWNS)
    assert len(state.cards.in_game(False)) == 18
    assert state.cards is GAME.resolve_options(GAME.info.check(3, {}))["memory_cards"]
    assert GAME.options_to_json(GAME.resolve_options(GAME.info.check(3, {}))) == {}


def test_the_sizes_may_be_given_one_by_one() -> None:
    state = GAME.new_game(4, 3, rounds=2, pawns=2, deck=10)
    assert isinstance(state, CodeOfNineState)
    assert (state.rounds, state.pawns, len(state.cards.in_game(False))) == (2, 2, 10)
    resolved = GAME.resolve_options(GAME.info.check(4, {"rounds": 2, "pawns": 2, "deck": 10}))
    assert GAME.options_to_json(resolved) == {"rounds": 2, "pawns": 2, "deck": 10}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"research": "huge"}, "research is one of tiny"),
        ({"research": "tiny", "rounds": 2}, "research=tiny sets rounds"),
        ({"research": "tiny", "expert": True}, "normal game, not expert"),
        ({"rounds": 0}, "rounds is 1 to 5"),
        ({"rounds": 6}, "rounds is 1 to 5"),
        ({"pawns": 1}, "pawns is 2 to 3"),
        ({"deck": 7}, "deck is 8 to 28"),
        ({"deck": 8, "expert": True}, "deck is 9 to 28"),
        ({"rounds": True}, "must be int|rounds is 1 to 5"),
    ],
)
def test_bad_research_options_are_refused_clearly(options: dict[str, object], message: str):
    with pytest.raises(GameOptionError, match=message):
        GAME.new_game(3, 0, **options)


def test_research_options_are_marked_so_the_lobby_does_not_offer_them() -> None:
    marked = {spec.name for spec in GAME.info.options if spec.research}
    assert marked == {"research", "rounds", "pawns", "deck"}


def test_the_c_engine_refuses_a_research_configuration() -> None:
    from tabletop.games.code_of_nine.rl import engine

    options = GAME.resolve_options(GAME.info.check(3, {"research": "tiny"}))
    with pytest.raises(ValueError, match="the C engine plays the published game"):
        engine.tables(None, 3, 1, options, None)  # type: ignore[arg-type]


def test_a_determinized_state_keeps_the_configuration() -> None:
    state = GAME.new_game(3, 9, research="tiny")
    to_placements(state)
    seat = state.current_players()[0]
    guess = GAME.determinize(state.view(seat), 1)
    assert (guess.rounds, guess.pawns) == (1, 2)
    assert set(guess.deck) | {guess.card(h, s) for h in range(4) for s in range(2)} == set(range(8))
