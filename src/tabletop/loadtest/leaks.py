"""Checking a seat's received frames against what the rules let that seat see.

After a game ends its record is public, so a checker can replay it and compute, for
every sequence number, exactly what each seat may know: its version of each event, its
own legal actions and its view. A frame with anything else, or anything different, is
reported. Since every frame must equal the seat's own projection, a frame carrying any
of another seat's secrets (a pending declaration, an unseen card) cannot pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import tabletop
from tabletop.core.events import Event
from tabletop.core.record import GameRecord
from tabletop.core.state import State
from tabletop.server import protocol

_DECISION = {"legal", "decision", "clock_left", "clocks"}
"""The viewer's own decision: its legal actions, since when, its time left (a clock);
and every seat's time left (public: who is deciding is in every view)."""

ALLOWED_KEYS = {
    "welcome": {"type", "seq", "seat", "view", "over", "result", "start", "table", *_DECISION},
    "view": {"type", "seq", "seat", "view", "over", "result", "ack", *_DECISION},
    "events": {"type", "seq", "events", "over", "result", "view", "ack", "timeout", *_DECISION},
    "seats": {"type", "seq", "table", *_DECISION},
    "pong": {"type", "ref"},
    "chat": {"type", "message"},
    "rematch": {"type", "rematch"},
    "error": {"type", "code", "message", "ref"},
}


@dataclass
class LeakReport:
    """Frames checked, events whose seat version differs from the full event, problems."""

    frames: int = 0
    hidden_events: int = 0
    problems: list[str] = field(default_factory=list)


def check_frames(
    record: GameRecord | dict[str, Any],
    frames_by_seat: dict[int | None, Sequence[dict[str, Any]]],
) -> LeakReport:
    """Compare each viewer's frames (seat number, or None for a spectator) with the replay."""
    rec = record if isinstance(record, GameRecord) else GameRecord.from_json(record)
    game = tabletop.game(rec.game)
    report = LeakReport()
    by_seq: dict[int | None, dict[int, list[dict[str, Any]]]] = {}
    for viewer, frames in frames_by_seat.items():
        by_seq[viewer] = {}
        for frame in frames:
            report.frames += 1
            kind = frame.get("type")
            extra = set(frame) - ALLOWED_KEYS.get(str(kind), set())
            if kind not in ALLOWED_KEYS or extra:
                report.problems.append(
                    f"seat {viewer}: unexpected frame {kind!r} keys {sorted(extra)}"
                )
            if kind in ("welcome", "view", "events", "seats"):
                by_seq[viewer].setdefault(int(frame["seq"]), []).append(frame)
    for seq, (state, _, events) in enumerate(rec.steps(game)):
        _check_seq(report, state, by_seq, seq, events)
    return report


def _check_seq(
    report: LeakReport,
    state: State,
    by_seq: dict[int | None, dict[int, list[dict[str, Any]]]],
    seq: int,
    events: list[Event],
) -> None:
    for viewer, frames in by_seq.items():
        for frame in frames.get(seq, ()):
            _check_one(report, state, viewer, frame, events)


def _check_one(
    report: LeakReport, state: State, viewer: int | None, frame: dict[str, Any], events: list[Event]
) -> None:
    where = f"seat {viewer} frame {frame['type']} seq {frame['seq']}"
    if frame["type"] == "events":
        expected = protocol.visible_events(events, viewer)
        if frame.get("events") != expected:
            report.problems.append(f"{where}: events differ from the seat's version")
        report.hidden_events += sum(1 for e in events if e.for_player(viewer) != e)
    if "start" in frame and frame["start"] != protocol.visible_events(state.start_events, viewer):
        report.problems.append(f"{where}: the setup's events differ from the seat's version")
    if "view" in frame and frame["view"] != protocol.view_of(state, viewer):
        report.problems.append(f"{where}: view differs from the seat's view")
    legal = (
        [a.notation() for a in state.legal_actions(viewer)]
        if viewer is not None and viewer in state.current_players()
        else None
    )
    if frame.get("legal") not in (None, legal) or (viewer is None and "legal" in frame):
        report.problems.append(f"{where}: legal actions are not the seat's own")
    if "clock_left" in frame and "legal" not in frame:
        report.problems.append(f"{where}: a clock without a decision of the seat's own")
    deciding = set(state.current_players())
    if any(c is not None and p not in deciding for p, c in enumerate(frame.get("clocks", ()))):
        report.problems.append(f"{where}: a clock for a seat that is not deciding")
    if "over" in frame and frame["over"] != state.is_terminal():
        report.problems.append(f"{where}: 'over' is wrong")
