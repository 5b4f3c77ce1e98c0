"""One process of a multi-process load test: ``python -m tabletop.loadtest.worker JSON``.

Runs ``run_loadtest`` with the keyword arguments in JSON and prints its raw report.
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
    print(json.dumps(report.to_json(raw=True)))


if __name__ == "__main__":
    main()
