"""The database schema's history, as Alembic migrations (see ``tabletop.server.schema``)."""
