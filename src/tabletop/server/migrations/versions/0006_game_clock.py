"""An optional game clock per table: a total per player and an increment per decision.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN (SQLite too): a batch would copy the tables the others refer to
    op.add_column("tabletop_tables", sa.Column("game_clock", sa.Float, nullable=True))
    op.add_column("tabletop_tables", sa.Column("increment", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tabletop_tables") as batch:
        batch.drop_column("increment")
        batch.drop_column("game_clock")
