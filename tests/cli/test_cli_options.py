"""Command-line flags into game options, checked against ``GameInfo.options``."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import tabletop
from tabletop.cli.errors import CliError
from tabletop.cli.options import game_options, parse_specs, player_count
from tabletop.core.info import GameInfo, OptionSpec

INFO = GameInfo(
    name="toy",
    title="Toy",
    player_counts=(2, 3),
    options=(
        OptionSpec("expert", bool, False, ""),
        OptionSpec("rounds", int, 4, ""),
        OptionSpec("komi", (int, float), 0, ""),
        OptionSpec("cards", (str, dict), None, ""),
    ),
    num_distinct_actions=1,
    num_chance_outcomes=0,
    max_game_length=1,
    min_score=0,
    max_score=1,
    simultaneous=False,
    hidden_information=False,
)
TOY = SimpleNamespace(info=INFO)


def test_values_take_the_declared_type(tmp_path: Path) -> None:
    cards = tmp_path / "cards.toml"
    cards.write_text("")
    options = game_options(TOY, cards, True, ["rounds=6", "komi=0.5", "expert=no"])
    assert options == {"rounds": 6, "komi": 0.5, "expert": True, "cards": str(cards)}
    assert game_options(TOY, None, False, ["expert=off", "komi=3"]) == {"expert": False, "komi": 3}


@pytest.mark.parametrize(
    "item, words",
    [
        ("rounds=many", "'rounds' must be int"),
        ("expert=maybe", "'expert' must be bool"),
        ("colour=red", "no option 'colour' (options: expert, rounds, komi, cards)"),
        ("=3", "NAME=VALUE"),
    ],
)
def test_bad_values_are_refused(item: str, words: str) -> None:
    with pytest.raises(CliError, match=words.replace("(", r"\(").replace(")", r"\)")):
        game_options(TOY, None, False, [item])


def test_seat_lists_and_player_counts() -> None:
    game = tabletop.game("wicked-labyrinth")
    assert parse_specs(" human, mcts:iterations=200 ", "--seats") == [
        "human",
        "mcts:iterations=200",
    ]
    assert player_count(game, None, 4, "--seats") == 4
    with pytest.raises(CliError, match="--players is 3 but --seats lists 4 seats"):
        player_count(game, 3, 4, "--seats")
    with pytest.raises(CliError, match="not 6"):
        player_count(game, None, 6, "--seats")


def test_a_key_value_item_continues_the_bot_spec_before_it() -> None:
    """`mcts:time=0.25,guide=heuristic,random` is two seats (play, simulate, arena)."""
    from tabletop.cli.options import parse_specs

    assert parse_specs("mcts:time=0.25,guide=heuristic,random", "--bots") == [
        "mcts:time=0.25,guide=heuristic",
        "random",
    ]
    assert parse_specs("human, random", "--seats") == ["human", "random"]
