"""The clock's pass reads each district's due seizures by one index: (district, due, id)

Revision ID: 0018_deadlines
Revises: 0017_district
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0018_deadlines"
down_revision: str | None = "0017_district"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_seizure_district_due", "seizure", ["district_id", "next_due_at", "id"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_seizure_district_due", table_name="seizure")
