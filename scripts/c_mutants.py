#!/usr/bin/env python3
"""Hand-made mutants of the Labyrinth's C rules (docs/mutation.md, issue 30 item 3).

``native/rules.h`` holds the C rules once, for the batched env's ``_engine`` and the
heuristic's ``_planner``; ``tests/wicked_labyrinth/test_vectors.py`` runs the shared
vectors against both. For each mutant below (one plausible bug of one rule function),
this script copies ``src/``, ``tests/`` and ``pyproject.toml`` into a temporary folder,
applies the mutant to the copy's ``rules.h`` (the working tree is never touched),
compiles the two extensions there with gcc and setup.py's flags, and runs the vector
tests with that copy first on the path. A mutant is caught when a test fails (or the
build fails); the script prints, per mutant, the tests that caught it, and exits 1
when one survives.

    .venv/bin/python scripts/c_mutants.py            # every mutant
    .venv/bin/python scripts/c_mutants.py tally-2    # some, by name
    .venv/bin/python scripts/c_mutants.py --markdown # the table for docs/mutation.md
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NATIVE = Path("tabletop/games/wicked_labyrinth/native")
EXTENSIONS = ("_engine", "_planner")
INCLUDE = ("tabletop/core/lookup", "tabletop/rl/native")  # compiled.GENERIC_INCLUDE
C_FLAGS = [  # setup.py's C_FLAGS
    "-O2",
    "-ffp-contract=off",
    "-Wall",
    "-Wextra",
    "-Werror",
    "-Wno-unused-parameter",
    "-Wno-missing-field-initializers",
]
MODULES = tuple(f"{NATIVE}.{name}".replace("/", ".") for name in EXTENSIONS)
TESTS = "tests/wicked_labyrinth/test_vectors.py"

# (name, rule function, what the bug does, text in rules.h, its replacement). Each text
# occurs exactly once in rules.h (checked).
MUTANTS: list[tuple[str, str, str, str, str]] = [
    (
        "rank-1",
        "wl_rank_players",
        "a tie for the most no longer makes everyone tied 2nd (two tied give a 1st)",
        "if (leaders > 1) {",
        "if (leaders > 2) {",
    ),
    (
        "rank-2",
        "wl_rank_players",
        "players with no search piece count as 2nd",
        "if (runner > 0)",
        "if (runner >= 0)",
    ),
    (
        "rank-3",
        "wl_rank_players",
        "players tied for the most are not 2nd",
        "runner = top;",
        "runner = 0;",
    ),
    (
        "gain-1",
        "wl_gain_token",
        "the low rank overflows one token early",
        "if (o[0] + o[1] + o[2] + o[3] <= w->capacity[0])",
        "if (o[0] + o[1] + o[2] + o[3] < w->capacity[0])",
    ),
    (
        "gain-2",
        "wl_gain_token",
        "a gained token is logged as the wrong colour",
        "wl_log(log, GAINED + colour);",
        "wl_log(log, GAINED);",
    ),
    (
        "return-1",
        "wl_gain_token (automatic return)",
        "no automatic return when every low token is of the gained colour",
        "if (o[colour] == w->capacity[0] + 1) {",
        "if (o[colour] == w->capacity[0] + 2) {",
    ),
    (
        "return-2",
        "wl_gain_token (automatic return)",
        "the automatic return is logged as a gain",
        "wl_log(log, RETURNED + colour);",
        "wl_log(log, GAINED + colour);",
    ),
    (
        "return-3",
        "wl_gain_token (automatic return)",
        "the automatic return keeps the extra token",
        "        o[colour]--;\n        wl_log(log, RETURNED + colour);",
        "        wl_log(log, RETURNED + colour);",
    ),
    (
        "drain-1",
        "wl_drain (promotion rule)",
        "a promotion gained in soul processing is stored, and one outside it must be used",
        "if (processing) {\n                o[MODE] = M_REWARD_PROMOTION;",
        "if (!processing) {\n                o[MODE] = M_REWARD_PROMOTION;",
    ),
    (
        "drain-2",
        "wl_drain (promotion rule)",
        "a second stored spell overwrites the first",
        "o[PROMOTION]++;",
        "o[PROMOTION] = 1;",
    ),
    (
        "drain-3",
        "wl_drain",
        "a white fragment is taken as a colour change instead of waiting for its colour",
        "if (e == E_WHITE) {",
        "if (e == E_WHITE + 8) {",
    ),
    (
        "drain-4",
        "wl_drain",
        "a colour change is logged as a stored promotion",
        "wl_log(log, STORED_COLOUR_CHANGE);",
        "wl_log(log, STORED_PROMOTION);",
    ),
    (
        "spend-1",
        "wl_spend_promotion",
        "a stored spell is not used up when spent",
        "    o[PROMOTION]--;\n    return 0;",
        "    return 0;",
    ),
    (
        "spend-2",
        "wl_spend_promotion",
        "after a reward promotion the remaining gains are taken as outside processing",
        "        wl_drain(w, o, 1, log);\n        return 1;",
        "        wl_drain(w, o, 0, log);\n        return 1;",
    ),
    (
        "tally-1",
        "wl_tally",
        "impurity is not reduced by the great oracles achieved",
        "int64_t impurity = o[IMPURITY] - w->returned_per_great * greats;",
        "int64_t impurity = o[IMPURITY];",
    ),
    (
        "tally-2",
        "wl_tally",
        "a great oracle counts one high token instead of two",
        "+ 2 * greats;",
        "+ greats;",
    ),
    (
        "tally-3",
        "wl_tally",
        "middle tokens score as low ones",
        "middle * w->points[1]",
        "middle * w->points[0]",
    ),
    (
        "actions-1",
        "wl_promotions (processing actions)",
        "the rank above counts as full only beyond its capacity",
        ">= w->capacity[rank + 1];",
        "> w->capacity[rank + 1];",
    ),
    (
        "actions-2",
        "wl_promotions (processing actions)",
        "with the rank above full, the last colour's room is never offered",
        "for (int room = 0; room < 4; room++)",
        "for (int room = 0; room < 3; room++)",
    ),
    (
        "actions-3",
        "wl_processing_actions",
        "colour changes of high tokens are not offered",
        "for (int rank = 0; rank < 3; rank++)",
        "for (int rank = 0; rank < 2; rank++)",
    ),
    (
        "actions-4",
        "wl_processing_actions",
        "a stored spell's promotions are offered only with two spells",
        "if (o[PROMOTION]) {",
        "if (o[PROMOTION] > 1) {",
    ),
    (
        "actions-5",
        "wl_meets_needs (processing actions)",
        "a small oracle needs one high token more than it says",
        "if (h < need[0] ||",
        "if (h <= need[0] ||",
    ),
    (
        "actions-6",
        "wl_great_ready (processing actions)",
        "a great oracle of one colour twice is ready with one high token",
        "return o[8 + a] >= 2;",
        "return o[8 + a] >= 1;",
    ),
    (
        "actions-7",
        "wl_owned_high (processing actions)",
        "high tokens on an achieved great oracle no longer count toward a small one",
        "high[w->great_colours[2 * g + 1]]++;",
        "(void)0;",
    ),
]


def _build(tree: Path) -> str | None:
    """Compile the two extensions in ``tree``; the compiler's errors, or None."""
    include = [f"-I{sysconfig.get_paths()['include']}"] + [f"-I{tree / 'src' / i}" for i in INCLUDE]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name in EXTENSIONS:
        source = tree / "src" / NATIVE / f"{name}.c"
        target = source.with_name(name + suffix)
        command = ["gcc", "-shared", "-fPIC", *C_FLAGS, *include, str(source), "-o", str(target)]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            return done.stderr.strip().splitlines()[0] if done.stderr.strip() else "build failed"
    return None


