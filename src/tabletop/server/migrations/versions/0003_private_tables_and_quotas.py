"""Private tables with invitations, and who made each table (for the per-client quota).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN (SQLite too): a batch would copy tabletop_tables, which the
    # stored seats and actions refer to
    op.add_column(
        "tabletop_tables",
        sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column("tabletop_tables", sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("tabletop_tables_created", "tabletop_tables", ["created"])
    op.create_index("tabletop_tables_creator", "tabletop_tables", ["creator"])
    op.add_column("tabletop_seats", sa.Column("invite_digest", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tabletop_seats") as batch:
        batch.drop_column("invite_digest")
    with op.batch_alter_table("tabletop_tables") as batch:
        batch.drop_index("tabletop_tables_creator")
        batch.drop_index("tabletop_tables_created")
        batch.drop_column("creator")
        batch.drop_column("private")
