"""The layers hold (tests/quality/layers.py says what they are).

The refactor into one folder per game (issue 25) is moving code until the three lists
below are empty. They are a ratchet: a new violation fails, and so does one that is
gone but still listed, so each list only shrinks, and the test says what is left.
"""

from __future__ import annotations

from . import layers

KNOWN_VIOLATIONS: set[str] = {
    "tabletop.games.wicked_labyrinth.bots.processing_planner -> tabletop.compiled",
    "tabletop.rl.render -> tabletop.cli.renderers",
    "tabletop.server.app -> tabletop.web",
}

KNOWN_CYCLES: set[str] = {
    "tabletop.arena <-> tabletop.bench",
    "tabletop.arena <-> tabletop.bots",
    "tabletop.arena <-> tabletop.cli",
    "tabletop.arena <-> tabletop.loadtest",
    "tabletop.arena <-> tabletop.reports",
    "tabletop.arena <-> tabletop.review",
    "tabletop.arena <-> tabletop.rl",
    "tabletop.arena <-> tabletop.server",
    "tabletop.arena <-> tabletop.sim",
    "tabletop.arena <-> tabletop.training",
    "tabletop.arena <-> tabletop.web",
    "tabletop.bench <-> tabletop.bots",
    "tabletop.bench <-> tabletop.cli",
    "tabletop.bench <-> tabletop.loadtest",
    "tabletop.bench <-> tabletop.reports",
    "tabletop.bench <-> tabletop.review",
    "tabletop.bench <-> tabletop.rl",
    "tabletop.bench <-> tabletop.server",
    "tabletop.bench <-> tabletop.sim",
    "tabletop.bench <-> tabletop.training",
    "tabletop.bench <-> tabletop.web",
    "tabletop.bots <-> tabletop.cli",
    "tabletop.bots <-> tabletop.loadtest",
    "tabletop.bots <-> tabletop.reports",
    "tabletop.bots <-> tabletop.review",
    "tabletop.bots <-> tabletop.rl",
    "tabletop.bots <-> tabletop.server",
    "tabletop.bots <-> tabletop.sim",
    "tabletop.bots <-> tabletop.training",
    "tabletop.bots <-> tabletop.web",
    "tabletop.cli <-> tabletop.loadtest",
    "tabletop.cli <-> tabletop.reports",
    "tabletop.cli <-> tabletop.review",
    "tabletop.cli <-> tabletop.rl",
    "tabletop.cli <-> tabletop.server",
    "tabletop.cli <-> tabletop.sim",
    "tabletop.cli <-> tabletop.training",
    "tabletop.cli <-> tabletop.web",
    "tabletop.loadtest <-> tabletop.reports",
    "tabletop.loadtest <-> tabletop.review",
    "tabletop.loadtest <-> tabletop.rl",
    "tabletop.loadtest <-> tabletop.server",
    "tabletop.loadtest <-> tabletop.sim",
    "tabletop.loadtest <-> tabletop.training",
    "tabletop.loadtest <-> tabletop.web",
    "tabletop.reports <-> tabletop.review",
    "tabletop.reports <-> tabletop.rl",
    "tabletop.reports <-> tabletop.server",
    "tabletop.reports <-> tabletop.sim",
    "tabletop.reports <-> tabletop.training",
    "tabletop.reports <-> tabletop.web",
    "tabletop.review <-> tabletop.rl",
    "tabletop.review <-> tabletop.server",
    "tabletop.review <-> tabletop.sim",
    "tabletop.review <-> tabletop.training",
    "tabletop.review <-> tabletop.web",
    "tabletop.rl <-> tabletop.server",
    "tabletop.rl <-> tabletop.sim",
    "tabletop.rl <-> tabletop.training",
    "tabletop.rl <-> tabletop.web",
    "tabletop.server <-> tabletop.sim",
    "tabletop.server <-> tabletop.training",
    "tabletop.server <-> tabletop.web",
    "tabletop.sim <-> tabletop.training",
    "tabletop.sim <-> tabletop.web",
    "tabletop.training <-> tabletop.web",
}

KNOWN_NAMING: set[str] = {
    "__init__.py",
    "cli/analyse.py",
    "cli/options.py",
    "core/state.py",
    "review/code_of_nine.py",
    "review/phrasing.py",
    "review/wicked_labyrinth.py",
    "rl/encoders/__init__.py",
    "rl/encoders/_rows.c",
    "rl/encoders/code_of_nine.py",
    "rl/encoders/code_of_nine_pack.py",
    "rl/encoders/code_of_nine_table.py",
    "rl/encoders/incremental.py",
    "rl/encoders/wicked_labyrinth.py",
    "rl/encoders/wicked_labyrinth_pack.py",
    "rl/encoders/wicked_labyrinth_table.py",
    "rl/gymnasium.py",
    "rl/native/_code_of_nine.c",
    "rl/native/_tables.h",
    "rl/native/_wicked_labyrinth.c",
    "rl/native/code_of_nine.py",
    "rl/native/code_of_nine_shard.py",
    "rl/native/replay.py",
    "rl/native/shard.py",
    "rl/native/wicked_labyrinth.py",
    "rl/native/wicked_labyrinth_shard.py",
    "rl/openspiel.py",
    "rl/pettingzoo.py",
    "rl/selfplay.py",
    "rl/shard.py",
    "rl/vector.py",
    "server/bots.py",
    "web/routes.py",
    "web/static/css/app.css",
    "web/static/js/games/code-of-nine.js",
    "web/static/js/games/con-parts.js",
    "web/static/js/games/con-rounds.js",
    "web/static/js/games/index.js",
    "web/static/js/games/wicked-labyrinth.js",
    "web/static/js/games/wl-parts.js",
    "web/static/js/games/wl-rounds.js",
    "web/static/js/rules.js",
    "web/static/js/tutorial.js",
}


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