def _touch_others(tree: Path) -> None:
    """The folder's other extensions (``_pack``, which does not include rules.h) stay
    fresh: compiled.py judges a C extension stale when any header beside it is newer."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for built in (tree / "src" / NATIVE).glob("*" + suffix):
        if built.name.split(".")[0] not in EXTENSIONS:
            os.utime(built)


def _run_tests(tree: Path) -> tuple[int, list[str]]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    env.pop("TABLETOP_PURE_PYTHON", None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rf", TESTS],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if os.environ.get("C_MUTANTS_DEBUG"):
        print(done.stdout[-3000:], done.stderr[-2000:])
    failed = sorted(set(re.findall(r"^FAILED (\S+?)(?: - .*)?$", done.stdout, re.M)))
    if re.search(r"^ERROR ", done.stdout, re.M) or "skipped" in done.stdout.splitlines()[-1]:
        sys.exit(f"the vector tests did not run against the copy's C:\n{done.stdout[-3000:]}")
    return done.returncode, [f.split("::", 1)[1] for f in failed]


def _check_tree(tree: Path) -> None:
    """The copy's extensions are the ones the tests load (not the working tree's)."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    env.pop("TABLETOP_PURE_PYTHON", None)
    code = (
        "import importlib, tabletop.compiled as c; "
        f"print(c.ACTIVE, *(importlib.import_module(m).__file__ for m in {list(MODULES)}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True
    )
    active, *files = out.stdout.split() or ["False"]
    if out.returncode != 0 or active != "True" or not all(f.startswith(str(tree)) for f in files):
        sys.exit(
            "the copy's extensions are not the ones loaded (is the working tree's build "
            f"stale? source scripts/setup.sh):\n{out.stdout}{out.stderr}"
        )


