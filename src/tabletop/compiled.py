"""The engine modules that mypyc compiles at install, and when Python must ignore them.

Search bots and simulations spend nearly all their time in a few modules: the core's
state and generator, each game's state and rules, its heuristic bots' searches (which
the learner envs run for every opponent decision), the batched RL env's loop over
tables and the table encoders' packing of each state into integers. ``setup.py``
compiles exactly :data:`MODULES` with mypyc (they pass ``mypy --strict`` unchanged):
the game-blind ones listed here, and those each game lists in its folder's
``build.toml``. Compiled, random playouts run about 1.6 times as fast. The Python
sources stay the reference: the compiled build is an optimisation that must agree with
them move for move (``tests/core/test_compiled.py``).

A few hot paths are also written in C by hand (:data:`NATIVE`, also from the games'
``build.toml``: a game's engine for the batched env, a planner's search); they are
built, judged stale and left out together with the mypyc modules, and their Python
originals stay as the reference they are tested against.

A compiled module that is older than its source would silently run yesterday's rules,
so :func:`choose` falls back to the sources, all of them together (compiled modules
bind each other directly), when any compiled module is stale, or when the environment
variable ``TABLETOP_PURE_PYTHON`` is set to a non-empty value other than ``0``.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import tomllib
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

GENERIC_MODULES: tuple[str, ...] = (
    "tabletop.core.rng",
    "tabletop.core.state",
    "tabletop.rl.stepping",
)
"""The game-blind compiled modules; each game lists its own in its ``build.toml``."""

GENERIC_NATIVE: tuple[str, ...] = ("tabletop.core.lookup._rows",)
"""The game-blind C extensions (the table encoders' lookup)."""

GENERIC_INCLUDE: tuple[str, ...] = ("tabletop/core/lookup", "tabletop/rl/native")
"""Folders of the C headers every hand-written extension may include (setup.py gives
them as include directories): what a game's packer shares with the lookup
(``_rows.h``), and a batched engine's Python glue (``_tables.h``)."""

_ROOT = Path(__file__).resolve().parent.parent


def game_builds(root: Path = _ROOT) -> dict[str, tuple[str, ...]]:
    """Every game's ``build.toml`` lists (``compiled``, ``native``, ``inlined``), joined.

    Also read by ``setup.py`` (by path, without importing the package), so a new game's
    folder brings its compiled modules with it and this file never names a game.
    """
    lists: dict[str, list[str]] = {"compiled": [], "native": [], "inlined": []}
    for build in sorted((root / "tabletop" / "games").glob("*/build.toml")):
        data = tomllib.loads(build.read_text(encoding="utf-8"))
        for key, found in lists.items():
            found.extend(data.get(key, ()))
    return {key: tuple(sorted(found)) for key, found in lists.items()}


_BUILDS = game_builds()

MODULES: tuple[str, ...] = tuple(sorted(GENERIC_MODULES + _BUILDS["compiled"]))
"""Dotted names of the compiled modules (``setup.py`` compiles the same list)."""

NATIVE: tuple[str, ...] = tuple(sorted(GENERIC_NATIVE + _BUILDS["native"]))
"""Hand-written C extensions, built from the ``.c`` file in the module's place.

Each mirrors Python code that stays in the package as its reference and fallback, and
a test holds the two equal (the lookup's ``_rows`` against :mod:`~tabletop.core.lookup`,
each game's packer ``_pack`` against its Python packer, its engine and planner in C
against its Python rules). They are compiled, judged stale and left out with the mypyc
modules: only in a compiled, fresh build does Python import them (:func:`native`)."""

INLINED: tuple[str, ...] = _BUILDS["inlined"]
"""Modules left as Python whose ``Final`` numbers the compiled ones write into their
code as constants (mypyc inlines a ``Final`` literal wherever it is imported): a change
to one of them makes every compiled module stale."""

PURE_ENV = "TABLETOP_PURE_PYTHON"


def _source(module: str) -> Path:
    return _ROOT.joinpath(*module.split(".")).with_suffix(".c" if module in NATIVE else ".py")


def _extension(module: str) -> Path | None:
    source = _source(module)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def _headers(source: Path) -> list[Path]:
    """The headers a C extension's ``source`` may include: those beside it and those of
    :data:`GENERIC_INCLUDE`."""
    folders = [source.parent] + [_ROOT / folder for folder in GENERIC_INCLUDE]
    return sorted({h for folder in folders for h in folder.glob("*.h")})


def stale_modules() -> list[str]:
    """Compiled modules whose source, or (for the mypyc ones) a module of
    :data:`INLINED`, or (for the C ones) a header beside the source or a shared one
    (:data:`GENERIC_INCLUDE`), changed after they were built."""
    inlined = max((_source(m).stat().st_mtime for m in INLINED), default=0.0)
    stale = []
    for module in MODULES + NATIVE:
        ext = _extension(module)
        source = _source(module)
        changed = source.stat().st_mtime
        if module in MODULES:
            changed = max(changed, inlined)
        else:  # a C extension also reads the headers beside it and the shared ones
            changed = max([changed] + [h.stat().st_mtime for h in _headers(source)])
        if ext is not None and ext.stat().st_mtime < changed:
            stale.append(module)
    return stale


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds :data:`MODULES` as their ``.py`` sources, ahead of the compiled files, and
    :data:`NATIVE` not at all."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname in NATIVE:
            raise ModuleNotFoundError(f"{fullname} is not used: pure Python runs", name=fullname)
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(fullname))


def choose() -> bool:
    """Decide once, before any engine module is imported; True when compiled code runs."""
    if any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        return False
    if all(_extension(m) is None for m in MODULES):
        return False
    stale = stale_modules()
    if stale:
        warnings.warn(
            f"tabletop: compiled {', '.join(stale)} older than the source; running pure "
            "Python (rebuild with `source scripts/setup.sh`)",
            stacklevel=2,
        )
    if stale or pure_requested():
        sys.meta_path.insert(0, _SourceFinder())
        return False
    return True


ACTIVE: bool = choose()
"""Whether this interpreter runs the compiled engine modules."""


def native(module: str) -> bool:
    """Whether the C extension ``module`` (one of :data:`NATIVE`) is built and may run."""
    return ACTIVE and _extension(module) is not None


def needs_build() -> bool:
    """True when the compiled modules are missing or stale (and pure Python is not asked)."""
    if pure_requested():
        return False
    return bool(stale_modules()) or any(_extension(m) is None for m in MODULES + NATIVE)


if __name__ == "__main__":
    # `python -m tabletop.compiled`: exit status 1 when the set-up should rebuild.
    sys.exit(1 if needs_build() else 0)
