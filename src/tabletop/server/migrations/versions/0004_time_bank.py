"""A time bank per player: the table's setting, and what each seat has spent of it.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN (SQLite too): a batch would copy the tables the others refer to
    op.add_column("tabletop_tables", sa.Column("bank", sa.Float, nullable=True))
    op.add_column(
        "tabletop_seats",
        sa.Column("bank_used", sa.Float, nullable=False, server_default=sa.text("0")),
    )


def downgrade() -> None:
    with op.batch_alter_table("tabletop_seats") as batch:
        batch.drop_column("bank_used")
    with op.batch_alter_table("tabletop_tables") as batch:
        batch.drop_column("bank")
