"""The audit log refuses UPDATE and DELETE: evidence is appended, never rewritten.

Revision ID: 0002
Revises: 0001
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PG_FUNCTION = """
CREATE OR REPLACE FUNCTION auditevent_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END;
$$ LANGUAGE plpgsql;
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(PG_FUNCTION)
        op.execute(
            "CREATE TRIGGER auditevent_append_only BEFORE UPDATE OR DELETE ON auditevent "
            "FOR EACH ROW EXECUTE FUNCTION auditevent_append_only()"
        )
    else:
        for what in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER auditevent_no_{what.lower()} BEFORE {what} ON auditevent "
                "BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS auditevent_append_only ON auditevent")
        op.execute("DROP FUNCTION IF EXISTS auditevent_append_only()")
    else:
        op.execute("DROP TRIGGER IF EXISTS auditevent_no_update")
        op.execute("DROP TRIGGER IF EXISTS auditevent_no_delete")
