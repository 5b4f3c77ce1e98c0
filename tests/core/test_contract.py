"""One contract for every caller, identical in the compiled build and the sources.

``apply``, ``legal_actions``, ``legal_action_ids``, ``is_legal`` and ``view`` take any
value as the player (and ``apply``/``is_legal`` any value as the action): a bad seat (a
wrong type, a bool, out of range) raises ``SeatError``, a malformed action
``ActionParseError``, an illegal one ``IllegalActionError``, all ``ValueError``
subclasses whose message names the player, the action as given and the reason, and
the state is unchanged. Hypothesis throws arbitrary values at this process's build
(compiled when built) and at a subprocess forced onto the sources, and every outcome
must match exactly.
"""

from __future__ import annotations

import base64
import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop import compiled
from tabletop.core.errors import ActionParseError, IllegalActionError, SeatError
from tabletop.games.code_of_nine.actions import ChooseAbyss, Place
from tabletop.games.wicked_labyrinth.actions import Declare

from .contract_probe import METHODS, Case, outcome

HERE = Path(__file__).parent


class PureWorker:
    """A subprocess running the Python sources that answers cases one by one."""

    def __init__(self) -> None:
        env = {**os.environ, compiled.PURE_ENV: "1", "PYTHONWARNINGS": "ignore"}
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "contract_probe.py")],
            cwd=HERE,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def outcome(self, case: Case) -> tuple[Any, ...]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(base64.b64encode(pickle.dumps(case)).decode() + "\n")
        self.proc.stdin.flush()
        return pickle.loads(base64.b64decode(self.proc.stdout.readline()))  # type: ignore[no-any-return]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def pure() -> Iterator[PureWorker]:
    worker = PureWorker()
    yield worker
    worker.close()


NOTATIONS = [a.notation() for name in tabletop.games() for a in tabletop.game(name).actions]
ACTION_VALUES = [a for name in tabletop.games() for a in list(tabletop.game(name).actions)[:40]]
ODD = [
    None,
    True,
    False,
    1.0,
    0.0,
    -0.0,
    float("inf"),
    float("nan"),
    "1",
    "0",
    " 2 ",
    "",
    b"1",
    [0],
    (1,),
    {},
    2**70,
    -(2**70),
    1j,
    Declare(9),
    Declare(search=-1),
    ChooseAbyss(99),
    Place("nowhere"),
    Declare([1]),  # type: ignore[arg-type]
]
anything = st.one_of(
    st.integers(-6, 8),
    st.integers(),
    st.sampled_from(ODD),
    st.floats(),
    st.text(max_size=4),
    st.sampled_from(NOTATIONS),
    st.sampled_from(ACTION_VALUES),
    st.integers(-3, 260),
)
cases = st.tuples(
    st.sampled_from(
        [("wicked-labyrinth", n) for n in (3, 4, 5)] + [("code-of-nine", n) for n in (3, 4)]
    ),
    st.integers(0, 3),
    st.integers(0, 80),
    st.sampled_from(METHODS),
    anything,
    anything,
).map(lambda t: (t[0][0], t[0][1], t[1], t[2], t[3], t[4], t[5]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=cases)
def test_both_builds_keep_one_contract_for_any_input(pure: PureWorker, case: Case) -> None:
    here = outcome(case)
    assert here == pure.outcome(case)
    if here[0] == "error":
        _, kind, message, is_value_error, unchanged = here
        assert is_value_error and unchanged, here
        assert kind in ("SeatError", "ActionParseError", "IllegalActionError"), here
        assert message.startswith(f"player {case[5]!r} "), here


def test_the_worker_runs_the_sources(pure: PureWorker) -> None:
    """The comparison means something only if the two builds differ in kind."""
    env = {**os.environ, compiled.PURE_ENV: "1"}
    code = "import tabletop.compiled as c; print(c.ACTIVE)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "False"
    if not compiled.pure_requested():
        assert compiled.ACTIVE


@pytest.mark.parametrize("name", ["wicked-labyrinth", "code-of-nine"])
@pytest.mark.parametrize(
    ("player", "reason"),
    [
        (True, "a player is a seat number 0-2, not a bool"),
        (None, "not a NoneType"),
        ("1", "not a str"),
        (1.0, "not a float"),
        (5, "there is no player 5 at this table (seats 0-2)"),
        (-1, "there is no player -1 at this table"),
    ],
)
def test_a_bad_seat_is_refused_the_same_way_everywhere(name: str, player: Any, reason: str) -> None:
    """The issue's cases, both games: every public method refuses the seat by name."""
    state = tabletop.new_game(name, players=3, seed=1)
    before = state.to_json()
    legal = state.legal_actions(state.current_players()[0])[0].notation()
    calls = [
        (lambda: state.apply(player, legal), f"player {player!r} cannot play {legal!r}"),
        (lambda: state.legal_actions(player), f"player {player!r} has no legal actions"),
        (lambda: state.legal_action_ids(player), f"player {player!r} has no legal actions"),
        (lambda: state.is_legal(player, legal), f"player {player!r} cannot be asked"),
        (lambda: state.view(player), f"player {player!r} has no view"),
    ]
    for call, start in calls:
        with pytest.raises(SeatError) as refused:
            call()
        assert str(refused.value).startswith(start) and reason in str(refused.value)
        assert isinstance(refused.value, ValueError)
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("name", "action", "reason"),
    [
        ("wicked-labyrinth", "xyz", "'xyz' is not an action of wicked-labyrinth"),
        ("wicked-labyrinth", 999, "999 is not an action id of wicked-labyrinth"),
        ("wicked-labyrinth", Declare(search=9), "is not an action of wicked-labyrinth"),
        ("code-of-nine", "xyz", "'xyz' is not an action of code-of-nine"),
        ("code-of-nine", 1.5, "1.5 is not an action of code-of-nine"),
    ],
)
def test_a_malformed_action_names_the_player_the_action_and_the_reason(
    name: str, action: Any, reason: str
) -> None:
    state = tabletop.new_game(name, players=3, seed=2)
    before = state.to_json()
    with pytest.raises(ActionParseError) as refused:
        state.apply(2, action)
    assert str(refused.value) == f"player 2 cannot play {action!r}: {refused.value.reason}"
    assert reason in refused.value.reason
    assert refused.value.player == 2 and refused.value.action == action
    assert not state.is_legal(2, action)
    assert state.to_json() == before


def test_an_illegal_action_still_names_player_action_and_reason() -> None:
    state = tabletop.new_game("code-of-nine", players=3, seed=2)
    with pytest.raises(IllegalActionError, match=r"^player 1 cannot play quarry: the player must"):
        state.apply(1, "quarry")
