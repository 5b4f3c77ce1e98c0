"""The one error type of table operations, shared by the HTTP API and the WebSocket."""

from __future__ import annotations

from tabletop.core.errors import IllegalActionError, TabletopError


class TableError(Exception):
    """A refused request: ``code`` for machines, ``message`` for people, HTTP ``status``
    (and any HTTP ``headers`` it calls for, such as ``Retry-After``)."""

    def __init__(
        self, code: str, message: str, status: int = 409, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.headers = headers


def seat_words(seat: object) -> str:
    """A seat as people number it (1..N; the API's seat indices are 0..N-1)."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        return f"seat {seat + 1}"
    return f"seat {seat!r}"


def refused_action(exc: TabletopError) -> str:
    """A game's refusal in people's words: the seat numbered 1..N (the engine's
    message numbers players from 0, as its Python API does)."""
    if isinstance(exc, IllegalActionError):
        return f"{seat_words(exc.player)} cannot play {exc.action}: {exc.reason}"
    return str(exc)
