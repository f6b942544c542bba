"""Each district has a start date (practice G17); Telegram ids are 64-bit.

Revision ID: 0004
Revises: 0003
"""

from collections.abc import Sequence
from datetime import date, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _year_before(loaded: object) -> date:
    day = loaded.date() if isinstance(loaded, datetime) else date.fromisoformat(str(loaded)[:10])
    try:
        return day.replace(year=day.year - 1)
    except ValueError:  # 29 February
        return day.replace(year=day.year - 1, day=28)


def upgrade() -> None:
    with op.batch_alter_table("district") as batch:
        batch.add_column(sa.Column("start_on", sa.Date(), nullable=True))
    bind = op.get_bind()
    district = sa.table(
        "district",
        sa.column("id", sa.Integer),
        sa.column("loaded_at", sa.DateTime),
        sa.column("start_on", sa.Date),
    )
    # A district loaded before start dates existed began a year before its (last) load.
    for row in bind.execute(sa.select(district.c.id, district.c.loaded_at)).all():
        bind.execute(
            district.update()
            .where(district.c.id == row.id)
            .values(start_on=_year_before(row.loaded_at))
        )
    with op.batch_alter_table("district") as batch:
        batch.alter_column("start_on", existing_type=sa.Date(), nullable=False)
    if bind.dialect.name == "postgresql":  # SQLite's INTEGER already holds 64 bits
        op.alter_column("person", "telegram_id", type_=sa.BigInteger(), existing_nullable=True)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.alter_column("person", "telegram_id", type_=sa.Integer(), existing_nullable=True)
    with op.batch_alter_table("district") as batch:
        batch.drop_column("start_on")
