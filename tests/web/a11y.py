"""Accessibility checks for the browser tests: axe-core in the page, and a walk through
every screen of a game (lobby, form, the table at each kind of decision, the reveal,
the round summary, the final screen, the replay, the tutorial) in English and Japanese.

axe-core comes from npm, pinned in ``tests/web/axe/package-lock.json`` and installed by
``scripts/chromium.sh`` (``npm ci``; ``scripts/test`` runs it). Without it every check
fails with the command that installs it: an accessibility test never skips.
``scripts/axe_report.py`` prints the walk's counts (docs/web.md, "Accessibility").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

AXE_DIR = Path(__file__).parent / "axe"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
SEVERE = ("serious", "critical")
"""The impacts a screen must have none of."""

Page = Any
Check = Callable[[str, Page], None]
"""Called with a screen's name (``game/kind/lang``) while the page shows it."""


def axe_source() -> str:
    if not AXE_JS.exists():
        raise AssertionError(
            f"axe-core is missing at {AXE_JS}: install it with "
            f"`npm ci --prefix {AXE_DIR}` (scripts/chromium.sh does, and scripts/test runs that)"
        )
    return AXE_JS.read_text(encoding="utf-8")


def axe(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page once its entrance animations end: rule id,
    impact, node count and the first few nodes' selectors and messages."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            // the screen as it settles: entrance animations (a panel rising, scores
            // appearing one by one) fade text in, and mid-fade text is faint
            const finite = document.getAnimations().filter(
                (a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity,
            );
            await Promise.all(finite.map((a) => a.finished.catch(() => null)));
            const out = await axe.run(document, { resultTypes: ["violations"] });
            return out.violations.map((v) => ({
                id: v.id,
                impact: v.impact,
                nodes: v.nodes.length,
                where: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
            }));
        }"""
    )
    return found


def severe(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v["impact"] in SEVERE]


def set_language(page: Page, lang: str) -> None:
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.wait_for_timeout(50)  # the screens re-render on the language's event


def both_languages(page: Page, name: str, check: Check) -> None:
    """Check the screen in English, then in Japanese, and go back to English."""
    check(f"{name}/en", page)
    set_language(page, "ja")
    check(f"{name}/ja", page)
    set_language(page, "en")


def lobby_screens(page: Page, base: str, game: str, check: Check) -> None:
    """The lobby, the new-table form with its details open, and the links it shows."""
    page.goto(base + "/")
    page.wait_for_selector("#create")
    both_languages(page, "lobby", check)
    page.select_option("#game", game)
    page.click("details summary")
    both_languages(page, f"{game}/form", check)


STEP = """(seen) => {
    const q = (s) => document.querySelector(s);
    const kind = (() => {
        if (q("#final #score-table")) return "final";
        const phase = (q("#turn") && q("#turn").dataset.phase) || "";
        const dialog = (q("#choice") && q("#choice").dataset.kind) || phase;
        const extra = q("#reveal") ? "+reveal" : q("#round-summary") ? "+summary" : "";
        if (q("#choice button[data-action]:enabled")) return `dialog-${dialog}${extra}`;
        if (q("#declaration #commit:enabled")) return `declare${extra}`;
        if (q("#processing #done:enabled")) return "processing";
        if (q("button.location.legal")) return `place${extra}`;
        return null;
    })();
    if (kind === null || kind === "final" || !seen.includes(kind)) return kind;
    // a screen already checked: take its decision in the same task, so a frame cannot
    // bring another screen between looking and clicking (that one would go unchecked)
    const button = [
        "#choice button[data-action='keep']:enabled",  // Code of Nine: the Abyss dialog next
        "#choice button[data-action]:enabled",
        "#commit:enabled",
        "#done:enabled",
        "button.location.legal",
    ].map(q).find(Boolean);
    button.click();
    return kind;
}"""
"""The kind of screen the table shows (null: nothing of this seat's to decide), after
taking its decision when that kind is among `seen`: the first choice (but Code of
Nine's memory cards are kept), the default hand, Done, the first legal place."""


def table_screens(page: Page, game: str, check: Check, seconds: float = 120) -> set[str]:
    """Play the page's seat to the end, checking each kind of screen the first time it
    shows (in both languages), then the final screen and the replay; the kinds seen."""
    seen: set[str] = set()
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"the game did not end; screens seen: {sorted(seen)}"
        kind = page.evaluate(STEP, sorted(seen))
        if kind is not None and kind not in seen:
            seen.add(kind)
            both_languages(page, f"{game}/{kind}", check)
            continue
        if kind == "final":
            break
        page.wait_for_timeout(30)
    page.click("#replay-link")
    page.wait_for_selector("#replay-position")
    both_languages(page, f"{game}/replay-start", check)
    page.click("#replay-last")
    page.wait_for_selector("#replay-caption")
    both_languages(page, f"{game}/replay-end", check)
    return seen


def tutorial_screen(page: Page, base: str, game: str, check: Check) -> None:
    page.goto(base + "/")
    page.click(f"#tutorial-{game}")
    page.wait_for_selector("#tutorial")
    page.wait_for_selector("#connection.open")
    both_languages(page, f"{game}/tutorial", check)


def every_screen(
    browser: Any, server: Any, game: str, players: int, seed: int
) -> tuple[set[str], dict[str, list[dict[str, Any]]], list[str]]:
    """Run axe on every screen of `game` (a person in seat 1, random bots): the kinds of
    decision seen, each screen's violations (all impacts), the page's errors."""
    from web.players import new_page

    found: dict[str, list[dict[str, Any]]] = {}

    def check(name: str, page: Page) -> None:
        found[name] = axe(page)

    errors: list[str] = []
    page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
    lobby_screens(page, server.url, game, check)
    seats = [{"type": "open"}] + [{"type": "bot", "bot": "random"}] * (players - 1)
    request = {"game": game, "players": players, "seats": seats, "seed": seed}
    table_id = server.api("POST", "/api/tables", json=request)["table"]["id"]
    joined = server.api("POST", f"/api/tables/{table_id}/seats/0/join", json={"name": "Ann"})
    page.goto(f"{server.url}/#/resume/{table_id}/0/{joined['token']}")
    page.wait_for_selector("#connection.open")
    seen = table_screens(page, game, check)
    tutorial_screen(page, server.url, game, check)
    page.context.close()
    return seen, found, errors
