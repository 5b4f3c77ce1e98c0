"""The Labyrinth's proved length bounds (``length.py``): games played to be long (every
choice that can lengthen the game taken) stay within them, per game, per seat and in
decision nodes; the bounds follow the card set, and GameInfo's is the worst of all."""

from __future__ import annotations

import random

import pytest

from tabletop.games.wicked_labyrinth import length
from tabletop.games.wicked_labyrinth.cards import default_cards, parse_cards
from tabletop.games.wicked_labyrinth.game import GAME, INFO
from tabletop.games.wicked_labyrinth.ids import DISCARD_CHANGE, DISCARD_PROMOTION, DONE

ENDINGS = {DONE, DISCARD_CHANGE, DISCARD_PROMOTION}
"""Choices that shorten soul processing: taken only when nothing else is legal."""


def long_game(players: int, seed: int, options: dict | None = None) -> tuple[int, list[int], int]:
    """One game whose seats never end soul processing while they can do anything else
    and otherwise choose at random: (decisions, each seat's, decision nodes)."""
    rng = random.Random(seed)
    state = GAME.new_game(players, seed, **(options or {}))
    seats = [0] * players
    nodes = 0
    while not state.is_terminal():
        nodes += 1
        for p in state.current_players():
            legal = list(state.legal_action_ids(p))
            lasting = [a for a in legal if a not in ENDINGS] or legal
            state.apply(p, rng.choice(lasting))
            seats[p] += 1
    return sum(seats), seats, nodes


@pytest.mark.parametrize("players", [3, 4, 5])
def test_long_games_stay_within_the_bounds(players):
    bound = length.longest(players, default_cards())
    for seed in range(12):
        decisions, seats, nodes = long_game(players, seed)
        assert decisions <= bound.decisions
        assert max(seats) <= bound.per_seat
        assert nodes <= bound.nodes


def test_the_bounds_follow_the_card_set():
    data = default_cards().to_json()
    for corridor in data["corridor"]:
        corridor["upper"] = ["promotion"]  # no corridor gives a fragment above
    for small in data["small_oracle"]:
        small["reward"] = ["red"]
    small = parse_cards(data, "test")
    lighter, default = length.longest(3, small), length.longest(3, default_cards())
    assert lighter.per_seat < default.per_seat and lighter.nodes < default.nodes
    assert length.longest_for_options(3, {"cards": small}) == lighter
    for seed in range(3):
        decisions, seats, nodes = long_game(3, seed, {"cards": small})
        assert max(seats) <= lighter.per_seat and nodes <= lighter.nodes


def test_game_info_holds_the_worst_card_set_at_every_player_count():
    assert INFO.max_game_length == max(length.longest(n).decisions for n in INFO.player_counts)
    for n in INFO.player_counts:
        worst, default = length.longest(n), length.longest(n, default_cards())
        assert worst.decisions >= default.decisions and worst.per_seat >= default.per_seat


def test_the_card_shape_rule_is_the_one_the_worst_case_assumes():
    data = default_cards().to_json()
    data["corridor"][0]["upper"] = ["red"] * (length.UPPER_MOST + 1)
    with pytest.raises(Exception, match="one or two"):
        parse_cards(data, "test")
    data = default_cards().to_json()
    data["small_oracle"][0]["reward"] = ["red"] * (length.REWARD_MOST + 1)
    with pytest.raises(Exception, match="one to three"):
        parse_cards(data, "test")
