"""A load test shared by several client processes (one Python process is one core).

The parent starts ``python -m tabletop.loadtest.worker`` processes with a share of the
tables each, and merges their reports. Checking frames for leaks takes a process's
CPU for a while, so no child checks before every child's tables are over: each child
says ``PLAYED`` on its standard output when its tables are done, and waits for a line
on its standard input, which the parent sends when all have said it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tabletop.loadtest.runner import LoadReport

PLAYED = "tabletop-loadtest: played"
"""The line a child prints when its tables are over (other output goes on to stderr)."""


def run_in_processes(procs: int, tables: int, **options: Any) -> LoadReport:
    """Share ``tables`` between ``procs`` client processes started together, and merge
    their reports."""
    shares = [tables // procs + (1 if k < tables % procs else 0) for k in range(procs)]
    starts = [sum(shares[:k]) for k in range(procs)]
    with tempfile.TemporaryDirectory(prefix="tabletop-loadtest-") as tmp:
        outs = [Path(tmp) / f"part{k}.json" for k in range(procs)]
        children = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tabletop.loadtest.worker",
                    json.dumps({**options, "tables": n, "first_table": first}),
                    str(out),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for n, first, out in zip(shares, starts, outs, strict=True)
            if n > 0
        ]
        for child in children:
            _wait_played(child)
        for child in children:
            _go(child)
        for child in children:
            if child.stdout is not None:
                sys.stderr.write(child.stdout.read())
            if child.wait() != 0:
                raise RuntimeError(f"a load test process failed (exit {child.returncode})")
        parts = [json.loads(out.read_text()) for out in outs if out.exists()]
    return LoadReport.merge(parts)


def _wait_played(child: subprocess.Popen[str]) -> None:
    """Read the child's output up to its PLAYED line (or its end, if it failed)."""
    if child.stdout is None:
        return
    for line in child.stdout:
        if line.rstrip("\n") == PLAYED:
            return
        sys.stderr.write(line)


def _go(child: subprocess.Popen[str]) -> None:
    """Let the child check its frames (a child that already ended needs nothing)."""
    if child.stdin is None:
        return
    try:
        child.stdin.write("check\n")
        child.stdin.close()
    except BrokenPipeError:
        pass
