"""The database handle: its engines, and the units of work that write to it (models/unit.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import event, text
from sqlalchemy.engine import Engine, make_url
from sqlmodel import Session, create_engine

from models.unit import Unit

# SQLite's busy handler waits for the file lock by sleeping 1, 2, 5, 10, 15 ... ms between tries,
# so two threads of one process that both write (the webhooks' writer, the outbox sender) would
# lose milliseconds on every hand-over. They take turns through this mutex instead, woken the
# moment it is free; the file lock still orders them against other processes. One per file.
# A unit's turn may be taken in one thread and given back in another (an API route's unit is
# opened and committed by a FastAPI dependency, whose two halves run in the thread pool), so it
# is a plain lock, not a thread's own RLock.
_sqlite_turns: dict[str, threading.Lock] = {}
# As long as SQLite's own busy timeout (`_sqlite_pragmas`).
_TURN_WAIT = 30.0
_sqlite_turns_guard = threading.Lock()


def _turn_for(url: str) -> threading.Lock:
    with _sqlite_turns_guard:
        return _sqlite_turns.setdefault(url, threading.Lock())


def normalise_url(url: str) -> str:
    """Accept `postgresql://` and `postgres://` and use the psycopg 3 driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def _sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the driver, issue BEGIN, so that BEGIN IMMEDIATE and SAVEPOINTs work.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        conn.exec_driver_sql(f"BEGIN {mode}")


def _engine(url: str, pool_size: int) -> Engine:
    if make_url(url).get_backend_name() != "sqlite":
        return create_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
    _sqlite_pragmas(engine)
    return engine


class Reader(Protocol):
    """What a read of the office looks through: the database or an open unit of work (its own
    session, models/unit.py).

    `reading()` sees the latest commit; `lagging()` may look at the read replica, and is for
    the views whose reader can bear a few seconds' lag (docs/design.md, *The read replica*)."""

    memo: dict[str, Any]

    def reading(self) -> AbstractContextManager[Session]: ...

    def lagging(self) -> AbstractContextManager[Session]: ...


class Database:
    """One database: a SQLite file (the embedded default) or PostgreSQL.

    Acts write in a unit of work (`unit`, models/unit.py) that the edge handling the request
    opens and commits; reads look through `reading()` (the database itself) or `lagging()` (the
    read replica, when there is one); the outbox sender claims its rows in
    `row_transaction()`.
    """

    def __init__(
        self,
        url: str,
        *,
        pool_size: int = 10,
        audit_key: bytes | None = None,
        read_url: str | None = None,
    ) -> None:
        self.url = normalise_url(url)
        # The key of the audit chain's HMAC (POUND_AUDIT_KEY), kept outside the database and
        # handed to each writing session (office/records/audit.py seals the events with it).
        self.audit_key = audit_key
        self.dialect = make_url(self.url).get_backend_name()
        self.engine: Engine = _engine(self.url, pool_size)
        # A read replica (POUND_DATABASE_READ_URL): only `lagging()` looks there; nothing ever
        # writes there. Without one, `lagging()` reads the database itself.
        self.read_url = normalise_url(read_url) if read_url else None
        self.read_engine: Engine = (
            _engine(self.read_url, pool_size) if self.read_url else self.engine
        )
        self._turn: threading.Lock | None = _turn_for(self.url) if self.is_sqlite else None
        # What is derived from this database and kept with its handle, by the module keeping it;
        # each keeper checks its entry is still true before it uses it (office/views/lookup.py).
        self.memo: dict[str, Any] = {}

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    def write_turn(self) -> Any:
        """This process's turn to write (a context manager): on SQLite, the threads of one
        process write one after another; on PostgreSQL it is nothing, rows lock themselves.

        Every unit of work and `row_transaction()` take it.
        """
        return self._turn if self._turn is not None else nullcontext()

    @contextmanager
    def unit(
        self, *, now: datetime, actor_id: int | None = None, request_id: str | None = None
    ) -> Iterator[Unit]:
        """Open a unit of work acting at `now` for `actor_id` (models/unit.py): one session,
        which its opener commits with `u.commit()`; left without that commit (or on an error)
        it rolls back. `request_id`: the HTTP request it serves, carried to the outbox rows it
        writes.

        On SQLite the unit takes this process's write turn when its session is first used
        (in the thread that uses it) and gives it back when the block ends. On PostgreSQL no
        lock wider than the rows its acts lock (docs/design.md)."""
        session = Session(self.engine, expire_on_commit=False)
        turn = self._turn
        taken: list[bool] = []

        def begin() -> None:
            if turn is not None:
                if not turn.acquire(timeout=_TURN_WAIT):
                    raise TimeoutError("the database's write turn was not free in time")
                taken.append(True)
            session.begin()

        try:
            yield Unit(
                session,
                now=now,
                actor_id=actor_id,
                request_id=request_id,
                audit_key=self.audit_key,
                dialect=self.dialect,
                memo=self.memo,
                begin=begin,
            )
        finally:
            try:
                session.close()
            finally:
                if taken and turn is not None:
                    turn.release()

    @contextmanager
    def row_transaction(self) -> Iterator[Session]:
        """A writing transaction that locks only the rows it touches (several outbox workers
        claim rows `SKIP LOCKED` at once on PostgreSQL); on SQLite it takes this process's write
        turn. Commits at the end, rolls back on error."""
        turn = self.write_turn()
        with turn, Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    def reading(self) -> AbstractContextManager[Session]:
        """A read-only look at the database itself: takes no write turn, never commits, and
        sees the latest commit. What decides or checks an act, or answers for one just made,
        reads here."""
        return self._look(self.engine)

    def lagging(self) -> AbstractContextManager[Session]:
        """A read-only look that may lag: the read replica when there is one. Only for the
        views whose reader can bear it (a board, a worklist, a report), never an act's input
        (docs/design.md, *The read replica*)."""
        return self._look(self.read_engine)

    @contextmanager
    def _look(self, engine: Engine) -> Iterator[Session]:
        session = Session(engine, expire_on_commit=False)
        try:
            if engine.dialect.name == "sqlite":
                session.connection(execution_options={"sqlite_begin": "DEFERRED"})
            yield session
            session.rollback()
        finally:
            session.close()

    def ping(self) -> None:
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def dispose(self) -> None:
        self.engine.dispose()
        if self.read_engine is not self.engine:
            self.read_engine.dispose()
