"""The schema comes from the migrations, matches what the queries use, and databases
made before migrations are taken over."""

from __future__ import annotations

import time
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, inspect, text

from server.schemas import revision, schema_drift
from tabletop.server import schema
from tabletop.server.store import Store


def test_a_new_database_gets_the_newest_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    Store(url).close()
    engine = create_engine(url)
    assert revision(engine) == schema.head()
    assert schema_drift(engine) == []
    Store(url).close()  # opening again changes nothing
    assert revision(engine) == schema.head()
    engine.dispose()


def test_a_database_from_before_migrations_is_taken_over_with_its_games(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    with engine.begin() as connection:  # the schema the server made up to session 5
        command.upgrade(schema.config(connection), schema.BASELINE)
        connection.execute(text(f"DROP TABLE {schema.VERSION_TABLE}"))
    with engine.begin() as connection:  # and a game stored then
        connection.exec_driver_sql(
            "INSERT INTO tabletop_tables (id, game, players, seed, options, clock, seeded,"
            " created, over) VALUES ('old-table', 'wicked-labyrinth', 3, 7, '{}', NULL, 1,"
            f" {time.time()}, 0)"
        )
        for s in range(3):
            connection.exec_driver_sql(
                "INSERT INTO tabletop_seats (table_id, seat, kind, away)"
                f" VALUES ('old-table', {s}, 'open', 0)"
            )
    assert schema.VERSION_TABLE not in inspect(engine).get_table_names()

    store = Store(url)
    assert revision(engine) == schema.head()
    loaded = store.load_table("old-table")
    assert loaded is not None and loaded[0].seed == 7
    store.close()
    engine.dispose()
