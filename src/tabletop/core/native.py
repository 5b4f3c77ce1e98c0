"""Hand-written C twins of Python modules, loaded only where they may run.

A game's folder keeps C beside the Python it mirrors (a planner's search, an engine for
the batched env); :func:`extension` gives the C module in a compiled, fresh build
(:func:`tabletop.compiled.native`), else None, and the Python reference runs. It lives
in core, without NumPy, so a game's play path can ask without importing anything above.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import tabletop.compiled as compiled


def extension(module: str) -> ModuleType | None:
    """The C extension ``module`` (one of ``tabletop.compiled.NATIVE``) in a compiled,
    fresh build, else None (the Python reference runs)."""
    return importlib.import_module(module) if compiled.native(module) else None
