"""Money columns are BIGINT on PostgreSQL; each district has a country for reading phones

Revision ID: 0009
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types

# Every money column (models/columns.money_field). SQLite's INTEGER already holds 64 bits.
MONEY: dict[str, tuple[str, ...]] = {
    "feedingrate": ("per_day",),
    "animal": ("fine",),
    "complaint": ("damages", "expenses", "fines_repaid", "held_charges", "owed_to_owner"),
    "kindorder": ("fine", "per_day"),
    "mischiefcase": ("fine", "compensation"),
    "payment": ("fine", "feeding", "expenses", "total"),
    "sale": (
        "expenses",
        "proceeds",
        "fines_paid",
        "feeding_paid",
        "expenses_paid",
        "surplus",
        "shortfall",
        "still_due",
    ),
    "cattlereceipt": ("balance",),
    "fundpayment": ("amount",),
    "ledgerposting": ("amount",),
    "offencedecision": ("fine",),
    "recoveryorder": ("fine_due",),
    "salelot": (
        "price",
        "expense_share",
        "expenses_paid",
        "fine_paid",
        "feeding_paid",
        "surplus",
        "shortfall",
    ),
    "surplusdeposit": ("amount",),
    "recoverysale": (
        "fine_due",
        "compensation_due",
        "expenses",
        "proceeds",
        "expenses_paid",
        "fine_paid",
        "to_complainant",
        "to_fund",
        "balance_to_owner",
        "fine_unpaid",
        "expenses_unpaid",
    ),
    "recoverylot": ("price",),
}


def upgrade() -> None:
    with op.batch_alter_table("district") as batch:
        batch.add_column(
            sa.Column(
                "country",
                sqlmodel.sql.sqltypes.AutoString(length=2),
                nullable=False,
                server_default="IN",
            )
        )
    if op.get_bind().dialect.name == "postgresql":
        for table, columns in MONEY.items():
            for column in columns:
                op.alter_column(table, column, type_=sa.BigInteger(), existing_nullable=False)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table, columns in MONEY.items():
            for column in columns:
                op.alter_column(table, column, type_=sa.Integer(), existing_nullable=False)
    with op.batch_alter_table("district") as batch:
        batch.drop_column("country")
