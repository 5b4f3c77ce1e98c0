"""Count axe-core's accessibility violations on every screen of both games.

Usage: .venv/bin/python scripts/axe_report.py [--json FILE]

Walks the screens the accessibility test walks (``tests/web/a11y.py``: the lobby, the
new-table form, the table at each kind of decision with a person in seat 1 and random
bots, the reveal, the round summary, the final screen, the replay and the tutorial, in
English and Japanese) on a fresh server, runs axe-core on each, and prints the
violations by impact per screen and by rule over all screens. The figures in
docs/web.md ("Accessibility") come from this command. Needs Chromium and axe-core
(``npm ci --prefix tests/web/axe``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from web.a11y import every_screen  # noqa: E402
from web.server import LiveServer  # noqa: E402

GAMES = {"wicked-labyrinth": (3, 7), "code-of-nine": (4, 11)}
"""Each game's player count and seed (the tutorials' deals)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write every violation found to FILE")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    found: dict[str, list[dict[str, Any]]] = {}
    with (
        tempfile.TemporaryDirectory() as tmp,
        LiveServer(Path(tmp)) as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for game, (players, seed) in GAMES.items():
            _, screens, _ = every_screen(browser, server, game, players, seed)
            found.update(screens)
        browser.close()

    impacts = ("critical", "serious", "moderate", "minor")
    print(f"{'screen':<44}" + "".join(f"{i:>10}" for i in impacts) + "   (nodes)")
    totals: Counter[str] = Counter()
    rules: Counter[tuple[str, str]] = Counter()
    for name, violations in found.items():
        counts: Counter[str] = Counter()
        for v in violations:
            counts[v["impact"]] += v["nodes"]
            rules[(v["impact"], v["id"])] += v["nodes"]
        totals.update(counts)
        print(f"{name:<44}" + "".join(f"{counts[i]:>10}" for i in impacts))
    print(
        f"{'all ' + str(len(found)) + ' screens':<44}"
        + "".join(f"{totals[i]:>10}" for i in impacts)
    )
    print("\nby rule (nodes over all screens):")
    for (impact, rule), n in sorted(rules.items(), key=lambda x: (impacts.index(x[0][0]), -x[1])):
        print(f"  {impact:<9} {rule:<32} {n}")
    if args.json:
        args.json.write_text(json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
