"""The package's layers, read from its sources: who imports whom, and which breaks them.

Data flows one way, down to the rules (shared/design.md, ARCHITECTURE.md):

    core  <-  games  <-  generic algorithms  <-  server  <-  web, loadtest  <-  cli

and the generic algorithms in their own order: encoding and the conformance harness,
the OpenSpiel adapter, bots, rl, bench, sim, arena, review and reports, training.

Every import counts: module level, inside functions and under ``TYPE_CHECKING``. A
module may import its own layer and those below; packages of one layer must not form
a cycle; a game's folder imports only core and itself; and no module outside
``games/`` names a game, except the one registry line per game in ``games/__init__``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "tabletop"

LAYERS: dict[str, float] = {
    "tabletop.compiled": 0,
    "tabletop.core": 0,
    "tabletop": 1,  # the facade: new_game, replay... over core and the registry
    "tabletop.games": 1,
    # the generic algorithms, in order: each may import those before it
    "tabletop.testing": 2.0,
    "tabletop.encoding": 2.0,
    "tabletop.openspiel": 2.05,
    "tabletop.bots": 2.1,
    "tabletop.rl": 2.2,
    "tabletop.bench": 2.3,
    "tabletop.sim": 2.4,
    "tabletop.arena": 2.5,
    "tabletop.review": 2.6,
    "tabletop.reports": 2.6,
    "tabletop.training": 2.9,
    "tabletop.server": 3,
    "tabletop.web": 4,
    "tabletop.loadtest": 4,
    "tabletop.cli": 5,
}
"""Each top-level package's layer (``tabletop`` alone is the package's ``__init__``)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield module_name(path), path


def imports(path: Path, name: str) -> set[str]:
    """The tabletop modules ``path`` (module ``name``) imports, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value))
    return {m for m in found if m == "tabletop" or m.startswith("tabletop.")}


def top(module: str) -> str:
    """The top-level package of ``module`` (``tabletop`` for the facade itself)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else "tabletop"


def existing(module: str, known: set[str]) -> str | None:
    """``module``, or the package it is an attribute of, if it is one of ours."""
    while module and module not in known:
        module = module.rpartition(".")[0]
    return module or None


def game_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) > 2 and parts[1] == "games" and (PACKAGE / "games" / parts[2]).is_dir():
        return parts[2]
    return None


def edges() -> set[tuple[str, str]]:
    """(importer, imported) for every import between two of our modules."""
    names = dict(modules())
    known = set(names)
    out = set()
    for name, path in names.items():
        for target in imports(path, name):
            found = existing(target, known)
            if found and found != name:
                out.add((name, found))
    return out


def layer_violations() -> set[str]:
    """Imports that point up a layer, or from a game's folder to anything but core and
    its own folder."""
    bad = set()
    for importer, imported in edges():
        a, b = LAYERS[top(importer)], LAYERS[top(imported)]
        if b > a:
            bad.add(f"{importer} -> {imported}")
            continue
        game = game_of(importer)
        if game is not None and top(imported) != "tabletop.core" and game_of(imported) != game:
            bad.add(f"{importer} -> {imported}")
    return bad


def package_cycles() -> set[str]:
    """Pairs of top-level packages that import each other, directly or through others."""
    graph: dict[str, set[str]] = {}
    for importer, imported in edges():
        a, b = top(importer), top(imported)
        if a != b:
            graph.setdefault(a, set()).add(b)

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    return {
        " <-> ".join(sorted((a, b))) for a in graph for b in reach(a) if a != b and a in reach(b)
    }


def game_names() -> list[str]:
    return sorted(
        p.name for p in (PACKAGE / "games").iterdir() if p.is_dir() and (p / "kit.py").exists()
    )


def files_naming_a_game() -> set[str]:
    """Files outside ``games/`` (sources, C, JS, CSS, HTML) that name a game."""
    words = [re.escape(n).replace("_", "[-_ ]") for n in game_names()]
    pattern = re.compile("|".join(words), re.IGNORECASE)
    found = set()
    for path in PACKAGE.rglob("*"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in ("games",) or "node_modules" in rel.parts or "vendor" in rel.parts:
            continue
        if path.suffix in (".py", ".c", ".h", ".js", ".css", ".html") and pattern.search(
            path.read_text(encoding="utf-8", errors="replace")
        ):
            found.add(str(rel))
    return found


if __name__ == "__main__":
    for title, items in (
        ("layer violations", layer_violations()),
        ("package cycles", package_cycles()),
        ("files naming a game outside games/", files_naming_a_game()),
    ):
        print(f"{title}: {len(items)}")
        for item in sorted(items):
            print("  ", item)
