"""axe-core on every screen of Code of Nine, in English and Japanese (issue 29): the
lobby, the new-table form, the table at each kind of decision (changing and placing the
memory cards, placing a pawn with the round summary beside the board or not, a
location's follow-up), the final screen, the replay and the tutorial. No screen may
have a serious or critical violation (``scripts/axe_report.py`` prints every count)."""

from __future__ import annotations

from typing import Any

import pytest

from web.a11y import every_screen, severe
from web.server import LiveServer

pytestmark = pytest.mark.browser

KINDS = {"dialog-change", "dialog-assign", "place", "place+summary"}


def test_no_serious_or_critical_violation_on_any_screen(browser: Any, tmp_path: Any) -> None:
    with LiveServer(tmp_path) as server:
        seen, found, errors = every_screen(browser, server, "code-of-nine", 4, 11)
    assert seen >= KINDS, sorted(seen)  # every kind of decision was checked
    assert any(kind.startswith("dialog-follow") for kind in seen), sorted(seen)
    for screen in (
        "lobby",
        "code-of-nine/form",
        "code-of-nine/final",
        "code-of-nine/replay-end",
        "code-of-nine/tutorial",
    ):
        assert {f"{screen}/en", f"{screen}/ja"} <= set(found), sorted(found)
    assert {name: severe(v) for name, v in found.items() if severe(v)} == {}
    assert errors == []
