"""A load test shared by several client processes (one Python process is one core).

The parent starts ``python -m tabletop.loadtest.worker`` processes with a share of the
tables each, and merges their reports. The children move through the test in step,
each saying on its standard output when it reached a step and waiting for a line on
its standard input, which the parent sends when every child has said it: ``SEATED``
(its tables are set up and its clients seated: no client acts before every client of
every process is), then ``PLAYED`` (its tables are over: checking frames for leaks
takes a process's CPU for a while, so no child checks while another one's tables
still play).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tabletop.loadtest.runner import LoadReport

SEATED = "tabletop-loadtest: seated"
"""The line a child prints when its clients are seated (other output goes to stderr)."""
PLAYED = "tabletop-loadtest: played"
"""The line a child prints when its tables are over."""


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
        for step in (SEATED, PLAYED):
            reached = [_wait_for(child, step) for child in children]
            if step == SEATED and not all(reached):
                # a child stopped before play (a quota refused it): the others would
                # be refused too, or play for nothing; its report says why
                for child, ok in zip(children, reached, strict=True):
                    if ok:
                        child.terminate()
                        child.wait()
                children = [c for c, ok in zip(children, reached, strict=True) if not ok]
                break
            for child in children:
                _go(child, last=step == PLAYED)
        for child in children:
            if child.stdout is not None:
                sys.stderr.write(child.stdout.read())
            if child.wait() != 0:
                raise RuntimeError(f"a load test process failed (exit {child.returncode})")
        parts = [json.loads(out.read_text()) for out in outs if out.exists()]
    return LoadReport.merge(parts)


def _wait_for(child: subprocess.Popen[str], step: str) -> bool:
    """Read the child's output up to its ``step`` line; False if it ended first."""
    if child.stdout is None:
        return False
    for line in child.stdout:
        if line.rstrip("\n") == step:
            return True
        sys.stderr.write(line)
    return False


def _go(child: subprocess.Popen[str], last: bool) -> None:
    """Let the child take its next step (a child that already ended needs nothing)."""
    if child.stdin is None:
        return
    try:
        child.stdin.write("go\n")
        child.stdin.flush()
        if last:
            child.stdin.close()
    except BrokenPipeError:
        pass
