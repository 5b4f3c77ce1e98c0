"""The layers hold (tests/quality/layers.py says what they are).

The refactor into one folder per game (issue 25) is moving code until the three lists
below are empty. They are a ratchet: a new violation fails, and so does one that is
gone but still listed, so each list only shrinks, and the test says what is left.
"""

from __future__ import annotations

from . import layers

KNOWN_VIOLATIONS: set[str] = {
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
    "tabletop.arena <-> tabletop.web",
    "tabletop.bench <-> tabletop.bots",
    "tabletop.bench <-> tabletop.cli",
    "tabletop.bench <-> tabletop.loadtest",
    "tabletop.bench <-> tabletop.reports",
    "tabletop.bench <-> tabletop.review",
    "tabletop.bench <-> tabletop.rl",
    "tabletop.bench <-> tabletop.server",
    "tabletop.bench <-> tabletop.sim",
    "tabletop.bench <-> tabletop.web",
    "tabletop.bots <-> tabletop.cli",
    "tabletop.bots <-> tabletop.loadtest",
    "tabletop.bots <-> tabletop.reports",
    "tabletop.bots <-> tabletop.review",
    "tabletop.bots <-> tabletop.rl",
    "tabletop.bots <-> tabletop.server",
    "tabletop.bots <-> tabletop.sim",
    "tabletop.bots <-> tabletop.web",
    "tabletop.cli <-> tabletop.loadtest",
    "tabletop.cli <-> tabletop.reports",
    "tabletop.cli <-> tabletop.review",
    "tabletop.cli <-> tabletop.rl",
    "tabletop.cli <-> tabletop.server",
    "tabletop.cli <-> tabletop.sim",
    "tabletop.cli <-> tabletop.web",
    "tabletop.loadtest <-> tabletop.reports",
    "tabletop.loadtest <-> tabletop.review",
    "tabletop.loadtest <-> tabletop.rl",
    "tabletop.loadtest <-> tabletop.server",
    "tabletop.loadtest <-> tabletop.sim",
    "tabletop.loadtest <-> tabletop.web",
    "tabletop.reports <-> tabletop.review",
    "tabletop.reports <-> tabletop.rl",
    "tabletop.reports <-> tabletop.server",
    "tabletop.reports <-> tabletop.sim",
    "tabletop.reports <-> tabletop.web",
    "tabletop.review <-> tabletop.rl",
    "tabletop.review <-> tabletop.server",
    "tabletop.review <-> tabletop.sim",
    "tabletop.review <-> tabletop.web",
    "tabletop.rl <-> tabletop.server",
    "tabletop.rl <-> tabletop.sim",
    "tabletop.rl <-> tabletop.web",
    "tabletop.server <-> tabletop.sim",
    "tabletop.server <-> tabletop.web",
    "tabletop.sim <-> tabletop.web",
}

KNOWN_NAMING: set[str] = {
    "__init__.py",
    "arena/league.py",
    "arena/stats.py",
    "bots/__init__.py",
    "bots/code_of_nine/__init__.py",
    "bots/code_of_nine/adaptive.py",
    "bots/code_of_nine/beliefs.py",
    "bots/code_of_nine/heuristic.py",
    "bots/code_of_nine/lookahead.py",
    "bots/code_of_nine/priors.py",
    "bots/levels.py",
    "bots/mcts/bot.py",
    "bots/mcts/evaluators.py",
    "bots/mcts/knowledge.py",
    "bots/neural/bot.py",
    "bots/neural/features.py",
    "bots/neural/network.py",
    "bots/neural/plan_train.py",
    "bots/neural/plans.py",
    "bots/neural/train.py",
    "bots/openspiel_ismcts.py",
    "bots/wicked_labyrinth/__init__.py",
    "bots/wicked_labyrinth/_planner.c",
    "bots/wicked_labyrinth/adaptive.py",
    "bots/wicked_labyrinth/gains.py",
    "bots/wicked_labyrinth/heuristic.py",
    "bots/wicked_labyrinth/priors.py",
    "bots/wicked_labyrinth/processing_planner.py",
    "bots/wicked_labyrinth/strength.py",
    "bots/wicked_labyrinth/valuation.py",
    "cli/analyse.py",
    "cli/options.py",
    "core/state.py",
    "review/code_of_nine.py",
    "review/phrasing.py",
    "review/wicked_labyrinth.py",
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
