"""Numbers the office gives out one after another, each from a counter row of its own.

A register's next number (Sec V: each pound numbers its register, practice numbering it anew
each year) is taken by moving its pound's counter for the year on in one statement, which locks
that row until the transaction commits: two arrivals at one pound get consecutive numbers, one
waiting for the other; arrivals at other pounds wait for nothing.
"""

from __future__ import annotations

from sqlalchemy import Table, func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session

from models import RegisterCounter, RegisterEntry

_COUNTER: Table = RegisterCounter.__table__  # type: ignore[attr-defined]
_ENTRY: Table = RegisterEntry.__table__  # type: ignore[attr-defined]


def next_register_number(s: Session, pound_id: int, year: int) -> int:
    """The pound's next register number for the year, its counter row locked until the commit."""
    dialect = s.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    first = (
        select(func.coalesce(func.max(_ENTRY.c.number), 0) + 1)
        .where(_ENTRY.c.pound_id == pound_id, _ENTRY.c.year == year)
        .scalar_subquery()
    )
    new = insert(_COUNTER).values(pound_id=pound_id, year=year, last=first)
    stmt = new.on_conflict_do_update(
        index_elements=[_COUNTER.c.pound_id, _COUNTER.c.year],
        set_={"last": _COUNTER.c.last + 1},
    ).returning(_COUNTER.c.last)
    return int(s.execute(stmt).scalar_one())
