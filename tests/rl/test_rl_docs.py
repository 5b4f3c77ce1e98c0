"""docs/rl.md: its tables are the code's, and its quick start runs."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from tabletop.encoding import games_with_encoders
from tabletop.rl.tables import action_markdown, layout_markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game", sorted(games_with_encoders()))
def test_the_docs_hold_the_generated_tables(game):
    text = DOC.read_text(encoding="utf-8")
    assert action_markdown(game) in text, f"regenerate the {game} action table"
    assert layout_markdown(game) in text, f"regenerate the {game} observation table"


def test_the_quick_start_runs():
    pytest.importorskip("pyspiel")
    code = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(code.group(1), namespace)  # noqa: S102 - the docs' own example
    single = namespace["single"]
    observation, _ = single.reset(seed=1)  # type: ignore[attr-defined]
    assert observation["action_mask"].any()


def test_the_examples_in_the_docs_run():
    """Every ``>>>`` example of docs/rl.md (the actions in words, one per game)."""
    failed, tried = doctest.testfile(
        str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried >= 10
    assert failed == 0
