"""``tabletop bench`` reports MCTS iterations per second."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.bench.mcts import iterations_per_second
from tabletop.cli.app import app


@pytest.mark.parametrize("name", ["wicked-labyrinth", "code-of-nine"])
def test_iterations_per_second_from_a_mid_game_decision(name: str) -> None:
    assert iterations_per_second(tabletop.game(name), 4, 0.05, seed=3) > 0


def test_bench_json_has_the_mcts_figure() -> None:
    out = CliRunner().invoke(app, ["bench", "code-of-nine", "--json", "--seconds", "0.02"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["mcts_iterations_per_second"] > 0
