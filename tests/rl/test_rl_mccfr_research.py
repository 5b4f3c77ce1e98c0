"""External-sampling MCCFR on each published game's research configuration
(``research=tiny``, 3 players): the solver runs through OpenSpiel and meets a bounded
number of information states; the OpenSpiel game plays the configuration to its end."""

from __future__ import annotations

import random
import re
import runpy
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tabletop import openspiel  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = runpy.run_path(str(ROOT / "scripts" / "mccfr_curve.py"))
GAMES = ["code-of-nine", "wicked-labyrinth"]


@pytest.mark.parametrize("game", GAMES)
def test_mccfr_runs_on_the_research_configuration(game: str) -> None:
    """Ten iterations meet a few thousand information states (the published game's one
    round of two pawns met ~4,000 an iteration: Code of Nine's ``rounds``/``pawns``),
    and the proxy of convergence is printed where NashConv cannot be walked."""
    rows = SCRIPT["curve"](game, 3, {"research": "tiny"}, 10, 5, seed=0, nash_conv=False)
    assert [r.iterations for r in rows] == [0, 5, 10]
    assert rows[0].infostates == 0 < rows[1].infostates < rows[2].infostates < 10 * 1_000
    assert rows[0].change is None and rows[2].change is not None and rows[2].change >= 0
    assert rows[2].moved is not None and 0 <= rows[2].moved <= 1
    assert SCRIPT["markdown_row"](rows[0]).endswith("|  |  |")
    assert all(r.nash_conv is None for r in rows)
    assert SCRIPT["markdown_header"](False, False).startswith(
        "| iterations | CPU seconds | information states | average policy's change | states moved |"
    )


def test_policy_change_is_the_mean_total_variation() -> None:
    np = pytest.importorskip("numpy")
    before = {"a": np.array([0.5, 0.5]), "b": np.array([1.0, 0.0])}
    now = {"a": np.array([0.75, 0.25]), "b": np.array([1.0, 0.0]), "c": np.array([1.0])}
    change, moved = SCRIPT["policy_change"](before, now)
    assert change == pytest.approx(0.125) and moved == 0.5
    assert SCRIPT["policy_change"]({}, now) == (None, None)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_plays_the_research_configuration_to_its_end(game: str) -> None:
    openspiel.register([game])
    loaded = pyspiel.load_game(openspiel.short_name(game), {"players": 3, "research": "tiny"})
    rng = random.Random(7)
    for _ in range(3):
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            if state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
                continue
            player = state.current_player()
            assert len(state.information_state_tensor(player)) == (
                loaded.information_state_tensor_size()
            )
            state.apply_action(rng.choice(state.legal_actions(player)))
        assert sum(state.returns()) == pytest.approx(1.0)


def docs_tables() -> list[list[list[str]]]:
    """docs/rl.md's proxy tables (Code of Nine's, then the Labyrinth's), cell by cell."""
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    found = re.findall(
        r"\| iterations \| CPU seconds \| information states \| average policy's change "
        r"\| states moved \|\n\|[-:|]+\|\n((?:\|.*\n)+)",
        text,
    )
    return [
        [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()]
        for table in found
    ]


@pytest.mark.slow  # 250 iterations of each game (about 15 s each here)
@pytest.mark.parametrize(("index", "game"), list(enumerate(GAMES)))
def test_the_docs_tables_start_as_the_command_prints_them(index: int, game: str) -> None:
    """The first two rows of each research table in docs/rl.md (the CPU seconds aside),
    as its command (seed 0) prints them: the whole table reproduces."""
    rows = SCRIPT["curve"](game, 3, {"research": "tiny"}, 250, 250, seed=0, nash_conv=False)
    printed = [[c.strip() for c in SCRIPT["markdown_row"](r).strip("|").split("|")] for r in rows]
    documented = docs_tables()[index][:2]
    for got, want in zip(printed, documented, strict=True):
        assert got[0] == want[0] and got[2:] == want[2:]
