"""What the Magistrate adjudged, paid (Sec XII-XIV, XVII, XVIII); the residences a seizure's
report stated for its seizer and owner (Sec V)

Revision ID: 0023_fines_paid
Revises: 0021_request_id
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0023_fines_paid"
down_revision: str | None = "0022_place_names"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def money_type() -> sa.types.TypeEngine[int]:
    """As models/columns.money_type: BIGINT on PostgreSQL, SQLite's INTEGER (64 bits)."""
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "finepaid",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("district_id", sa.Integer(), nullable=False),
        sa.Column("section", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column("offence_id", sa.Integer(), nullable=True),
        sa.Column("case_id", sa.Integer(), nullable=True),
        sa.Column("seizure_id", sa.Integer(), nullable=True),
        sa.Column("payer_id", sa.Integer(), nullable=False),
        sa.Column("amount", money_type(), nullable=False),
        sa.Column("to_fund", money_type(), nullable=False),
        sa.Column("to_complainant", money_type(), nullable=False),
        sa.Column("to_keeper", money_type(), nullable=False),
        sa.Column("to_owner", money_type(), nullable=False),
        sa.Column("recorded_by", sa.Integer(), nullable=False),
        sa.Column("occurred_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("recorded_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("txn_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["district_id"], ["district.id"]),
        sa.ForeignKeyConstraint(["offence_id"], ["offence.id"]),
        sa.ForeignKeyConstraint(["case_id"], ["mischiefcase.id"]),
        sa.ForeignKeyConstraint(["seizure_id"], ["seizure.id"]),
        sa.ForeignKeyConstraint(["payer_id"], ["person.id"]),
        sa.ForeignKeyConstraint(["recorded_by"], ["person.id"]),
        sa.ForeignKeyConstraint(["txn_id"], ["ledgertxn.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("txn_id"),
    )
    for column in ("district_id", "offence_id", "case_id", "seizure_id"):
        op.create_index(f"ix_finepaid_{column}", "finepaid", [column])
    for column in ("seizer_residence", "owner_residence"):
        op.add_column(
            "seizure",
            sa.Column(
                column,
                sqlmodel.sql.sqltypes.AutoString(length=200),
                nullable=False,
                server_default="",
            ),
        )


def downgrade() -> None:
    with op.batch_alter_table("seizure") as batch:
        batch.drop_column("owner_residence")
        batch.drop_column("seizer_residence")
    op.drop_table("finepaid")
