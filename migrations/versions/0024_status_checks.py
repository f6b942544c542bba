"""status columns hold only their statuses: a named CHECK constraint on each (the enums of
law/lifecycle.py, law/complaint.py and models/enums.py, as they stand at this revision)

Revision ID: 0024_status_checks
Revises: 0023_fines_paid
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0024_status_checks"
down_revision: str | None = "0023_fines_paid"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, column, the values it may hold): written out, so the migration stays what it was
# whatever the enums become.
CHECKS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("seizure", "status", ("seized", "impounded", "reported_unclaimed", "noticed", "closed")),
    (
        "animal",
        "status",
        (
            "seized",
            "impounded",
            "released_paid",
            "released_by_order",
            "released_after_part_sale",
            "sold",
            "died",
            "escaped",
            "rescued",
        ),
    ),
    ("complaint", "status", ("pending", "admitted", "dismissed", "lawful", "illegal")),
    ("mischiefcase", "status", ("pending", "convicted", "acquitted")),
    ("recoveryorder", "status", ("ordered", "executed")),
    ("surplusdeposit", "status", ("deposited", "claimed", "to_fund")),
    (
        "outbox",
        "state",
        ("queued", "sending", "sent", "delivered", "failed", "cancelled", "held"),
    ),
    ("inboundmessage", "status", ("handled", "rejected", "opted_out", "opted_in", "ignored")),
)


def _name(table: str, column: str) -> str:
    return f"ck_{table}_{column}"


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    for table, column, values in CHECKS:
        condition = f"{column} IN ({', '.join(repr(v) for v in values)})"
        if sqlite:
            # SQLite adds a constraint only by rebuilding the table (migrations/__init__.py turns
            # the foreign key checks off for it and checks after).
            with op.batch_alter_table(table, recreate="always") as batch:
                batch.create_check_constraint(_name(table, column), condition)
        else:
            op.create_check_constraint(_name(table, column), table, condition)


def downgrade() -> None:
    for table, column, _ in reversed(CHECKS):
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(_name(table, column), type_="check")
