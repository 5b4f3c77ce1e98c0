"""The API as an outsider tests it: schemathesis against the server's own OpenAPI.

Every check schemathesis has (all are on unless a config disables one): no 5xx,
every status and body as documented (the error envelope included), valid data
accepted and invalid data refused, ``Allow`` headers, and its stateful phase
following the documented links from a new table to its routes, and from a joined
seat's token to the routes of a seat
(signed in), in scenarios of up to 12 calls. A bounded number of examples per
operation keeps it near a minute. The one setting: a request the schema allows may
still be refused with 422 when the game refuses it (``players: 9`` for a 5-player
game, a card file that is not TOML), which no schema can say, so 422 counts as an
answer to valid data.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from server.helpers import ServerProcess

pytestmark = pytest.mark.slow  # a minute of generated requests (not in --fast)

EXAMPLES = 12
"""Examples per operation in the examples, coverage and fuzzing phases."""
SCENARIOS = 100
"""Stateful scenarios: each a chain of linked calls from a new table."""
SEED = 20261125

CONFIG = f"""
[generation]
max-examples = {EXAMPLES}
[phases.stateful]
max-steps = 12
[phases.stateful.generation]
max-examples = {SCENARIOS}
[phases.stateful.inference]
algorithms = []
[phases.stateful.checks.ignored_auth]
enabled = false
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429"]
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422",
                     "428", "429", "5xx"]
"""
"""Schemathesis' own lists, and 413 also refuses invalid data: a string over its
``maxLength`` may be over the body cap too, which answers before the schema is read.
The stateful phase follows the document's own links only: every route about a table
or a seat has one, and the links schemathesis would infer from names only guess.
``ignored_auth`` runs in every phase but the stateful one: there a seat's token comes
through the join link, and the check takes any header it did not get from its own
config for a generated, invalid one (a 200 with the real token reads as "accepts
invalid authentication"). Outside the stateful phase it sends made-up tokens and
expects, and gets, 401 or 403 (tests/server/test_server_api.py checks each seat route
with none, a wrong and the right token too)."""


def test_schemathesis_finds_nothing_with_every_check(tmp_path: Path) -> None:
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    server = ServerProcess(
        "--data-dir", str(tmp_path / "data"), "--quota-exempt", "127.0.0.1"
    ).start()
    try:
        exe = str(Path(sys.executable).parent / "schemathesis")
        run = subprocess.run(
            [
                exe,
                "--no-color",
                "--config-file",
                str(config),
                "run",
                f"{server.url}/openapi.json",  # every check: all are on unless disabled
                "--seed",
                str(SEED),
                "--workers",
                "1",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=tmp_path,  # its cache (.schemathesis/) goes there, not into the checkout
        )
    finally:
        server.stop()
    out = run.stdout + run.stderr
    counts = re.search(r"(\d+) generated, (.*)", out)
    print("schemathesis:", counts.group(0) if counts else out[-500:])
    assert run.returncode == 0, out[-6000:]
    assert counts is not None and int(counts.group(1)) > 500
    assert "Tested: " in out and "passed" in out.split("SUMMARY")[-1]
    links = re.search(r"API Links:\s+(\d+) covered", out)
    tested = re.search(r"Tested: (\d+)", out)
    print(
        "schemathesis:",
        links.group(0) if links else "no stateful phase",
        tested and tested.group(0),
    )
    assert links is not None and int(links.group(1)) >= 12, out[-3000:]  # 5 before the seat links
