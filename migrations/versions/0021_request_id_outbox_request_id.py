"""Each outbox row names the HTTP request whose act caused it (nullable)

Revision ID: 0021_request_id
Revises: 0020_desk
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021_request_id"
down_revision: str | None = "0020_desk"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("outbox", sa.Column("request_id", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("request_id")
