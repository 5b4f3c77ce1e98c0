"""The OpenSpiel example script runs and prints its result (docs that run)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_ismcts.py"


def test_ismcts_example_prints_win_shares(monkeypatch, capsys):
    pytest.importorskip("pyspiel")
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), "--games", "1", "--simulations", "4"])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "ISMCTS in seat 0" in out
    assert "mean win share" in out
