"""Numbers the office gives out one after another, each from a counter row of its own.

A register's next number (Sec V: each pound numbers its register, practice numbering it anew
each year) is taken by moving its pound's counter for the year on in one statement, which locks
that row until the transaction commits: two arrivals at one pound get consecutive numbers, one
waiting for the other; arrivals at other pounds wait for nothing.

A count that limits something (the desk's codes sent to one person in an hour, the unknown
numbers one private person's acts had the office message in a day) is taken under a lock of the
thing limited (`lock_count`), held until the commit that writes what it counts: two requests at
once take turns, so the second counts the first's row and neither goes past the limit.
"""

from __future__ import annotations

from enum import IntEnum

from sqlalchemy import Table, func, select, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session

from models import RegisterCounter, RegisterEntry


class Counted(IntEnum):
    """What a limit counts: the class of its PostgreSQL advisory lock (the key is the person)."""

    DESK_CODES = 0x44736B  # "Dsk": codes sent to one person (office/access/desk_signin.py)
    UNSOLICITED = 0x556E73  # "Uns": unknown numbers messaged for one person's acts


def lock_count(s: Session, counted: Counted, key: int) -> None:
    """Lock the count of `counted` for `key` until this transaction ends, before it is read.

    On PostgreSQL a transaction-level advisory lock (`pg_advisory_xact_lock(class, key)`): it
    waits only for another transaction counting the same thing for the same key, and is free at
    its commit or rollback. On SQLite a writing transaction holds the whole file already
    (`BEGIN IMMEDIATE`, models/db.py), so the count is read and written alone.
    """
    if s.get_bind().dialect.name == "postgresql":
        s.execute(text("SELECT pg_advisory_xact_lock(:c, :k)"), {"c": int(counted), "k": int(key)})


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
