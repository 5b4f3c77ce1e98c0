"""The memory card balance report (issue 3, section 2): table, plot and figures."""

from __future__ import annotations

import functools
import json
import pathlib

from tabletop.games.code_of_nine.memory_card_report import (
    TARGET_PP,
    markdown,
    measure,
    write_report,
)
from tabletop.reports.card_holdings import play_for_holdings

PLAY = functools.partial(play_for_holdings, "code-of-nine")


def test_report_measures_every_card_and_writes_table_plot_and_data(tmp_path: pathlib.Path) -> None:
    """Each card's holders' win rate against the average, with a 95% interval."""
    normal = measure(PLAY, 12, seed=3, bot="random")
    expert = measure(PLAY, 6, seed=3, expert=True, bot="random")
    assert [c.number for c in normal.cards] == list(range(1, 19))
    assert [c.number for c in expert.cards] == list(range(1, 29))
    assert sum(c.holders for c in normal.cards) == 12 * 8
    for c in normal.cards:
        if c.holders > 1:
            assert abs(c.effect_pp - 100 * (c.win_rate - normal.average)) < 1e-9
            assert c.ci_pp >= 0
    paths = write_report([normal, expert], str(tmp_path))
    assert [pathlib.Path(p).name for p in paths] == [
        "memory-cards.md",
        "memory-cards.png",
        "memory-cards.json",
    ]
    assert (tmp_path / "memory-cards.png").stat().st_size > 1000
    table = (tmp_path / "memory-cards.md").read_text()
    assert table == markdown([normal, expert]) and f"±{TARGET_PP:.0f} pp" in table
    data = json.loads((tmp_path / "memory-cards.json").read_text())
    assert data[1]["expert"] and len(data[1]["cards"]) == 28
