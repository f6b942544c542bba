"""A unit of work: one open session, the instant its acts happen at, who acts, and the request
(docs/design.md, *Units of work*).

The edge that handles a request opens one with `Database.unit(...)` and commits it, visibly, with
`u.commit()`; a block left without that commit rolls back. Every use case writes in
`with u.act() as s:`, a SAVEPOINT of the unit: an act refused rolls back alone.

What the acts cause besides their rows is kept in the unit's journal and written by
`u.commit()`: the rows its session wrote (for the audit events' digests), the audit events and
the rows deferred to the commit (models/deferred.py). A savepoint rolled back takes its part of
the journal with it. Two listeners the unit registers on its own session keep it (`after_flush`,
`after_soft_rollback`); no module registers one by being imported.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Table, event, inspect
from sqlalchemy.orm import SessionTransaction
from sqlalchemy.orm.attributes import PASSIVE_NO_INITIALIZE, get_history
from sqlalchemy.sql.expression import Executable
from sqlmodel import Session

_SAME = object()
# Where a session keeps the unit acting in it (`Unit.of`).
_UNIT = "pound.unit"

# A row the session wrote: (table, primary key), and the columns it changed (None: a new or a
# deleted row, all of it).
Written = dict[tuple[str, Any], frozenset[str] | None]


class NoActor(RuntimeError):
    """An act was asked of a unit in which nobody acts."""


class UnitClosed(RuntimeError):
    """An act was asked of a unit already committed."""


@dataclass(eq=False)
class Entry:
    """One line of a unit's journal, written in `transaction` (a savepoint or the unit's own)."""

    transaction: SessionTransaction | None
    kind: str  # "rows" (Written), "event" (an audit event), "defer" (a row for the commit)
    value: Any


@dataclass(eq=False)
class Journal:
    """What a unit's acts caused, in the order they caused it."""

    entries: list[Entry] = field(default_factory=list)
    # The rows deferred, by (statement, key): the latest is the one that waits.
    _deferred: dict[tuple[int, Hashable], Any] = field(default_factory=dict)

    def add(self, s: Session, kind: str, value: Any) -> None:
        self._keep(Entry(s.get_nested_transaction() or s.get_transaction(), kind, value))

    def _keep(self, entry: Entry) -> None:
        self.entries.append(entry)
        if entry.kind == "defer":
            statement, key, values = entry.value
            self._deferred[(id(statement), key)] = values

    def deferred(self, statement: Executable, key: Hashable) -> Any:
        """The row deferred last for `statement` under `key` (None: none waits)."""
        return self._deferred.get((id(statement), key))

    def clear(self) -> None:
        self.entries.clear()
        self._deferred.clear()

    def of(self, kind: str) -> Iterator[Any]:
        return (e.value for e in self.entries if e.kind == kind)

    def flushed(self, s: Session, _context: Any) -> None:
        """After each flush: the rows it wrote."""
        written: Written = {}
        for obj in [*s.new, *s.deleted]:
            if (key := _row_key(obj)) is not None:
                written[key] = None
        for obj in s.dirty:
            if (key := _row_key(obj)) is not None and (changed := _changed_columns(obj)):
                written[key] = changed
        if written:
            self.add(s, "rows", written)

    def rolled_back(self, _s: Session, previous: SessionTransaction) -> None:
        """A savepoint rolled back takes what was written in it (and in those inside it)."""
        if not previous.nested:
            self.clear()
            return
        kept = [e for e in self.entries if not _within(e.transaction, previous)]
        if len(kept) == len(self.entries):
            return
        self.clear()
        for e in kept:
            self._keep(e)


def _within(transaction: SessionTransaction | None, outer: SessionTransaction) -> bool:
    while transaction is not None:
        if transaction is outer:
            return True
        transaction = transaction.parent
    return False


def _row_key(obj: object) -> tuple[str, Any] | None:
    state = inspect(obj)
    table = state.mapper.local_table
    if not isinstance(table, Table):
        return None
    ident = state.mapper.primary_key_from_instance(obj)
    if len(ident) != 1 or ident[0] is None:
        return None
    return (table.name, ident[0])


def _changed_columns(obj: object) -> frozenset[str]:
    """The attributes of a flushed object whose value changed (set since loaded or last
    flushed, to another value)."""
    state = inspect(obj)
    return frozenset(
        key
        for key in set(state.manager).difference(state.unmodified)
        if get_history(obj, key, PASSIVE_NO_INITIALIZE).has_changes()
    )


