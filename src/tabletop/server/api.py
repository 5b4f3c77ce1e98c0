"""The HTTP API: games, tables, seats, views and records (OpenAPI at ``/docs``).

Errors are JSON ``{"error": {"code": ..., "message": ...}}`` (``envelope``) with a
fitting status: 401 no token, 403 wrong token or invitation, 404 unknown table or seat,
409 a request the table's state refuses, 413 too large, 422 invalid input, 429 too
many requests, 503 the database failed. Each route's OpenAPI entry lists them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from tabletop.bots import BOTS
from tabletop.bots.levels import ladder, levels, strength
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.kit import Level
from tabletop.games import REGISTRY
from tabletop.server import bots
from tabletop.server.clients import Clients
from tabletop.server.envelope import responses
from tabletop.server.errors import TableError
from tabletop.server.limits import check_bot_spec
from tabletop.server.manager import SeatSpec, TableManager
from tabletop.server.store import WAITING_KINDS, SeatRow, TableRow
from tabletop.server.summary import lobby_row, table_summary
from tabletop.server.tables import LiveTable

router = APIRouter(prefix="/api")
bearer = HTTPBearer(auto_error=False, description="the seat token returned by join")

Name = Annotated[str, Field(min_length=1, max_length=64)]
BotSpec = Annotated[str, Field(min_length=1, max_length=200)]

MAX_GAME_CLOCK = 7 * 86_400
"""Longest game clock (seconds per player): a week, for games played over days."""


class SeatIn(BaseModel):
    """A seat at creation: ``open`` for a person to join, or ``bot`` with a bot spec."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["open", "bot"] = "open"
    bot: BotSpec | None = None
    name: Name | None = None


class CreateTableIn(BaseModel):
    """A new table. Without ``seats`` every seat is open. Without ``seed`` the server
    draws a secret one; a table created with a chosen seed is marked ``seeded`` since its
    creator can predict its chance events."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: Name = Field(json_schema_extra={"enum": [g.info.name for g in REGISTRY]})
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(default=None, max_length=16)
    seed: int | None = Field(default=None, ge=0, lt=1 << 63)
    clock: float | None = Field(default=None, gt=0, le=86_400)
    bank: float | None = Field(
        default=None,
        ge=0,
        le=86_400,
        description="Seconds of time bank per player, drawn on when a decision runs past"
        " the clock (needs a clock).",
    )
    game_clock: float | None = Field(
        default=None,
        gt=0,
        le=MAX_GAME_CLOCK,
        description="A game clock: seconds per player for the whole game (instead of a"
        " clock per decision); needs an increment.",
    )
    increment: float | None = Field(
        default=None,
        gt=0,
        le=86_400,
        description="Seconds a game clock adds for each decision (Fischer); a seat whose"
        " game clock is spent still has them for every decision.",
    )
    private: bool = Field(
        default=False,
        description="a private table is not listed, and each open seat is taken by its "
        "invitation only (returned once, to the creator)",
    )

    def game_clock_setting(self) -> tuple[float, float] | None:
        """The game clock as (seconds per player, increment), or None; refused in the
        player's words when half of it is missing."""
        if self.increment is not None and self.game_clock is None:
            raise TableError(
                "bad_clock",
                "an increment goes with a game clock: give game_clock, the seconds each"
                " player has for the whole game",
                422,
            )
        if self.game_clock is None:
            return None
        if self.increment is None:
            raise TableError(
                "bad_clock",
                "a game clock needs an increment (seconds each decision adds, more than 0),"
                " so a player whose time is spent still has time to decide",
                422,
            )
        if self.bank is not None:
            raise TableError(
                "bad_clock",
                "a time bank goes with a clock per decision; a game clock has its increment",
                422,
            )
        return self.game_clock, self.increment


