"""Units of work for tests: a use case called as an edge would call it (models/unit.py).

`act(db, fn, *args, now=..., actor_id=..., **kw)` opens a unit at `now` for `actor_id`, calls
`fn(unit, *args, **kw)`, commits it and returns what `fn` answered (a refusal commits nothing);
handed an open unit in place of `db`, it calls `fn` in that unit.
`tx(db)` is a unit's session for writing rows by hand, committed at the end of the block;
`unit_of_work(db, now=...)` the unit itself, committed at the end of the block.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlmodel import Session

from models import Database, Unit
from office.inputs import PersonIn

T = TypeVar("T")


def act(
    db: Database | Unit,
    fn: Callable[..., T],
    *args: Any,
    now: datetime,
    actor_id: int | PersonIn | None = None,
    **kw: Any,
) -> T:
    """`fn` called in a unit of its own, committed when it answers; or, handed a unit the test
    holds open, in that unit (for `actor_id`, at `now`), which the test commits."""
    if isinstance(actor_id, PersonIn):  # a reporter the office does not know yet
        kw["reporter"] = actor_id
        actor_id = None
    if isinstance(db, Unit):
        return fn(db.at(now, db.request_id, actor_id), *args, **kw)
    with db.unit(now=now, actor_id=actor_id) as u:
        result = fn(u, *args, **kw)
        u.commit()
    return result


@contextmanager
def unit_of_work(
    db: Database, *, now: datetime, actor_id: int | None = None, request_id: str | None = None
) -> Iterator[Unit]:
    """A unit, committed when the block ends without an error."""
    with db.unit(now=now, actor_id=actor_id, request_id=request_id) as u:
        yield u
        u.commit()


@contextmanager
def tx(db: Database, now: datetime | None = None) -> Iterator[Session]:
    """A unit's session to write rows in by hand, committed when the block ends."""
    with unit_of_work(db, now=now or datetime.now(UTC)) as u:
        yield u.session
