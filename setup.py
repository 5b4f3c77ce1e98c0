"""Build hook: compile the engine's hot modules with mypyc, and its few hand-written C
extensions, with the compiler (see ``tabletop.compiled``).

Everything else about the package is in ``pyproject.toml``. Set ``TABLETOP_PURE_PYTHON=1``
at install time to skip compilation (for instance on a machine without a C compiler).
"""

import ast
import os
import tomllib
from pathlib import Path

from setuptools import Extension, setup


def compiled_generic(name: str) -> tuple[str, ...]:
    """``tabletop.compiled.GENERIC_<name>``, read without importing the package."""
    tree = ast.parse(Path("src/tabletop/compiled.py").read_text(encoding="utf-8"))
    generic = {
        node.target.id: ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
        and node.target.id.startswith("GENERIC_")
    }
    return generic[f"GENERIC_{name}"]


def compiled_modules(name: str = "MODULES") -> list[str]:
    """``tabletop.compiled.MODULES`` (or ``NATIVE``), read without importing the package:
    the game-blind ``GENERIC_*`` tuple of ``compiled.py`` and every game's ``build.toml``."""
    key = {"MODULES": "compiled", "NATIVE": "native"}[name]
    found = list(compiled_generic(name))
    for build in sorted(Path("src/tabletop/games").glob("*/build.toml")):
        found += tomllib.loads(build.read_text(encoding="utf-8")).get(key, [])
    return sorted(found)


C_FLAGS = ["-O2", "-ffp-contract=off", "-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter",
           "-Wno-missing-field-initializers"]
"""Our hand-written C: every warning is an error, but for two that the CPython API
asks for (a method's unused ``self``, a ``PyModuleDef`` left partly to its defaults).
mypyc's generated C is built with mypyc's own flags."""


def native_extensions() -> list[Extension]:
    """The C extensions of ``tabletop.compiled.NATIVE``, each with the shared headers'
    folders (``GENERIC_INCLUDE``) as include directories. -ffp-contract=off: no fused
    multiply-add, so their floating point is Python's operation for operation."""
    include = [str(Path("src", folder)) for folder in compiled_generic("INCLUDE")]
    extensions = []
    for m in compiled_modules("NATIVE"):
        source = Path("src", *m.split(".")).with_suffix(".c")
        headers = sorted(str(h) for folder in [str(source.parent), *include]
                         for h in Path(folder).glob("*.h"))
        extensions.append(Extension(m, [str(source)], depends=headers, include_dirs=include,
                                    extra_compile_args=C_FLAGS))
    return extensions


def ext_modules() -> list:
    if os.environ.get("TABLETOP_PURE_PYTHON", "") not in ("", "0"):
        return []
    from mypyc.build import mypycify

    paths = ["src/" + m.replace(".", "/") + ".py" for m in compiled_modules()]
    # mypy follows the compiled modules' imports into their packages (tabletop.bots,
    # tabletop.rl.encoders), which import NumPy and rich. A first install builds before
    # those are installed, and the build's isolated environment has only mypy: their
    # types are not needed to compile (no compiled module uses them), so they may be
    # missing here. ``tests/quality`` type-checks everything strictly with them installed.
    extensions = mypycify(["--ignore-missing-imports", *paths], opt_level="3")
    extensions += native_extensions()
    _remove_old_runtime_libraries({ext.name for ext in extensions})
    return extensions


def _remove_old_runtime_libraries(current: set[str]) -> None:
    """Delete what builds of another module list left (editable installs).

    mypyc names the library shared by the compiled modules after a hash of their list,
    so a changed list would otherwise leave the old library beside the new one; and a
    module taken off the list would leave its extension, which Python would import in
    place of its source and which needs the old library.
    """
    for old in Path("src").glob("*__mypyc.*"):
        if old.name.split(".")[0] not in current:
            old.unlink()
    for old in Path("src/tabletop").rglob("*.so"):
        source = old.with_name(old.name.split(".")[0] + ".py")
        module = ".".join(source.relative_to("src").with_suffix("").parts)
        if module not in current and source.exists():
            old.unlink()


setup(ext_modules=ext_modules())
