"""A unit of work: one open session, the instant its acts happen at, and its database's settings.

Whoever owns a boundary opens one with `Database.unit_of_work(now=...)` and is the only one who
commits it, when its block ends: a conversation step (bot/engine.py), the webhooks' writer for a
batch of messages (webhook/inbound.py), an API request (webhook/idempotency.py), a pass of the
worker. The use cases it calls are handed the `Work` in place of the `Database`: their
`transaction()` is then a SAVEPOINT of the unit (an act refused rolls back alone, the rest of the
unit stands) and their `reading()` reads the unit's own session, seeing what it wrote so far.
Nothing else decides whether a call commits.

Who acts is part of the unit too (`Work.acting`): the person whose act was recorded last in it,
whom the messages it queues name as their cause (office/acting.py). Each `Work` starts with no
one acting, so each message of the webhooks' batch (`Work.at`) names its own actor. Its session
points at that record (`DeferringSession.acting`), since an act is recorded with the session it
writes in; a use case's own transaction has a record of its own (models/db.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

from sqlmodel import Session

from models.acting import Acting
from models.db import Database
from models.deferred import DeferringSession

# Where the session of a unit of work keeps the id of the HTTP request it serves: the outbox rows
# written in it carry that id (office/outbox.py reads it, docs/operations.md).
REQUEST_ID = "pound.request_id"
_SAME = object()


class UnitOfWorkOpen(RuntimeError):
    """A unit of work was opened inside another: hand the open one on instead."""


class Work(Database):
    """A unit of work open on `database`: its session and the instant `now` it acts at.

    A `Work` is the database as the use cases it is handed see it (the same engines, audit key,
    dialect and memo), so every use case takes either.
    """

    def __init__(
        self,
        database: Database,
        session: Session,
        now: datetime,
        request_id: str | None = None,
    ) -> None:
        # The same database, not a copy: its engines, settings, write turn and memo are shared.
        vars(self).update(vars(database))
        self.database = database
        self.session = session
        self.now = now
        # Nobody has acted in it yet: its session's acts are recorded against this record.
        self.acting = Acting()
        if isinstance(session, DeferringSession):
            session.acting = self.acting
        # The HTTP request this unit serves (None: the worker, the CLI): set by its opener.
        self.request_id = request_id
        session.info[REQUEST_ID] = request_id

    def at(self, now: datetime, request_id: str | object | None = _SAME) -> Work:
        """The same unit of work, for an act at another instant (and perhaps for another
        request): each message of the webhooks' batch acts at the instant it came, all of them
        under the batch's one commit, and names its own actor (a fresh `acting`)."""
        rid = self.request_id if request_id is _SAME else request_id
        return Work(self.database, self.session, now, rid if isinstance(rid, str) else None)

    @contextmanager
    def unit_of_work(self, *, now: datetime, request_id: str | None = None) -> Iterator[Work]:
        raise UnitOfWorkOpen("a unit of work is open: hand it on rather than open another")
        yield self  # pragma: no cover - a generator, for contextmanager

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A SAVEPOINT of this unit: released at the end, rolled back alone on any error; the
        unit's opener commits it."""
        # The acts of one message of a shared unit write under that message's request.
        self.session.info[REQUEST_ID] = self.request_id
        with self.session.begin_nested():
            yield self.session

    @contextmanager
    def row_transaction(self) -> Iterator[Session]:
        """Inside a unit of work, a write of a few rows is a savepoint of it too."""
        with self.transaction() as s:
            yield s

    @contextmanager
    def reading(self, *, primary: bool = False) -> Iterator[Session]:
        """The unit's own session: a read inside a unit of work sees what it wrote so far."""
        yield self.session

    def dispose(self) -> None:
        raise UnitOfWorkOpen("the database is its opener's to dispose of")
