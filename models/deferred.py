"""Writes that wait for the commit, for code handed a session: rows a unit of work adds many
of, written together at its end. Code handed the unit itself calls `Unit.defer` and
`Unit.waiting`.

`defer(s, statement, key, values)` keeps one row for `statement` (an INSERT or upsert) under
`key`, on the journal of the unit acting in `s` (models/unit.py); a later row under the same key
replaces it. `u.commit()` runs every statement once with all its rows (executemany): one round
trip a statement, however many rows the unit gathered. A savepoint rolled back takes the rows
deferred in it. `waiting(s, statement, key)` reads a row that waits, so work later in the same
unit sees it as if it had been written.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from sqlalchemy.sql.expression import Executable
from sqlmodel import Session

from models.unit import Unit


def defer(s: Session, statement: Executable, key: Hashable, values: dict[str, Any]) -> None:
    """Keep `values` for `statement` under `key` until the unit commits."""
    u = Unit.of(s)
    if u is None:
        raise RuntimeError("rows are deferred in a unit of work (models/unit.py)")
    u.defer(statement, key, values)


def waiting(s: Session, statement: Executable, key: Hashable) -> dict[str, Any] | None:
    """The row waiting for `statement` under `key` in this unit, the latest deferred."""
    u = Unit.of(s)
    if u is None:
        return None
    found: dict[str, Any] | None = u.waiting(statement, key)
    return found
