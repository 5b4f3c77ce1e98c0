"""What anyone may know of a table and its seats: never a token, no seed before the end."""

from __future__ import annotations

from typing import Any

from tabletop.server.store import SeatRow, TableRow


def public_seat(seat: SeatRow) -> dict[str, Any]:
    """What anyone may know of a seat (never its token)."""
    out: dict[str, Any] = {"seat": seat.seat, "kind": seat.kind, "name": seat.name}
    if seat.kind == "bot" or seat.away:
        out["bot"] = seat.bot
    out["away"] = seat.away
    return out


def table_summary(row: TableRow, seats: list[SeatRow], status: str, seq: int) -> dict[str, Any]:
    """A table's public description (no seed until the game is over, no tokens).

    ``created`` (seconds since the epoch) lets a lobby say how old a table is;
    ``rematch``, once someone asked for one, is the table that continues this one."""
    out: dict[str, Any] = {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "clock": row.clock,
        "seeded": row.seeded,
        "status": status,
        "seq": seq,
        "seats": [public_seat(s) for s in seats],
        "created": row.created,
    }
    if row.rematch is not None:
        out["rematch"] = row.rematch
    return out
