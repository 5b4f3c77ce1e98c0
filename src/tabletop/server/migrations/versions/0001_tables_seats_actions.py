"""The first schema: tables, their seats, and each table's log of actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tabletop_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("clock", sa.Float, nullable=True),
        sa.Column("seeded", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
    )
    op.create_table(
        "tabletop_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tabletop_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("token_digest", sa.String(64), nullable=True),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_table(
        "tabletop_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tabletop_tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("source", sa.String(8), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tabletop_actions")
    op.drop_table("tabletop_seats")
    op.drop_table("tabletop_tables")
