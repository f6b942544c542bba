"""villages: their coordinates, as the district file gives them

Revision ID: 0014_location
Revises: 0013
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014_location"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("village", sa.Column("lat", sa.Float(), nullable=True))
    op.add_column("village", sa.Column("lon", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("village", schema=None) as batch_op:
        batch_op.drop_column("lon")
        batch_op.drop_column("lat")