class Unit:
    """A unit of work open on a database: its session, the instant `now` its acts happen at,
    who acts (`actor_id`), the HTTP request it serves (`request_id`, None for the worker and
    the CLI), and what its acts need of the database: the audit key, the dialect and the memo
    of what is derived from it (office/views/lookup.py)."""

    def __init__(
        self,
        session: Session,
        *,
        now: datetime,
        actor_id: int | None = None,
        request_id: str | None = None,
        audit_key: bytes | None = None,
        dialect: str = "sqlite",
        memo: dict[str, Any] | None = None,
        begin: Callable[[], None] | None = None,
        _shared: dict[str, Any] | None = None,
    ) -> None:
        self._session = session
        self.now = now
        self.actor_id = actor_id
        self.request_id = request_id
        # The Idempotency-Key of the request this unit serves, kept by the edge that read it
        # (webhook/idempotency.py `keyed`) for the route that acts in the unit; None: none sent.
        self.edge_key: object | None = None
        self.audit_key = audit_key
        self.dialect = dialect
        self.memo: dict[str, Any] = memo if memo is not None else {}
        if _shared is None:
            journal = Journal()
            # `begin`: what the unit does before its session is first used (on SQLite, wait
            # for this process's write turn, models/db.py), in the thread that uses it.
            _shared = {"committed": False, "begin": begin, "journal": journal, "steps": {}}
            event.listen(session, "after_flush", journal.flushed)
            event.listen(session, "after_soft_rollback", journal.rolled_back)
            session.info[_UNIT] = self
        self._shared: dict[str, Any] = _shared

    @staticmethod
    def of(s: Session) -> Unit | None:
        """The unit acting in session `s` now (None: a session of no unit)."""
        found = s.info.get(_UNIT)
        return found if isinstance(found, Unit) else None

    @property
    def session(self) -> Session:
        """The unit's session (its transaction begins at its first use)."""
        begin = self._shared["begin"]
        if begin is not None:
            self._shared["begin"] = None
            begin()
        return self._session

    @property
    def journal(self) -> Journal:
        journal: Journal = self._shared["journal"]
        return journal

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    def at(
        self, now: datetime, request_id: str | object | None = _SAME, actor_id: int | None = None
    ) -> Unit:
        """The same unit, for an act at another instant (and perhaps for another request and
        another actor): each message of the webhooks' batch acts at the instant it came, all of
        them under the batch's one commit."""
        rid = self.request_id if request_id is _SAME else request_id
        return Unit(
            self._session,
            now=now,
            actor_id=actor_id,
            request_id=rid if isinstance(rid, str) else None,
            audit_key=self.audit_key,
            dialect=self.dialect,
            memo=self.memo,
            _shared=self._shared,
        )

    def by(self, actor_id: int) -> Unit:
        """The same unit, at the same instant and for the same request, for an act of
        `actor_id` (a chat step names the officer it checked, bot/flows/officer_kit.py)."""
        return self.at(self.now, self.request_id, actor_id)

    def actor(self) -> int:
        """The person acting in this unit (NoActor when the edge set nobody)."""
        if self.actor_id is None:
            raise NoActor("this act needs the person acting: the edge opens its unit with him")
        return self.actor_id

    def acts_as(self, actor_id: int) -> None:
        """The act found who acts (a person it has just written): the unit is his from now."""
        self.actor_id = actor_id

    @contextmanager
    def act(self) -> Iterator[Session]:
        """A SAVEPOINT of this unit: released at the end, rolled back alone on any error."""
        if self._shared["committed"]:
            raise UnitClosed("this unit was committed: its opener opens another")
        s = self.session
        before = s.info.get(_UNIT)
        # The acts of one message of a shared unit are this view's: its actor, its request.
        s.info[_UNIT] = self
        try:
            with s.begin_nested():
                yield s
        finally:
            s.info[_UNIT] = before

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """The unit's own session: a read inside a unit sees what it wrote so far."""
        yield self.session

    def lagging(self) -> AbstractContextManager[Session]:
        """The unit's own session too: a view read inside a unit never looks at the replica."""
        return self.reading()

    def before_commit(self, name: str, step: Callable[[Unit], None]) -> None:
        """Have `u.commit()` run `step` once, after the rows deferred to the commit are written
        (the audit seals its events so, office/records/audit.py)."""
        self._shared["steps"].setdefault(name, step)

    def defer(self, statement: Executable, key: Hashable, values: Any) -> None:
        """Keep a row for `statement` (an INSERT or upsert) under `key` until the commit, which
        runs every statement once with all its rows; a later row under the same key replaces
        it, and a savepoint rolled back takes the rows deferred in it."""
        self.journal.add(self.session, "defer", (statement, key, values))

    def waiting(self, statement: Executable, key: Hashable) -> Any:
        """The row deferred last for `statement` under `key` (None: none waits): work later in
        the unit sees it as if it had been written."""
        return self.journal.deferred(statement, key)

    def commit(self) -> None:
        """Write what the unit did, once: only its opener calls it.

        The rows still pending are flushed; the rows deferred to the commit are written, one
        statement each with all its rows; the steps named with `before_commit` run (the audit
        seals its events, locking each chain's head last); and the session commits."""
        if self._shared["committed"]:
            raise UnitClosed("this unit was committed already")
        s = self.session
        s.flush()
        self._write_deferred(s)
        for step in self._shared["steps"].values():
            step(self)
        s.commit()
        self._shared["committed"] = True
        self.journal.clear()

    def _write_deferred(self, s: Session) -> None:
        by_statement: dict[int, tuple[Executable, dict[Hashable, Any]]] = {}
        for statement, key, values in self.journal.of("defer"):
            by_statement.setdefault(id(statement), (statement, {}))[1][key] = values
        if not by_statement:
            return
        conn = s.connection()
        for statement, rows in by_statement.values():
            conn.execute(statement, list(rows.values()))
