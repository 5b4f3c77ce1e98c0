"""A table with a clock: the deciding seat sees its seconds run down; a spectator sees
only the clock's setting."""

from __future__ import annotations

from typing import Any

import pytest

from web.players import join, new_page, one_person_and_bots
from web.server import LiveServer

pytestmark = pytest.mark.browser


def test_a_seat_on_a_clock_sees_its_time_run_down(live_server: LiveServer, browser: Any) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    table_id = one_person_and_bots(live_server, clock=30)
    join(page, live_server.url, table_id, 0, "Al")
    page.wait_for_selector("#declaration")
    first = int(page.inner_text("#clock-left").split()[0])
    assert 25 <= first <= 30
    page.wait_for_function(
        "n => parseInt(document.getElementById('clock-left').textContent) < n",
        arg=first, timeout=5000,
    )

    watcher = new_page(browser, errors)
    watcher.goto(f"{live_server.url}/#/watch/{table_id}")
    watcher.wait_for_selector(".table-head .clock")
    assert watcher.query_selector("#clock-left") is None
    assert "30 s a decision" in watcher.inner_text(".table-head .clock")
    assert errors == []
