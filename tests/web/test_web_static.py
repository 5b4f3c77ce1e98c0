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
from tabletop.core.jsonutil import to_jsonable
from tabletop.games import REGISTRY
from tabletop.web.games import strings, web_folder
from tabletop.web.mount import STATIC

LANGUAGES = ("en", "ja")
GAME_FOLDERS = {
    kit.name: folder for kit in REGISTRY.kits() if (folder := web_folder(kit)) is not None
}
"""Each game's web folder, served under /static/games/<name>/."""
GAME_FILES = {
    path: f"/static/games/{name}/{path.relative_to(folder).as_posix()}"
    for name, folder in GAME_FOLDERS.items()
    for suffix in ("js", "css", "json")
    for path in sorted(folder.rglob(f"*.{suffix}"))
}
"""Each game's served files, by their URL."""
SCRIPTS = sorted(STATIC.rglob("*.js")) + [p for p in GAME_FILES if p.suffix == ".js"]
VENDORED = sorted((STATIC / "vendor").rglob("*.mjs"))
"""Libraries copied unchanged from the npm registry (static/vendor/README.md)."""
TEXT_FILES = [
    *SCRIPTS,
    *VENDORED,
    *STATIC.rglob("*.css"),
    *STATIC.rglob("*.html"),
    *STATIC.rglob("*.svg"),
    *(p for p in GAME_FILES if p.suffix == ".css"),
]


def url(path: Path) -> str:
    return GAME_FILES.get(path) or "/static/" + path.relative_to(STATIC).as_posix()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def test_the_page_and_every_file_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/js/app.js" in page.text
    for path in [*TEXT_FILES, *GAME_FILES]:
        r = client.get(url(path))
        assert r.status_code == 200, path
        assert r.headers["cache-control"] == "no-cache"  # an upgraded server is seen at once
    assert client.get("/static/../pyproject.toml").status_code == 404
    for name in GAME_FOLDERS:  # a game's folder serves its scripts, never its Python
        assert client.get(f"/static/games/{name}/__init__.py").status_code == 404


def test_the_page_reads_each_game_and_every_string(client: TestClient) -> None:
    """The shell names no game: it asks which games have a screen, and reads the
    shell's strings merged with each game's."""
    games = client.get("/api/web/games")
    assert games.headers["cache-control"] == "no-cache"
    listed = {g["name"]: g for g in games.json()}
    assert list(listed) == REGISTRY.names()
    for name, folder in GAME_FOLDERS.items():
        assert listed[name]["module"] == f"/static/games/{name}/index.js"
        assert (folder / "index.js").is_file()
    for lang in LANGUAGES:
        r = client.get(f"/api/web/i18n/{lang}")
        assert r.status_code == 200 and r.json() == strings(lang)
    assert client.get("/api/web/i18n/xx").status_code == 404


def test_each_game_describes_its_actions_for_the_page(client: TestClient) -> None:
    """A game's module words its actions from the rules' description of each (kind and
    fields), never by parsing notation: every action of the table, in id order."""
    for game in REGISTRY:
        r = client.get(f"/api/web/games/{game.info.name}/actions")
        assert r.status_code == 200 and r.headers["cache-control"] == "no-cache"
        rows = r.json()
        assert [row["notation"] for row in rows] == [
            game.actions[i].notation() for i in range(len(game.actions))
        ]
        for row in rows:
            action = game.action(row["notation"])
            assert row["kind"] == type(action).__name__
            assert row["fields"] == to_jsonable(action)
    assert client.get("/api/web/games/no-such-game/actions").status_code == 404


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
    """Relative imports within a folder; a game's module imports the shell's by URL."""
    for path in SCRIPTS:
        text = path.read_text("utf-8")
        for target in re.findall(r'from "(\.[^"]+)"', text):
            assert (path.parent / target).resolve().exists(), (path, target)
        for target in re.findall(r'from "/static/([^"]+)"', text):
            assert (STATIC / target).exists(), (path, target)


PLURAL_FORMS = {"en": {"one"}, "ja": set()}
"""The plural forms each language has besides "other" (Intl.PluralRules' categories):
a string's key is its "other" form, and ``key_one`` its singular where there is one."""


def test_both_languages_have_every_string() -> None:
    en, ja = strings("en"), strings("ja")
    # English location names and card titles come from the data
    from_data = {k for k in ja if k.startswith(("con.loc.", "con.cardTitle."))}
    forms = {
        lang: {
            k
            for k in table
            if re.search(r"_(zero|one|two|few|many)$", k) and k.rsplit("_", 1)[0] in table
        }
        for lang, table in (("en", en), ("ja", ja))
    }
    for lang in ("en", "ja"):
        for key in forms[lang]:
            assert key.rsplit("_", 1)[1] in PLURAL_FORMS[lang], key
    assert set(en) - forms["en"] == set(ja) - from_data - forms["ja"]
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
