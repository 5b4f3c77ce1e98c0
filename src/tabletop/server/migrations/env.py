"""Alembic's entry point: migrate the connection ``tabletop.server.schema`` hands over.

There is no ``alembic.ini``: the server migrates its own database when it opens it, and
``schema.config`` sets everything a command needs.
"""

from alembic import context

from tabletop.server.schema import VERSION_TABLE
from tabletop.server.store import metadata

context.configure(
    connection=context.config.attributes["connection"],
    target_metadata=metadata,
    version_table=VERSION_TABLE,
    render_as_batch=True,  # SQLite alters a table by copying it
)
with context.begin_transaction():
    context.run_migrations()
