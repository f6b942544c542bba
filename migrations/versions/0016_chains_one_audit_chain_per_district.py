"""one audit chain per district, each with its head row; a register counter per pound and year

The events written so far form the office chain (district_id null) and keep their numbers,
hashes and macs: nothing is hashed again (the HMAC key is not the migration's to hold). Each
district's chain starts at its next event, from a genesis of its own. The heads already sent to
the Magistrates were of the office chain, and are marked so (`own_chain` false). Each pound's
register counter starts at the last number its register holds for the year.

Revision ID: 0016_chains
Revises: 0015_wavoice
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0016_chains"
down_revision: str | None = "0015_wavoice"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = sqlmodel  # autogenerate writes sqlmodel column types

# As 0002 made them: a rebuilt table on SQLite has lost its triggers, so they are made again.
_SQLITE_TRIGGERS = [
    f"CREATE TRIGGER auditevent_no_{what.lower()} BEFORE {what} ON auditevent "
    "BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END"
    for what in ("UPDATE", "DELETE")
]
# SQLite's reflected constraints have no names; these let the batch name (and drop) them.
_NAMES = {"uq": "uq_%(table_name)s_%(column_0_name)s"}
_OFFICE_SEQ = sa.text("district_id IS NULL")


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    if sqlite:
        # SQLite drops a constraint only by building the table again (its rows copied as they
        # are; the append-only triggers are made again after).
        with op.batch_alter_table(
            "auditevent", recreate="always", naming_convention=_NAMES
        ) as batch_op:
            batch_op.add_column(sa.Column("district_id", sa.Integer(), nullable=True))
            batch_op.create_foreign_key(
                "fk_auditevent_district_id_district", "district", ["district_id"], ["id"]
            )
            batch_op.drop_constraint("uq_auditevent_seq", type_="unique")
            batch_op.create_unique_constraint(
                "uq_auditevent_district_id_seq", ["district_id", "seq"]
            )
        for trigger in _SQLITE_TRIGGERS:
            op.execute(trigger)
    else:
        op.add_column("auditevent", sa.Column("district_id", sa.Integer(), nullable=True))
        op.create_foreign_key(None, "auditevent", "district", ["district_id"], ["id"])
        op.drop_constraint("auditevent_seq_key", "auditevent", type_="unique")
        op.create_unique_constraint(None, "auditevent", ["district_id", "seq"])
    op.create_index(
        "ix_auditevent_office_seq",
        "auditevent",
        ["seq"],
        unique=True,
        sqlite_where=_OFFICE_SEQ,
        postgresql_where=_OFFICE_SEQ,
    )

    op.create_table(
        "audithead",
        sa.Column("chain", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.PrimaryKeyConstraint("chain"),
    )
    # The office chain's head: its last event, if it has one.
    op.execute(
        "INSERT INTO audithead (chain, seq, hash) SELECT 0, seq, hash FROM auditevent "
        "WHERE seq = (SELECT max(seq) FROM auditevent)"
    )

    op.create_table(
        "registercounter",
        sa.Column("pound_id", sa.Integer(), nullable=False),
        sa.Column("year", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("last", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["pound_id"], ["pound.id"]),
        sa.PrimaryKeyConstraint("pound_id", "year"),
    )
    op.execute(
        "INSERT INTO registercounter (pound_id, year, last) "
        "SELECT pound_id, year, max(number) FROM registerentry GROUP BY pound_id, year"
    )

    # Plain ADD COLUMN: SQLite keeps the table.
    op.add_column(
        "auditwitness",
        sa.Column("own_chain", sa.Boolean(), server_default=sa.true(), nullable=False),
    )
    op.execute("UPDATE auditwitness SET own_chain = false")


def downgrade() -> None:
    bind = op.get_bind()
    split = bind.execute(
        sa.text("SELECT count(*) FROM auditevent WHERE district_id IS NOT NULL")
    ).scalar_one()
    if split:
        raise RuntimeError(
            f"{split} audit events are in district chains: one chain cannot be made of them "
            "again without hashing them again, which needs the audit key"
        )
    sqlite = bind.dialect.name == "sqlite"
    if sqlite:
        # DROP COLUMN on SQLite keeps the table (and its triggers) since 3.35.
        op.execute("ALTER TABLE auditwitness DROP COLUMN own_chain")
    else:
        op.drop_column("auditwitness", "own_chain")
    op.drop_table("registercounter")
    op.drop_table("audithead")
    op.drop_index("ix_auditevent_office_seq", table_name="auditevent")
    if sqlite:
        with op.batch_alter_table(
            "auditevent", recreate="always", naming_convention=_NAMES
        ) as batch_op:
            batch_op.drop_constraint("uq_auditevent_district_id_seq", type_="unique")
            batch_op.create_unique_constraint("uq_auditevent_seq", ["seq"])
            batch_op.drop_column("district_id")
        for trigger in _SQLITE_TRIGGERS:
            op.execute(trigger)
    else:
        op.drop_constraint("auditevent_district_id_seq_key", "auditevent", type_="unique")
        op.drop_constraint("auditevent_district_id_fkey", "auditevent", type_="foreignkey")
        op.drop_column("auditevent", "district_id")
        op.create_unique_constraint(None, "auditevent", ["seq"])
