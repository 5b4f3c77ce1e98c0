"""axe-core on every screen of The Wicked Labyrinth, in English and Japanese (issue 29):
the lobby, the new-table form, the table at each kind of decision (the declaration, with
the reveal and the round summary beside it; a white fragment's or an overflow's dialog;
soul processing), the final screen, the replay and the tutorial. No screen may have a
serious or critical violation (``scripts/axe_report.py`` prints every impact's count)."""

from __future__ import annotations

from typing import Any

import pytest

from web.a11y import every_screen, severe
from web.server import LiveServer

pytestmark = pytest.mark.browser

KINDS = {"declare", "declare+reveal", "declare+summary", "processing"}


def test_no_serious_or_critical_violation_on_any_screen(browser: Any, tmp_path: Any) -> None:
    with LiveServer(tmp_path) as server:
        seen, found, errors = every_screen(browser, server, "wicked-labyrinth", 3, 7)
    assert seen >= KINDS, sorted(seen)  # every kind of decision was checked
    assert {"dialog-white+reveal", "dialog-overflow+reveal"} & seen, sorted(seen)
    for screen in (
        "lobby",
        "wicked-labyrinth/form",
        "wicked-labyrinth/final",
        "wicked-labyrinth/replay-end",
        "wicked-labyrinth/tutorial",
    ):
        assert {f"{screen}/en", f"{screen}/ja"} <= set(found), sorted(found)
    assert {name: severe(v) for name, v in found.items() if severe(v)} == {}
    assert errors == []
