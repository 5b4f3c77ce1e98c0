"""A real server for browser tests: uvicorn in a background thread, on a free port,
with its tables in a temporary SQLite file."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from tabletop.server import ServerConfig
from tabletop.web.app import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``with LiveServer(tmp) as server: server.url`` serves the app until the block ends."""

    def __init__(self, data_dir: Path, port: int | None = None, **config: Any) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(ServerConfig(data_dir=str(data_dir), **config))
        self.server = uvicorn.Server(
            uvicorn.Config(
                app, host="127.0.0.1", port=self.port, log_level="warning", access_log=False
            )
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def api(self, method: str, path: str, **kwargs: Any) -> Any:
        """Call the HTTP API directly (to set tables up); raises on an error status."""
        response = httpx.request(method, self.url + path, timeout=10, **kwargs)
        response.raise_for_status()
        return response.json()
