"""``tabletop bots population``: a bot against fields generated from the heuristic's
documented styles, seats rotated, with intervals over games and over fields."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.arena import population as pop
from tabletop.bots import make_bot, parse_spec
from tabletop.cli.app import app
from tabletop.core.styles import Param, Styles
from tabletop.games import REGISTRY


@pytest.mark.parametrize("game", ["wicked-labyrinth", "code-of-nine", "goofspiel"])
def test_every_game_documents_its_heuristics_styles_and_draws_make_bots(game: str) -> None:
    found = pop.styles(game)
    assert found.params
    rng = random.Random(5)
    for _ in range(20):
        spec = pop.draw(found, rng)
        name, params = parse_spec(spec)
        assert name == found.bot and set(params) == {p.name for p in found.params}
        for p in found.params:
            assert p.low <= params[p.name] <= p.high
            assert isinstance(params[p.name], int) == p.whole or not p.whole
        make_bot(spec, tabletop.game(game), 0)


def test_draws_cover_the_whole_range() -> None:
    found = Styles("heuristic", (Param("x", 0.0, 1.0), Param("k", -2, 2, whole=True)))
    rng = random.Random(1)
    xs, ks = [], []
    for _ in range(400):
        params = parse_spec(pop.draw(found, rng))[1]
        xs.append(params["x"])
        ks.append(params["k"])
    assert min(xs) < 0.05 and max(xs) > 0.95
    assert set(ks) == {-2, -1, 0, 1, 2}


def test_a_range_upside_down_is_refused() -> None:
    with pytest.raises(ValueError, match="low 2 above high 1"):
        Param("x", 2, 1)


def test_fields_cycle_through_the_kinds_and_repeat_from_their_seed() -> None:
    found = pop.styles("wicked-labyrinth")
    kinds = [pop.field(found, pop.EVALUATION_SEED, i)[0] for i in range(6)]
    assert kinds == ["mixed", "styles", "copies"] * 2
    mixed = pop.field(found, 7, 0)[1]
    assert mixed[0] == "random" and len(mixed) == 3
    copies = pop.field(found, 7, 2)[1]
    assert len(set(copies)) == 1 and copies[0].startswith("heuristic:")
    assert pop.field(found, 7, 1) == pop.field(found, 7, 1)
    assert pop.field(found, 7, 1) != pop.field(found, 8, 1)


def test_the_bot_is_rotated_through_every_seat_on_one_deal() -> None:
    found = pop.styles("goofspiel")
    plan = pop.matches("B", found, 100, 8)
    assert [m.seats.index("B") for m, _ in plan] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [m.seed for m, _ in plan] == [100] * 4 + [101] * 4
    rivals = [tuple(s for s in m.seats if s != "B") for m, _ in plan[:4]]
    assert len(set(rivals)) == 1  # the rivals keep their order around the bot


def _record(index: int, seats: list[str], shares: list[float], kind: str) -> dict[str, object]:
    return {"index": index, "seats": seats, "shares": shares, "kind": kind}


def test_a_fields_rank_and_share_count_the_bot_wherever_it_sat() -> None:
    # the bot B wins 2 of 4, rival x wins 2: a tie counted against B (rank 2)
    games = [
        _record(0, ["B", "x", "y", "z"], [1, 0, 0, 0], "styles"),
        _record(1, ["x", "B", "y", "z"], [1, 0, 0, 0], "styles"),
        _record(2, ["x", "y", "B", "z"], [0, 0, 1, 0], "styles"),
        _record(3, ["x", "y", "z", "B"], [1, 0, 0, 0], "styles"),
        # a second field where B shares one win and takes the rest
        _record(4, ["B", "x", "y", "z"], [0.5, 0.5, 0, 0], "copies"),
        _record(5, ["x", "B", "y", "z"], [0, 1, 0, 0], "copies"),
        _record(6, ["x", "y", "B", "z"], [0, 0, 1, 0], "copies"),
        _record(7, ["x", "y", "z", "B"], [0, 0, 0, 1], "copies"),
        # an unfinished third field is left out
        _record(8, ["B", "x", "y", "z"], [1, 0, 0, 0], "mixed"),
    ]
    done = pop.fields(games, 4)
    assert [(f.kind, f.share, f.rank) for f in done] == [("styles", 0.5, 2), ("copies", 0.875, 1)]
    assert done[0].rivals == ("x", "y", "z")
    figures = pop.summary(games, 4)
    assert figures["all"]["fields"] == 2 and figures["all"]["games"] == 8
    assert figures["all"]["share"] == pytest.approx(0.6875)
    assert figures["all"]["first"] == 0.5
    low, high = figures["all"]["wilson"]
    assert low < 0.6875 < high
    assert figures["kinds"]["mixed"]["fields"] == 0
    assert figures["worst"][0]["share"] == 0.5


def test_the_bootstrap_interval_holds_the_mean() -> None:
    values = [0.25, 0.5, 0.75, 1.0, 0.0, 0.5]
    low, high = pop.bootstrap(values, 0)
    assert low < sum(values) / len(values) < high
    assert pop.bootstrap([0.5] * 5, 0) == (0.5, 0.5)


def test_a_game_without_styles_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    kit = REGISTRY.kit("goofspiel")
    monkeypatch.setattr(type(kit), "has", lambda self, part: part != pop.PART)
    with pytest.raises(ValueError, match="goofspiel has no bot styles"):
        pop.styles("goofspiel")


def test_the_command_plays_resumes_and_reports(tmp_path) -> None:  # type: ignore[no-untyped-def]
    args = [
        "bots",
        "population",
        "goofspiel",
        "--bot",
        "heuristic:shift=1",
        "--games",
        "8",
        "--seed",
        "3",
        "--results",
        str(tmp_path / "runs"),
        "--json",
    ]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    figures = json.loads(first.stdout.splitlines()[-1])["goofspiel"]
    assert figures["bot"] == "heuristic:shift=1" and figures["all"]["games"] == 8
    again = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "p.md")])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout.splitlines()[-1])["goofspiel"]["all"] == figures["all"]
    text = (tmp_path / "p.md").read_text()
    assert "tabletop bots population goofspiel --bot heuristic:shift=1 --games 8 --seed 3" in text
    assert f"--results {tmp_path / 'runs'}" in text  # games kept elsewhere: the report says where
    assert "| all (2) | 8 |" in text


def test_bad_population_options_are_refused() -> None:
    out = CliRunner().invoke(app, ["bots", "population", "goofspiel", "--games", "0"])
    assert out.exit_code != 0 and "--games must be at least 1" in out.output
    out = CliRunner().invoke(app, ["bots", "population", "goofspiel", "--bot", "nobody"])
    assert out.exit_code != 0 and "no bot 'nobody'" in out.output


def test_a_run_of_some_kinds_plays_the_whole_runs_games_on_those_fields() -> None:
    found = pop.styles("goofspiel")
    whole = {m.index: (m, kind) for m, kind in pop.matches("B", found, 100, 24)}
    mixed = pop.matches("B", found, 100, 8, kinds=("mixed",))
    assert [kind for _, kind in mixed] == ["mixed"] * 8
    assert [m.index for m, _ in mixed] == [0, 1, 2, 3, 12, 13, 14, 15]
    for m, kind in mixed:
        assert whole[m.index] == (m, kind)
    assert pop.matches("B", found, 100, 12, kinds=pop.KINDS) == pop.matches("B", found, 100, 12)
    with pytest.raises(ValueError, match="kinds of field are"):
        pop.matches("B", found, 100, 4, kinds=("mixd",))


def test_a_run_of_one_kind_resumes_from_the_whole_runs_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = pop.results_path(tmp_path, "goofspiel", "heuristic:shift=1", 3)
    whole = pop.run("goofspiel", "heuristic:shift=1", 12, 3, path)
    played: list[int] = []
    copies = pop.run(
        "goofspiel",
        "heuristic:shift=1",
        8,
        3,
        path,
        on_game=lambda r: played.append(r["index"]),
        kinds=("copies",),
    )
    assert [r["index"] for r in copies] == [8, 9, 10, 11, 20, 21, 22, 23]
    assert played == [20, 21, 22, 23]  # field 2's games were the whole run's
    assert copies[:4] == whole[8:]
    assert pop.summary(copies, 4)["kinds"]["copies"]["fields"] == 2
    assert pop.summary(copies, 4)["all"]["fields"] == 2
    text = pop.markdown("goofspiel", "heuristic:shift=1", pop.summary(copies, 4), "c")
    assert "| copies (2) | 8 |" in text and "mixed" not in text and "styles" not in text


def test_a_results_file_is_named_by_game_spec_and_seed_only(tmp_path) -> None:  # type: ignore[no-untyped-def]
    a = pop.results_path(tmp_path, "goofspiel", "heuristic:shift=1", 3)
    assert a == pop.results_path(tmp_path, "goofspiel", "heuristic:shift=1", 3)
    assert a.name.startswith("goofspiel-heuristic-") and a.name.endswith("-seed3.jsonl")
    assert a != pop.results_path(tmp_path, "goofspiel", "heuristic:shift=2", 3)
    assert a != pop.results_path(tmp_path, "goofspiel", "heuristic:shift=1", 4)
