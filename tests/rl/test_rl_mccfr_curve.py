"""scripts/mccfr_curve.py: external-sampling MCCFR through OpenSpiel converges on a
small research configuration, and docs/rl.md's curve is what the command prints."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = runpy.run_path(str(ROOT / "scripts" / "mccfr_curve.py"))
DOC = ROOT / "docs" / "rl.md"
REFERENCE = (
    "goofspiel(players=2,num_cards={},points_order=descending,returns_type=win_loss,imp_info=True)"
)


def test_mccfr_drives_nash_conv_down_on_a_small_configuration():
    rows = SCRIPT["curve"](
        "goofspiel",
        2,
        {"num_cards": 3, "points_order": "descending"},
        iterations=100,
        every=50,
        reference=REFERENCE.format(3),
        reference_scale=0.5,
    )
    assert [r.iterations for r in rows] == [0, 50, 100]
    assert rows[0].infostates == 0 and rows[-1].infostates > 0
    convs = [r.nash_conv for r in rows]
    assert convs[0] > 0.5  # the uniform policy is far from equilibrium
    assert convs[0] > convs[1] > convs[2]
    assert convs[2] < convs[0] / 10
    assert rows[-1].reference < rows[0].reference / 10  # OpenSpiel's own game alike


def test_an_option_is_read_as_its_type():
    parse = SCRIPT["parse_option"]
    assert parse("num_cards=4") == ("num_cards", 4)
    assert parse("expert=true") == ("expert", True)
    assert parse("points_order=descending") == ("points_order", "descending")
    with pytest.raises(Exception, match="name=value"):
        parse("num_cards")


def docs_rows() -> list[list[str]]:
    text = DOC.read_text(encoding="utf-8")
    table = re.search(r"\| iterations \| CPU seconds \|.*?\n\|[-:|]+\|\n((?:\|.*\n)+)", text)
    assert table is not None, "docs/rl.md has no MCCFR curve table"
    return [[c.strip() for c in line.strip("|").split("|")] for line in table.group(1).splitlines()]


@pytest.mark.slow  # 250 iterations and two NashConv walks (about 40 s)
def test_the_docs_curve_starts_as_the_command_prints_it():
    """The first two rows of docs/rl.md's table, seeds as its command gives them (the
    CPU seconds aside): deterministic, so the whole table reproduces."""
    rows = SCRIPT["curve"](
        "goofspiel",
        2,
        {"num_cards": 4, "points_order": "descending"},
        iterations=250,
        every=250,
        seed=0,
        reference=REFERENCE.format(4),
        reference_scale=0.5,
    )
    printed = [[c.strip() for c in SCRIPT["markdown_row"](r).strip("|").split("|")] for r in rows]
    documented = docs_rows()[:2]
    for got, want in zip(printed, documented, strict=True):
        assert got[0] == want[0] and got[2:] == want[2:]
