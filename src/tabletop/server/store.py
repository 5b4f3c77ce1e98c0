"""The event-log store: every table is its seed, options, seats and accepted actions.

Built on SQLAlchemy Core so any SQLAlchemy URL works; the default is an SQLite file in
WAL mode, and PostgreSQL is tested. Actions are rows keyed by ``(table_id, seq)``: the
primary key is what makes several worker processes agree on one order, since only one
of two workers can insert action number ``seq`` of a table.

Every method is synchronous and short. SQLite runs with ``synchronous=NORMAL``: in WAL
mode a committed transaction survives the process being killed (``kill -9``); only a
power cut could lose the last commits. Its connections never checkpoint on commit
(``wal_autocheckpoint=0``): a commit then only appends to the WAL, which is quick
enough to run on the server's event loop, and the writer calls :meth:`Store.checkpoint`
in a thread now and then instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlalchemy.sql.dml import Delete
from sqlalchemy.util import greenlet_spawn

metadata = MetaData()

tables = Table(
    "tabletop_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("clock", Float, nullable=True),
    Column("seeded", Boolean, nullable=False),
    Column("created", Float, nullable=False),
    Column("over", Boolean, nullable=False, default=False),
    Column("rematch", String(32), nullable=True),
    Column("private", Boolean, nullable=False, default=False, server_default=false()),
    Column("creator", String(64), nullable=True),
    Column("bank", Float, nullable=True),
    Column("broken", Boolean, nullable=False, default=False, server_default=false()),
    Column("game_clock", Float, nullable=True),
    Column("increment", Float, nullable=True),
    Index("tabletop_tables_created", "created"),
    Index("tabletop_tables_creator", "creator"),
)

seats = Table(
    "tabletop_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tabletop_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=True),
    Column("bot", String(200), nullable=True),
    Column("token_digest", String(64), nullable=True),
    Column("away", Boolean, nullable=False),
    Column("invite_digest", String(64), nullable=True),
    Column("bank_used", Float, nullable=False, default=0.0, server_default=text("0")),
    Column("voters", Integer, nullable=True),
    Column("voted_at", Integer, nullable=True),
)

actions = Table(
    "tabletop_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tabletop_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("source", String(8), nullable=False),
)

chat = Table(
    "tabletop_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tabletop_tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("name", String(64), nullable=True),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)
"""The tables' chat: each message kept beside the table's actions, never part of them
(the game's sequence numbers, its record and what bots see are the actions alone)."""


if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

T = TypeVar("T")

_INSERT_ACTION = (
    "INSERT INTO tabletop_actions (table_id, seq, seat, action, source) VALUES (?, ?, ?, ?, ?)"
)
"""The SQLite append statement; its columns are ``ActionRow``'s fields, in order."""

_INSERT_ARRAYS = (
    "INSERT INTO tabletop_actions (table_id, seq, seat, action, source) "
    "SELECT * FROM unnest(CAST(:table_id AS text[]), CAST(:seq AS integer[]), "
    "CAST(:seat AS integer[]), CAST(:action AS text[]), CAST(:source AS text[]))"
)
"""A batch as one array per column (:func:`_columns`), so the statement's text is the
same for any batch size and SQLAlchemy compiles it once (a multi-row ``VALUES`` was
compiled afresh for every batch, milliseconds of the writer's time)."""

_APPEND_PG_FIRST = text(_INSERT_ARRAYS)
"""The PostgreSQL append as first tried: one statement in autocommit, a single round
trip (no BEGIN, no COMMIT), all of the batch or, on any number already taken, none of
it (a unique violation); the batch then goes through :data:`_APPEND_PG` in a
transaction. One process never meets a taken number; two workers sometimes do."""

_APPEND_PG = text(_INSERT_ARRAYS + " ON CONFLICT DO NOTHING RETURNING table_id, seq")
"""The PostgreSQL append after a taken number: says which rows went in."""


WAITING_KINDS = frozenset({"open", "reserved"})
"""Seat kinds still waiting for their person: play starts when no seat is one of them."""


@dataclass(frozen=True)
class SeatRow:
    """One seat: ``kind`` is ``open``, ``reserved`` (open to one person only: the
    player of the same seat at the game this one is a rematch of), ``human`` or ``bot``;
    ``away`` humans are botted.

    ``invite_digest`` is the SHA-256 of an open seat's invitation secret at a private
    table (only who holds the secret may take the seat)."""

    seat: int
    kind: str
    name: str | None = None
    bot: str | None = None
    token_digest: str | None = None
    away: bool = False
    invite_digest: str | None = None
    bank_used: float = 0.0
    """Seconds of the table's time bank this seat has spent (decisions past the clock);
    at a table with a game clock, the seconds of it spent less the increments earned
    (below 0 when quick decisions earned more than they took)."""


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    clock: float | None
    seeded: bool
    created: float
    over: bool = False
    rematch: str | None = None
    """The table that continues this one (a rematch), once someone asked for it."""
    private: bool = False
    """Left out of the lobby; its open seats are taken by invitation only."""
    creator: str | None = None
    """Who made it (a digest of the client's address), for the per-client quota."""
    bank: float | None = None
    """Seconds of time bank per player beyond the clock's seconds per decision."""
    broken: bool = False
    """Its log did not replay (a bug, or a database edited by hand): it is left out of
    resuming, refused on load, and shown so in the lobby, until someone repairs it."""
    game_clock: float | None = None
    """Seconds per player for the whole game (a game clock), beside ``increment``."""
    increment: float | None = None
    """Seconds a game clock adds for each of a player's decisions (Fischer)."""

    @property
    def timed(self) -> bool:
        """Whether the table has a clock of either kind (per decision, or per game)."""
        return self.clock is not None or self.game_clock is not None


@dataclass(frozen=True)
class ChatRow:
    """One chat message at a table: ``id`` orders them (given by the database)."""

    table_id: str
    seat: int
    name: str | None
    text: str
    at: float
    id: int = 0


@dataclass(frozen=True)
class ActionRow:
    """Accepted action number ``seq`` (from 1) of a table, in the game's notation.

    ``source`` says who chose it: ``seat`` (its player), ``bot`` or ``clock``.
    """

    table_id: str
    seq: int
    seat: int
    action: str
    source: str


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode and may be used from any thread."""
    # hide_parameters: a database error must not print an action (a closed hand) in a log
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=True)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, **_POOL)


_POOL: dict[str, Any] = {
    "pool_size": 10,
    "max_overflow": 0,
    "pool_pre_ping": True,
    "hide_parameters": True,
}
"""Engine settings of a database server (not SQLite). No overflow: a burst of joins
waits for a pooled connection rather than opening (and, on return, closing) one of
its own, which costs a PostgreSQL backend's start-up each time."""

_APPEND_POOL: dict[str, Any] = {**_POOL, "pool_size": 2, "pool_pre_ping": False}
"""The appends' engine on the event loop: as many connections as commits in flight, and
no ping before each commit. On a busy loop every round trip costs a turn of the loop
(p99 117 ms without the ping against 175 with it, one PostgreSQL process). A connection
that died (PostgreSQL restarted) fails one commit, whose senders hear ``storage`` and
send again, and SQLAlchemy then renews the pool."""


class Store:
    """Tables, seats and action logs in one SQL database."""

    def __init__(self, url: str, *, on_event_loop: bool = False) -> None:
        self.url = url
        self.on_event_loop = on_event_loop
        """Whether the methods must be called through :meth:`run` (see :meth:`open`)."""
        self._async_engines: list[AsyncEngine] = []
        if on_event_loop:
            from sqlalchemy.ext.asyncio import create_async_engine

            # the appends' own connections: joins and reads never make actions wait.
            # Every other call is one statement, so in autocommit: a transaction would
            # add two round trips (BEGIN, then COMMIT or ROLLBACK), each a turn of the loop
            self._async_engines = [
                create_async_engine(url, isolation_level="AUTOCOMMIT", **_POOL),
                create_async_engine(url, **_APPEND_POOL),
            ]
            self.engine, self.append_engine = (e.sync_engine for e in self._async_engines)
            self.transactions: Engine = self.engine.execution_options(
                isolation_level="READ COMMITTED"
            )
            """For the one write of several statements (a new table and its seats)."""
        else:
            self.engine = self.append_engine = self.transactions = make_engine(url)
            self._create_schema()
        self._appender: Any = None

    @classmethod
    async def open(cls, url: str) -> Store:
        """The server's store: PostgreSQL on the event loop, any other database as
        ``Store(url)``, its calls then made in threads (SQLite: inline).

        Called from threads, SQLAlchemy's work needs the GIL at every step of every
        round trip while the event loop holds it for its own, so under load a 1 ms
        commit took 10 to 50 ms and a burst of joins stalled the loop for 100 ms. On the
        loop, through psycopg's async connection, a query waits for PostgreSQL like any
        other socket, and the same code serves (see :meth:`run`).
        """
        if make_url(url).get_backend_name() != "postgresql":
            return cls(url)
        store = cls(url, on_event_loop=True)
        await store.run(store._create_schema)
        return store

    async def run(self, fn: Callable[..., T], *args: object, executor: Executor | None = None) -> T:
        """Call a method of this store without blocking the event loop: on the loop for
        an ``on_event_loop`` store, else in ``executor`` (default: asyncio's threads).

        ``greenlet_spawn`` is how SQLAlchemy's own ``AsyncConnection.run_sync`` runs
        synchronous code over an async driver: each query suspends the call until its
        answer, and the loop runs everything else meanwhile.
        """
        if self.on_event_loop:
            result: T = await greenlet_spawn(fn, *args)
            return result
        return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)

    async def aclose(self) -> None:
        """:meth:`close`, for a store on the event loop too."""
        if not self._async_engines:
            self.close()
        for engine in self._async_engines:
            await engine.dispose()

    def _create_schema(self) -> None:
        """Create or migrate the schema (``schema.upgrade``), in one transaction; workers
        starting together may race to do it, and the loser tries again."""
        from tabletop.server import schema  # its migrations import this module

        for attempt in range(5):
            try:
                with self.transactions.begin() as connection:
                    schema.upgrade(connection)
                return
            except (IntegrityError, ProgrammingError, OperationalError):
                if attempt == 4:
                    raise
                time.sleep(0.2 * (attempt + 1))

    def close(self) -> None:
        """Release the connections (a store on the event loop: :meth:`aclose`)."""
        if self._appender is not None:
            self._appender.close()
            self._appender = None
        self.engine.dispose()

    # ------------------------------------------------------------------ writes

    def create_table(self, table: TableRow, seat_rows: Sequence[SeatRow]) -> None:
        with self.transactions.begin() as conn:
            self._insert_table(conn, table, seat_rows)

    @staticmethod
    def _insert_table(conn: Connection, table: TableRow, seat_rows: Sequence[SeatRow]) -> None:
        conn.execute(
            insert(tables).values(
                id=table.id,
                game=table.game,
                players=table.players,
                seed=table.seed,
                options=json.dumps(table.options),
                clock=table.clock,
                seeded=table.seeded,
                created=table.created,
                over=table.over,
                private=table.private,
                creator=table.creator,
                bank=table.bank,
                game_clock=table.game_clock,
                increment=table.increment,
            )
        )
        conn.execute(insert(seats), [_seat_values(table.id, s) for s in seat_rows])

    def claim_seat(
        self, table_id: str, seat: int, name: str, digest: str, kind: str = "open"
    ) -> bool:
        """Make an ``open`` (or ``reserved``) seat a human one; False if it was not of
        that kind any more (someone else won)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == kind)
                .values(
                    kind="human", name=name, token_digest=digest, away=False, invite_digest=None
                )
            )
            return bool(done.rowcount == 1)

    def kept_seat_to_bot(self, table_id: str, seat: int, spec: str) -> bool:
        """Give a ``reserved`` seat to bot ``spec``; False if it was not reserved any
        more (its player took it meanwhile)."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "reserved"
                )
                .values(kind="bot", name=spec, bot=spec, token_digest=None, away=False)
            )
            return bool(done.rowcount == 1)

    def spend_bank(self, table_id: str, seat: int, used: float) -> None:
        """Record that ``seat`` has spent ``used`` seconds of its time bank in all."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(bank_used=used)
            )

    def set_away(self, table_id: str, seat: int, away: bool, bot: str | None) -> None:
        """A person leaves their seat to ``bot`` or comes back; either way the votes
        against the seat are over (``set_votes``)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(away=away, bot=bot, voters=None, voted_at=None)
            )

    def set_votes(self, table_id: str, seat: int, voters: Iterable[int], at: int) -> None:
        """Keep the votes to hand ``seat`` to a bot (the voting seats, cast by step
        ``at`` of the log), so a restart or another worker counts them; they stand
        while the seat has not acted since ``at`` (``seatvote.SeatVotes.restore``)."""
        mask = sum(1 << v for v in set(voters))
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(voters=mask, voted_at=at)
            )

    def load_votes(self, table_id: str) -> dict[int, tuple[list[int], int]]:
        """Each seat's kept votes (``set_votes``): the voters and the step they date from."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats.c.seat, seats.c.voters, seats.c.voted_at).where(
                    seats.c.table_id == table_id, seats.c.voters.is_not(None)
                )
            ).all()
        return {
            r.seat: (
                [v for v in range(r.voters.bit_length()) if r.voters >> v & 1],
                r.voted_at or 0,
            )
            for r in rows
        }

    def create_rematch(self, old_id: str, table: TableRow, seat_rows: Sequence[SeatRow]) -> str:
        """Create ``table`` as the rematch of ``old_id`` unless another request already
        made one; the rematch's id either way (one transaction: two players asking at
        once, even on two workers, get the same new table)."""
        with self.transactions.begin() as conn:
            won = conn.execute(
                update(tables)
                .where(tables.c.id == old_id, tables.c.rematch.is_(None))
                .values(rematch=table.id)
            )
            if won.rowcount == 1:
                self._insert_table(conn, table, seat_rows)
                return table.id
        with self.engine.connect() as conn:
            found = conn.execute(select(tables.c.rematch).where(tables.c.id == old_id)).scalar()
        if found is None:
            raise LookupError(f"no table {old_id!r}")
        return str(found)

    def add_chat(self, row: ChatRow) -> int:
        """Store a chat message; its id."""
        with self.engine.begin() as conn:
            result = conn.execute(
                insert(chat).values(
                    table_id=row.table_id, seat=row.seat, name=row.name, text=row.text, at=row.at
                )
            )
            key: Any = result.inserted_primary_key
            return int(key[0])

    def mark_broken(self, table_id: str) -> None:
        """Note that a table cannot be loaded, so restarts leave it be (see ``broken``)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(broken=True))

    def mark_over(self, table_id: str) -> None:
        """Note that a game ended, so restarts need not load it (the log says it anyway)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(over=True))

    def append_actions(self, rows: Sequence[ActionRow]) -> list[bool]:
        """Insert actions in one transaction; per row, False if it was not stored.

        A row is refused when its ``seq`` was taken (by another worker), and so is every
        later row of the same table in the batch: a table may send several actions in
        one batch, each built on the one before, so a table's stored rows are always a
        prefix of what it sent.

        SQLite (one process, nobody to race) takes the batch in one statement on a
        connection kept for it. PostgreSQL: one plain ``INSERT`` in autocommit; if a
        number was taken, one ``INSERT ... ON CONFLICT DO NOTHING RETURNING`` in a
        transaction says which rows went in and takes back those after a refused one.
        Other databases insert each row under its own savepoint.
        """
        if not rows:
            return []
        if self.engine.dialect.name == "sqlite":
            self._append_sqlite(rows)
            return [True] * len(rows)
        order = _key_order(rows)
        if self.engine.dialect.name == "postgresql":
            columns = _columns(rows, order)
            try:
                with self.append_engine.connect() as conn:
                    conn.execution_options(isolation_level="AUTOCOMMIT")
                    conn.execute(_APPEND_PG_FIRST, columns)
                return [True] * len(rows)
            except IntegrityError:  # a number was taken: sort it out in a transaction
                pass
            with self.append_engine.begin() as conn:
                result = conn.execute(_APPEND_PG, columns)
                stored = {(r.table_id, r.seq) for r in result}
                done, orphans = _settle(rows, order, stored)
                if orphans:
                    conn.execute(_take_back(rows, orphans))
            return done
        try:
            with self.engine.begin() as conn:
                return self._insert_each(rows, order, lambda: contextlib.nullcontext(conn))
        except OperationalError:  # the database gave up on the batch: one row at a time
            return self._insert_each(rows, order, self.engine.begin)

    def _insert_each(
        self,
        rows: Sequence[ActionRow],
        order: list[int],
        transaction: Callable[[], AbstractContextManager[Connection]],
    ) -> list[bool]:
        """Insert row by row (each under a savepoint), none after a refused one of its table."""
        done = [False] * len(rows)
        refused: set[str] = set()
        for i in order:
            if rows[i].table_id in refused:
                continue
            with transaction() as conn:
                done[i] = self._insert_row(conn, rows[i])
            if not done[i]:
                refused.add(rows[i].table_id)
        return done

    def _append_sqlite(self, rows: Sequence[ActionRow]) -> None:
        """One ``executemany`` and a commit on the DB-API connection kept for appends.

        The server's hottest write skips SQLAlchemy's statement machinery; the caller
        (the writer) is the only user of this connection.
        """
        if self._appender is None:
            self._appender = self.engine.raw_connection()
        conn = self._appender
        try:
            cursor = conn.cursor()
            cursor.executemany(
                _INSERT_ACTION, [(r.table_id, r.seq, r.seat, r.action, r.source) for r in rows]
            )
            cursor.close()
            conn.commit()
        except BaseException:
            conn.rollback()
            raise

    def checkpoint(self) -> None:
        """Copy committed WAL pages into the SQLite file (no-op elsewhere).

        PASSIVE: it never waits for, nor blocks, readers or the writer.
        """
        if self.engine.dialect.name != "sqlite":
            return
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    @staticmethod
    def _insert_row(conn: Connection, row: ActionRow) -> bool:
        try:
            with conn.begin_nested():
                conn.execute(insert(actions).values(**_action_values(row)))
            return True
        except IntegrityError:
            return False

    # ------------------------------------------------------------------ reads

    def load_table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).all()
        return _table_row(row), [_seat_row(r) for r in seat_rows]

    def load_seats(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).all()
        return [_seat_row(r) for r in rows]

    def actions_after(self, table_id: str, seq: int) -> list[ActionRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions)
                .where(actions.c.table_id == table_id, actions.c.seq > seq)
                .order_by(actions.c.seq)
            ).all()
        return [ActionRow(r.table_id, r.seq, r.seat, r.action, r.source) for r in rows]

    def last_seqs(self, table_ids: Iterable[str]) -> dict[str, int]:
        """The last logged sequence number of each of these tables that has actions."""
        ids = list(table_ids)
        if not ids:
            return {}
        query = (
            select(actions.c.table_id, func.max(actions.c.seq))
            .where(actions.c.table_id.in_(ids))
            .group_by(actions.c.table_id)
        )
        with self.engine.connect() as conn:
            return {table_id: seq for table_id, seq in conn.execute(query)}

    def list_tables(
        self, limit: int = 100, before: tuple[float, str] | None = None
    ) -> list[TableRow]:
        """The public tables, newest first; ``before`` (created, id) starts after a row."""
        query = select(tables).where(tables.c.private == False)  # noqa: E712
        if before is not None:
            created, table_id = before
            query = query.where(
                (tables.c.created < created)
                | ((tables.c.created == created) & (tables.c.id < table_id))
            )
        query = query.order_by(tables.c.created.desc(), tables.c.id.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [_table_row(r) for r in rows]

    def chat_after(self, table_id: str, after: int, limit: int) -> list[ChatRow]:
        """A table's chat messages with ids above ``after``: the last ``limit`` of them."""
        query = (
            select(chat)
            .where(chat.c.table_id == table_id, chat.c.id > after)
            .order_by(chat.c.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [ChatRow(r.table_id, r.seat, r.name, r.text, r.at, r.id) for r in reversed(rows)]

    def unfinished_bots_of(self, creator: str, since: float) -> dict[str, list[str]]:
        """The bot specs playing at each unfinished table ``creator`` made since
        ``since`` (a bot seat's, or an away person's bot): every such table, bots or
        not, by id."""
        mine = select(tables.c.id).where(
            tables.c.creator == creator,
            tables.c.created >= since,
            tables.c.over == False,  # noqa: E712
            tables.c.broken == False,  # noqa: E712
        )
        query = select(seats.c.table_id, seats.c.bot, seats.c.kind, seats.c.away).where(
            seats.c.table_id.in_(mine)
        )
        out: dict[str, list[str]] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(query):
                specs = out.setdefault(r.table_id, [])
                if r.bot is not None and (r.kind == "bot" or r.away):
                    specs.append(r.bot)
        return out

    def tables_to_resume(self) -> list[str]:
        """Unfinished tables the server itself must play on: bots, away seats or a clock."""
        served = (
            select(seats.c.table_id)
            .where((seats.c.kind == "bot") | (seats.c.away == True))  # noqa: E712
            .distinct()
        )
        query = select(tables.c.id).where(
            tables.c.over == False,  # noqa: E712
            tables.c.broken == False,  # noqa: E712
            tables.c.clock.is_not(None)
            | tables.c.game_clock.is_not(None)
            | tables.c.id.in_(served),
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def seats_of(self, table_ids: Iterable[str]) -> dict[str, list[SeatRow]]:
        ids = list(table_ids)
        out: dict[str, list[SeatRow]] = {i: [] for i in ids}
        if not ids:
            return out
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
            ).all()
        for r in rows:
            out[r.table_id].append(_seat_row(r))
        return out


def _key_order(rows: Sequence[ActionRow]) -> list[int]:
    """Row indices by (table, seq): one global order of keys, so two workers' batches
    cannot deadlock on the primary key's index."""
    return sorted(range(len(rows)), key=lambda i: (rows[i].table_id, rows[i].seq))


def _columns(rows: Sequence[ActionRow], order: list[int]) -> dict[str, list[Any]]:
    """The parameters of :data:`_INSERT_ARRAYS`: one array per column, rows in key order."""
    ordered = [rows[i] for i in order]
    return {
        "table_id": [r.table_id for r in ordered],
        "seq": [r.seq for r in ordered],
        "seat": [r.seat for r in ordered],
        "action": [r.action for r in ordered],
        "source": [r.source for r in ordered],
    }


def _settle(
    rows: Sequence[ActionRow], order: list[int], stored: set[tuple[str, int]]
) -> tuple[list[bool], list[int]]:
    """Per row, whether it stays stored; and the stored rows to take back because they
    came after a refused row of their table (they are marked not stored)."""
    done = [(r.table_id, r.seq) in stored for r in rows]
    orphans = _beyond_refusal(rows, order, done)
    for i in orphans:
        done[i] = False
    return done, orphans


def _take_back(rows: Sequence[ActionRow], orphans: list[int]) -> Delete:
    return delete(actions).where(
        tuple_(actions.c.table_id, actions.c.seq).in_(
            [(rows[i].table_id, rows[i].seq) for i in orphans]
        )
    )


def _beyond_refusal(rows: Sequence[ActionRow], order: list[int], done: list[bool]) -> list[int]:
    """The stored rows (indices) that come after a refused row of the same table."""
    refused: set[str] = set()
    out = []
    for i in order:  # by table, then seq
        if not done[i]:
            refused.add(rows[i].table_id)
        elif rows[i].table_id in refused:
            out.append(i)
    return out


def _seat_values(table_id: str, s: SeatRow) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seat": s.seat,
        "kind": s.kind,
        "name": s.name,
        "bot": s.bot,
        "token_digest": s.token_digest,
        "away": s.away,
        "invite_digest": s.invite_digest,
        "bank_used": s.bank_used,
    }


def _action_values(r: ActionRow) -> dict[str, Any]:
    return {
        "table_id": r.table_id,
        "seq": r.seq,
        "seat": r.seat,
        "action": r.action,
        "source": r.source,
    }


def _seat_row(r: Any) -> SeatRow:
    return SeatRow(
        r.seat,
        r.kind,
        r.name,
        r.bot,
        r.token_digest,
        bool(r.away),
        r.invite_digest,
        float(r.bank_used or 0.0),
    )


def _table_row(r: Any) -> TableRow:
    return TableRow(
        r.id,
        r.game,
        r.players,
        int(r.seed),
        json.loads(r.options),
        r.clock,
        bool(r.seeded),
        r.created,
        bool(r.over),
        r.rematch,
        bool(r.private),
        r.creator,
        r.bank,
        bool(r.broken),
        r.game_clock,
        r.increment,
    )
