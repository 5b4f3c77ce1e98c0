"""The WebSocket endpoint ``/ws/tables/{table_id}``: live play for seats and spectators.

The first message authenticates: ``{"type": "auth", "seat": 0, "token": "..."}`` for a
seat, ``{"type": "spectate"}`` to watch (either may add ``"views": true`` to get the
whole view with every event frame). The server answers ``welcome``, then sends every
accepted action's ``events`` frame in order; a seat sends ``action`` messages. Every bad
message gets a typed ``error`` frame and changes nothing; see ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from tabletop.server import protocol
from tabletop.server.clients import Clients
from tabletop.server.config import ServerConfig
from tabletop.server.connection import Connection
from tabletop.server.errors import TableError, seat_words
from tabletop.server.manager import TableManager
from tabletop.server.protocol import ProtocolError
from tabletop.server.security import TokenBucket
from tabletop.server.tables import LiveTable

router = APIRouter()
log = logging.getLogger(__name__)

CLOSE_POLICY = 1008
CLOSE_AUTH = 4401
CLOSE_UNKNOWN = 4404
CLOSE_SLOW = 4408
CLOSE_LIMITED = 4429
CLOSE_ERROR = 1011


class _Closed(Exception):
    """The client went away."""


async def _receive(websocket: WebSocket) -> Any:
    """The next message's text (or bytes, which the protocol refuses)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise _Closed
    return message.get("text") if message.get("text") is not None else message.get("bytes")


async def _send_error(websocket: WebSocket, code: str, text: str, ref: Any = None) -> None:
    await websocket.send_text(protocol.error_frame(code, text, ref))


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    config: ServerConfig = websocket.app.state.config
    manager: TableManager = websocket.app.state.manager
    clients: Clients = websocket.app.state.clients
    address = websocket.client.host if websocket.client else "?"
    refused = clients.connect(address)
    if refused is not None:
        with contextlib.suppress(Exception):
            await _send_error(websocket, "rate_limited", refused)
            await websocket.close(CLOSE_LIMITED)
        return
    try:
        await _serve(websocket, table_id, config, manager, clients, address)
    except (_Closed, WebSocketDisconnect):
        return
    finally:
        clients.disconnect(address)


async def _serve(
    websocket: WebSocket,
    table_id: str,
    config: ServerConfig,
    manager: TableManager,
    clients: Clients,
    address: str,
) -> None:
    try:
        table = await manager.get(table_id)
    except TableError as exc:
        await _send_error(websocket, exc.code, exc.message)
        await websocket.close(CLOSE_UNKNOWN if exc.status == 404 else CLOSE_ERROR)
        return
    except Exception:  # the database failed: say so, never what it said
        await _send_error(websocket, "storage", "the table could not be read; try again")
        await websocket.close(CLOSE_ERROR)
        return
    conn = await _authenticate(websocket, table, config, clients, address)
    if conn is None:
        return
    async with table.lock:
        table.attach(conn)
    writer = asyncio.create_task(_write(websocket, conn))
    try:
        await _read(websocket, table, conn, config)
    finally:
        table.detach(conn)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def _authenticate(
    websocket: WebSocket,
    table: LiveTable,
    config: ServerConfig,
    clients: Clients,
    address: str,
) -> Connection | None:
    try:
        raw = await asyncio.wait_for(_receive(websocket), config.auth_timeout)
    except TimeoutError:
        await _send_error(websocket, "auth_timeout", "send auth or spectate first")
        await websocket.close(CLOSE_AUTH)
        return None
    wait = clients.auth_wait(address)
    if wait > 0:
        await _send_error(
            websocket, "rate_limited", f"too many failed auths; try again in {wait:.1f} s"
        )
        await websocket.close(CLOSE_LIMITED)
        return None
    try:
        message = protocol.parse_message(raw, config.max_message_bytes, config.max_json_depth)
        views = message.get("views", False)
        if not isinstance(views, bool):
            raise ProtocolError("bad_message", "field 'views' must be true or false")
        if message["type"] == "spectate":
            return Connection(None, views, config.send_queue)
        if message["type"] != "auth":
            raise ProtocolError("auth_required", "the first message is auth or spectate")
        try:
            seat = await table.check_token(message.get("seat"), message.get("token"))
        except TableError as exc:
            if exc.code == "auth_failed":
                clients.auth_failed(address)
            raise
        return Connection(seat, views, config.send_queue)
    except (ProtocolError, TableError) as exc:
        await _send_error(websocket, exc.code, exc.message)
        await websocket.close(CLOSE_AUTH)
        return None
    except Exception:  # the database failed while reading the seats
        log.exception("table %s: could not check a seat token", table.id)
        await _send_error(websocket, "storage", "the seat could not be checked; try again")
        await websocket.close(CLOSE_ERROR)
        return None


async def _write(websocket: WebSocket, conn: Connection) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            await websocket.close(CLOSE_SLOW if conn.dropped else 1001)
            return
        await websocket.send_text(text)


async def _read(
    websocket: WebSocket, table: LiveTable, conn: Connection, config: ServerConfig
) -> None:
    bucket = TokenBucket(config.ws_rate, config.ws_burst)
    refused = 0
    while True:
        raw = await _receive(websocket)
        if not bucket.take():
            refused += 1
            if refused >= config.ws_flood_close:
                await websocket.close(CLOSE_POLICY, "flood")
                return
            conn.send(protocol.error_frame("rate_limited", "too many messages; slow down"))
            continue
        ref = None
        try:
            message = protocol.parse_message(raw, config.max_message_bytes, config.max_json_depth)
            ref = message.get("ref")
            if ref is not None and not (isinstance(ref, str | int) and len(str(ref)) <= 64):
                ref = None
                raise ProtocolError("bad_message", "field 'ref' must be a short string or integer")
            await _handle(table, conn, message, ref)
        except ProtocolError as exc:
            conn.send(protocol.error_frame(exc.code, exc.message, ref))
        except TableError as exc:
            conn.send(protocol.error_frame(exc.code, exc.message, ref))
        except Exception:  # a failure of ours: logged here, never shown to the client
            log.exception("table %s: a message could not be handled", table.id)
            conn.send(protocol.error_frame("internal", "the server failed on that message", ref))


async def _handle(table: LiveTable, conn: Connection, message: dict[str, Any], ref: Any) -> None:
    kind = message["type"]
    if kind == "ping":
        conn.send(protocol.pong_frame(ref))
    elif kind == "view":
        async with table.lock:
            conn.send(table.view_frame(conn.viewer))
    elif kind == "action":
        if conn.viewer is None:
            raise ProtocolError("spectator", "spectators cannot act")
        if "seat" in message and message["seat"] != conn.viewer:
            raise ProtocolError(
                "not_your_seat", f"this connection plays {seat_words(conn.viewer)} only"
            )
        seq = protocol.require_int(message, "seq")
        decision = protocol.require_int(message, "decision") if "decision" in message else None
        action = protocol.parse_action(table.game, message.get("action"))
        await table.submit(conn.viewer, action, seq, "seat", actor=conn, ref=ref, decision=decision)
    else:
        raise ProtocolError("bad_message", f"unknown message type {kind!r}")
