"""Colour is never the only cue (issue 29): every colour-coded mark on both games'
screens (soul fragments and tokens, corridor marks, spells, player dots and pawns, item
icons) also carries a letter, a number or a shape of its own, the colour-blind-safe
palette is a switch on the page that the browser remembers, and the focus ring shows on
any background."""

from __future__ import annotations

import time
from typing import Any

import pytest

from web.a11y import axe, severe
from web.players import new_page
from web.server import LiveServer

pytestmark = pytest.mark.browser

MARKS = """() => {
    // each kind of mark, and the classes that say which colour a mark has
    const kinds = {
        token: [".tok:not(.empty)", /^(red|green|blue|yellow)$/],
        element: [".el", /^el-/],
        corridor: ["svg .svg-el", /^el-/],
        dot: [".dot", /^p[0-9]$/],
        pawn: [".pawn", /^p[0-9]$/],
        item: [".icon", /^(statue|coin|book|legacy|medal)$/],
    };
    const out = {};
    for (const [kind, [selector, colour]] of Object.entries(kinds)) {
        out[kind] = [...document.querySelectorAll(selector)].map((el) => {
            const style = getComputedStyle(el);
            // the cue besides colour: the text drawn on it, else its shape
            const shape = [
                style.borderRadius,
                style.clipPath,
                style.backgroundImage === "none" ? "" : "pattern",
                style.boxShadow === "none" ? "" : "ring",
            ].join("|");
            const which = [...el.classList].find((c) => colour.test(c)) || "";
            return { colour: which, text: el.textContent.trim(), shape };
        });
    }
    return out;
}"""


