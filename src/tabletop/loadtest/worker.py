"""One process of a multi-process load test: ``python -m tabletop.loadtest.worker JSON OUT``.

Runs ``run_loadtest`` with the keyword arguments in JSON and writes its raw report to the
file OUT (a file, not stdout, which libraries may also write to). Between playing and
checking frames, and before its clients play, it waits for the parent (see ``processes``).
"""

from __future__ import annotations

import asyncio
import json
import sys

from tabletop.loadtest.processes import PLAYED, SEATED
from tabletop.loadtest.runner import run_loadtest
from tabletop.server.gctune import tune_gc


def prepare_process() -> None:
    """Make this process a lean client: uvloop's event loop, a quiet garbage collector.

    The clients' own delays count in every round trip they measure.
    """
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    tune_gc()


async def _step(line: str) -> None:
    """Tell the parent this process reached ``line``; wait until every process has."""
    print(line, flush=True)
    await asyncio.to_thread(sys.stdin.readline)


async def _seated() -> None:
    await _step(SEATED)


async def _played() -> None:
    await _step(PLAYED)


def main() -> None:
    options = json.loads(sys.argv[1])
    prepare_process()
    report = asyncio.run(run_loadtest(**options, before_start=_seated, before_checks=_played))
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump(report.to_json(raw=True), out)


if __name__ == "__main__":
    main()
