"""HTTP bounds as a stranger meets them: raw sockets against a real ``tabletop serve``.

Found from outside (issue 26): one 32 MB header was read whole (ten of them: +431 MB
resident), a request that never finished held its connection for ever, and 1,100
half-sent requests from one address took every file the server could open. Loopback
only: 127.0.0.1 and 127.0.0.2 are the two addresses (both this machine). Every loop is
bounded in bytes or seconds.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.helpers import ServerProcess

pytestmark = pytest.mark.slow  # a real server and its timeouts (not in --fast)

TIMEOUT = 1.0
"""The servers' ``--request-timeout`` here (20 s by default)."""
PER_CLIENT = 6
"""The servers' ``--connections-per-client`` here (64 by default)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    data = tmp_path_factory.mktemp("bounds")
    process = ServerProcess(
        "--data-dir",
        str(data),
        "--request-timeout",
        str(TIMEOUT),
        "--connections-per-client",
        str(PER_CLIENT),
    ).start()
    try:
        yield process
    finally:
        process.stop()


def _connect(server: ServerProcess, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(
        ("127.0.0.1", server.port), timeout=10, source_address=(source, 0)
    )
    return sock


def _answer(sock: socket.socket, seconds: float = 10.0) -> tuple[int, dict[str, str]]:
    """The status and error of the server's answer; (0, {}) if it closed without one."""
    sock.settimeout(seconds)
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            data += chunk
            if b"\r\n\r\n" in data and len(data.split(b"\r\n\r\n", 1)[1]) > 0:
                break
    if not data:
        return 0, {}
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    try:
        error = json.loads(body)["error"]
    except (ValueError, KeyError):
        error = {}
    return status, error


def _closed(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes the connection within ``seconds`` (reading what it says)."""
    sock.settimeout(seconds)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def _get(server: ServerProcess, source: str = "127.0.0.1") -> int:
    with _connect(server, source) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return _answer(sock)[0]


def test_a_32_mb_header_is_refused_after_its_first_kilobytes(server: ServerProcess) -> None:
    sent = 0
    with _connect(server) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ")
        chunk = b"a" * 65536
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            while sent < 32 << 20:  # before: all 32 MB were read
                sock.sendall(chunk)
                sent += len(chunk)
        status, error = _answer(sock)
    print(f"sent {sent >> 10} KiB before the server closed")
    assert status == 431 and error["code"] == "header_too_large"
    assert sent < 32 << 20
    assert _get(server) == 200  # the server is fine


def test_a_head_in_one_piece_is_measured_too(server: ServerProcess) -> None:
    with _connect(server) as sock:  # 20 KiB of headers in one send
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
        assert _answer(sock)[0] == 431
    many = b"".join(b"X-%d: 1\r\n" % i for i in range(101))
    with _connect(server) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + many + b"\r\n")
        status, error = _answer(sock)
    assert status == 431 and "100 headers" in error["message"]
    with _connect(server) as sock:  # a browser's head is a kilobyte: fine
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: " + b"a" * 4000 + b"\r\n\r\n")
        assert _answer(sock)[0] == 200


@pytest.mark.parametrize(
    "sent",
    [
        b"",  # a connection that says nothing
        b"GET /healthz HTTP/1.1\r\nHost: x\r\n",  # a head never finished
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"game":',  # a body never finished
    ],
)
def test_a_request_that_never_finishes_is_closed_after_the_limit(
    server: ServerProcess, sent: bytes
) -> None:
    with _connect(server) as sock:
        start = time.monotonic()
        sock.sendall(sent)
        assert _closed(sock, TIMEOUT + 10)  # before: never
        took = time.monotonic() - start
    print(f"closed after {took:.2f} s")
    assert TIMEOUT * 0.9 <= took < TIMEOUT + 5


def test_a_slow_but_steady_request_is_not_cut(server: ServerProcess) -> None:
    """The limit is for the whole request: a client that takes most of it still gets in."""
    with _connect(server) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\n")
        time.sleep(TIMEOUT / 2)
        sock.sendall(b"Host: x\r\nConnection: close\r\n\r\n")
        assert _answer(sock)[0] == 200


def test_connections_per_address_are_capped_and_another_address_still_gets_in(
    server: ServerProcess,
) -> None:
    held = []
    try:
        for _ in range(PER_CLIENT):
            sock = _connect(server)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # half-sent, held open
            held.append(sock)
        with _connect(server) as extra:
            status, error = _answer(extra)
        assert status == 429 and error["code"] == "too_many_connections"
        assert _get(server, source="127.0.0.2") == 200  # another address: served
    finally:
        for sock in held:
            sock.close()
    # the held connections are let go: this address is served again
    deadline = time.monotonic() + 10
    while _get(server) != 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _get(server) == 200


def test_an_idle_kept_alive_connection_is_closed(server: ServerProcess) -> None:
    with _connect(server) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _answer(sock)[0] == 200
        start = time.monotonic()
        assert _closed(sock, 15)
        took = time.monotonic() - start
    print(f"kept alive {took:.2f} s")
    assert took < 8  # keep_alive: 5 s


def test_the_bounds_hold_over_websockets_too(server: ServerProcess) -> None:
    """A WebSocket counts against its address while it is open, and is let go after."""
    import httpx
    from websockets.sync.client import connect

    body = {"game": "code-of-nine", "players": 3}
    table = httpx.post(f"{server.url}/api/tables", json=body).json()["table"]
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table['id']}"
    with contextlib.ExitStack() as stack:
        for _ in range(PER_CLIENT):
            stack.enter_context(connect(url, open_timeout=10))
        with _connect(server) as extra:
            assert _answer(extra)[0] == 429
    deadline = time.monotonic() + 10
    while _get(server) != 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _get(server) == 200


def test_serve_documents_every_http_bound() -> None:
    text = (Path(__file__).parents[2] / "docs" / "server.md").read_text()
    for name in ("max_header_bytes", "max_headers", "request_timeout", "keep_alive"):
        assert f"`{name}`" in text
    assert "`connections_per_client` (`--connections-per-client`)" in text
