"""Positions (docs/positions.md): a readable full state to start from and to write.

A position taken from any state of a random game round-trips, and the state built from
it continues exactly as the original does: same deciders, legal actions, events in
every seat's version, views and result, for both games and every player count.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tabletop
from tabletop.core.position import PositionError
from tabletop.core.state import State

COUNTS = [("wicked-labyrinth", n) for n in (3, 4, 5)] + [("code-of-nine", n) for n in (3, 4)]


def _continue_alike(original: State, copy: State, seed: int) -> None:
    a, b = original.clone(), copy
    rng = random.Random(seed)
    n = a.num_players
    while not a.is_terminal():
        assert a.current_players() == b.current_players()
        p = rng.choice(a.current_players())
        ids = list(a.legal_action_ids(p))
        assert ids == list(b.legal_action_ids(p))
        action = ids[rng.randrange(len(ids))]
        ea, eb = a.apply(p, action), b.apply(p, action)
        assert [e.for_player(q) for e in ea for q in [*range(n), None]] == [
            e.for_player(q) for e in eb for q in [*range(n), None]
        ]
        if rng.random() < 0.2:
            assert [a.view(q) for q in range(n)] == [b.view(q) for q in range(n)]
    assert b.is_terminal() and a.result() == b.result()
    assert a.to_json()["state"] == b.to_json()["state"]


def _check(state: State, seed: int) -> None:
    data = json.loads(json.dumps(state.position()))  # plain JSON, as a file holds it
    copy = tabletop.position(state.game.info.name, data)
    assert copy.position() == data
    assert copy.to_json()["state"] == state.to_json()["state"]
    assert copy.rng.state == state.rng.state
    assert [copy.view(q) for q in range(state.num_players)] == [
        state.view(q) for q in range(state.num_players)
    ]
    assert copy.history == [] and copy.start_events == ()
    if not state.is_terminal():
        _continue_alike(state, copy, seed)


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_a_position_from_any_state_continues_exactly(name: str, players: int) -> None:
    """Random walks; at random states (and the end) the position is taken and both play
    on with the same choices."""
    for seed in range(2):
        rng = random.Random(seed * 31 + players)
        state = tabletop.new_game(name, players=players, seed=seed)
        _check(state, seed)
        while not state.is_terminal():
            if rng.random() < 0.04:
                _check(state, rng.getrandbits(32))
            p = rng.choice(state.current_players())
            ids = list(state.legal_action_ids(p))
            state.apply(p, ids[rng.randrange(len(ids))])
        _check(state, seed)


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_a_record_from_a_position_replays_from_it(name: str, players: int) -> None:
    start = tabletop.new_game(name, players=players, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        p = rng.choice(start.current_players())
        start.apply(p, rng.choice(list(start.legal_action_ids(p))))
    state = tabletop.position(name, start.position())
    for _ in range(10):
        p = rng.choice(state.current_players())
        state.apply(p, rng.choice(list(state.legal_action_ids(p))))
    record = json.loads(json.dumps(state.record().to_json()))
    assert record["position"] == start.position()
    assert tabletop.replay(record).to_json() == state.to_json()
    assert tabletop.state_from_json(state.to_json()).record() == state.record()


def test_positions_read_from_toml_and_json_files(tmp_path: Any) -> None:
    toml = tmp_path / "p.toml"
    toml.write_text(WL_EXAMPLE)
    state = tabletop.position("wicked-labyrinth", str(toml))
    assert state.current_players() == (0, 1, 2) and state.round == 2
    path = tmp_path / "p.json"
    path.write_text(json.dumps(state.position()))
    assert tabletop.position("wicked-labyrinth", str(path)).position() == state.position()


WL_EXAMPLE = """
game = "wicked-labyrinth"
players = 3
round = 2
phase = "search"
corridor = 0
row = ["C01", "C02", "C03", "C04"]
discard = ["C05", "C06", "C07", "C08"]
seed = 7

[[player]]
tokens.low = { red = 2, green = 1 }
tokens.middle = { blue = 1 }
great_oracles = [{ card = "G01" }, { card = "G02" }]
small_oracles = [{ card = "S01" }, { card = "S02", achieved = true }]

[[player]]
impurity = 2

