"""Mutation testing of the rules modules: how well do the games' own tests guard them?

Usage: ``scripts/mutation [--max-children N] [--fresh] [MODULE...]`` (docs/mutation.md).
A MODULE is a dotted name (``tabletop.games.code_of_nine.scoring``), a path
(``src/tabletop/games/code_of_nine/scoring.py``) or a unique tail of either
(``code_of_nine.scoring``, ``wicked_labyrinth/rules.py``); none means every module
listed in ``[tool.mutmut] only_mutate`` of pyproject.toml.

mutmut (the ``mutation`` extra) writes each mutated module once, with every mutant of
every function behind a switch, under ``mutants/``; a first clean run records which
tests reach which function, and each mutant then runs only those tests, in a forked
child. Results are kept in ``mutants/``, so a second run resumes: a mutant already
killed keeps its verdict while its function is unchanged, and the survivors (and those
no test reached) are tried again against the current tests. ``--fresh`` starts over.

The pure-Python build is forced (``TABLETOP_PURE_PYTHON=1``): the mutants live in the
Python sources, and a compiled module would shadow them.

Equivalent mutants (no test can tell them from the original) are listed, each with its
change and the reason, in ``tests/mutation_equivalent.toml``; they leave the score and
are printed apart. An entry whose change no longer matches its mutant (the function
moved or changed) is reported as stale and counts as a mutant again.

The last line printed is ``N mutants, K killed, S% score``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = ROOT / "tests" / "mutation_equivalent.toml"

KILLED = {"killed", "timeout", "caught by type check", "segfault"}
"""mutmut's verdicts that mean a test noticed the mutant (a timeout or a crash too)."""

RETRIED = {"survived", "no tests"}
"""Verdicts tried again on every run: new or changed tests may kill them now."""


@dataclass(frozen=True)
class Equivalent:
    """One mutant that no test can kill, with the change it makes and why it is harmless."""

    mutant: str
    was: str
    now: str
    why: str


@dataclass
class ModuleScore:
    """The verdicts of one module's mutants."""

    module: str
    verdicts: dict[str, str] = field(default_factory=dict)

    def count(self, statuses: set[str], skip: set[str]) -> int:
        return sum(1 for m, v in self.verdicts.items() if v in statuses and m not in skip)


def module_name(path: str) -> str:
    """``src/tabletop/games/x/rules.py`` -> ``tabletop.games.x.rules``."""
    dotted = path.removesuffix(".py").replace("/", ".")
    return dotted.removeprefix("src.")


def module_of_mutant(mutant: str) -> str:
    """``tabletop.games.x.rules.x_f__mutmut_3`` -> ``tabletop.games.x.rules``."""
    parts = mutant.partition("__mutmut_")[0].split(".")
    while parts and not (parts[-1].startswith("x_") or parts[-1].startswith("xǁ")):
        parts.pop()
    return ".".join(parts[:-1])


def configured_paths() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    paths: list[str] = data["tool"]["mutmut"]["only_mutate"]
    return paths


def choose(requested: Sequence[str], paths: Sequence[str]) -> list[str]:
    """The configured module paths that the command line names (all when it names none)."""
    if not requested:
        return list(paths)
    chosen: list[str] = []
    for want in requested:
        dotted = module_name(want.strip("/"))
        hits = [
            p for p in paths if module_name(p) == dotted or module_name(p).endswith("." + dotted)
        ]
        if len(hits) != 1:
            raise SystemExit(
                f"{want!r} names {len(hits)} of the modules in [tool.mutmut] only_mutate:"
                f" {', '.join(module_name(p) for p in paths)}"
            )
        if hits[0] not in chosen:
            chosen.append(hits[0])
    return chosen


def load_equivalents() -> list[Equivalent]:
    data = tomllib.loads(EQUIVALENT_FILE.read_text(encoding="utf-8"))
    return [Equivalent(**entry) for entry in data.get("equivalent", [])]


def changed_lines(diff: str) -> tuple[str, str]:
    """The removed and the added lines of a mutant's diff, stripped and joined."""
    lines = diff.splitlines()
    was = [ln[1:].strip() for ln in lines if ln.startswith("-") and not ln.startswith("---")]
    now = [ln[1:].strip() for ln in lines if ln.startswith("+") and not ln.startswith("+++")]
    return " / ".join(was), " / ".join(now)


