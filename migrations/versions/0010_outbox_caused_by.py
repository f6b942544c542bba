"""outbox: who caused each message

Revision ID: 0010
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types


def upgrade() -> None:
    # A plain column and an index: no foreign key, so SQLite does not rebuild the outbox.
    op.add_column("outbox", sa.Column("caused_by", sa.Integer(), nullable=True))
    op.create_index(op.f("ix_outbox_caused_by"), "outbox", ["caused_by"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_outbox_caused_by"), table_name="outbox")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("caused_by")
