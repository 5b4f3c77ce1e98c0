"""A table's chat: short messages from its seats, kept with the table and told to every
connection watching it, seats and spectators alike.

Messages are stored in their own table of the database (``store.chat``), beside the
table's actions and never among them: the game's sequence numbers, its record, its
replay and everything server bots decide from are the actions alone, so a bot never
reads the chat. A page that loads (or reloads, or comes back after a restart) asks for
the history (``GET /api/tables/{id}/chat``) and then gets each new message as a
``chat`` frame. Only seats write (with their token); spectators read.
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import replace
from typing import Any

from tabletop.server import protocol
from tabletop.server.audience import Audience
from tabletop.server.errors import TableError
from tabletop.server.security import TokenBucket
from tabletop.server.services import Services
from tabletop.server.store import ChatRow

MAX_CHARS = 280
"""The longest message, in characters (after runs of white space become one space)."""

BURST = 5
"""Messages a seat may send at once."""

RATE = 0.5
"""Messages a second a seat may send on average, after a burst."""

HISTORY = 200
"""The most messages one history request returns (the latest ones)."""


def clean(text: Any) -> str:
    """The message as it will be shown: one line, trimmed; or a clear refusal."""
    if not isinstance(text, str):
        raise TableError("chat_bad_text", "a chat message is text", 422)
    line = " ".join(text.split())
    if not line:
        raise TableError("chat_empty", "the message is empty", 422)
    if len(line) > MAX_CHARS:
        raise TableError(
            "chat_too_long",
            f"a message may be at most {MAX_CHARS} characters; this one has {len(line)}",
            422,
        )
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in line):
        raise TableError("chat_bad_text", "the message holds control characters", 422)
    return line


def message_json(row: ChatRow) -> dict[str, Any]:
    """A message as clients get it: ``id`` orders messages and tells repeats apart."""
    return {"id": row.id, "seat": row.seat, "name": row.name, "text": row.text, "at": row.at}


class TableChat:
    """One table's chat in this process: its senders' rate limits, and telling."""

    def __init__(self, table_id: str, services: Services, audience: Audience) -> None:
        self.table_id = table_id
        self.services = services
        self.audience = audience
        self._buckets: dict[int, TokenBucket] = {}

    async def post(self, seat: int, name: str | None, text: Any) -> dict[str, Any]:
        """Store a seat's message and tell everyone watching (here and on other
        workers); the message. A refused message is stored nowhere."""
        line = clean(text)
        bucket = self._buckets.setdefault(seat, TokenBucket(RATE, BURST))
        if not bucket.take():
            raise TableError(
                "chat_rate_limited",
                f"at most {BURST} messages at once, then one every {1 / RATE:g} s: "
                "wait a moment and send it again",
                429,
            )
        row = ChatRow(self.table_id, seat, name, line, time.time())
        stored = await self.services.writer.call(self.services.store.add_chat, row)
        message = message_json(replace(row, id=stored))
        self.tell(message)
        self.services.bus.publish({"kind": "chat", "table": self.table_id, "message": message})
        return message

    def tell(self, message: dict[str, Any]) -> None:
        """Send a message to every connection of this process watching the table."""
        self.audience.broadcast(protocol.encode({"type": "chat", "message": message}))

    async def history(self, after: int) -> list[dict[str, Any]]:
        """The messages after id ``after`` (the latest :data:`HISTORY` of them)."""
        if after < 0:
            raise TableError("bad_after", f"after must be 0 or more, got {after}", 422)
        rows = await self.services.read(
            self.services.store.chat_after, self.table_id, after, HISTORY
        )
        return [message_json(r) for r in rows]
