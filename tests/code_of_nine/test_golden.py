"""Golden records (design guide, tests 4): a rule change that alters them is deliberate.

Regenerate with ``scripts/regen_golden.py`` and review the diff when the rules change.
These were first written with the sealed, simultaneous change of memory cards at setup
(rulings, "Turn structure").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabletop

FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_records_for_both_counts_and_modes() -> None:
    records = [json.loads(f.read_text())["record"] for f in FILES]
    assert {(r["players"], bool(r["options"].get("expert"))) for r in records} == {
        (3, False),
        (4, True),
    }


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_record_replays_to_the_same_end(path: Path) -> None:
    data = json.loads(path.read_text())
    state = tabletop.replay(data["record"])
    assert state.is_terminal()
    assert list(state.result().scores) == data["scores"]
    assert list(state.result().winners) == data["winners"]
    assert state.to_json()["state"] == data["final_state"]