def run_mutmut(chosen: Sequence[str], max_children: int) -> None:
    """Generate the mutants and run those of ``chosen`` that have no standing verdict."""
    from mutmut import __main__ as mutmut_main
    from mutmut.stats import status_by_exit_code

    wanted = {module_name(p) for p in chosen}
    collect: Callable[..., Any] = mutmut_main.collect_source_file_mutation_data

    def selected(*, mutant_names: Sequence[str]) -> tuple[list[Any], dict[str, Any]]:
        mutants, by_path = collect(mutant_names=mutant_names)
        kept = []
        for data, name, result in mutants:
            if module_of_mutant(name) not in wanted:
                continue
            if status_by_exit_code[result] in RETRIED:
                data.exit_code_by_key[name] = None
                result = None
            kept.append((data, name, result))
        return kept, by_path

    mutmut_main.collect_source_file_mutation_data = selected
    mutmut_main._run((), max_children)


def report(chosen: Sequence[str]) -> int:
    """Print the per-module table, the survivors and the last line; 1 when stale entries."""
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code

    scores: list[ModuleScore] = []
    for path in chosen:
        data = SourceFileMutationData(path=path)
        data.load()
        score = ModuleScore(module_name(path))
        score.verdicts = {k: status_by_exit_code[v] for k, v in data.exit_code_by_key.items()}
        scores.append(score)
    every = {m: (s, v) for s in scores for m, v in s.verdicts.items()}

    def diff(mutant: str) -> tuple[str, str]:
        path = next(p for p in chosen if module_name(p) == module_of_mutant(mutant))
        return changed_lines(get_diff_for_mutant(mutant, path=path))

    equivalent: dict[str, Equivalent] = {}
    stale: list[Equivalent] = []
    for entry in load_equivalents():
        if entry.mutant not in every:
            if module_of_mutant(entry.mutant) in {s.module for s in scores}:
                stale.append(entry)
            continue
        if diff(entry.mutant) != (entry.was.strip(), entry.now.strip()):
            stale.append(entry)
            continue
        equivalent[entry.mutant] = entry

    skip = set(equivalent)
    print()
    heads = ("mutants", "killed", "survived", "no test", "equiv")
    print(f"{'module':44} " + " ".join(f"{h:>7}" for h in heads) + "  score")
    total = killed = 0
    for s in scores:
        equiv = skip & set(s.verdicts)
        run = len(s.verdicts) - s.count({"not checked"}, skip) - len(equiv)
        k = s.count(KILLED, skip)
        total += run
        killed += k
        pct = 100 * k / run if run else 100.0
        cells = (run, k, s.count({"survived"}, skip), s.count({"no tests"}, skip), len(equiv))
        print(f"{s.module:44} " + " ".join(f"{c:7}" for c in cells) + f" {pct:5.1f}%")
    unchecked = sum(s.count({"not checked"}, skip) for s in scores)

    left = sorted(m for m, (_, v) in every.items() if v not in KILLED | {"not checked"})
    left = [m for m in left if m not in skip]
    if left:
        print("\nNot killed (mutmut show NAME for the whole diff):")
        for m in left:
            was, now = diff(m)
            print(f"  {every[m][1]:9} {m}\n      - {was}\n      + {now}")
    if equivalent:
        print(f"\nEquivalent, left out of the score ({EQUIVALENT_FILE.relative_to(ROOT)}):")
        for e in equivalent.values():
            print(f"  {e.mutant}: {e.why}")
    for e in stale:
        print(f"\nSTALE equivalent entry (its mutant is gone or changed): {e.mutant}")
    if unchecked:
        print(f"\n{unchecked} mutants not run yet (interrupted? run again to resume)")
    pct = 100 * killed / total if total else 100.0
    print(f"{total} mutants, {killed} killed, {pct:.1f}% score")
    return 1 if stale else 0


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("modules", nargs="*", help="modules to mutate (default: all configured)")
    parser.add_argument("--max-children", type=int, default=1, help="mutants run at once")
    parser.add_argument("--fresh", action="store_true", help="forget earlier results first")
    parser.add_argument("--report", action="store_true", help="only print the last results")
    args = parser.parse_args(argv)

    os.environ["TABLETOP_PURE_PYTHON"] = "1"
    os.chdir(ROOT)
    chosen = choose(args.modules, configured_paths())
    if args.fresh:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    if not args.report:
        run_mutmut(chosen, args.max_children)
    return report(chosen)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
