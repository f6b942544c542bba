"""The status columns hold their enum's values and nothing else (migration 0024): a database
holding every value of every status before 0024 upgrades, and then refuses any other value,
on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, date, datetime
from enum import StrEnum
from importlib import import_module
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, StatementError
from sqlmodel import select

from law.complaint import ComplaintStatus
from law.lifecycle import AnimalStatus, SeizureStatus
from migrations import downgrade, upgrade
from models import Animal, Complaint, Database, Seizure
from models.enums import (
    CaseStatus,
    DepositStatus,
    InboundStatus,
    OutboxState,
    RecoveryOrderStatus,
)
from tests.units import tx

BEFORE = "0023_fines_paid"
STATUSES: dict[tuple[str, str], type[StrEnum]] = {
    ("seizure", "status"): SeizureStatus,
    ("animal", "status"): AnimalStatus,
    ("complaint", "status"): ComplaintStatus,
    ("mischiefcase", "status"): CaseStatus,
    ("recoveryorder", "status"): RecoveryOrderStatus,
    ("surplusdeposit", "status"): DepositStatus,
    ("outbox", "state"): OutboxState,
    ("inboundmessage", "status"): InboundStatus,
}


class Rows:
    """Rows made from the database's own tables as they stand: each required column given a
    value of its type, each required foreign key a parent row made the same way."""

    def __init__(self, conn: sa.Connection) -> None:
        self.conn = conn
        self.meta = sa.MetaData()
        self.meta.reflect(conn)
        self.made: set[tuple[str, int]] = set()

    def make(self, table: str, n: int, **given: Any) -> None:
        if (table, n) in self.made:
            return
        self.made.add((table, n))
        t = self.meta.tables[table]
        values: dict[str, Any] = {"id": n}
        for column in t.columns:
            if column.name in values or column.nullable or column.server_default is not None:
                continue
            parent = next(iter(column.foreign_keys), None)
            if parent is not None:
                self.make(parent.column.table.name, n)
                values[column.name] = n
            elif (table, column.name) in STATUSES:
                values[column.name] = next(iter(STATUSES[table, column.name])).value
            else:
                values[column.name] = _value(column, n)
        values.update(given)
        self.conn.execute(t.insert().values(**values))


def _value(column: sa.Column[Any], n: int) -> Any:
    kind = column.type
    if isinstance(kind, sa.Boolean):
        return False
    if isinstance(kind, sa.Integer):
        return n
    if isinstance(kind, sa.DateTime):
        return datetime(2026, 3, 1, tzinfo=UTC)
    if isinstance(kind, sa.Date):
        return date(2026, 3, 1)
    if isinstance(kind, sa.JSON):
        return {}
    length = getattr(kind, "length", None) or 64
    return f"{column.name[:4]}{n}"[:length]


def test_the_migration_lists_each_enum_as_it_stands() -> None:
    migration = import_module("migrations.versions.0024_status_checks")
    listed = {(table, column): values for table, column, values in migration.CHECKS}
    assert listed == {key: tuple(m.value for m in enum) for key, enum in STATUSES.items()}


def test_every_status_value_upgrades_and_no_other_is_taken(db: Database) -> None:
    downgrade(db, BEFORE)
    with db.engine.begin() as conn:
        rows = Rows(conn)
        for (table, column), enum in STATUSES.items():
            for i, value in enumerate(enum):
                rows.make(
                    table,
                    100 * (1 + list(STATUSES).index((table, column))) + i,
                    **{column: value.value},
                )
        # Before 0024 the database takes any text.
        conn.execute(sa.text("UPDATE seizure SET status = 'gone' WHERE id = 100"))
        conn.execute(sa.text("UPDATE seizure SET status = 'seized' WHERE id = 100"))
    upgrade(db)
    with db.engine.connect() as conn:
        for (table, column), enum in STATUSES.items():
            held = conn.execute(sa.text(f"SELECT DISTINCT {column} FROM {table}")).scalars()
            assert {enum(v) for v in held} == set(enum), table
    for table, column in STATUSES:
        with (
            pytest.raises(IntegrityError, match=f"ck_{table}_{column}"),
            db.engine.begin() as conn,
        ):
            conn.execute(sa.text(f"UPDATE {table} SET {column} = 'bogus'"))
    with db.reading() as s:
        assert {a.status for a in s.exec(select(Animal)).all()} == set(AnimalStatus)
        assert all(isinstance(c.status, ComplaintStatus) for c in s.exec(select(Complaint)))


def test_the_tables_refuse_a_status_not_theirs_before_the_database_does(db: Database) -> None:
    """Written through the models, a value outside the enum is refused as it is bound."""
    with db.engine.begin() as conn:
        Rows(conn).make("seizure", 1, status="seized")
    with (
        pytest.raises(StatementError, match="'gone' is not a valid SeizureStatus"),
        tx(db) as s,
    ):
        seizure = s.exec(select(Seizure)).one()
        assert seizure.status is SeizureStatus.SEIZED
        seizure.status = "gone"  # type: ignore[assignment]
        s.add(seizure)
        s.flush()
