"""A unit of work: one open session, the instant its acts happen at, who acts, and the request.

The edge that handles a request opens one with `Database.unit(now=..., actor_id=...,
request_id=...)` and commits it, visibly, with `u.commit()`; a block left without that commit
rolls back. The edges are: an API route (webhook/units.py), a desk form (webhook/desk/),
a step of a conversation (bot/engine.py), the webhooks' writer for a batch of messages
(webhook/inbound.py) and a pass of the worker (pound/worker.py, office/deadlines.py).

Every use case takes the unit first and writes in `with u.act() as s:`, always a SAVEPOINT of
the unit: an act refused rolls back alone and the rest of the unit stands. Nothing but the
opener commits. `u.reading()` reads the unit's own session (an act's inputs are read on the
primary, seeing what the unit wrote so far).

Who acts is the unit's (`actor_id`): the edge sets it when it knows him (the token's person,
the signed-in officer, the person behind a chat), and an act that finds its own actor (a
cultivator reporting from a phone the office has not seen) sets it on the unit itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlmodel import Session

from models.acting import Acting
from models.deferred import DeferringSession

# Where the session of a unit keeps the id of the HTTP request it serves: the outbox rows
# written in it carry that id (office/outbox.py reads it, docs/operations.md).
REQUEST_ID = "pound.request_id"
_SAME = object()


class NoActor(RuntimeError):
    """An act was asked of a unit in which nobody acts."""


class UnitClosed(RuntimeError):
    """An act was asked of a unit already committed."""


class Unit:
    """A unit of work open on a database: its session, the instant `now` its acts happen at,
    who acts (`actor_id`), the HTTP request it serves (`request_id`, None for the worker and
    the CLI), and what its acts need of the database: the audit key, the dialect and the memo
    of what is derived from it (office/lookup.py)."""

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
        self.audit_key = audit_key
        self.dialect = dialect
        self.memo: dict[str, Any] = memo if memo is not None else {}
        # What every view of this unit (`at`) shares: whether it was committed.
        # `begin`: what the unit does before its session is first used (on SQLite, wait for
        # this process's write turn, models/db.py), in the thread that uses it.
        self._shared: dict[str, Any] = (
            _shared if _shared is not None else {"committed": False, "begin": begin}
        )
        # Who acts, as the audit and the outbox of the session see it (office/acting.py).
        self.acting = Acting(actor_id)
        if isinstance(session, DeferringSession):
            session.acting = self.acting
        session.info[REQUEST_ID] = request_id

    @property
    def session(self) -> Session:
        """The unit's session (its transaction begins at its first use)."""
        begin = self._shared["begin"]
        if begin is not None:
            self._shared["begin"] = None
            begin()
        return self._session

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
        view = self.at(self.now, self.request_id, actor_id)
        return view

    def actor(self) -> int:
        """The person acting in this unit (NoActor when the edge set nobody)."""
        if self.actor_id is None:
            raise NoActor("this act needs the person acting: the edge opens its unit with him")
        return self.actor_id

    def acts_as(self, actor_id: int) -> None:
        """The act found who acts (a person it has just written): the unit is his from now."""
        self.actor_id = actor_id
        self.acting.actor_id = actor_id

    @contextmanager
    def act(self) -> Iterator[Session]:
        """A SAVEPOINT of this unit: released at the end, rolled back alone on any error."""
        if self._shared["committed"]:
            raise UnitClosed("this unit was committed: its opener opens another")
        if isinstance(self.session, DeferringSession):
            self.session.acting = self.acting
        # The acts of one message of a shared unit write under that message's request.
        self.session.info[REQUEST_ID] = self.request_id
        with self.session.begin_nested():
            yield self.session

    @contextmanager
    def reading(self, *, primary: bool = True) -> Iterator[Session]:
        """The unit's own session: a read inside a unit sees what it wrote so far."""
        yield self.session

    def commit(self) -> None:
        """Write what the unit did, once: only its opener calls it."""
        if self._shared["committed"]:
            raise UnitClosed("this unit was committed already")
        self.session.commit()
        self._shared["committed"] = True

    @property
    def committed(self) -> bool:
        return bool(self._shared["committed"])
