"""Static checks the design guide asks for: a typed package, a clean lint."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def test_the_package_passes_mypy_strict() -> None:
    """`py.typed`, mypy --strict clean on the whole package (config in pyproject.toml)."""
    done = subprocess.run([str(BIN / "mypy")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (ROOT / "src" / "tabletop" / "py.typed").exists()


def test_ruff_finds_nothing() -> None:
    done = subprocess.run(
        [str(BIN / "ruff"), "check", "src", "tests", "scripts", "examples"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_changes_nothing() -> None:
    """One code style, enforced: ``ruff format`` (config in pyproject.toml) is a no-op."""
    done = subprocess.run(
        [str(BIN / "ruff"), "format", "--check", "src", "tests", "scripts", "examples"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_assert_enforces_a_rule_in_the_package() -> None:
    """`assert` vanishes under -O, so the package never relies on it."""
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in (ROOT / "src").rglob("*.py")
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if line.strip().startswith("assert ")
    ]
    assert offenders == []
