"""Fixtures for the web client's tests: a live server and, for browser tests, Chromium.

Browser tests drive Debian's Chromium (``/usr/bin/chromium``) through Playwright; they
never download a browser. When Chromium is missing they fail with a message saying how
to install it (``scripts/test`` does), never skip.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web.server import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS_ENV = "TABLETOP_SCREENSHOTS"
"""Where browser tests save their screenshots (``scripts/screenshots`` sets it to
docs/screenshots); unset, they go to a temporary directory."""


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("server")) as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Not for the session: while Playwright's sync API
    runs, its event loop is the thread's running loop, so a later test module in the
    same worker could not call ``asyncio.run`` (the server and load-test tests do)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"Chromium is missing at {CHROMIUM}: the browser tests need Debian's chromium "
            "(scripts/test installs it; or run: apt-get install -y chromium)",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = os.environ.get(SCREENSHOTS_ENV)
    path = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
