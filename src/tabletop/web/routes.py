"""HTTP routes the browser client needs beyond the server's API (prefix ``/api/web``).

- ``POST .../seats/{seat}/preview``: a seat's view after tentative actions, applied to
  a copy (:mod:`tabletop.web.preview`); needs the seat token.
- ``GET /api/web/tables/{id}/final``: the final score table and the game's own
  breakdown of it, such as its tie-breaks (:mod:`tabletop.web.final`).
- ``GET /api/web/tables/{id}/reference``: fixed public facts of the table's game
  (:mod:`tabletop.web.reference`); ``POST /api/web/data-file`` parses a card file.
- ``GET /api/web/tables/{id}/replay`` and ``.../replay/{step}``: the finished game step
  by step, as one seat or a spectator saw it (:mod:`tabletop.web.replay`).

- ``GET /api/web/games`` and ``/api/web/i18n/{lang}``: each game's web module and
  stylesheet, and the page's strings, the shell's merged with each game's;
  ``/api/web/games/{name}/actions``: a game's actions with their kind and fields
  (:mod:`tabletop.web.games`).

The final breakdown and the replay answer only once the game is over, when the record
(seed included) is published anyway; before that they refuse with 409 like ``/record``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from tabletop.games import REGISTRY
from tabletop.server import protocol
from tabletop.server.api import Credentials, Manager, seat_of
from tabletop.server.envelope import responses
from tabletop.server.errors import TableError, seat_words
from tabletop.server.protocol import ProtocolError
from tabletop.server.tables import LiveTable
from tabletop.web import final, games, reference, replay
from tabletop.web.datafile import parse_data_file
from tabletop.web.preview import MAX_TENTATIVE, PreviewRefused, try_actions

router = APIRouter(prefix="/api/web", tags=["web client"])

NO_CACHE = {"Cache-Control": "no-cache"}
"""The page, its modules and strings revalidate on each load, so an upgraded server is
seen at once."""

Tentative = Annotated[str, Field(min_length=1, max_length=64)]
Viewer = Annotated[str, Query(pattern=r"^(spectator|[0-9])$", description="a seat or spectator")]


class PreviewIn(BaseModel):
    """Tentative actions (in notation) on top of the table at ``seq``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seq: int
    actions: list[Tentative] = Field(max_length=MAX_TENTATIVE)


class PreviewOut(BaseModel):
    seq: int
    actions: list[str]
    view: Any
    legal: list[str]


@router.post(
    "/tables/{table_id}/seats/{seat}/preview",
    summary="Try actions on a copy",
    responses=responses(400, 401, 403, 404, 409, 422),
)
async def preview(
    table_id: str, seat: int, body: PreviewIn, tables: Manager, credentials: Credentials
) -> PreviewOut:
    table = await tables.get(table_id, fresh=True)
    seat = await seat_of(table, seat, credentials)
    _check_current(table, seat, body.seq)
    try:
        actions = [protocol.parse_action(table.game, a) for a in body.actions]
        result = try_actions(table.state, seat, actions)
    except ProtocolError as exc:
        raise TableError(exc.code, exc.message, 422) from None
    except PreviewRefused as exc:
        raise TableError(exc.code, exc.message, 409) from None
    names = protocol.notations(table.game)
    return PreviewOut(
        seq=table.seq,
        actions=[a.notation() for a in result.actions],
        view=protocol.view_of(result.state, seat),
        legal=[names[i] for i in result.state.legal_action_ids(seat)],
    )


def _check_current(table: LiveTable, seat: int, seq: int) -> None:
    """The same tests an action meets: playing, this seat's decision, not stale."""
    if not table.started:
        raise TableError("not_started", "the game starts when every seat is taken")
    if table.over:
        raise TableError("game_over", "the game is over")
    if table.botted(seat):
        raise TableError("seat_away", "this seat is played by a bot; return to it first")
    decision = table.decisions[seat]
    if decision is None:
        raise TableError("not_your_turn", f"{seat_words(seat)} has no decision to make now")
    if seq > table.seq:
        raise TableError("bad_seq", f"sequence number {seq} is in the future")
    if seq < decision:
        raise TableError("stale", f"your decision changed at {decision}; this preview is for {seq}")


