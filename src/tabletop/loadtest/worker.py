"""One process of a multi-process load test: ``python -m tabletop.loadtest.worker JSON OUT``.

Runs ``run_loadtest`` with the keyword arguments in JSON and writes its raw report to the
file OUT (a file, not stdout, which libraries may also write to).
"""

from __future__ import annotations

import asyncio
import json
import sys

from tabletop.loadtest.runner import run_loadtest


def main() -> None:
    options = json.loads(sys.argv[1])
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    report = asyncio.run(run_loadtest(**options))
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump(report.to_json(raw=True), out)


if __name__ == "__main__":
    main()
