"""pounds and districts: their names in other scripts, by language, as the district file gives
them (as villages' since 0012)

Revision ID: 0022_place_names
Revises: 0021_request_id
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022_place_names"
down_revision: str | None = "0021_request_id"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("pound", "district")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column("names", sa.JSON(), nullable=False, server_default=sa.text("'{}'"))
            )


def downgrade() -> None:
    for table in reversed(TABLES):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("names")
