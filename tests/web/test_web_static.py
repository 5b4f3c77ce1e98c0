"""The client's files: served by the server, self-contained, and fully translated."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from server.helpers import make_client
from tabletop.web.mount import STATIC

LANGUAGES = ("en", "ja")
SCRIPTS = sorted(STATIC.rglob("*.js"))
VENDORED = sorted((STATIC / "vendor").rglob("*.mjs"))
"""Libraries copied unchanged from the npm registry (static/vendor/README.md)."""
TEXT_FILES = [
    *SCRIPTS,
    *VENDORED,
    *STATIC.rglob("*.css"),
    *STATIC.rglob("*.html"),
    *STATIC.rglob("*.svg"),
]


def strings(lang: str) -> dict[str, object]:
    return json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"))  # type: ignore[no-any-return]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def test_the_page_and_every_file_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/js/app.js" in page.text
    for path in TEXT_FILES:
        r = client.get("/static/" + path.relative_to(STATIC).as_posix())
        assert r.status_code == 200, path
        assert r.headers["cache-control"] == "no-cache"  # an upgraded server is seen at once
    assert client.get("/static/../pyproject.toml").status_code == 404


def test_no_file_asks_a_third_party_for_anything() -> None:
    """Fonts and scripts are local: the only URL allowed is the SVG namespace name (and,
    in a vendored library, the URLs of its licence comment, which ask for nothing)."""
    for path in TEXT_FILES:
        text = path.read_text("utf-8")
        if path in VENDORED:
            code = (line for line in text.splitlines() if not line.lstrip().startswith("//"))
            text = "\n".join(code)
        urls = set(re.findall(r"\bhttps?://[^\s\"')]+", text))
        assert urls <= {"http://www.w3.org/2000/svg"}, (path, urls)


def test_vendored_files_are_the_packages_own() -> None:
    """Each vendored file is byte for byte the one its README row names (its SHA-256)."""
    readme = (STATIC / "vendor" / "README.md").read_text("utf-8")
    rows = dict(re.findall(r"^\| `([^`]+)` \|.*\| `([0-9a-f]{64})` \|$", readme, re.M))
    assert sorted(rows) == sorted(p.relative_to(STATIC / "vendor").as_posix() for p in VENDORED)
    for name, digest in rows.items():
        assert hashlib.sha256((STATIC / "vendor" / name).read_bytes()).hexdigest() == digest


def test_every_module_import_resolves() -> None:
    for path in SCRIPTS:
        for target in re.findall(r'from "(\.[^"]+)"', path.read_text("utf-8")):
            assert (path.parent / target).resolve().exists(), (path, target)


def test_both_languages_have_every_string() -> None:
    en, ja = strings("en"), strings("ja")
    # English location names and card titles come from the data
    from_data = {k for k in ja if k.startswith(("con.loc.", "con.cardTitle."))}
    assert set(en) == set(ja) - from_data
    for key, text in ja.items():
        if key in en:
            params = set(re.findall(r"\{(\w+)\}", json.dumps(en[key])))
            assert set(re.findall(r"\{(\w+)\}", json.dumps(text))) == params, key


def test_every_string_the_scripts_name_exists() -> None:
    en = strings("en")
    used = {
        key
        for path in SCRIPTS
        for key in re.findall(r'\bt\(\s*"([\w.:-]+)"', path.read_text("utf-8"))
    }
    assert used, 'the scripts name their strings with t("...")'
    assert sorted(used - set(en)) == []


def test_every_bot_level_the_lobby_offers_has_a_label() -> None:
    from tabletop.bots.levels import LEVELS

    en, ja = strings("en"), strings("ja")
    specs = {spec for by_bot in LEVELS.values() for specs in by_bot.values() for spec in specs}
    assert specs
    assert sorted(f"bot.{s}" for s in specs if f"bot.{s}" not in en or f"bot.{s}" not in ja) == []


def test_every_shipped_memory_card_title_is_translated() -> None:
    """Japanese titles are keyed by the English title, so a card file with other
    cards shows its own titles rather than a shipped card's translation."""
    from tabletop.games.code_of_nine.memory_cards import default_memory_cards

    ja = strings("ja")
    titles = {card.title for card in default_memory_cards().cards}
    assert len(titles) == 28
    assert sorted(t for t in titles if f"con.cardTitle.{t}" not in ja) == []
    translated = {k for k in ja if k.startswith("con.cardTitle.")}
    assert translated == {f"con.cardTitle.{t}" for t in titles}
