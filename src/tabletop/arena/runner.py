"""An arena run: schedule, skip what the results file holds, play the rest, record it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.arena import backends, results
from tabletop.arena.results import Header
from tabletop.arena.schedule import Match, schedule


@dataclass(frozen=True)
class Backend:
    """``workers`` local processes, or Ray when ``ray`` (at ``address``; None: local)."""

    workers: int = 1
    ray: bool = False
    address: str | None = None


def missing(header: Header, games: int, done: dict[int, dict[str, Any]]) -> list[Match]:
    """The scheduled games not yet in ``done``."""
    plan = schedule(header.bots, header.players, games, header.seed)
    return [m for m in plan if m.index not in done]


def run_arena(
    header: Header,
    games: int,
    path: Path | None,
    backend: Backend = Backend(),
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play the first ``games`` games of ``header``'s schedule; return their records in order.

    With ``path`` the records are appended to that results file as they finish, and
    games it already holds are not played again (resuming). ``on_game`` is called with
    each new record (for a progress bar).
    """
    if games < 1:
        raise ValueError(f"an arena needs at least one game, got {games}")
    return results.keep(
        path,
        header,
        games,
        lambda done: _play(header, missing(header, games, done), backend),
        on_game,
    )


def _play(header: Header, todo: list[Match], backend: Backend) -> Iterator[dict[str, Any]]:
    if not todo:
        return iter(())
    if backend.ray:
        return backends.run_ray(header.game, header.players, todo, header.options, backend.address)
    return backends.run_local(header.game, header.players, todo, header.options, backend.workers)
