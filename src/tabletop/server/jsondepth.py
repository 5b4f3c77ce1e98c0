"""How deep JSON nests, measured before (text) or after (values) it is parsed.

A client's JSON nested a thousand deep made the stdlib's encoder and decoder raise
``RecursionError`` deep in a handler (and dropped the WebSocket with 1006). Both
measures here are loops, never recursion, so any depth costs one pass.
"""

from __future__ import annotations

import re
from typing import Any

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")


def text_depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in JSON text (brackets in strings
    do not count); malformed text gets some number, and the parser refuses it later."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(_STRINGS.sub(b'""', raw)):
        if match.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def value_depth(value: Any, stop: int) -> int:
    """The nesting of a parsed JSON value (a scalar is 0), counting no further than
    ``stop + 1``."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > stop:
                return deepest
            todo.extend((v, depth) for v in (item.values() if isinstance(item, dict) else item))
    return deepest