def _grouped(caught: list[str]) -> str:
    """``test_x[engine], test_x[planner]`` as ``test_x`` [engine, planner]."""
    ids: dict[str, list[str]] = {}
    for test in caught:
        base, _, rest = test.partition("[")
        ids.setdefault(base, []).append(rest.rstrip("]"))
    return "; ".join(
        f"`{base}` [{', '.join(i for i in found if i)}]" if any(found) else f"`{base}`"
        for base, found in ids.items()
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="mutants to run (default: all)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    chosen = [m for m in MUTANTS if not args.names or m[0] in args.names]
    original = (ROOT / "src" / NATIVE / "rules.h").read_text()
    for name, _, _, was, _ in MUTANTS:
        if original.count(was) != 1:
            sys.exit(f"{name}: its text occurs {original.count(was)} times in rules.h, not once")
    rows = []
    with tempfile.TemporaryDirectory(prefix="c_mutants.") as tmp:
        tree = Path(tmp)
        shutil.copytree(ROOT / "src", tree / "src", symlinks=True)  # mtimes kept (fresh)
        shutil.copytree(ROOT / "tests", tree / "tests", symlinks=True)
        shutil.copy2(ROOT / "pyproject.toml", tree / "pyproject.toml")
        header = tree / "src" / NATIVE / "rules.h"
        error = _build(tree)
        if error:
            sys.exit(f"the unmutated rules do not build: {error}")
        _check_tree(tree)
        rc, failed = _run_tests(tree)
        if rc != 0:
            sys.exit(f"the vector tests fail without a mutant: {failed}")
        for name, rule, bug, was, now in chosen:
            header.write_text(original.replace(was, now))
            _touch_others(tree)
            error = _build(tree)
            if error:
                caught = [f"the build ({error})"]
            else:
                rc, caught = _run_tests(tree)
                if rc != 0 and not caught:
                    caught = [f"pytest exit {rc}"]
            rows.append((name, rule, bug, caught))
            print(
                f"{name:10} {'CAUGHT' if caught else 'SURVIVED':8} {', '.join(caught)}", flush=True
            )
        header.write_text(original)
    survived = [r for r in rows if not r[3]]
    if args.markdown:
        print("\n| mutant | rule | the bug | caught by |\n|---|---|---|---|")
        for name, rule, bug, caught in rows:
            by = _grouped(caught) if caught else "**survived**"
            print(f"| {name} | `{rule}` | {bug} | {by} |")
    print(f"{len(rows)} C mutants, {len(rows) - len(survived)} caught")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
