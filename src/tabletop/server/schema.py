"""The database schema, kept by Alembic migrations (``tabletop/server/migrations``).

The server brings its database to the newest schema whenever it opens it
(:func:`upgrade`), so a new version of tabletop that changes a table migrates the
games already stored instead of failing on them. ``store.metadata`` describes the
newest schema for the queries; each change of it comes with a migration
(``tests/server/test_server_schema.py`` holds the two to each other).

A database made before migrations existed (``metadata.create_all``, up to session 5)
holds the first schema with no version: it is marked as revision ``0001`` and
migrated from there.

To add a migration: change ``store.metadata``, then write
``migrations/versions/NNNN_what.py`` from ``migrations/script.py.mako`` with
``down_revision`` the previous head.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect

VERSION_TABLE = "tabletop_schema_version"
"""Alembic's version table, named so it cannot meet another application's."""

BASELINE = "0001"
"""The revision of the schema databases had before migrations."""


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for this package's migrations (no ini file)."""
    cfg = Config()
    cfg.set_main_option("script_location", "tabletop.server:migrations")
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision."""
    found = ScriptDirectory.from_config(config()).get_current_head()
    if found is None:
        raise RuntimeError("tabletop's migrations have no head")
    return found


def current(connection: Connection) -> str | None:
    """The revision the database is at (None: no schema, or one from before migrations)."""
    context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
    return context.get_current_revision()


def upgrade(connection: Connection) -> None:
    """Bring the database to the newest schema (creating it when empty)."""
    cfg = config(connection)
    names = set(inspect(connection).get_table_names())
    if "tabletop_tables" in names and VERSION_TABLE not in names:
        command.stamp(cfg, BASELINE)
    command.upgrade(cfg, "head")