[[player]]
tokens.high = { yellow = 1 }
"""


def _wl() -> dict[str, Any]:
    return tabletop.new_game("wicked-labyrinth", players=3, seed=2).position()


def _con() -> dict[str, Any]:
    state = tabletop.new_game("code-of-nine", players=3, seed=2)
    for p in range(3):
        state.apply(p, "keep")
    for p in range(3):
        state.apply(p, state.legal_actions(p)[0])
    return state.position()


def _set(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    here: Any = data
    keys = path.split(".")
    for key in keys[:-1]:
        here = here[int(key)] if isinstance(here, list) else here[key]
    last = keys[-1]
    if isinstance(here, list):
        here[int(last)] = value
    else:
        here[last] = value
    return data


@pytest.mark.parametrize(
    ("name", "path", "value", "field", "problem"),
    [
        ("wicked-labyrinth", "round", 5, "round", "from 1 to 4"),
        ("wicked-labyrinth", "phase", "setup", "phase", "is not one of search"),
        ("wicked-labyrinth", "row.0", "C99", "row[0]", "not a corridor of this card set"),
        ("wicked-labyrinth", "player.1.tokens.low.red", 9, "player[1].tokens.low.red", "0 to 7"),
        ("wicked-labyrinth", "player.0.tokens.high.blue", 5, "player[0].tokens.high", "4 spots"),
        (
            "wicked-labyrinth",
            "player.2.great_oracles.0.card",
            "G77",
            "player[2].great_oracles[0].card",
            "not an oracle",
        ),
        (
            "wicked-labyrinth",
            "player.0.declaration",
            "x9",
            "player[0].declaration",
            "not a closed hand",
        ),
        ("wicked-labyrinth", "player.0.speed", 3, "player[0].speed", "not a field"),
        (
            "wicked-labyrinth",
            "player.2.declaration",
            "d1",
            "player[2].declaration",
            "still deciding",
        ),
        ("wicked-labyrinth", "players", 6, "players", "not 6"),
        ("wicked-labyrinth", "game", "chess", "game", "not wicked-labyrinth"),
        (
            "code-of-nine",
            "holder.0.memory_cards.0",
            99,
            "holder[0].memory_cards[0]",
            "not a memory card",
        ),
        ("code-of-nine", "holder.1.items.coin", -1, "holder[1].items.coin", "from 0 to 99"),
        (
            "code-of-nine",
            "holder.2.protected_from",
            ["fire"],
            "holder[2].protected_from[0]",
            "not looks or attacks",
        ),
        (
            "code-of-nine",
            "placed",
            {"moon": {"pawns": 1, "seats": [0]}},
            "placed.moon",
            "is not a location",
        ),
        ("code-of-nine", "phase", "deal", "phase", "is not one of change"),
        ("code-of-nine", "turn", 3, "turn", "from 0 to 2"),
    ],
)
def test_the_builder_names_the_field_of_each_mistake(
    name: str, path: str, value: Any, field: str, problem: str
) -> None:
    data = _set(_wl() if name == "wicked-labyrinth" else _con(), path, value)
    with pytest.raises(PositionError) as refused:
        tabletop.position(name, data)
    assert refused.value.field == field and problem in refused.value.problem
    assert str(refused.value).startswith(f"position, field {field!r}: ")
    assert isinstance(refused.value, ValueError)


def test_hidden_parts_left_out_are_drawn_from_the_seed() -> None:
    """Memory cards given as "?" (and omitted oracles, and a closed hand "?") are dealt
    at random by the position's generator: the same seed deals the same."""
    data = _con()
    data.pop("rng")
    data.pop("deck")
    for holder in data["holder"][1:]:
        holder["memory_cards"] = ["?", "?"]
    one = tabletop.position("code-of-nine", {**data, "seed": 1})
    again = tabletop.position("code-of-nine", {**data, "seed": 1})
    other = tabletop.position("code-of-nine", {**data, "seed": 2})
    assert one.position() == again.position()
    assert one.position()["holder"][0] == data["holder"][0]
    cards = [h["memory_cards"] for h in one.position()["holder"]]
    assert len({c for pair in cards for c in pair}) == 8
    assert [h["memory_cards"] for h in other.position()["holder"]] != cards  # seed 2 deals others
    wl = _wl()
    wl.pop("rng")
    for player in wl["player"]:
        player.pop("great_oracles")
        player.pop("small_oracles")
    wl["player"][1]["declaration"] = "?"
    wl["player"][1]["deciding"] = "idle"  # committed: no longer deciding
    dealt = tabletop.position("wicked-labyrinth", {**wl, "seed": 3}).position()
    held = [o["card"] for p in dealt["player"] for o in p["great_oracles"] + p["small_oracles"]]
    assert len(set(held)) == 12
    assert dealt["player"][1]["declaration"].startswith("d")
    assert dealt == tabletop.position("wicked-labyrinth", {**wl, "seed": 3}).position()


def test_the_docs_examples_are_valid_positions() -> None:
    """docs/positions.md holds one example per game, and each builds as described."""
    import re
    import tomllib
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "positions.md").read_text()
    blocks = [tomllib.loads(b) for b in re.findall(r"```toml\n(.*?)```", doc, re.S)]
    assert [b["game"] for b in blocks] == ["wicked-labyrinth", "code-of-nine"]
    wl = tabletop.position("wicked-labyrinth", blocks[0])
    assert wl.current_players() == (0, 1, 2) and wl.view(0).boards[0].tokens[0][0] == 2
    con = tabletop.position("code-of-nine", blocks[1])
    assert con.current_players() == (1,) and con.view(0).known_card(1, 1).number == 9
    assert len({c for h in con.position()["holder"] for c in h["memory_cards"]}) == 8
