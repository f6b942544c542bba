"""audit events carry an HMAC and the digests of the rows their act wrote; the chain heads sent
to the Magistrates are kept

Revision ID: 0013
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types


def upgrade() -> None:
    # Plain ADD COLUMN, not a batch: on SQLite a batch rebuilds the table and would drop the
    # append-only triggers (0002); adding a column fires no UPDATE trigger.
    op.add_column("auditevent", sa.Column("records", sa.JSON(none_as_null=True), nullable=True))
    op.add_column(
        "auditevent",
        sa.Column("mac", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    )
    op.create_table(
        "auditwitness",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("district_id", sa.Integer(), nullable=False),
        sa.Column("on_date", sa.Date(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("sent_to", sa.JSON(), nullable=False),
        sa.Column("sent_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["district_id"], ["district.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("district_id", "on_date"),
    )
    op.create_index(
        op.f("ix_auditwitness_district_id"), "auditwitness", ["district_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_auditwitness_district_id"), table_name="auditwitness")
    op.drop_table("auditwitness")
    if op.get_bind().dialect.name == "sqlite":
        # DROP COLUMN on SQLite keeps the table (and its triggers) since 3.35.
        op.execute("ALTER TABLE auditevent DROP COLUMN mac")
        op.execute("ALTER TABLE auditevent DROP COLUMN records")
    else:
        op.drop_column("auditevent", "mac")
        op.drop_column("auditevent", "records")
