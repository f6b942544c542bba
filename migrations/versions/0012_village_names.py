"""villages: their names in other scripts, by language, as the district file gives them

Revision ID: 0012
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("village", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("names", sa.JSON(), nullable=False, server_default=sa.text("'{}'"))
        )


def downgrade() -> None:
    with op.batch_alter_table("village", schema=None) as batch_op:
        batch_op.drop_column("names")
