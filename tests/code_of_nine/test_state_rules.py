"""Code of Nine's state: the deal's and the round's events exactly, the open locations
each round lists, and copies of a subclass's state (docs/mutation.md)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from typing import Any

from tabletop.games.code_of_nine import GAME, CodeOfNineState
from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine import state as state_module
from tabletop.games.code_of_nine.items import ROUNDS
from tabletop.games.code_of_nine.layout import Phase

from .helpers import ready


def _new(players: int, seed: int, **options: Any) -> CodeOfNineState:
    s = GAME.new_game(players, seed, **options)
    assert isinstance(s, CodeOfNineState)
    return s


def _numbers(s: CodeOfNineState, holder: int) -> tuple[int, int]:
    return (s.cards.cards[s.card(holder, 0)].number, s.cards.cards[s.card(holder, 1)].number)


def test_setup_leaves_every_card_slot_empty_until_the_deal() -> None:
    """Rulebook, Setup, step 5 (deal two memory cards to each player): before the first
    draw no holder has a card; an empty slot reads -1 (its saved position too)."""
    s = _new(4, 3, auto_chance=False)
    assert s.is_chance_node() and s.phase == Phase.DEAL
    assert [s.card(h, k) for h in range(4) for k in (0, 1)] == [-1] * 8
    assert s.dealt == 0


def test_the_deal_announces_each_players_two_cards_and_places_none() -> None:
    """Setup step 5: each player is dealt two cards, announced in deal order with their
    numbers; nothing is placed in an Abyss or Shoal before the players choose (step 6);
    the change step that follows starts with no card of a re-deal drawn."""
    s = _new(4, 9)
    dealt = [e for e in s.start_events if isinstance(e, E.CardsDealt)]
    assert dealt == [E.CardsDealt(h, _numbers(s, h)) for h in range(4)]
    assert not [e for e in s.start_events if isinstance(e, E.CardsPlaced)]
    assert s.phase == Phase.CHANGE and s.dealt == 0


def test_a_change_returns_both_cards_to_the_deck_before_the_redeal() -> None:
    """Setup step 5 (rulings: changing cards): a player who changes gives back both cards
    before drawing two new ones; until the re-deal draws them, both slots are empty."""
    s = _new(4, 3, auto_chance=False)
    while s.is_chance_node():
        s.apply_chance(s.chance_outcomes()[0][0])
    old = [s.card(0, 0), s.card(0, 1)]
    s.apply(0, "change")
    for p in (1, 2, 3):
        s.apply(p, "keep")
    assert s.phase == Phase.REDEAL
    assert [s.card(0, 0), s.card(0, 1)] == [-1, -1]
    assert set(old) <= set(s.deck)
    s.apply_chance(s.chance_outcomes()[0][0])
    assert s.phase == Phase.REDEAL and s.card(0, 0) >= 0 and s.card(0, 1) == -1
    s.apply_chance(s.chance_outcomes()[0][0])
    assert s.phase == Phase.ASSIGN and s.dealt == 0 and s.current_players() == (s.start,)


def test_the_abyss_choice_announces_abyss_then_shoal() -> None:
    """Setup step 6: the player's chosen card goes to the Abyss, the other to the Shoal;
    the event names them in that order (the owner's version)."""
    s = _new(4, 5)
    for p in range(4):
        s.apply(p, "keep")
    first, second = _numbers(s, 0)
    events = s.apply(0, f"abyss:{second}")
    assert [e for e in events if isinstance(e, E.CardsPlaced)] == [E.CardsPlaced(0, second, first)]
    events = s.apply(1, f"abyss:{_numbers(s, 1)[0]}")
    abyss, shoal = _numbers(s, 1)
    assert [e for e in events if isinstance(e, E.CardsPlaced)] == [E.CardsPlaced(1, abyss, shoal)]


def test_the_ghosts_cards_are_dealt_and_placed_in_order() -> None:
    """Setup step 6 with 3 players: the ghost is dealt two cards, the first to its Abyss,
    the second to its Shoal; both events carry the numbers (hidden in every seat's
    version, as the setup tests check)."""
    s = _new(3, 9)
    for p in range(3):
        s.apply(p, "keep")
    events: list[object] = []
    for p in range(3):
        events += s.apply(p, s.legal_actions(p)[0])
    ghost = [e for e in events if isinstance(e, E.CardsDealt | E.CardsPlaced) and e.holder == 3]
    abyss, shoal = _numbers(s, 3)
    assert ghost == [E.CardsDealt(3, (abyss, shoal)), E.CardsPlaced(3, abyss, shoal)]


def test_the_end_of_a_round_is_announced_with_its_number() -> None:
    """Rulebook, "When the round ends": once every pawn is placed, the round ends and the
    next begins; the event names the round that ended."""
    s = ready(4, seed=2)
    events: list[object] = []
    while s.round == 1:
        p = s.current_players()[0]
        events += s.apply(p, s.legal_actions(p)[0])
    assert [e for e in events if isinstance(e, E.RoundEnded)] == [E.RoundEnded(1)]


def _expected_rows(s: CodeOfNineState) -> list[list[tuple[int, int, int, int]]]:
    rows: list[list[tuple[int, int, int, int]]] = [[] for _ in range(ROUNDS + 1)]
    for r in range(1, ROUNDS + 1):
        for i, loc in enumerate(s.board.locations):
            if loc.open_in(r) and (s.expert or not loc.expert):
                surcharged = -1 if loc.cost_without_legacy is None else loc.cost_without_legacy
                rows[r].append((i, loc.places, loc.cost_for(s.num_players), surcharged))
    return rows


def test_each_round_lists_exactly_the_locations_open_in_it() -> None:
    """Rulebook, Game Board: the locations are grouped in sections showing the rounds they
    are active; expert locations only in the expert game; the cost by player count
    (rulings: 3-player costs) and the surcharge without a legacy. The rows the
    placements read agree with the board's data, whatever order its locations are in
    (an expert location first, here)."""
    for players, expert in ((4, False), (3, False), (4, True), (3, True)):
        s = ready(players, expert=expert)
        for locations in (s.board.locations, tuple(reversed(s.board.locations))):
            s.board = dataclasses.replace(s.board, locations=locations)
            assert state_module._open_locations(s) == _expected_rows(s)


def test_the_open_locations_are_worked_out_once_per_board() -> None:
    """The rows of open locations are kept per board, player count and mode (placements
    are listed at every decision): asked again they are the same object, for each of two
    boards asked in turn; the memory keeps at most its limit of boards."""
    s = ready(4)
    other = ready(4)
    other.board = dataclasses.replace(s.board)
    mine = state_module._open_locations(s)
    theirs = state_module._open_locations(other)
    assert mine is not theirs
    assert state_module._open_locations(s) is mine
    assert state_module._open_locations(other) is theirs
    boards = [dataclasses.replace(s.board) for _ in range(state_module._OPEN_LIMIT + 2)]
    for board in boards:
        other.board = board
        state_module._open_locations(other)
        assert len(state_module._OPEN) <= state_module._OPEN_LIMIT


def test_a_copy_of_a_subclass_state_is_of_that_class_and_plays_the_same() -> None:
    """A copy (``clone``) of a subclass's state is of the subclass, with the same game,
    seats, seed, options and position, and plays on the same as the original. A subclass
    can be made only of the Python sources (a compiled class allows none), so the
    compiled build runs this test again in a pure-Python interpreter."""
    if not (state_module.__file__ or "").endswith(".py"):
        node = f"{__file__}::test_a_copy_of_a_subclass_state_is_of_that_class_and_plays_the_same"
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", node],
            env={**os.environ, "TABLETOP_PURE_PYTHON": "1"},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout[-2000:]
        return

    class _Variant(CodeOfNineState):
        __slots__ = ()

    s = ready(4, seed=4)
    v = _Variant(s.game, s.num_players, s.seed, s.options, s.auto_chance)
    s._copy_base(v)
    for name in (
        "board",
        "cards",
        "expert",
        "phase",
        "round",
        "rounds",
        "pawns",
        "start",
        "turn",
        "dealt",
    ):
        setattr(v, name, getattr(s, name))
    for name in ("b", "ruins", "spots", "pending", "deck"):
        setattr(v, name, list(getattr(s, name)))
    v.ninth, v.released, v._final_sheet = s.ninth, s.released, None
    c = v.clone()
    assert type(c) is _Variant and c is not v
    assert (c.game, c.num_players, c.seed, c.options, c.auto_chance) == (
        v.game,
        v.num_players,
        v.seed,
        v.options,
        v.auto_chance,
    )
    assert c._state_json() == v._state_json() == s._state_json()
    p = c.current_players()[0]
    action = c.legal_actions(p)[0]
    assert c.apply(p, action) == s.clone().apply(p, action)
    assert type(s.clone()) is CodeOfNineState


def test_a_player_protected_from_attacks_and_looks_keeps_both_for_the_round() -> None:
    """Rulebook, locations (rulings, "Locations"): The Hidden Village protects a player
    from attacks for the rest of the round, the Sooty Watchtower from looks; a player
    who placed at both keeps both protections (the second does not replace the first),
    in either order, until the round ends."""
    from tabletop.games.code_of_nine.layout import ATTACKS, LOOKS

    for first, second in ((ATTACKS, LOOKS), (LOOKS, ATTACKS)):
        s = ready(4)
        s.protect(1, first)
        s.protect(1, second)
        holder = s.view(0).holders[1]
        assert holder.protected_from_looks and holder.protected_from_attacks


def test_a_locations_cost_is_its_three_player_cost_with_three_players() -> None:
    """Rulings, "Locations": Tivoli of the Pranksters costs 2 Will with 4 players and 3
    with 3 (the Tree of Heaven 6 and 7); the cost asked of a player follows the count."""
    from tabletop.games.code_of_nine.locations import LOCATION_IDS

    for players, tivoli, tree in ((4, 2, 6), (3, 3, 7)):
        s = ready(players, expert=True)
        costs = [s.location_cost(0, LOCATION_IDS.index(i)) for i in ("tivoli", "tree")]
        assert costs == [tivoli, tree]


def _place_id(name: str) -> int:
    from tabletop.games.code_of_nine import actions as A
    from tabletop.games.code_of_nine.locations import LOCATION_IDS

    return A.PLACE_BASE + LOCATION_IDS.index(name)


def test_a_full_location_says_it_is_full_even_to_a_player_already_there() -> None:
    """Rulebook, placing: a location takes as many pawns as its places. A player who
    holds the Will it costs, exactly, and is already on a full location (Her Library, one
    place, 1 Will) is told it has no free place, not that it costs too much or that they
    may not place twice (a rule of The Place Where They Ended the Old World only)."""
    from .helpers import set_will

    s = ready(4)
    s.turn = 0
    set_will(s, 0, 1)
    library = 0  # Old Library, the first location
    s.spots[library] = 1 | (1 << 8)
    name = s.board.locations[library].name
    assert s.why_illegal(0, _place_id("library")) == f"{name} has no free place"


def test_the_place_where_they_ended_the_old_world_costs_its_surcharge_without_a_legacy() -> None:
    """Rulings, "Locations": The Place Where They Ended the Old World (rounds 4-5, two
    places) costs 2 Will to a player holding no legacy, and a player may not place there
    twice in a round; a player not yet there who lacks the Will is told its cost."""
    from tabletop.games.code_of_nine.locations import LOCATION_IDS

    from .helpers import set_will

    s = ready(4)
    s.round, s.turn = 4, 0
    set_will(s, 0, 1)
    ended = LOCATION_IDS.index("ended")
    s.spots[ended] = 1 | (1 << (1 + 8))
    name = s.board.locations[ended].name
    assert s.why_illegal(0, _place_id("ended")) == f"{name} costs 2 Will; the player has 1"
    assert _place_id("ended") not in s.placements(0)
    set_will(s, 0, 2)
    assert _place_id("ended") in s.placements(0)


def test_a_full_location_leaves_the_later_locations_open() -> None:
    """Rulebook, placing: a full location, or the Place Where They Ended the Old World
    where the player already is, is left out of the player's placements; the locations
    after it stay listed."""
    from .helpers import set_will

    s = ready(4)
    s.round, s.turn = 5, 0
    set_will(s, 0, 9)
    before = s.placements(0)
    for name, spot in (("shed", 1 | (1 << (2 + 8))), ("ended", 1 | (1 << 8))):
        assert _place_id(name) in before and before[-1] != _place_id(name)
        s.spots[_place_id(name) - _place_id("library")] = spot
    after = s.placements(0)
    assert after == [x for x in before if x not in (_place_id("shed"), _place_id("ended"))]


def test_a_surcharge_of_zero_is_a_cost_of_zero() -> None:
    """Cards and boards are data (rulings): a location whose cost without a legacy is 0
    costs a player without a legacy nothing, whatever it costs with one."""
    from tabletop.games.code_of_nine.locations import LOCATION_IDS

    from .helpers import set_will

    s = ready(4)
    ended = LOCATION_IDS.index("ended")
    locations = list(s.board.locations)
    locations[ended] = dataclasses.replace(locations[ended], cost=2, cost_without_legacy=0)
    s.board = dataclasses.replace(s.board, locations=tuple(locations))
    s.round, s.turn = 4, 0
    set_will(s, 0, 0)
    assert _place_id("ended") in s.placements(0)


def test_a_turn_that_targets_seat_0_is_still_the_placements_decision() -> None:
    """Section "Placement" (place a pawn, then do what the location says): at Allure
    Show the player looks at another's Shoal, then may give; choosing seat 0 as the
    target (the first target id) is a follow-up of the placement, whose step stays the
    decision's key."""
    from .helpers import play

    s = ready(4)
    s.turn = 2
    placed = len(s.history)
    play(s, "allure", "target:0")
    assert s.phase == Phase.FOLLOW and s.current_players() == (2,)
    assert s.decision_key(2) == (0, placed)


def test_a_blocked_look_reveals_no_card() -> None:
    """Rulebook, Sooty Watchtower: looks at a protected player's cards have no effect; the
    look's event says it was blocked and carries no card number, and the looker learns
    nothing."""
    from tabletop.games.code_of_nine.items import Slot
    from tabletop.games.code_of_nine.layout import LOOKS

    s = ready(4)
    s.protect(1, LOOKS)
    s._events = []  # collect what the next step announces, as apply does
    s.look(0, 1, Slot.SHOAL, attack=False)
    assert s._events == [E.CardLooked(0, 1, Slot.SHOAL, None, True)]
    assert s.view(0).known_card(1, Slot.SHOAL) is None


def test_a_game_from_a_position_keys_its_first_placement_and_follow_up() -> None:
    """docs/positions.md: a game may start from a position, its history empty. A
    placement that is the history's first entry keys its follow-up steps (section
    "Placement": one decision); a game that starts inside a follow-up step has no
    placement to find, and the step is keyed by the history's length, like any other."""
    from .helpers import play

    s = ready(4)
    s.turn = 2
    start = _restarted(s)
    assert start.history == [] and start.decision_key(2) == (0, 0)
    play(start, "allure")
    assert start.phase == Phase.FOLLOW and start.decision_key(2) == (0, 0)
    inside = _restarted(start)
    assert inside.phase == Phase.FOLLOW and inside.history == []
    assert inside.decision_key(2) == (0, 0)
    play(inside, "target:3")
    assert inside.phase == Phase.FOLLOW and inside.decision_key(2) == (0, 1)


def _restarted(s: CodeOfNineState) -> CodeOfNineState:
    again = GAME.from_position(s.position())
    assert isinstance(again, CodeOfNineState)
    return again
