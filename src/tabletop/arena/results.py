"""The arena's results file: JSON lines, appended as games finish, so a run resumes.

The first line is the header (game, players, bots, seed, options); every other line is
one game's record (:mod:`tabletop.arena.play`), in the order games finished. Resuming
reads the file, refuses it if the header differs from the run asked for, drops a
truncated last line (an interrupted write) and plays only the games not yet recorded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

from tabletop.core.errors import TabletopError


class ResultsFileError(TabletopError):
    """A results file that belongs to another run or cannot be read."""


@dataclass(frozen=True)
class Header:
    """What identifies an arena run: the same header means the same schedule."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": "tabletop-arena", **asdict(self), "bots": list(self.bots)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Header:
        if data.get("kind") != "tabletop-arena":
            raise ResultsFileError("the first line is not a tabletop arena header")
        return cls(
            data["game"],
            int(data["players"]),
            tuple(data["bots"]),
            int(data["seed"]),
            dict(data["options"]),
        )


def read(path: Path) -> tuple[Header, dict[int, dict[str, Any]]]:
    """The header and the game records by index (a truncated last line is dropped)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ResultsFileError(f"cannot read results file {str(path)!r}: {exc}") from None
    if not lines:
        raise ResultsFileError(f"results file {str(path)!r} is empty")
    try:
        header = Header.from_json(json.loads(lines[0]))
    except (ValueError, KeyError, TypeError) as exc:
        raise ResultsFileError(f"{path}: bad header: {exc}") from None
    games: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            record = json.loads(line)
            games[int(record["index"])] = record
        except (ValueError, KeyError, TypeError) as exc:
            if number == len(lines):
                break  # the last write was interrupted: that game is played again
            raise ResultsFileError(f"{path}, line {number}: {exc}") from None
    return header, games


def open_for(path: Path, header: Header) -> tuple[TextIO, dict[int, dict[str, Any]]]:
    """Open ``path`` for appending games of ``header``'s run; return what it already holds.

    A new file gets the header. An existing one must have the same header; its records
    are returned so that only the missing games are played.
    """
    if path.exists() and path.stat().st_size > 0:
        old, games = read(path)
        if old != header:
            raise ResultsFileError(
                f"{path} holds another arena run ({old.game}, bots {','.join(old.bots)}, "
                f"{old.players} players, seed {old.seed}, options {old.options}); "
                "use another --results file"
            )
        text = path.read_text(encoding="utf-8")
        if text and not text.endswith("\n"):  # drop the interrupted line
            path.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")
        return path.open("a", encoding="utf-8"), games
    path.parent.mkdir(parents=True, exist_ok=True)
    out = path.open("w", encoding="utf-8")
    out.write(json.dumps(header.to_json()) + "\n")
    out.flush()
    return out, {}


def append(out: TextIO, record: dict[str, Any]) -> None:
    out.write(json.dumps(record) + "\n")
    out.flush()


def keep(
    path: Path | None,
    header: Header,
    games: int,
    play: Callable[[dict[int, dict[str, Any]]], Iterable[dict[str, Any]]],
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """The records of the first ``games`` games of a run, resumed from ``path``.

    ``play`` gets the records ``path`` already holds (by game index) and yields the
    games it plays besides; each is appended to ``path`` as it comes, so a run stopped
    half-way loses nothing, and passed to ``on_game`` (a progress bar).
    """
    out = None
    done: dict[int, dict[str, Any]] = {}
    if path is not None:
        out, done = open_for(path, header)
    try:
        for record in play(done):
            done[record["index"]] = record
            if out is not None:
                append(out, record)
            if on_game is not None:
                on_game(record)
    finally:
        if out is not None:
            out.close()
    return [done[i] for i in sorted(done) if i < games]
