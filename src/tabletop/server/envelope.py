"""Every HTTP error in one envelope: ``{"error": {"code", "message", "problems"?}}``.

Refusals of the API (:class:`TableError`), FastAPI's validation errors (reshaped,
``invalid``), Starlette's own errors (``not_found``, ``method_not_allowed``...),
database failures (``storage``, 503) and anything unexpected (``internal``, 500) all
come in it, with a stable ``code`` and a message for people that never carries SQL,
a stack or other internal text. The OpenAPI document lists, for every route, each
status it can answer with this envelope as its schema (:func:`responses`).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException

from tabletop.server.errors import TableError

log = logging.getLogger(__name__)


class Problem(BaseModel):
    """One schema problem of an invalid request: where, and what is wrong."""

    where: list[str]
    problem: str


class ErrorDetail(BaseModel):
    code: str
    message: str
    problems: list[Problem] | None = None


class ErrorOut(BaseModel):
    """The envelope of every error the HTTP API answers."""

    error: ErrorDetail


WHY: dict[int, str] = {
    400: "A body that cannot be read as text (`bad_request`); text that is not JSON is a 422.",
    401: "No seat token (`Authorization: Bearer <token>`): `auth_required`.",
    403: "Wrong seat token (`auth_failed`), or a private seat without its invitation "
    "(`invitation_required`, `bad_invitation`).",
    404: "Unknown table (`unknown_table`) or seat (`bad_seat`).",
    409: "The table's state refuses it (`seat_taken`, `not_over`, ...).",
    413: "Body over the size limit, or options over theirs (`too_large`, `too_deep`, "
    "`option_too_large`).",
    422: "Invalid input (`invalid` with `problems`, `bad_table`, `bad_bot`, `bot_limit`, "
    "`bad_seq`, `bad_cursor`, ...).",
    429: "Over a per-client rate or quota (`rate_limited`, `too_many_tables`).",
    500: "A stored table that does not replay (`corrupt_table`), or an unexpected failure "
    "(`internal`).",
    503: "The database failed (`storage`): nothing was changed; try again.",
}

ALWAYS = (413, 429, 500, 503)
"""What any route may answer: the guards run before every route, and the database
or the server may fail under any of them."""


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for a route: these statuses and :data:`ALWAYS` (a route
    with a body: add 400)."""
    return {
        status: {"model": ErrorOut, "description": WHY[status]}
        for status in sorted({*statuses, *ALWAYS})
    }


def error_response(
    status: int,
    code: str,
    message: str,
    problems: list[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    detail: dict[str, Any] = {"code": code, "message": message}
    if problems is not None:
        detail["problems"] = problems
    return JSONResponse({"error": detail}, status, headers=headers)


def _allowed(app: FastAPI, request: Request) -> list[str]:
    """Every method the request's path answers, over all its routes, as the OpenAPI
    document lists them (Starlette's own 405 names only the first route's)."""
    methods: set[str] = set()
    for template, operations in app.openapi()["paths"].items():
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
        if re.fullmatch(pattern, request.url.path):
            methods.update(method.upper() for method in operations)
    return sorted(methods)


STARLETTE_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    415: "unsupported_media_type",
}


def install(app: FastAPI) -> None:
    """Answer every error of ``app`` in the envelope."""

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"where": [str(p) for p in e.get("loc", ())], "problem": str(e.get("msg", ""))}
            for e in exc.errors()
        ]
        text = "; ".join(f"{'.'.join(p['where'])}: {p['problem']}" for p in problems)
        return error_response(422, "invalid", text, problems)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        code = STARLETTE_CODES.get(exc.status_code, f"http_{exc.status_code}")
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(_allowed(app, request))
        return error_response(exc.status_code, code, str(exc.detail), headers=headers)

    @app.exception_handler(SQLAlchemyError)
    async def storage(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.error("database failure: %s", type(exc).__name__)
        return error_response(503, "storage", "the database failed; nothing was changed")

    @app.exception_handler(OSError)
    async def disk(_request: Request, exc: OSError) -> JSONResponse:
        log.error("storage failure: %s", type(exc).__name__)
        return error_response(503, "storage", "the server's storage failed; nothing was changed")

    @app.exception_handler(Exception)
    async def internal(_request: Request, exc: Exception) -> JSONResponse:
        return error_response(500, "internal", "the server failed; this is a bug")
