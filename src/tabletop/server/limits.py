"""The server's bounds on what a client may ask for: bot specs and table options.

Everything a stranger sends is bounded before it costs the server anything: a bot
spec's numeric parameters each have a largest value (``ServerConfig.bot_limits``: no
``time=inf``, no billion iterations), and table options (card data) have a largest
size, text length, item count and nesting. Each refusal is a :class:`TableError` with a
stable code that names the parameter or the place in the options and the limit.
Request bodies and WebSocket messages are bounded in ``middleware`` and ``protocol``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from tabletop.bots import UnknownBotError, make_bot, parse_spec
from tabletop.core.game import Game
from tabletop.server.config import ServerConfig
from tabletop.server.errors import TableError

SPEC_PARAMS = ("guide",)
"""Bot parameters whose value is itself a bot spec (checked the same way)."""

FILE_PARAMS = ("weights",)
"""Bot parameters that name a file on the machine running the bot (``neural:weights=``):
a server never opens a file a client names, so they are refused."""

MAX_TEXT_PARAM = 32
"""Longest text value of a bot parameter (``model=heuristic``, ``search=sealed``)."""


def _bot_limit(spec: str, message: str) -> TableError:
    return TableError("bot_limit", f"bot spec {spec!r}: {message}", 422)


def check_bot_spec(spec: str, game: Game, limits: Mapping[str, float]) -> None:
    """Refuse ``spec`` unless it makes a bot for ``game`` within ``limits``.

    ``bot_limit`` (422) names the parameter and its limit; ``bad_bot`` (422) is the
    bot's own refusal (an unknown name or parameter, a value out of its range).
    """
    try:
        name, params = parse_spec(spec)
    except UnknownBotError as exc:
        raise TableError("bad_bot", str(exc), 422) from None
    for key, value in params.items():
        if key in SPEC_PARAMS:
            check_bot_spec(str(value), game, limits)
        elif key in FILE_PARAMS:
            raise _bot_limit(
                spec, f"{key} names a file, and this server opens no file a client names"
            )
        elif isinstance(value, bool) or not isinstance(value, int | float):
            if len(str(value)) > MAX_TEXT_PARAM:
                raise _bot_limit(spec, f"{key} may be at most {MAX_TEXT_PARAM} characters")
        elif key not in limits:
            raise _bot_limit(spec, f"this server allows no parameter {key!r} for bots")
        elif not math.isfinite(value) or value > limits[key]:
            raise _bot_limit(
                spec, f"{key} must be a finite number of at most {limits[key]:g} on this server"
            )
    try:
        make_bot(spec, game, 0, 0)
    except UnknownBotError as exc:
        raise TableError("bad_bot", str(exc), 422) from None


def fallback_spec(game: Game) -> str:
    """The bot that plays when a bot fails or runs out of time: the game's heuristic
    (quick and strong), else ``random``."""
    from tabletop.bots import BOTS

    return "heuristic" if "heuristic" in BOTS.names(game.info.name) else "random"


def within_limits(spec: str, game: Game, limits: Mapping[str, float]) -> str:
    """``spec`` if this server allows it, else its fallback bot.

    For tables stored before the limits (or by a server with looser ones): a restarted
    server must not hang on an old ``mcts:time=inf``; that seat's bot becomes the
    heuristic, and the table plays on.
    """
    try:
        check_bot_spec(spec, game, limits)
    except TableError:
        return fallback_spec(game)
    return spec


QUICK_BOT_PARAMS = ("time", "iterations", "ceiling")
"""Parameters that make a bot a search (a spec with none of them, such as ``random``
or ``heuristic``, decides in milliseconds)."""


def thinking_seconds(spec: str, largest: float) -> float:
    """What a bot seat weighs in its creator's quota: the seconds a decision of ``spec``
    may think (its ``time``; a search budgeted otherwise, the server's ``largest``),
    0 for a bot that decides at once."""
    try:
        _, params = parse_spec(spec)
    except ValueError:
        return largest
    if not any(name in params for name in QUICK_BOT_PARAMS):
        return 0.0
    asked = params.get("time")
    if isinstance(asked, int | float) and not isinstance(asked, bool) and 0 < asked <= largest:
        return float(asked)
    return largest


def check_thinking_quota(used: float, asked: float, tables: int, config: ServerConfig) -> None:
    """Refuse a table whose bots would take its creator past ``bot_seconds_per_client``
    (``used``: what its ``tables`` unfinished tables' bots already ask for)."""
    limit = config.bot_seconds_per_client
    if asked > 0 and used + asked > limit:
        raise TableError(
            "too_much_thinking",
            f"this table's bots would think {asked:g} s a decision, and the bots of your"
            f" {tables} unfinished table{'' if tables == 1 else 's'} already think"
            f" {used:g} s; one address's bots may think {limit:g} s a decision in all."
            " Choose quicker bots, or finish a table first",
            429,
        )


def check_options(options: Any, config: ServerConfig) -> None:
    """Refuse table options over the server's size limits (``option_too_large``, 413)."""
    size = _json_size(options, config, "options", 0)
    if size > config.max_options_bytes:
        raise TableError(
            "option_too_large",
            f"options are {size} bytes as JSON; at most {config.max_options_bytes} allowed",
            413,
        )


def _too_large(where: str, message: str) -> TableError:
    return TableError("option_too_large", f"{where}: {message}", 413)


def _json_size(value: Any, config: ServerConfig, where: str, depth: int) -> int:
    """An upper bound of ``value``'s JSON size, checking texts, items and depth on
    the way (it stops at the first problem, so a huge value costs little)."""
    if depth > config.max_option_depth:
        raise _too_large(where, f"nested deeper than {config.max_option_depth}")
    if isinstance(value, str):
        if len(value) > config.max_option_text:
            raise _too_large(
                where, f"{len(value)} characters; at most {config.max_option_text} allowed"
            )
        return 2 + len(value.encode("utf-8", "surrogatepass"))
    if isinstance(value, dict | list):
        if len(value) > config.max_option_items:
            raise _too_large(
                where, f"{len(value)} items; at most {config.max_option_items} allowed"
            )
        total = 2
        if isinstance(value, dict):
            for key, item in value.items():
                total += _json_size(str(key), config, f"{where} key", depth + 1)
                total += _json_size(item, config, f"{where}.{key}", depth + 1) + 2
                if total > config.max_options_bytes:
                    return total
        else:
            for i, item in enumerate(value):
                total += _json_size(item, config, f"{where}[{i}]", depth + 1) + 1
                if total > config.max_options_bytes:
                    return total
        return total
    return 24
