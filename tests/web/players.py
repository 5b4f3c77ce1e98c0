"""Browser-side helpers: a person at a table who clicks the first choice offered."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError

Page = Any  # playwright.sync_api.Page


def new_page(browser: Any, errors: list[str], **context: Any) -> Page:
    """A page in a fresh browser context (its own storage: one person) that records
    every script error, so a test can assert the client never threw."""
    page = browser.new_context(**context).new_page()
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on(
        "console",
        lambda msg: (
            errors.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None
        ),
    )
    return page


def take_turn(page: Page) -> bool:
    """Make this page's decision if it has one: the first choice, as a person clicking.

    Declarations put out the panel's default hand, soul processing says done at once,
    Code of Nine places on the first legal location. True if something was clicked.
    """
    for selector in (
        "#choice button[data-action]:enabled",
        "#commit:enabled",
        "#done:enabled",
        "button.location.legal",
    ):
        button = page.query_selector(selector)
        if button is None:
            continue
        try:
            button.click(timeout=2000)
        except PlaywrightError:
            return False  # the screen changed under the pointer: look again
        return True
    return False


def play_until(
    pages: list[Page],
    done: Callable[[], bool],
    timeout: float = 150.0,
    before: Callable[[Page], bool] | None = None,
) -> None:
    """Let every page take its turns until ``done()``; ``before(page)`` may act first
    (return True if it did) to play some decisions differently."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the game did not reach the expected point in time")
        acted = False
        for page in pages:
            if before is not None and before(page):
                acted = True
                continue
            acted = take_turn(page) or acted
        if not acted:
            pages[0].wait_for_timeout(60)
        else:
            pages[0].wait_for_timeout(20)


def is_over(page: Page) -> bool:
    return page.query_selector("#final #score-table") is not None


def create_table(
    page: Page,
    base: str,
    game: str,
    players: int,
    seats: list[str],
    seed: int | None = None,
    expert: bool = False,
    settings: dict[str, str] | None = None,
) -> str:
    """Create a table from the lobby form; returns the table id (from the links shown).
    ``settings`` fills more of the form's settings, by selector (a clock, a bank)."""
    page.goto(base + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for i, spec in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", spec)
    if expert:
        page.check("input[name='opt:expert']")
    page.click("details summary")
    if seed is not None:
        page.fill("input[name=seed]", str(seed))
    for selector, value in (settings or {}).items():
        page.fill(selector, value)
    page.click("#create")
    link = page.wait_for_selector("#created a[data-seat]")
    href = link.get_attribute("href") or ""
    return href.split("/")[2]


def one_person_and_bots(server: Any, **body: Any) -> str:
    """A 3-player Wicked Labyrinth table made through the API with seat 0 open for the
    test's person and two bots (``body`` adds to the request); its id."""
    seats = [{"type": "open"}, {"type": "bot"}, {"type": "bot"}]
    request = {"game": "wicked-labyrinth", "players": 3, "seats": seats, **body}
    return str(server.api("POST", "/api/tables", json=request)["table"]["id"])


def join(page: Page, base: str, table_id: str, seat: int, name: str) -> None:
    page.goto(f"{base}/#/join/{table_id}/{seat}")
    page.fill("#player-name", name)
    page.click("#join")
    page.wait_for_selector("#connection.open")


def screenshot(page: Page, path: Any) -> None:
    """A full-page screenshot without the passing messages (toasts) over the screen,
    from the top: scrolled, the sticky side column is drawn part way down the page."""
    page.evaluate("document.getElementById('toasts').replaceChildren(); window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)
