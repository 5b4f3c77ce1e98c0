"""Reading a migrated database's schema, for the schema tests (SQLite and PostgreSQL)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine

from tabletop.server import schema
from tabletop.server.store import metadata


def schema_drift(engine: Engine) -> list[object]:
    """What the migrated database lacks or has beyond ``store.metadata`` (nothing, when
    the migrations and the queries agree)."""
    with engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"version_table": schema.VERSION_TABLE}
        )
        return list(compare_metadata(context, metadata))


def revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return schema.current(connection)
