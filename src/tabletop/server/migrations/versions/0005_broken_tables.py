"""A table whose log does not replay is marked broken, so restarts leave it be.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN (SQLite too): a batch would copy the tables the others refer to
    op.add_column(
        "tabletop_tables",
        sa.Column("broken", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("tabletop_tables") as batch:
        batch.drop_column("broken")
