"""Every error code the server can send has a text in English and in Japanese, so a
refusal is never half English on a Japanese page.

The codes are read from the server's source: the first string given to every error
type and error frame (``TableError``, ``ProtocolError``, ``PreviewRefused``,
``error_frame``, ``_send_error``, ``error_response``, the middleware's ``_refuse``)
and the HTTP status names of the error envelope; a new code without its texts fails
here.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import tabletop.server.envelope as envelope

SRC = Path(__file__).resolve().parents[2] / "src" / "tabletop"
I18N = SRC / "web" / "static" / "i18n"

CODE_ARG = {
    "TableError": 0,
    "ProtocolError": 0,
    "PreviewRefused": 0,
    "error_frame": 0,
    "_send_error": 1,
    "error_response": 1,
    "_refuse": 2,
}
"""Which argument is the code, by the name called."""


def server_codes() -> set[str]:
    codes: set[str] = set(envelope.STARLETTE_CODES.values())
    for path in [*(SRC / "server").rglob("*.py"), *(SRC / "web").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in CODE_ARG or len(node.args) <= CODE_ARG[name]:
                continue
            arg = node.args[CODE_ARG[name]]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                codes.add(arg.value)
    return codes


def test_the_scan_finds_the_codes_it_should() -> None:
    codes = server_codes()
    assert {"stale_decision", "illegal_action", "bad_seat", "not_found", "invalid"} <= codes
    assert len(codes) >= 30


def test_every_server_error_code_has_an_english_and_a_japanese_text() -> None:
    for lang in ("en", "ja"):
        texts = json.loads((I18N / f"{lang}.json").read_text())
        missing = sorted(c for c in server_codes() if not texts.get(f"error.code.{c}"))
        assert missing == [], f"{lang}.json lacks error.code.* for {missing}"
