"""complaints: the complainant's standing, who filed, the admission, the seizer's liability, and
one undecided complaint per complainant per seizure

Revision ID: 0008
Revises: 0007
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types

OPEN_WHERE = sa.text("status IN ('pending', 'admitted')")


def upgrade() -> None:
    with op.batch_alter_table("complaint", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "standing",
                sqlmodel.sql.sqltypes.AutoString(length=16),
                nullable=False,
                server_default="owner_of_record",
            )
        )
        batch_op.add_column(sa.Column("filed_by", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column("admitted_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        batch_op.add_column(
            sa.Column(
                "hearing",
                sqlmodel.sql.sqltypes.AutoString(length=500),
                nullable=False,
                server_default="",
            )
        )
        for name in ("fines_repaid", "held_charges", "owed_to_owner"):
            batch_op.add_column(sa.Column(name, sa.Integer(), nullable=False, server_default="0"))
        batch_op.create_foreign_key("fk_complaint_filed_by_person", "person", ["filed_by"], ["id"])
        batch_op.create_index(
            "uq_complaint_open_per_complainant",
            ["seizure_id", "complainant_id"],
            unique=True,
            sqlite_where=OPEN_WHERE,
            postgresql_where=OPEN_WHERE,
        )


def downgrade() -> None:
    with op.batch_alter_table("complaint", schema=None) as batch_op:
        batch_op.drop_index("uq_complaint_open_per_complainant")
        batch_op.drop_constraint("fk_complaint_filed_by_person", type_="foreignkey")
        for name in (
            "owed_to_owner",
            "held_charges",
            "fines_repaid",
            "hearing",
            "admitted_at",
            "filed_by",
            "standing",
        ):
            batch_op.drop_column(name)
