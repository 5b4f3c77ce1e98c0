"""The layers hold (tests/quality/layers.py says what they are).

The refactor into one folder per game (issue 25) is moving code until the three lists
below are empty. They are a ratchet: a new violation fails, and so does one that is
gone but still listed, so each list only shrinks, and the test says what is left.
"""

from __future__ import annotations

from . import layers

KNOWN_VIOLATIONS: set[str] = set()

KNOWN_CYCLES: set[str] = set()

KNOWN_NAMING: set[str] = set()


def _ratchet(found: set[str], known: set[str], what: str) -> None:
    new, gone = sorted(found - known), sorted(known - found)
    assert not new, f"new {what}: {new}"
    assert not gone, f"no longer {what} (take them off the list): {gone}"


def test_imports_point_down_the_layers() -> None:
    """No import points up a layer; a game's folder imports only core and itself."""
    _ratchet(layers.layer_violations(), KNOWN_VIOLATIONS, "imports against the layers")


def test_no_package_cycle() -> None:
    """No two top-level packages import each other, even through others."""
    _ratchet(layers.package_cycles(), KNOWN_CYCLES, "package cycles")


def test_no_module_outside_games_names_a_game() -> None:
    """A generic layer asks the game's kit; it never names a game."""
    _ratchet(layers.files_naming_a_game(), KNOWN_NAMING, "files naming a game outside games/")