def _finished(server: LiveServer, game: str, players: int) -> str:
    seats = [{"type": "bot", "bot": "random"}] * players
    request = {"game": game, "players": players, "seats": seats, "seed": 5}
    table_id = str(server.api("POST", "/api/tables", json=request)["table"]["id"])
    deadline = time.monotonic() + 60
    while server.api("GET", f"/api/tables/{table_id}")["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return table_id


def _marks(page: Any) -> dict[str, list[dict[str, str]]]:
    found: dict[str, list[dict[str, str]]] = page.evaluate(MARKS)
    return found


def _assert_cues(marks: dict[str, list[dict[str, str]]], kinds: set[str]) -> None:
    """Every mark of each kind has a cue besides its colour, and marks of two different
    colours never share it (so the cue alone tells them apart)."""
    for kind in kinds:
        shown = marks[kind]
        assert shown, f"no {kind} on the screen"
        cues: dict[str, set[str]] = {}
        for mark in shown:
            assert mark["colour"], (kind, mark)
            cue = mark["text"] or mark["shape"]
            assert cue.strip("|"), (kind, mark)  # a letter, a number or a shape
            cues.setdefault(mark["colour"], set()).add(cue)
        colours = sorted(cues)
        for i, a in enumerate(colours):
            for b in colours[i + 1 :]:
                assert not cues[a] & cues[b], (kind, a, b, cues)
        assert len(colours) >= 2, (kind, cues)  # the check compared colours


def test_every_colour_has_a_letter_number_or_shape(browser: Any, tmp_path: Any) -> None:
    with LiveServer(tmp_path) as server:
        labyrinth = _finished(server, "wicked-labyrinth", 4)
        nine = _finished(server, "code-of-nine", 4)
        errors: list[str] = []
        page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
        page.goto(f"{server.url}/#/replay/{labyrinth}?viewer=0")
        page.wait_for_selector("#replay-position")
        page.keyboard.press("End")
        page.wait_for_selector("#replay-caption")
        page.click("#corridor-key-toggle")  # the key shows every element's mark
        marks = _marks(page)
        _assert_cues(marks, {"token", "element", "corridor", "dot"})
        letters = {m["colour"]: m["text"] for m in marks["token"]}
        assert set(letters.values()) <= {"R", "G", "B", "Y"}, letters
        page.select_option("#lang", "ja")
        page.wait_for_function("document.documentElement.lang === 'ja'")
        page.wait_for_timeout(100)
        letters = {m["colour"]: m["text"] for m in _marks(page)["token"]}
        assert set(letters.values()) <= {"赤", "緑", "青", "黄"}, letters
        page.select_option("#lang", "en")

        page.goto(f"{server.url}/#/replay/{nine}?viewer=0")
        page.wait_for_selector("#replay-position")
        page.keyboard.press("End")
        page.wait_for_selector("#replay-caption")
        for _ in range(4):  # back into the last round, while pawns stand on the board
            page.keyboard.press("ArrowLeft")
            page.wait_for_timeout(150)
        _assert_cues(_marks(page), {"pawn", "item", "dot"})
        assert errors == []


def test_the_colour_blind_safe_palette_is_a_remembered_switch(browser: Any, tmp_path: Any) -> None:
    with LiveServer(tmp_path) as server:
        table_id = _finished(server, "wicked-labyrinth", 4)
        errors: list[str] = []
        page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
        page.goto(f"{server.url}/#/replay/{table_id}?viewer=0")
        page.wait_for_selector("#replay-position")
        page.keyboard.press("End")
        page.wait_for_selector("#replay-caption")
        red = "getComputedStyle(document.querySelector('.tok.red, .el.el-red')).backgroundColor"
        before = page.evaluate(red)
        toggle = page.wait_for_selector("#palette-toggle")
        assert toggle.get_attribute("aria-pressed") == "false"
        toggle.press("Enter")  # by keyboard; focus stays on the redrawn switch
        page.wait_for_selector("html[data-palette='safe']")
        assert page.evaluate("document.activeElement.id") == "palette-toggle"
        assert page.get_attribute("#palette-toggle", "aria-pressed") == "true"
        assert page.evaluate(red) == "rgb(213, 94, 0)" != before  # Okabe and Ito's vermilion
        assert page.evaluate("localStorage.getItem('tabletop.palette')") == "safe"
        assert severe(axe(page)) == []  # the letters on the new colours are readable too
        page.reload()
        page.wait_for_selector("#replay-position")
        assert page.evaluate("document.documentElement.dataset.palette") == "safe"
        page.click("#palette-toggle")
        page.wait_for_selector("html[data-palette='default']")
        assert page.evaluate("localStorage.getItem('tabletop.palette')") == "default"
        assert errors == []


RING = """() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return {
        id: el.id || el.tagName, outline: style.outlineColor, style: style.outlineStyle,
        width: parseFloat(style.outlineWidth), offset: parseFloat(style.outlineOffset),
        shadow: style.boxShadow,
    };
}"""


def _contrast(a: str, b: str) -> float:
    """WCAG contrast of two CSS rgb() colours."""

    def luminance(colour: str) -> float:
        channels = [int(x) / 255 for x in colour[colour.index("(") + 1 : -1].split(",")[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_focus_ring_shows_on_any_background(browser: Any, live_server: LiveServer) -> None:
    """The app's own ring on every control Tab reaches in the lobby (the dark top bar,
    the purple Create button among them): a solid dark ring, 3:1 or more against the
    white rings drawn inside and outside it, so it shows whatever is behind."""
    errors: list[str] = []
    page = new_page(browser, errors, viewport={"width": 1280, "height": 900})
    page.goto(live_server.url + "/")
    page.wait_for_selector("#create")
    rings: dict[str, dict[str, Any]] = {}
    for _ in range(40):
        page.keyboard.press("Tab")
        ring = page.evaluate(RING)
        rings[ring["id"]] = ring
        if ring["id"] == "create":
            break
    assert {"palette-toggle", "rules-button", "create"} <= set(rings), sorted(rings)
    for ring in rings.values():
        assert ring["style"] == "solid" and ring["width"] >= 2 and ring["offset"] >= 2, ring
        assert _contrast(ring["outline"], "rgb(255, 255, 255)") >= 3, ring
        assert ring["shadow"].count("rgb(255, 255, 255)") == 2, ring  # the white rings
    assert errors == []
