"""Sec IX part sales: what a sale left due, each lot's expenses paid, the owner's receipt for the
cattle handed back and the balance (Sec IX), expenses of sale paid with the dues.

Revision ID: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types


def upgrade() -> None:
    with op.batch_alter_table("sale", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("still_due", sa.Integer(), nullable=False, server_default="0")
        )
    with op.batch_alter_table("salelot", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("expenses_paid", sa.Integer(), nullable=False, server_default="0")
        )
    # Lots recorded before: each paid its own share of the bill as far as its price reached.
    op.execute(
        "UPDATE salelot SET expenses_paid = CASE WHEN price < expense_share THEN price "
        "ELSE expense_share END"
    )
    with op.batch_alter_table("payment", schema=None) as batch_op:
        batch_op.add_column(sa.Column("expenses", sa.Integer(), nullable=False, server_default="0"))
    op.create_table(
        "cattlereceipt",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sale_id", sa.Integer(), nullable=False),
        sa.Column("seizure_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("recorded_by", sa.Integer(), nullable=False),
        sa.Column("animal_ids", sa.JSON(), nullable=False),
        sa.Column("balance", sa.Integer(), nullable=False),
        sa.Column("occurred_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["person.id"]),
        sa.ForeignKeyConstraint(["recorded_by"], ["person.id"]),
        sa.ForeignKeyConstraint(["sale_id"], ["sale.id"]),
        sa.ForeignKeyConstraint(["seizure_id"], ["seizure.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("sale_id"),
    )
    with op.batch_alter_table("cattlereceipt", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_cattlereceipt_seizure_id"), ["seizure_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("cattlereceipt", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_cattlereceipt_seizure_id"))
    op.drop_table("cattlereceipt")
    with op.batch_alter_table("payment", schema=None) as batch_op:
        batch_op.drop_column("expenses")
    with op.batch_alter_table("salelot", schema=None) as batch_op:
        batch_op.drop_column("expenses_paid")
    with op.batch_alter_table("sale", schema=None) as batch_op:
        batch_op.drop_column("still_due")
