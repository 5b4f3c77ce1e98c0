"""Japanese renders as letters, not empty boxes, on a machine without CJK fonts: the app
serves its own web font (Noto Sans JP from the npm package scripts/setup.sh installs).

Chromium runs with a fontconfig that knows only non-CJK fonts, whatever this machine
has, so the system cannot provide the glyphs. Tofu draws every missing character as
the same box; the check draws each character of the page's Japanese title with the
page's own font stack and requires different characters to look different, and, as a
control, shows that the same characters with no web font are indeed all one box.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from web.conftest import CHROMIUM
from web.server import LiveServer

pytestmark = pytest.mark.browser

NON_CJK_FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation"]

DRAW = """async ({ family, text }) => {
  await document.fonts.ready;
  if (family.includes("Noto Sans JP")) await document.fonts.load(`48px ${family}`, text);
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 64;
  const g = canvas.getContext("2d");
  g.font = `48px ${family}`;
  return [...text].map((ch) => {
    g.clearRect(0, 0, 64, 64);
    g.fillText(ch, 4, 52);
    return Array.from(g.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3)).join("");
  });
}"""


def fontconfig_without_cjk(tmp: Path) -> Path:
    dirs = "".join(f"<dir>{d}</dir>" for d in NON_CJK_FONT_DIRS if Path(d).is_dir())
    conf = tmp / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
        f"<fontconfig>{dirs}<cachedir>{tmp / 'cache'}</cachedir></fontconfig>"
    )
    return conf


def test_japanese_is_drawn_with_the_apps_own_font(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    conf = fontconfig_without_cjk(tmp_path)
    with LiveServer(tmp_path / "server") as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, env={"FONTCONFIG_FILE": str(conf)}
        )
        page: Any = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url + "/")
        page.select_option("#lang", "ja")
        heading = page.wait_for_selector("text=オンラインで遊ぶ")
        text = "".join(dict.fromkeys(c for c in heading.inner_text() if ord(c) > 0x2E80))
        assert len(text) >= 5, text
        family = page.evaluate("getComputedStyle(document.body).fontFamily")
        assert "Noto Sans JP" in family

        control = page.evaluate(DRAW, {"family": '"No Such Font"', "text": text})
        assert len(set(control)) == 1, "this Chromium has CJK fonts: the check would prove nothing"
        drawn = page.evaluate(DRAW, {"family": family, "text": text})
        assert len(set(drawn)) == len(text), "some Japanese characters are drawn as one box"
        loaded = page.evaluate(
            "[...document.fonts].filter((f) => f.family.includes('Noto Sans JP')"
            " && f.status === 'loaded').length"
        )
        assert loaded >= 1
        # the page's own heading is laid out at full width (1 em a character), not boxes
        width = page.evaluate(
            """(text) => {
              const span = document.createElement("span");
              span.style.fontSize = "40px";
              span.textContent = text;
              document.body.append(span);
              return span.getBoundingClientRect().width;
            }""",
            text,
        )
        assert abs(width - 40 * len(text)) <= 2
        assert errors == []
        browser.close()


SHOWN_WIDTHS = """async (selectors) => {
  await document.fonts.ready;
  return selectors.map((selector) => {
    const el = document.querySelector(selector);
    const range = document.createRange();
    range.selectNodeContents(el);
    const size = parseFloat(getComputedStyle(el).fontSize);
    return { text: el.textContent, ems: range.getBoundingClientRect().width / size };
  });
}"""
"""Each element's text as the page laid it out, in ems: Japanese letters are 1 em
wide each in the web font, an empty box is narrower."""


@pytest.mark.parametrize("start", ["ja", "en"])
def test_the_pages_own_japanese_text_is_not_boxes(tmp_path: Path, start: str) -> None:
    """What the page shows, not a test string: on a first visit in Japanese, and after
    switching from English, the title, the Rules button and the tutorial buttons are
    laid out with the web font (Chromium kept text drawn before the font's pieces had
    arrived as boxes)."""
    from playwright.sync_api import sync_playwright

    conf = fontconfig_without_cjk(tmp_path)
    with LiveServer(tmp_path / "server") as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, env={"FONTCONFIG_FILE": str(conf)}
        )
        page: Any = browser.new_page(locale="ja-JP" if start == "ja" else "en-US")
        page.goto(server.url + "/")
        page.wait_for_selector("#create")
        if start == "en":
            page.select_option("#lang", "ja")
        page.wait_for_selector("text=オンラインで遊ぶ")
        shown = page.evaluate(
            SHOWN_WIDTHS,
            ["h1", "#rules-button", "#tutorial-wicked-labyrinth", "#tutorial-code-of-nine"],
        )
        assert [s["text"] for s in shown][:2] == ["オンラインで遊ぶ", "ルール"]
        for s in shown:
            assert abs(s["ems"] - len(s["text"])) < 0.1, shown
        browser.close()
