"""Writes that wait for the commit: rows a transaction adds many of, written together at its end.

`defer(s, statement, key, values)` keeps one row for `statement` (an INSERT or upsert) under
`key`; a later row under the same key replaces it. Just before the outermost commit every
statement runs once with all its rows (executemany): one round trip a statement, however many
rows the transaction gathered. A savepoint released hands its rows to the transaction around it;
one rolled back takes them with it. `waiting(s, statement, key)` reads a row that waits, so
work later in the same transaction sees it as if it had been written.

The hook runs for sessions of `DeferringSession`, the class `Database` opens (models/db.py).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import SessionTransaction
from sqlalchemy.sql.expression import Executable
from sqlmodel import Session

from models.acting import Acting

_KEY = "pound.deferred"

# Per (sub)transaction: per statement (by identity), its rows by key, in the order deferred.
_Layer = dict[int, tuple[Executable, dict[Hashable, dict[str, Any]]]]


class DeferringSession(Session):
    """A Session whose transaction writes its deferred rows just before it commits.

    `acting` is who acts in the unit of work it serves (models/acting.py)."""

    acting: Acting


def _current(s: Session) -> SessionTransaction:
    transaction = s.get_nested_transaction() or s.get_transaction()
    if transaction is None:
        raise RuntimeError("rows are deferred inside a transaction")
    return transaction


def defer(s: Session, statement: Executable, key: Hashable, values: dict[str, Any]) -> None:
    """Keep `values` for `statement` under `key` until the commit."""
    layers: dict[SessionTransaction, _Layer] = s.info.setdefault(_KEY, {})
    layer = layers.setdefault(_current(s), {})
    layer.setdefault(id(statement), (statement, {}))[1][key] = values


def waiting(s: Session, statement: Executable, key: Hashable) -> dict[str, Any] | None:
    """The row waiting for `statement` under `key` in this transaction, innermost first."""
    layers: dict[SessionTransaction, _Layer] | None = s.info.get(_KEY)
    if not layers:
        return None
    transaction: SessionTransaction | None = _current(s)
    while transaction is not None:
        entry = layers.get(transaction, {}).get(id(statement))
        if entry is not None and key in entry[1]:
            return entry[1][key]
        transaction = transaction.parent
    return None


@event.listens_for(DeferringSession, "before_commit")
def _write(s: Session) -> None:
    layers: dict[SessionTransaction, _Layer] | None = s.info.get(_KEY)
    if not layers:
        return
    transaction = _current(s)
    mine = layers.pop(transaction, None)
    if mine is None:
        return
    if transaction.parent is not None:
        outer = layers.setdefault(transaction.parent, {})
        for ident, (statement, rows) in mine.items():
            outer.setdefault(ident, (statement, {}))[1].update(rows)
        return
    layers.clear()  # what rolled-back savepoints deferred goes with them
    conn = s.connection()
    for statement, rows in mine.values():
        conn.execute(statement, list(rows.values()))
