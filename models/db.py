"""The database handle: engine, sessions and the one-writer transaction every use case runs in."""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine, make_url
from sqlmodel import Session, create_engine

from models.deferred import DeferringSession

_current: contextvars.ContextVar[Session | None] = contextvars.ContextVar(
    "pound_session", default=None
)

# Where a writing session carries the audit key (`Session.info`).
AUDIT_KEY = "pound.audit_key"

# SQLite's busy handler waits for the file lock by sleeping 1, 2, 5, 10, 15 ... ms between tries,
# so two threads of one process that both write (the webhooks' writer, the outbox sender) would
# lose milliseconds on every hand-over. They take turns through this mutex instead, woken the
# moment it is free; the file lock still orders them against other processes. One per file.
_sqlite_turns: dict[str, threading.RLock] = {}
_sqlite_turns_guard = threading.Lock()


def _turn_for(url: str) -> threading.RLock:
    with _sqlite_turns_guard:
        return _sqlite_turns.setdefault(url, threading.RLock())


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


class Database:
    """One database: a SQLite file (the embedded default) or PostgreSQL."""

    def __init__(
        self,
        url: str,
        *,
        echo: bool = False,
        pool_size: int = 10,
        audit_key: bytes | None = None,
    ) -> None:
        self.url = normalise_url(url)
        # The key of the audit chain's HMAC (POUND_AUDIT_KEY), kept outside the database and
        # handed to each writing session (office/audit.py seals the events with it).
        self.audit_key = audit_key
        parsed = make_url(self.url)
        self.dialect = parsed.get_backend_name()
        kwargs: dict[str, Any] = {"echo": echo}
        if self.dialect == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_size"] = pool_size
            kwargs["max_overflow"] = pool_size
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        self._turn: threading.RLock | None = None
        # What is derived from this database and kept with its handle, by the module keeping it;
        # each keeper checks its entry is still true before it uses it (office/lookup.py).
        self.memo: dict[str, Any] = {}
        if self.dialect == "sqlite":
            _sqlite_pragmas(self.engine)
            self._turn = _turn_for(self.url)

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    def write_turn(self) -> Any:
        """This process's turn to write (a context manager): on SQLite, the threads of one
        process write one after another; on PostgreSQL it is nothing, rows lock themselves.

        `transaction()` and `row_transaction()` take it.
        """
        return self._turn if self._turn is not None else nullcontext()

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A writing transaction: commits at the end, rolls back on any error.

        Nested calls share the outer transaction (so a conversation step and the use case it calls
        commit together); the inner part runs in a SAVEPOINT so a refused act leaves nothing behind.
        """
        outer = _current.get()
        if outer is not None:
            with outer.begin_nested():
                yield outer
            return
        session = DeferringSession(self.engine, expire_on_commit=False)
        session.info[AUDIT_KEY] = self.audit_key
        token = _current.set(session)
        try:
            # On PostgreSQL no lock wider than the rows the act locks (docs/design.md); SQLite
            # takes its file lock with BEGIN IMMEDIATE.
            with self.write_turn(), session.begin():
                yield session
        finally:
            _current.reset(token)
            session.close()

    @contextmanager
    def row_transaction(self) -> Iterator[Session]:
        """A writing transaction that locks only the rows it touches: on PostgreSQL it takes no
        global writer lock (several outbox workers work at once, claiming rows `SKIP LOCKED`);
        on SQLite it takes this process's write turn. Commits at the end, rolls back on error.
        """
        turn = self.write_turn()
        with turn, Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A read-only look: never takes the writer lock, never commits."""
        outer = _current.get()
        if outer is not None:
            yield outer
            return
        session = DeferringSession(self.engine, expire_on_commit=False)
        try:
            if self.is_sqlite:
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
