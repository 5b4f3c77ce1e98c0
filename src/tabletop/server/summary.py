"""What anyone may know of a table and its seats: never a token, no seed before the end.

Two sizes: the table's own description (its page, its frames) carries its options in
full (bounded by ``limits``); a lobby row carries only what a list needs, so a page of
the lobby stays small whatever card data its tables were made with.
"""

from __future__ import annotations

from typing import Any

from tabletop.server.store import SeatRow, TableRow

DATA_OPTION = "custom"
"""What a lobby row shows for an option given as data (a card set, a location list)."""


def public_seat(seat: SeatRow) -> dict[str, Any]:
    """What anyone may know of a seat (never its token nor its invitation)."""
    out: dict[str, Any] = {"seat": seat.seat, "kind": seat.kind, "name": seat.name}
    if seat.kind == "bot" or seat.away:
        out["bot"] = seat.bot
    out["away"] = seat.away
    if seat.bank_used:
        out["bank_used"] = round(seat.bank_used, 1)  # seconds of the time bank spent
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
        "private": row.private,
        "status": status,
        "seq": seq,
        "seats": [public_seat(s) for s in seats],
        "created": row.created,
    }
    if row.rematch is not None:
        out["rematch"] = row.rematch
    if row.bank is not None:
        out["bank"] = row.bank  # seconds of time bank per player
    if row.game_clock is not None:
        out["game_clock"] = row.game_clock  # seconds per player for the whole game
        out["increment"] = row.increment  # seconds each decision adds
        for seat, described in zip(seats, out["seats"], strict=True):
            described.pop("bank_used", None)  # spent less earned: told as what is left
            described["game_left"] = round(max(0.0, row.game_clock - seat.bank_used), 1)
    return out


def lobby_row(summary: dict[str, Any]) -> dict[str, Any]:
    """A table's summary for the lobby: its options' plain values only (data options,
    such as a card set, show as ``"custom"``)."""
    options = {
        name: value if _plain(value) else DATA_OPTION for name, value in summary["options"].items()
    }
    return {**summary, "options": options}


def _plain(value: Any) -> bool:
    return (
        value is None
        or isinstance(value, bool | int | float)
        or (isinstance(value, str) and len(value) <= 64)
    )
