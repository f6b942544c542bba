"""Every row of the register carries its district (the key to distribute the schema by): the
rows that hang off a seizure, a sale, a case or a ledger transaction take their parent's

Revision ID: 0017_district
Revises: 0016_chains
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017_district"
down_revision: str | None = "0016_chains"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, the column naming its parent, the parent table), parents filled before their children.
TABLES: tuple[tuple[str, str, str], ...] = (
    ("animal", "seizure_id", "seizure"),
    ("aidrequest", "seizure_id", "seizure"),
    ("conveyance", "seizure_id", "seizure"),
    ("registerentry", "seizure_id", "seizure"),
    ("payment", "seizure_id", "seizure"),
    ("releaseorder", "seizure_id", "seizure"),
    ("refusal", "seizure_id", "seizure"),
    ("notice", "seizure_id", "seizure"),
    ("sale", "seizure_id", "seizure"),
    ("salelot", "sale_id", "sale"),
    ("cattlereceipt", "seizure_id", "seizure"),
    ("complaint", "seizure_id", "seizure"),
    ("recoverysale", "case_id", "mischiefcase"),
    ("recoverylot", "sale_id", "recoverysale"),
    ("ledgerposting", "txn_id", "ledgertxn"),
)


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    for table, parent_column, parent in TABLES:
        op.add_column(table, sa.Column("district_id", sa.Integer(), nullable=True))
        op.execute(
            f"UPDATE {table} SET district_id = (SELECT p.district_id FROM {parent} p "
            f"WHERE p.id = {table}.{parent_column})"
        )
        fk = f"fk_{table}_district_id_district"
        if sqlite:
            # SQLite cannot add NOT NULL or a foreign key to a column: the table is rebuilt
            # (migrations/__init__.py turns the foreign key checks off for it and checks after).
            with op.batch_alter_table(table, recreate="always") as batch:
                batch.alter_column("district_id", existing_type=sa.Integer(), nullable=False)
                batch.create_foreign_key(fk, "district", ["district_id"], ["id"])
        else:
            op.alter_column(table, "district_id", existing_type=sa.Integer(), nullable=False)
            op.create_foreign_key(fk, table, "district", ["district_id"], ["id"])
        op.create_index(op.f(f"ix_{table}_district_id"), table, ["district_id"], unique=False)


def downgrade() -> None:
    for table, _, _ in reversed(TABLES):
        op.drop_index(op.f(f"ix_{table}_district_id"), table_name=table)
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f"fk_{table}_district_id_district", type_="foreignkey")
            batch.drop_column("district_id")
