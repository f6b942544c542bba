"""payments out of the Sec XII fund, Magistrate's orders for animals outside the scale (G4)

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types


def upgrade() -> None:
    op.create_table(
        "kindorder",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("district_id", sa.Integer(), nullable=False),
        sa.Column("seizure_id", sa.Integer(), nullable=True),
        sa.Column("pound_id", sa.Integer(), nullable=True),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("fine", sa.Integer(), nullable=False),
        sa.Column("per_day", sa.Integer(), nullable=False),
        sa.Column("valid_from", sa.Date(), nullable=False),
        sa.Column("order_text", sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False),
        sa.Column("ordered_by", sa.Integer(), nullable=False),
        sa.Column("occurred_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("recorded_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["district_id"], ["district.id"]),
        sa.ForeignKeyConstraint(["ordered_by"], ["person.id"]),
        sa.ForeignKeyConstraint(["pound_id"], ["pound.id"]),
        sa.ForeignKeyConstraint(["seizure_id"], ["seizure.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("kindorder", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_kindorder_district_id"), ["district_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_kindorder_pound_id"), ["pound_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_kindorder_seizure_id"), ["seizure_id"], unique=False)

    op.create_table(
        "fundpayment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("district_id", sa.Integer(), nullable=False),
        sa.Column("purpose", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("pound_id", sa.Integer(), nullable=True),
        sa.Column("keeper_id", sa.Integer(), nullable=True),
        sa.Column("stated", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.Column("payee_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("order_text", sqlmodel.sql.sqltypes.AutoString(length=2000), nullable=False),
        sa.Column("ordered_by", sa.Integer(), nullable=False),
        sa.Column("occurred_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("recorded_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("txn_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["district_id"], ["district.id"]),
        sa.ForeignKeyConstraint(["keeper_id"], ["person.id"]),
        sa.ForeignKeyConstraint(["ordered_by"], ["person.id"]),
        sa.ForeignKeyConstraint(["payee_id"], ["person.id"]),
        sa.ForeignKeyConstraint(["pound_id"], ["pound.id"]),
        sa.ForeignKeyConstraint(["txn_id"], ["ledgertxn.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("txn_id"),
    )
    with op.batch_alter_table("fundpayment", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_fundpayment_district_id"), ["district_id"], unique=False
        )

    # A plain ALTER TABLE ADD COLUMN on both engines: no rebuild of the animal table.
    op.add_column("animal", sa.Column("order_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("animal", schema=None) as batch_op:
        batch_op.drop_column("order_id")
    with op.batch_alter_table("fundpayment", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fundpayment_district_id"))
    op.drop_table("fundpayment")
    with op.batch_alter_table("kindorder", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_kindorder_seizure_id"))
        batch_op.drop_index(batch_op.f("ix_kindorder_pound_id"))
        batch_op.drop_index(batch_op.f("ix_kindorder_district_id"))
    op.drop_table("kindorder")
