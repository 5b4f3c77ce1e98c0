"""The votes to hand a seat to a bot, kept with the seat so a restart counts them.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN (SQLite too): a batch would copy a table the actions refer to
    op.add_column("tabletop_seats", sa.Column("voters", sa.Integer, nullable=True))
    op.add_column("tabletop_seats", sa.Column("voted_at", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tabletop_seats") as batch:
        batch.drop_column("voted_at")
        batch.drop_column("voters")
