"""``tabletop bots tune``: a heuristic's documented parameters searched by CMA-ES
against the generated population, on tuning seeds only."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tabletop.arena.population import EVALUATION_SEED, styles
from tabletop.bots import parse_spec
from tabletop.cli.app import app
from tabletop.training import tune

pytest.importorskip("cma")  # the tune extra; installed by scripts/setup.sh (.[all])


def test_points_and_specs_map_the_documented_ranges() -> None:
    found = styles("code-of-nine")
    spec = tune.spec_of(found, [0.0, 1.0, 0.5, 2.0])  # 2.0 is clipped to the top
    assert parse_spec(spec)[1] == {"samples": 2, "will": 1.5, "info": 1.5, "guard": 1.2}
    back = tune.point_of(found, spec)
    assert back == pytest.approx([0.0, 1.0, 0.5, 1.0])
    assert tune.point_of(found, "heuristic:samples=17")[1:] == [0.5, 0.5, 0.5]
    with pytest.raises(ValueError, match="no documented range for depth"):
        tune.point_of(found, "heuristic:depth=3")
    with pytest.raises(ValueError, match="4 parameters, got 1"):
        tune.spec_of(found, [0.5])


def test_candidates_are_compared_on_the_same_games() -> None:
    same = "heuristic:samples=4,will=0.4,info=1.0,guard=0.3"
    shares = tune.evaluate("code-of-nine", [same, same], 4, 11, 1)
    assert shares[0] == shares[1]
    assert 0.0 <= shares[0] <= 1.0


def test_a_short_run_tunes_within_the_ranges(tmp_path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "log.jsonl"
    final, scored = tune.tune("code-of-nine", 2, 4, seed=5, popsize=3, log=log)
    assert [s.generation for s in scored] == [0, 0, 0, 1, 1, 1]
    assert len(log.read_text().splitlines()) == 6
    found = styles("code-of-nine")
    params = parse_spec(final)[1]
    for p in found.params:
        assert p.low <= params[p.name] <= p.high


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seed": EVALUATION_SEED - 3}, "tuning seeds must lie in"),
        ({"seed": -1}, "tuning seeds must lie in"),
        ({"games": 6}, "multiple of 4"),
        ({"generations": 0}, "at least one generation"),
    ],
)
def test_bad_tuning_runs_are_refused(kwargs: dict[str, int], words: str) -> None:
    args = {"generations": 1, "games": 4, "seed": 0, **kwargs}
    with pytest.raises(ValueError, match=words):
        tune.tune("code-of-nine", args["generations"], args["games"], args["seed"])


def test_one_parameter_is_not_for_cma_es() -> None:
    with pytest.raises(ValueError, match="CMA-ES needs two parameters"):
        tune.tune("goofspiel", 1, 4)


def test_the_command_reports_each_generation(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "tune.md"
    result = CliRunner().invoke(
        app,
        [
            "bots",
            "tune",
            "code-of-nine",
            "--generations",
            "1",
            "--games",
            "4",
            "--popsize",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "tabletop bots tune code-of-nine --generations 1 --games 4" in text
    assert "| 0 | 2 |" in text and "Tuned (CMA-ES's favourite): `heuristic:" in text
    bad = CliRunner().invoke(app, ["bots", "tune", "goofspiel", "--games", "4"])
    assert bad.exit_code != 0 and "CMA-ES needs two parameters" in bad.output
