"""the desk's sign-in: one-time codes and the sessions they open (hashed)

Revision ID: 0020_desk
Revises: 0019_documents
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0020_desk"
down_revision: str | None = "0019_documents"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types


def upgrade() -> None:
    op.create_table(
        "desk_signin",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("attempt_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("code_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("channel", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("code_expires_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("signed_in_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("session_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("session_expires_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("signed_out_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("attempt_hash"),
        sa.UniqueConstraint("session_hash"),
    )
    with op.batch_alter_table("desk_signin", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_desk_signin_created_at"), ["created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_desk_signin_person_id"), ["person_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("desk_signin", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_desk_signin_person_id"))
        batch_op.drop_index(batch_op.f("ix_desk_signin_created_at"))
    op.drop_table("desk_signin")
