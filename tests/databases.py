"""Throwaway databases for tests: one template per run, one fresh copy per test, on both engines."""

from __future__ import annotations

import os
import shutil
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from models import Database
from models.migrate import upgrade

PG_ADMIN_URL = os.environ.get("POUND_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def postgres_reason() -> str | None:
    """None if PostgreSQL answers, else why not."""
    try:
        with psycopg.connect(PG_ADMIN_URL, connect_timeout=3, autocommit=True) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        return f"PostgreSQL at {PG_ADMIN_URL} does not answer ({type(exc).__name__})"
    return None


def _pg_url(name: str) -> str:
    base, _, _ = PG_ADMIN_URL.rpartition("/")
    return f"{base}/{name}"


def _pg_exec(sql: str) -> None:
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(sql)  # type: ignore[arg-type]


class SqliteTemplate:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / "template.db"
        db = Database(f"sqlite:///{self.path}")
        upgrade(db)
        db.dispose()
        # Fold the WAL into the file so that one copy of it is a whole database.
        with sqlite3.connect(self.path) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    @contextmanager
    def fresh(self) -> Iterator[Database]:
        path = self.root / f"t_{uuid.uuid4().hex[:10]}.db"
        shutil.copyfile(self.path, path)
        db = Database(f"sqlite:///{path}")
        try:
            yield db
        finally:
            db.dispose()
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)

    def close(self) -> None:
        pass


class PostgresTemplate:
    def __init__(self) -> None:
        self.name = f"pound_tpl_{os.getpid()}_{uuid.uuid4().hex[:6]}"
        _pg_exec(f'CREATE DATABASE "{self.name}"')
        db = Database(_pg_url(self.name))
        upgrade(db)
        db.dispose()

    @contextmanager
    def fresh(self) -> Iterator[Database]:
        name = f"pound_t_{uuid.uuid4().hex[:12]}"
        _pg_exec(f'CREATE DATABASE "{name}" TEMPLATE "{self.name}"')
        db = Database(_pg_url(name), pool_size=5)
        try:
            yield db
        finally:
            db.dispose()
            _pg_exec(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def close(self) -> None:
        _pg_exec(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
