"""Writes that wait for the commit, for code handed a session (code handed the unit calls
`Unit.defer` and `Unit.waiting`): rows a unit of work adds many of, written by `u.commit()` one
statement each with all its rows (models/unit.py)."""

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