class JoinIn(BaseModel):
    """Take an open seat; at a private table, with the seat's ``invitation``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Name
    invitation: Annotated[str, Field(min_length=1, max_length=64)] | None = None


class LeaveIn(BaseModel):
    """Leave a seat to a bot (``bot`` spec, default the seat's last bot or ``random``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    bot: BotSpec | None = None


class FillKeptIn(BaseModel):
    """Give seat ``kept`` (kept for a player who has not accepted the rematch) to a bot."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kept: int
    bot: BotSpec | None = None


class ChatIn(BaseModel):
    """A chat message: one line of at most ``chat.MAX_CHARS`` characters."""

    model_config = ConfigDict(extra="forbid", strict=True)
    text: str


class ChatOut(BaseModel):
    message: dict[str, Any]


class ChatHistoryOut(BaseModel):
    messages: list[dict[str, Any]]


class TableOut(BaseModel):
    table: dict[str, Any]


class Invitation(BaseModel):
    seat: int
    invitation: str = Field(description="the seat's secret: whoever holds it may take it")


class CreatedOut(BaseModel):
    table: dict[str, Any]
    invitations: list[Invitation] = Field(
        default_factory=list,
        description="a private table's open seats' invitations, shown only here, once",
    )


class LobbyOut(BaseModel):
    tables: list[dict[str, Any]]
    next: str | None = Field(description="``before`` for the next page; null on the last")


class JoinedOut(BaseModel):
    table: dict[str, Any]
    seat: int
    token: str = Field(description="the seat's secret: keep it, it is shown only once")


class ViewOut(BaseModel):
    table: dict[str, Any]
    seat: int | None
    seq: int
    view: Any
    over: bool
    result: Any = None
    legal: list[str] | None = None
    decision: int | None = None
    clock_left: float | None = None
    clocks: list[float | None] | None = None
    game_clocks: list[float] | None = None


async def manager(request: Request) -> TableManager:
    """The process's tables (async: FastAPI would run a plain function in a thread)."""
    return request.app.state.manager  # type: ignore[no-any-return]


Manager = Annotated[TableManager, Depends(manager)]
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def game_info(game: Game) -> dict[str, Any]:
    info = game.info
    return {
        "name": info.name,
        "title": info.title,
        "player_counts": list(info.player_counts),
        "simultaneous": info.simultaneous,
        "hidden_information": info.hidden_information,
        "options": [
            {
                "name": o.name,
                "types": [k.__name__ for k in (o.kind if isinstance(o.kind, tuple) else (o.kind,))],
                "default": to_jsonable(o.default)
                if o.default is None or isinstance(o.default, bool | int | float | str)
                else repr(o.default),
                "help": o.help,
                "research": o.research,
            }
            for o in info.options
        ],
        "bots": BOTS.names(info.name),
        "levels": {bot: list(levels(info.name, bot)) for bot in BOTS.names(info.name)},
        "difficulty": [
            {"level": level.name, "spec": level.spec, "measured": _measured(info.name, level)}
            for level in ladder(info.name)
        ],
    }


def _measured(game: str, level: Level) -> dict[str, Any] | None:
    """The level's strength as the level ladder measured it (none for the weakest)."""
    found = strength(game, level)
    return None if found is None else found.to_json()


def check_network_options(game: Game, options: dict[str, Any]) -> None:
    """Refuse text for an option that also takes data: that text names a server file."""
    for spec in game.info.options:
        kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
        if isinstance(options.get(spec.name), str) and dict in kinds:
            raise TableError(
                "bad_options",
                f"option {spec.name!r}: send the data itself; the server reads no files",
                422,
            )


async def seat_of(
    table: LiveTable, seat: int, credentials: HTTPAuthorizationCredentials | None
) -> int:
    if credentials is None:
        raise TableError(
            "auth_required",
            "send the seat's token as 'Authorization: Bearer <token>'",
            401,
            {"WWW-Authenticate": "Bearer"},
        )
    return await table.check_token(seat, credentials.credentials)


def _cursor(text: str | None) -> tuple[float, str] | None:
    """A lobby page's ``before``: ``<created>:<id>`` of the last row of the page before."""
    if text is None:
        return None
    created, _, table_id = text.partition(":")
    try:
        stamp = float(created)
    except ValueError:
        stamp = float("nan")
    if stamp != stamp or not table_id or len(table_id) > 32:  # nan, or no id
        raise TableError("bad_cursor", f"before {text!r} is not a lobby page's next", 422)
    return stamp, table_id


@router.get("/games", summary="Registered games, their options and bots", responses=responses())
async def list_games() -> list[dict[str, Any]]:
    return [game_info(g) for g in REGISTRY]


@router.get(
    "/tables",
    summary="The lobby: public tables, newest first, a page at a time",
    responses=responses(422),
    response_model=LobbyOut,
)
async def list_tables(
    request: Request,
    tables: Manager,
    limit: Annotated[int | None, Query(ge=1, le=100, description="rows in the page")] = None,
    before: Annotated[
        str | None,
        Query(
            max_length=64,
            pattern=r"^[0-9.e+-]+:[0-9a-f]{1,32}$",
            description="the previous page's ``next``",
        ),
    ] = None,
) -> Response:
    """Pages are kept as sent until a table changes (``lobbycache``)."""
    services = tables.services
    size = limit or request.app.state.config.lobby_page
    kept = services.lobby.get((size, before))
    if kept is not None:
        return Response(kept, media_type="application/json")
    rows = await services.read(services.store.list_tables, size, _cursor(before))
    seats = await services.read(services.store.seats_of, [r.id for r in rows])
    out = []
    for row in rows:
        live = tables.tables.get(row.id)
        if live is not None:
            out.append(lobby_row(live.summary()))
        else:
            status = _stored_status(row, seats[row.id])
            out.append(lobby_row(table_summary(row, seats[row.id], status, -1)))
    last = rows[-1] if len(rows) == size else None
    page = LobbyOut(tables=out, next=None if last is None else f"{last.created!r}:{last.id}")
    body = page.model_dump_json().encode()
    services.lobby.put((size, before), body)
    return Response(body, media_type="application/json")


def _stored_status(row: TableRow, seats: list[SeatRow]) -> str:
    """The status of a table not in memory, from its rows: ``broken`` when its log
    does not replay (nobody can play it), else ``over``, ``waiting`` or ``playing``."""
    if row.broken:
        return "broken"
    if row.over:
        return "over"
    return "waiting" if any(s.kind in WAITING_KINDS for s in seats) else "playing"


@router.post("/tables", status_code=201, summary="Create a table", responses=responses(400, 422))
async def create_table(request: Request, body: CreateTableIn, tables: Manager) -> CreatedOut:
    clients: Clients = request.app.state.clients
    address = request.client.host if request.client else "?"
    creator = None if clients.exempt(address) else clients.creator_key(address)
    try:
        game = REGISTRY.get(body.game)
        check_network_options(game, body.options)
        seats = (
            [SeatSpec("open")] * body.players
            if body.seats is None
            else [SeatSpec(s.type, s.bot, s.name) for s in body.seats]
        )
        table, invitations = await tables.create(
            body.game,
            body.players,
            body.options,
            seats,
            body.seed,
            body.clock,
            private=body.private,
            creator=creator,
            bank=body.bank,
            game_clock=body.game_clock_setting(),
        )
    except TabletopError as exc:
        raise TableError("bad_table", str(exc), 422) from None
    return CreatedOut(
        table=table.summary(),
        invitations=[Invitation(seat=s, invitation=i) for s, i in sorted(invitations.items())],
    )


@router.get(
    "/tables/{table_id}",
    summary="A table as a spectator sees it",
    responses=responses(404, 422),
)
async def spectate(table_id: str, tables: Manager) -> ViewOut:
    table = await tables.get(table_id, fresh=True)
    return _view_out(table, None)


@router.get(
    "/tables/{table_id}/seats/{seat}",
    summary="A table as one seat sees it",
    responses=responses(401, 403, 404, 422),
)
async def seat_view(table_id: str, seat: int, tables: Manager, credentials: Credentials) -> ViewOut:
    table = await tables.get(table_id, fresh=True)
    return _view_out(table, await seat_of(table, seat, credentials))


def _view_out(table: LiveTable, viewer: int | None) -> ViewOut:
    frame = table.view(viewer)
    frame.pop("type")
    return ViewOut(table=table.summary(), **frame)


@router.post(
    "/tables/{table_id}/seats/{seat}/join",
    summary="Take an open seat",
    responses=responses(400, 403, 404, 409, 422),
)
async def join(table_id: str, seat: int, body: JoinIn, tables: Manager) -> JoinedOut:
    table, token = await tables.join(table_id, seat, body.name, body.invitation)
    return JoinedOut(table=table.summary(), seat=seat, token=token)


@router.post(
    "/tables/{table_id}/seats/{seat}/leave",
    summary="Leave a seat to a bot",
    responses=responses(400, 401, 403, 404, 409, 422),
)
async def leave(
    table_id: str,
    seat: int,
    tables: Manager,
    credentials: Credentials,
    body: LeaveIn | None = None,
) -> TableOut:
    table = await tables.get(table_id)
    await seat_of(table, seat, credentials)
    spec = body.bot if body is not None else None
    if spec is not None:
        check_bot_spec(spec, table.game, tables.services.config.bot_limits)
    await table.set_away(seat, True, spec)
    return TableOut(table=table.summary())


@router.post(
    "/tables/{table_id}/seats/{seat}/return",
    summary="Take a seat back from its bot",
    responses=responses(401, 403, 404, 409, 422),
)
async def come_back(
    table_id: str, seat: int, tables: Manager, credentials: Credentials
) -> TableOut:
    table = await tables.get(table_id)
    await seat_of(table, seat, credentials)
    await table.set_away(seat, False, None)
    return TableOut(table=table.summary())


@router.post(
    "/tables/{table_id}/seats/{seat}/rematch",
    status_code=201,
    summary="Accept (or ask for) a rematch of a finished game",
    responses=responses(401, 403, 404, 409, 422),
)
async def rematch(table_id: str, seat: int, tables: Manager, credentials: Credentials) -> JoinedOut:
    """The first seat to ask makes the rematch: a new table with the same game, players,
    options, clock and bots, and every person's seat kept for them alone. Each person
    who accepts takes their own seat there, with a new token (shown once)."""
    old = await tables.get(table_id, fresh=True)
    seat = await seat_of(old, seat, credentials)
    if not old.over:
        raise TableError("not_over", "a rematch can be asked for when the game is over")
    new = await tables.rematch(old)
    if new.seats[seat].kind == "bot":
        raise TableError(
            "seat_given",
            f"seat {seat + 1} of the rematch went to a bot while you were away; watch it",
        )
    if new.seats[seat].kind != "reserved":
        raise TableError(
            "already_accepted",
            f"seat {seat + 1} of the rematch is already taken by you: continue on the "
            "device where you accepted",
        )
    token = await new.join(seat, old.seats[seat].name or "", kind="reserved")
    return JoinedOut(table=new.summary(), seat=seat, token=token)


@router.post(
    "/tables/{table_id}/seats/{seat}/fill-kept",
    summary="Give a seat kept for a rematch to a bot",
    responses=responses(400, 401, 403, 404, 409, 422),
)
async def fill_kept(
    table_id: str, seat: int, body: FillKeptIn, tables: Manager, credentials: Credentials
) -> TableOut:
    """A person seated at a rematch need not wait for ever for one who does not come:
    they may give that person's kept seat to a bot (``bot`` spec, default ``random``).
    Refused (``not_kept``) once the seat was taken or given, and to anyone not seated."""
    table = await tables.get(table_id)
    seat = await seat_of(table, seat, credentials)
    if not 0 <= body.kept < len(table.seats):
        raise TableError("bad_seat", f"there is no seat {body.kept + 1} at this table", 404)
    if body.bot is not None:
        check_bot_spec(body.bot, table.game, tables.services.config.bot_limits)
    await table.fill_kept(body.kept, body.bot or bots.DEFAULT_BOT)
    return TableOut(table=table.summary())


class VoteIn(BaseModel):
    """Vote to hand seat ``target`` (its time ran out at decisions in a row) to a bot."""

    model_config = ConfigDict(extra="forbid", strict=True)
    target: int = Field(ge=0, le=15, description="the seat voted on (0-based)")


class VoteOut(BaseModel):
    table: dict[str, Any]
    seat: int = Field(description="the seat voted on")
    voter: int
    votes: int = Field(description="votes to hand it over so far")
    needed: int = Field(description="votes that hand it over: a majority of its voters")
    handed: bool = Field(description="whether this vote handed the seat to a bot")


@router.post(
    "/tables/{table_id}/seats/{seat}/vote",
    summary="Vote to hand a seat whose time keeps running out to a bot",
    responses=responses(400, 401, 403, 404, 409, 422),
)
async def vote(
    table_id: str, seat: int, body: VoteIn, tables: Manager, credentials: Credentials
) -> VoteOut:
    """Once a seat's time has run out at two decisions in a row, each other person
    seated (not away, whose own time has not run out twice in a row) may vote once; a
    majority of them hands the seat to the game's heuristic bot. Its person takes it
    back with ``return``. Refused (409): ``vote_self``, ``not_seated`` (the voter's seat
    is away), ``not_a_person`` (a bot plays the seat), ``not_timed_out``,
    ``not_eligible``, ``already_voted``, ``not_started``, ``game_over``."""
    table = await tables.get(table_id)
    voter = await seat_of(table, seat, credentials)
    outcome = await table.vote(voter, body.target)
    return VoteOut(table=table.summary(), **outcome)


@router.post(
    "/tables/{table_id}/seats/{seat}/chat",
    status_code=201,
    summary="Send a chat message",
    responses=responses(400, 401, 403, 404, 409, 422),
)
async def post_chat(
    table_id: str, seat: int, body: ChatIn, tables: Manager, credentials: Credentials
) -> ChatOut:
    """Everyone at the table sees it (seats and spectators; bots never read it).
    Refused: empty, longer than 280 characters, control characters, or more than 5
    messages at once and then one every 2 s (429)."""
    table = await tables.get(table_id)
    seat = await seat_of(table, seat, credentials)
    return ChatOut(message=await table.chat.post(seat, table.seats[seat].name, body.text))


@router.get(
    "/tables/{table_id}/chat", summary="A table's chat messages", responses=responses(404, 422)
)
async def chat_history(
    table_id: str,
    tables: Manager,
    after: Annotated[int, Query(ge=0, lt=1 << 63, description="the last id already read")] = 0,
) -> ChatHistoryOut:
    """The messages with ids above ``after``, oldest first (the latest 200 of them)."""
    table = await tables.get(table_id)
    return ChatHistoryOut(messages=await table.chat.history(after))


class HistoryOut(BaseModel):
    seq: int
    steps: list[dict[str, Any]]


async def _history(table: LiveTable, viewer: int | None, after: int) -> HistoryOut:
    if not 0 <= after <= table.seq:
        raise TableError("bad_seq", f"after must be between 0 and {table.seq}, got {after}", 422)
    return HistoryOut(seq=table.seq, steps=table.history(viewer, after))


@router.get(
    "/tables/{table_id}/events",
    summary="The spectator's events after a point",
    responses=responses(404, 422),
)
async def spectator_history(table_id: str, tables: Manager, after: int = 0) -> HistoryOut:
    table = await tables.get(table_id, fresh=True)
    return await _history(table, None, after)


@router.get(
    "/tables/{table_id}/seats/{seat}/events",
    summary="A seat's events after a point",
    responses=responses(401, 403, 404, 422),
)
async def seat_history(
    table_id: str, seat: int, tables: Manager, credentials: Credentials, after: int = 0
) -> HistoryOut:
    table = await tables.get(table_id, fresh=True)
    return await _history(table, await seat_of(table, seat, credentials), after)


@router.get(
    "/tables/{table_id}/record",
    summary="The game record, once the game is over",
    responses=responses(404, 409, 422),
)
async def record(table_id: str, tables: Manager) -> dict[str, Any]:
    table = await tables.get(table_id, fresh=True)
    if not table.over:
        raise TableError("not_over", "the record is published when the game is over")
    return table.state.record().to_json()
