"""No input earns a 500: hypothesis over the data options and the inputs that once did.

The data options (card sets, boards, memory cards) are the richest input a stranger
sends: whole files of nested JSON that each game parses. The fuzzer starts from each
game's own shipped file and replaces one value anywhere in it (or the whole option)
with arbitrary JSON, so most examples reach deep into a parser, past the checks on the
outer shape. Every answer must be a success or a 4xx in the error envelope, whose
message is the game's own words (naming the place), never the server's "this is a bug".
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from server.helpers import FAST
from tabletop.server import ServerConfig
from tabletop.web.app import create_app

GAMES_DIR = Path(tabletop.__file__).with_name("games")
DATA_OPTIONS = {
    ("wicked-labyrinth", "cards"): GAMES_DIR / "wicked_labyrinth" / "cards.toml",
    ("code-of-nine", "memory_cards"): GAMES_DIR / "code_of_nine" / "memory_cards.toml",
    ("code-of-nine", "locations"): GAMES_DIR / "code_of_nine" / "locations.toml",
}
"""Each game's data options and the file it ships for them."""

REFUSALS = {
    "bad_table",
    "bad_file",
    "bad_options",
    "option_too_large",
    "invalid",
    "too_deep",
    "too_large",
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    config = ServerConfig(
        data_dir=str(tmp_path_factory.mktemp("fuzz")), quota_exempt=("testclient",), **FAST
    )
    with TestClient(create_app(config), raise_server_exceptions=False) as c:
        yield c


def shipped(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


def paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, the value itself first."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*here, i))


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(1 << 70), max_value=1 << 70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "x", "red", "quarry", "legacy", "1", "\u30ab"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Arbitrary JSON (without NaN and infinities, which JSON cannot carry)."""


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str, Any]:
    """A game, one of its data options, and that option's shipped data with one place
    replaced by arbitrary JSON (or a key removed, or one added)."""
    (game, option), path = draw(st.sampled_from(sorted(DATA_OPTIONS.items())))
    data = shipped(path)
    places = list(paths(data))
    where = draw(st.sampled_from(places))
    how = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
    if not where:
        return game, option, draw(JSON) if how == "replace" else data
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    last = where[-1]
    if how == "remove" and isinstance(parent, dict):
        del parent[last]
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.text(max_size=8))] = draw(JSON)
    else:
        parent[last] = draw(JSON)
    return game, option, data


def create(client: TestClient, game: str, options: dict[str, Any]) -> Any:
    return client.post("/api/tables", json={"game": game, "players": 3, "options": options})


def check_answer(response: Any) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert error["code"] in REFUSALS, response.text
        message = error["message"]
        assert message and "bug" not in message and "could not read" not in message, response.text


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutated())
def test_any_data_option_is_accepted_or_refused_in_words(
    client: TestClient, case: tuple[str, str, Any]
) -> None:
    game, option, value = case
    check_answer(create(client, game, {option: value}))


@pytest.mark.parametrize(
    ("game", "options"),
    [
        # the TypeError: an item's name that is a list
        ("code-of-nine", {"locations": {"item": [{"name": []}], "location": []}}),
        ("code-of-nine", {"locations": {"item": {}, "location": {}}}),
        ("code-of-nine", {"memory_cards": {"card": [{"number": []}]}}),
        ("code-of-nine", {"memory_cards": {"card": [[]]}}),
        ("wicked-labyrinth", {"cards": {"corridor": [{"id": {}}]}}),
        ("wicked-labyrinth", {"cards": {"corridor": [[]]}}),
    ],
)
def test_data_options_of_the_wrong_shape_are_refused(
    client: TestClient, game: str, options: dict[str, Any]
) -> None:
    response = create(client, game, options)
    check_answer(response)
    assert response.status_code == 422


def test_a_chat_cursor_past_64_bits_is_refused(client: TestClient) -> None:
    table = create(client, "code-of-nine", {}).json()["table"]
    for after in ("9223372036854775808", "-9223372036854775809", "1" * 40):
        response = client.get(f"/api/tables/{table['id']}/chat", params={"after": after})
        check_answer(response)
        assert response.status_code == 422
    assert client.get(f"/api/tables/{table['id']}/chat?after=9223372036854775807").json() == {
        "messages": []
    }


@pytest.mark.parametrize(
    "text",
    [
        '{"a": "\\ud800"}',  # a lone surrogate: no UTF-8 can carry it back
        '{"\\udc00": 1}',
        '{"a": ' * 300 + "1" + "}" * 300,  # deeper than any answer may nest
        "a = " + "[" * 300 + "]" * 300,
    ],
)
def test_a_data_file_that_cannot_be_answered_is_refused(client: TestClient, text: str) -> None:
    name = "cards.toml" if text.startswith("a =") else "cards.json"
    response = client.post("/api/web/data-file", json={"name": name, "text": text})
    check_answer(response)
    assert response.status_code == 422 and response.json()["error"]["code"] == "bad_file"


def test_a_lone_surrogate_anywhere_in_a_body_is_refused(client: TestClient) -> None:
    body = b'{"game": "code-of-nine", "players": 3, "options": {"memory_cards": {"\\ud800": 1}}}'
    response = client.post(
        "/api/tables", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_request"
    paired = json.dumps({"name": "\U0001f600"})  # a pair is one character: fine
    table = create(client, "code-of-nine", {}).json()["table"]
    response = client.post(
        f"/api/tables/{table['id']}/seats/0/join",
        content=paired.encode(),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 200, response.text
