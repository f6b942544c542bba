"""WhatsApp and voice: when each address last wrote on each channel, how each message went and
its outcome, and a person's wish to be called

Revision ID: 0015_wavoice
Revises: 0014_location
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0015_wavoice"
down_revision: str | None = "0014_location"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types


def upgrade() -> None:
    op.create_table(
        "channel_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("channel", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("address", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("last_inbound_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("channel", "address"),
    )
    op.create_index(
        op.f("ix_channel_session_address"), "channel_session", ["address"], unique=False
    )
    # Plain ADD COLUMN, no batch: SQLite does not rebuild the outbox or the people.
    op.add_column(
        "outbox", sa.Column("sent_via", sqlmodel.sql.sqltypes.AutoString(length=24), nullable=True)
    )
    op.add_column(
        "outbox",
        sa.Column("via_reason", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=True),
    )
    op.add_column(
        "outbox", sa.Column("outcome", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True)
    )
    op.add_column(
        "person", sa.Column("voice", sa.Boolean(), server_default=sa.false(), nullable=False)
    )


def downgrade() -> None:
    with op.batch_alter_table("person", schema=None) as batch_op:
        batch_op.drop_column("voice")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_column("outcome")
        batch_op.drop_column("via_reason")
        batch_op.drop_column("sent_via")
    op.drop_index(op.f("ix_channel_session_address"), table_name="channel_session")
    op.drop_table("channel_session")
