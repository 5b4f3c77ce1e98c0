"""The lobby's card file option: a good file makes the table, a bad one is refused with
the file's problem named, and nothing is created. Its seats offer the difficulty
levels the level ladder measured, each above the weakest with its measured strength
(from the committed ladder data, in English and Japanese), the strongest a measured
search, not a bare ``mcts``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.bots.levels import LEVELS, strength
from tabletop.games import REGISTRY
from tabletop.games.wicked_labyrinth import cards
from web.players import new_page
from web.server import LiveServer

pytestmark = pytest.mark.browser

SHIPPED = Path(cards.__file__).with_name("cards.toml")


def test_a_card_file_is_read_and_checked(
    live_server: LiveServer, browser: Any, tmp_path: Path
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(live_server.url + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "wicked-labyrinth")
    page.select_option("#players", "3")
    offered = page.eval_on_selector_all(
        "select[name=seat1] option", "os => os.map(o => [o.value, o.textContent])"
    )
    (search,) = LEVELS["wicked-labyrinth"]["mcts"]
    levels = REGISTRY.kit("wicked-labyrinth").levels
    hard = strength("wicked-labyrinth", levels[2])
    top = strength("wicked-labyrinth", levels[3])
    assert hard is not None and top is not None
    assert [text for value, text in offered if value == search] == [
        "Strongest bot: search (MCTS, reads its rivals, 2 s at most) "
        f"(wins {100 * top.rate:.1f}% one against three Hard bots, "
        f"95%: {100 * top.low:.1f}-{100 * top.high:.1f}%, {top.games} games)"
    ]
    assert [text for value, text in offered if value == levels[2].spec] == [
        f"Hard bot: heuristic, tuned (CMA-ES) (wins {100 * hard.rate:.1f}% one against three "
        f"Normal bots, 95%: {100 * hard.low:.1f}-{100 * hard.high:.1f}%, {hard.games} games)"
    ]
    # the weakest level has no level below it: its name only
    assert [text for value, text in offered if value == levels[0].spec] == [
        "Easy bot: heuristic, short-sighted"
    ]
    assert "mcts" not in [value for value, _ in offered]
    # the four difficulty levels, each once, named as the ladder measured them
    named = [text.split(" bot: ")[0] for _, text in offered if " bot: " in text]
    assert sorted(named) == ["Easy", "Hard", "Normal", "Strongest"]
    assert {value for value, text in offered if " bot: " in text} == {lv.spec for lv in levels}
    page.select_option("#lang", "ja")
    page.wait_for_selector("text=テーブルを作る")
    page.select_option("#game", "wicked-labyrinth")
    page.select_option("#players", "3")
    ja = page.eval_on_selector_all(
        "select[name=seat1] option", "os => os.map(o => [o.value, o.textContent])"
    )
    assert [text for value, text in ja if value == levels[2].spec] == [
        "むずかしいのボット：ヒューリスティック・調整済み（CMA-ES）"
        f"（ふつう3体を相手に勝率{100 * hard.rate:.1f}%"
        f"・95%区間{100 * hard.low:.1f}〜{100 * hard.high:.1f}%・{hard.games}戦）"
    ]
    page.select_option("#lang", "en")
    page.wait_for_selector("text=Create the table")
    page.select_option("#game", "wicked-labyrinth")
    page.select_option("#players", "3")

    broken = tmp_path / "broken.toml"
    broken.write_text(SHIPPED.read_text("utf-8").replace('lower = "', 'lower = "purple', 1))
    page.set_input_files("input[name='file:cards']", str(broken))
    before = len(live_server.api("GET", "/api/tables")["tables"])
    page.click("#create")
    toast = page.wait_for_selector(".toast.error")
    assert "card" in toast.inner_text() and "lower" in toast.inner_text()
    assert len(live_server.api("GET", "/api/tables")["tables"]) == before

    page.set_input_files("input[name='file:cards']", str(SHIPPED))
    page.click("#create")
    link = page.wait_for_selector("#created a[data-seat]")
    table_id = (link.get_attribute("href") or "").split("/")[2]
    table = live_server.api("GET", f"/api/tables/{table_id}")["table"]
    assert len(table["options"]["cards"]["corridor"]) == 24
    assert [e for e in errors if "422" not in e] == []  # the refused create logs its 422
