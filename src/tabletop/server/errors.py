"""The one error type of table operations, shared by the HTTP API and the WebSocket."""

from __future__ import annotations


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