@router.get(
    "/tables/{table_id}/reference",
    summary="The table's fixed public data",
    responses=responses(404, 422),
)
async def table_reference(table_id: str, tables: Manager) -> dict[str, Any]:
    table = await tables.get(table_id)
    return reference.reference(table.state)


class DataFileIn(BaseModel):
    """A card or board file the browser read, for the server to parse (TOML or JSON)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=200)
    text: str = Field(max_length=128 * 1024)


@router.post(
    "/data-file",
    summary="Parse a TOML or JSON data file into data",
    responses=responses(400, 422),
)
async def data_file(body: DataFileIn) -> Any:
    """Browsers have no TOML parser; this turns a card file into the data that
    ``POST /api/tables`` takes as an option. The game validates it when the table is made."""
    try:
        return parse_data_file(body.name, body.text)
    except ValueError as exc:
        raise TableError("bad_file", str(exc), 422) from None


async def _finished(tables: Manager, table_id: str) -> LiveTable:
    table = await tables.get(table_id, fresh=True)
    if not table.over:
        raise TableError("not_over", "this is published when the game is over")
    return table


@router.get(
    "/tables/{table_id}/final",
    summary="Final scores with tie-breaks, once over",
    responses=responses(404, 409, 422),
)
async def final_scores(table_id: str, tables: Manager) -> dict[str, Any]:
    table = await _finished(tables, table_id)
    return final.breakdown(table.state)


@router.get(
    "/tables/{table_id}/replay",
    summary="Every step of a finished game",
    responses=responses(404, 409, 422),
)
async def replay_steps(table_id: str, tables: Manager, viewer: Viewer = "spectator") -> Response:
    """Built once per viewer and kept with the table (``LiveTable.finished_read``)."""
    table = await _finished(tables, table_id)
    seat = _viewer(table, viewer)
    body = table.finished_read(
        ("replay", seat, 0), lambda: replay.steps(table.state.record(), seat)
    )
    return Response(body, media_type="application/json")


@router.get(
    "/tables/{table_id}/replay/{step}",
    summary="The view after one step",
    responses=responses(404, 409, 422),
)
async def replay_view(
    table_id: str, step: int, tables: Manager, viewer: Viewer = "spectator"
) -> Response:
    table = await _finished(tables, table_id)
    seat = _viewer(table, viewer)
    try:
        body = table.finished_read(
            ("view", seat, step), lambda: replay.view_at(table.state.record(), seat, step)
        )
    except IndexError:
        raise TableError("bad_step", f"the game has no step {step}", 404) from None
    return Response(body, media_type="application/json")


def _viewer(table: LiveTable, text: str) -> int | None:
    if text == "spectator":
        return None
    seat = int(text)
    if seat >= table.row.players:
        raise TableError("bad_seat", f"there is no {seat_words(seat)} at this table", 404)
    return seat


@router.get("/games", summary="Each game's web module and stylesheet", responses=responses())
async def web_games() -> JSONResponse:
    return JSONResponse(games.games(), headers=NO_CACHE)


@router.get(
    "/i18n/{lang}",
    summary="The page's strings, each game's included",
    responses=responses(404, 422),
)
async def web_strings(lang: Annotated[str, Path(pattern=r"^[a-z]{2}$")]) -> JSONResponse:
    if lang not in games.LANGUAGES:
        raise TableError("not_found", f"the page is not written in {lang!r}", 404)
    return JSONResponse(games.strings(lang), headers=NO_CACHE)


@router.get(
    "/games/{name}/actions",
    summary="A game's actions: notation, kind and fields",
    responses=responses(404, 422),
)
async def web_actions(name: Annotated[str, Path(max_length=64)]) -> JSONResponse:
    if name not in REGISTRY.names():
        raise TableError("not_found", f"there is no game {name!r}", 404)
    return JSONResponse(games.actions(REGISTRY.get(name)), headers=NO_CACHE)
