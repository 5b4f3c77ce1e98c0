"""Load testing the server through its real protocol: one WebSocket client per seat.

``run_loadtest`` plays N concurrent tables of random-choosing clients against a running
server and reports completion, errors, action round-trip latency and throughput; with
leak checking it compares every frame each client received with what that seat may see.
"""

from tabletop.loadtest.runner import LoadReport, run_loadtest

__all__ = ["LoadReport", "run_loadtest"]
