"""The documents printed from the record, each with its public id and the digest of what it said

Revision ID: 0019_documents
Revises: 0018_deadlines
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0019_documents"
down_revision: str | None = "0018_deadlines"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "issueddocument",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("district_id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("ref", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("params", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("digest", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("issued_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("issued_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["district_id"], ["district.id"]),
        sa.ForeignKeyConstraint(["issued_by"], ["person.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code"),
    )
    op.create_index(
        "ix_issueddocument_district_id", "issueddocument", ["district_id"], unique=False
    )
    op.create_index(
        "ix_issueddocument_content",
        "issueddocument",
        ["kind", "ref", "params", "digest"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_issueddocument_content", table_name="issueddocument")
    op.drop_index("ix_issueddocument_district_id", table_name="issueddocument")
    op.drop_table("issueddocument")
