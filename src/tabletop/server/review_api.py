"""``/api/tables/{id}/review``: a seat's game review, computed in the background.

``POST ...?seat=N`` starts it (or answers the one already asked for) and ``GET``
polls it: ``{"status": "running" | "done" | "failed", "done", "total", "review"?}``.
Refused until the game is over (409 ``not_over``): a review reads the seat's views
of the whole game, and during play it would be advice. Any client may ask once the
game is over: the record is public by then, and a review uses only what the seat saw.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel

from tabletop.server.api import Manager
from tabletop.server.envelope import responses
from tabletop.server.errors import TableError, seat_words
from tabletop.server.reviews import Key, ReviewJobs, ReviewsBusy

router = APIRouter(prefix="/api", tags=["review"])

Seat = Annotated[int, Query(ge=0, le=9, description="the seat to review (from 0)")]
Samples = Annotated[
    int, Query(ge=1, le=16, description="deals each action is tried on (more: slower)")
]


class ReviewOut(BaseModel):
    status: str
    done: int
    total: int | None
    review: dict[str, Any] | None = None
    error: str | None = None


def _jobs(request: Request) -> ReviewJobs:
    jobs: ReviewJobs = request.app.state.reviews
    return jobs


async def _key(tables: Manager, table_id: str, seat: int, samples: int) -> tuple[Key, Any]:
    table = await tables.get(table_id, fresh=True)
    if not table.over:
        raise TableError("not_over", "a review is made only after the game is over")
    if seat >= table.row.players:
        raise TableError("bad_seat", f"there is no {seat_words(seat)} at this table", 404)
    return (table_id, seat, samples), table


@router.post(
    "/tables/{table_id}/review",
    summary="Start a seat's game review (once over)",
    responses={
        202: {"model": ReviewOut, "description": "Started: poll GET for its progress."},
        **responses(404, 409, 422),
    },
)
async def start_review(
    table_id: str,
    request: Request,
    response: Response,
    tables: Manager,
    seat: Seat,
    samples: Samples = 8,
) -> ReviewOut:
    key, table = await _key(tables, table_id, seat, samples)
    record = json.dumps(table.state.record().to_json())
    try:
        job = _jobs(request).start(key, table.game.info.name, record)
    except ReviewsBusy as exc:
        raise TableError("busy", str(exc), 503) from None
    if job.review is None:
        response.status_code = 202
    return ReviewOut(**job.to_json())


@router.get(
    "/tables/{table_id}/review",
    summary="A seat's game review: progress, then lines",
    responses=responses(404, 409, 422),
)
async def get_review(
    table_id: str, request: Request, tables: Manager, seat: Seat, samples: Samples = 8
) -> ReviewOut:
    key, _table = await _key(tables, table_id, seat, samples)
    job = _jobs(request).get(key)
    if job is None:
        raise TableError(
            "no_review", f"no review of {seat_words(seat)} was asked for; POST first", 404
        )
    return ReviewOut(**job.to_json())
