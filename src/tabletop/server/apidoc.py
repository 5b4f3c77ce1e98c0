"""The OpenAPI document, with links from a new table to every route about a table,
and from a seat's token to every route that needs it.

``POST /api/tables`` answers the new table's id; OpenAPI links say which parameter of
which other operation takes it (``table_id``), so a client generator or a tester
(schemathesis's stateful phase) can follow a table from its creation to its view, its
seats, its events and its record instead of guessing ids. ``join`` and ``rematch``
answer a seat's token: their links carry it (``Authorization: Bearer <token>``) with the
table and the seat to every route of a seat, so a tester reaches them signed in.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

CREATE = ("/api/tables", "post")
"""The operation that makes tables."""

SEATED = (
    ("/api/tables/{table_id}/seats/{seat}/join", "post", "200"),
    ("/api/tables/{table_id}/seats/{seat}/rematch", "post", "201"),
)
"""The operations that answer a seat's token, and the status that carries it."""


def install(app: FastAPI) -> None:
    """Serve ``app``'s OpenAPI document with the table links added (built once)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                summary=app.summary,
                routes=app.routes,
            )
            add_table_links(schema)
            add_seat_links(schema)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def add_table_links(schema: dict[str, Any]) -> None:
    """Link the created table's id to every operation with a ``table_id`` parameter."""
    links = {}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            names = {p["name"] for p in operation.get("parameters", [])}
            if "table_id" in names and (path, method) != CREATE:
                parameters: dict[str, Any] = {"table_id": "$response.body#/table/id"}
                if "seat" in names:
                    parameters["seat"] = 0
                links[operation["operationId"]] = {
                    "operationId": operation["operationId"],
                    "parameters": parameters,
                }
    path, method = CREATE
    schema["paths"][path][method]["responses"]["201"]["links"] = links


def add_seat_links(schema: dict[str, Any]) -> None:
    """Link each token a seat is given to every operation of a seat that needs it."""
    links = {}
    for operations in schema["paths"].values():
        for operation in operations.values():
            names = {p["name"] for p in operation.get("parameters", [])}
            if {"table_id", "seat"} <= names and operation.get("security"):
                links[operation["operationId"]] = {
                    "operationId": operation["operationId"],
                    "parameters": {
                        "table_id": "$response.body#/table/id",
                        "seat": "$response.body#/seat",
                        "header.Authorization": "Bearer {$response.body#/token}",
                    },
                }
    for path, method, status in SEATED:
        schema["paths"][path][method]["responses"][status]["links"] = links
