"""Actions sent to a table another worker owns (see ``owners``).

A client's action reaches whichever worker holds its WebSocket. If another worker owns
the table, this one sends it there on the bus as a ``submit`` message with a request
id and waits. The owner treats it like any action of its own clients; if it accepts
it, the accepted action it broadcasts to every worker carries the request id, so the
sender's worker, applying it like any other news, acknowledges it to its client in the
same frame; if it refuses it, a ``refused`` message goes back to the sender alone, with
the error its client then gets. Nothing here reaches a client unprojected.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass
from typing import Any

from tabletop.server.connection import Connection
from tabletop.server.errors import TableError
from tabletop.server.pubsub import Bus

FORWARD_TIMEOUT = 5.0
"""Seconds to wait for the owner's answer before telling the client to send again."""

_REQUESTS = itertools.count(1)


@dataclass(eq=False)
class Sent:
    """A forwarded action waiting for its outcome, and who to acknowledge it to."""

    future: asyncio.Future[int]
    actor: Connection | None
    ref: Any


class Forwards:
    """One table's actions on their way to its owner, by request id."""

    def __init__(self, table_id: str, bus: Bus, worker: str) -> None:
        self.table_id = table_id
        self.bus = bus
        self.worker = worker
        self._sent: dict[str, Sent] = {}

    async def send(
        self,
        owner: str,
        seat: int,
        notation: str,
        client_seq: int,
        source: str,
        actor: Connection | None,
        ref: Any,
        decision: int | None = None,
    ) -> int:
        """Have ``owner`` take the action; its sequence number, or the owner's TableError."""
        req = f"{self.worker}:{next(_REQUESTS)}"
        sent = Sent(asyncio.get_running_loop().create_future(), actor, ref)
        self._sent[req] = sent
        self.bus.publish(
            {
                "kind": "submit",
                "to": owner,
                "from": self.worker,
                "table": self.table_id,
                "req": req,
                "seat": seat,
                "action": notation,
                "seq": client_seq,
                "source": source,
                "decision": decision,
            }
        )
        try:
            return await asyncio.wait_for(asyncio.shield(sent.future), FORWARD_TIMEOUT)
        except TimeoutError:
            raise TableError(
                "unavailable", "the table's worker did not answer; send the action again", 503
            ) from None
        finally:
            self._sent.pop(req, None)

    def take(self, req: Any) -> Sent | None:
        """The forwarded action ``req``, now accepted: its sender, to acknowledge."""
        return self._sent.pop(req, None) if isinstance(req, str) else None

    def refused(self, message: dict[str, Any]) -> None:
        """The owner refused a forwarded action: its sender gets the owner's error."""
        sent = self.take(message.get("req"))
        if sent is None or sent.future.done():
            return
        status = message.get("status")
        sent.future.set_exception(
            TableError(
                str(message.get("code", "refused")),
                str(message.get("message", "the action was refused")),
                status if isinstance(status, int) else 409,
            )
        )


def refusal(message: dict[str, Any], code: str, text: str, status: int = 409) -> dict[str, Any]:
    """The ``refused`` answer to the forwarded action ``message``, for its sender only."""
    return {
        "kind": "refused",
        "to": message.get("from"),
        "table": message.get("table"),
        "req": message.get("req"),
        "code": code,
        "message": text,
        "status": status,
    }
