"""Throwaway databases for tests, on both engines: every test gets a database of its own, either
empty (migrated, no rows) or holding the test district (`tests/world.py`), and no test sees what
another wrote.

SQLite: a migrated template file and a second one with the district loaded, copied per test.

PostgreSQL: a migrated template database, and a small pool of databases made from it. Creating
and dropping a database per test costs a checkpoint of the whole cluster at every DROP (seconds
on a busy machine), so a database goes back to the pool instead: at the end of its test its
sessions are ended and it is renamed (a thread the test left behind cannot reach it again by its
old name, as after a DROP); before the next test, the tables whose rows differ from the wanted
state (empty, or the district loaded) are emptied, vacuumed back to no pages (so rows are laid
down in the order they are written, as in a new database) and that state's rows copied in, and every
sequence set to its value. A table differs if the two states do, or if the last test wrote to it
(a row newer than the last restore, or fewer rows): most tests write to a few tables only. A
database whose schema a test changed (a dropped trigger, say) is not reused but dropped at the
end of the run.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql
from sqlalchemy import event
from sqlalchemy.util import LRUCache
from sqlmodel import SQLModel

from migrations import upgrade
from models import Database
from tests.world import World, make_world

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


def _pg_exec(statement: str | sql.Composable) -> None:
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(statement)  # type: ignore[arg-type]


class _CompiledByKind(LRUCache):  # type: ignore[type-arg]
    """SQLAlchemy's cache of compiled statements, shared by every test database of one kind.

    An engine keeps its compiled statements in a cache of its own, keyed by its dialect object:
    a service compiles each statement once in its life, but a test's new engine would compile
    them all again (about a sixth of a test's CPU). The dialects of two test engines of one
    kind (driver, server version, options) compile alike, so here the key names the dialect by
    its kind instead of by its object."""

    def get(self, key: Any, default: Any = None) -> Any:
        return super().get(_by_kind(key), default)

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(_by_kind(key), value)


def _by_kind(key: Any) -> Any:
    dialect = key[0]
    kind = (type(dialect), dialect.server_version_info, dialect.paramstyle)
    return (kind, *key[1:])


# What a module's tests need in the district beyond `make_world` (more officers, another
# district), loaded once into a template of its own: `pytest.mark.world_with.with_args(prepare)`.
Prepare = Callable[[World], object]

_COMPILED: dict[str, _CompiledByKind] = {}


def _compile_by_kind() -> None:
    """The ORM's flushes compile through each table's mapper's own cache, keyed by the dialect
    object as the engine's is: the same cache by kind for them."""
    for mapper in SQLModel._sa_registry.mappers:  # type: ignore[attr-defined]
        if not isinstance(mapper.__dict__.get("_compiled_cache"), _CompiledByKind):
            mapper._compiled_cache = _CompiledByKind(mapper._compiled_cache_size)


def _test_database(url: str, **kwargs: Any) -> Database:
    """A handle on a test database, its engine compiling through the cache of its kind."""
    db = Database(url, **kwargs)
    db.engine._compiled_cache = _COMPILED.setdefault(db.dialect, _CompiledByKind(2000))
    _compile_by_kind()
    if db.dialect == "sqlite":
        # A test's file is thrown away after it: its commits and its last checkpoint need not
        # wait for the disk (PostgreSQL's test databases: synchronous_commit off).
        event.listen(db.engine, "connect", _no_sync)
    return db


def _no_sync(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA synchronous=OFF")
    cur.close()


class SqliteTemplate:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / "template.db"
        db = Database(f"sqlite:///{self.path}")
        upgrade(db)
        db.dispose()
        _fold_wal(self.path)
        self._worlds: dict[Prepare | None, tuple[Path, World]] = {}

    @contextmanager
    def fresh(self) -> Iterator[Database]:
        """A migrated database with no rows."""
        with self._copy(self.path) as db:
            yield db

    @contextmanager
    def fresh_world(self, prepare: Prepare | None = None) -> Iterator[World]:
        """A database holding the test district, as `make_world` leaves it, and then as
        `prepare` leaves it (its template made once, on first use)."""
        path, world = self._world_template(prepare)
        with self._copy(path) as db:
            yield dataclasses.replace(world, db=db)

    def _world_template(self, prepare: Prepare | None) -> tuple[Path, World]:
        if prepare not in self._worlds:
            path = self.root / f"world_{len(self._worlds)}.db"
            shutil.copyfile(self.path, path)
            db = Database(f"sqlite:///{path}")
            world = make_world(db)
            if prepare is not None:
                prepare(world)
            db.dispose()
            _fold_wal(path)
            self._worlds[prepare] = (path, world)
        return self._worlds[prepare]

    @contextmanager
    def _copy(self, template: Path) -> Iterator[Database]:
        path = self.root / f"t_{uuid.uuid4().hex[:10]}.db"
        shutil.copyfile(template, path)
        db = _test_database(f"sqlite:///{path}")
        try:
            yield db
        finally:
            db.dispose()
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)

    def close(self) -> None:
        pass


def _fold_wal(path: Path) -> None:
    """Fold the WAL into the file so that one copy of it is a whole database."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


# The tables, sequences and everything else a test could change in a schema, as one digest.
_SCHEMA_DIGEST = """
WITH user_ns AS (
    SELECT oid, nspname FROM pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg_toast%'
        AND nspname NOT LIKE 'pg_temp%'
), user_rel AS (
    SELECT c.oid FROM pg_class c JOIN user_ns n ON n.oid = c.relnamespace
), parts(part) AS (
    SELECT 'n:' || nspname FROM user_ns
    UNION ALL
    SELECT 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':'
        || coalesce(c.relacl::text, '') || ':' || coalesce(c.reloptions::text, '')
        || ':' || c.relrowsecurity::text
    FROM pg_class c JOIN user_ns n ON n.oid = c.relnamespace
    UNION ALL
    SELECT 'a:' || a.attrelid::regclass || ':' || a.attname || ':'
        || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull::text || ':'
        || a.attidentity::text || ':' || a.attgenerated::text || ':'
        || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid IN (SELECT oid FROM user_rel) AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'k:' || conrelid::regclass || ':' || conname || ':' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace IN (SELECT oid FROM user_ns)
    UNION ALL
    SELECT 'i:' || pg_get_indexdef(indexrelid) FROM pg_index
    WHERE indrelid IN (SELECT oid FROM user_rel)
    UNION ALL
    SELECT 't:' || tgrelid::regclass || ':' || tgname || ':' || tgenabled::text || ':'
        || pg_get_triggerdef(oid)
    FROM pg_trigger WHERE tgrelid IN (SELECT oid FROM user_rel) AND NOT tgisinternal
    UNION ALL
    SELECT 'r:' || ev_class::regclass || ':' || rulename || ':' || ev_enabled::text
    FROM pg_rewrite
    WHERE ev_class IN (SELECT oid FROM user_rel)
    UNION ALL
    SELECT 'v:' || c.oid::regclass || ':' || pg_get_viewdef(c.oid) FROM pg_class c
    WHERE c.oid IN (SELECT oid FROM user_rel) AND c.relkind IN ('v', 'm')
    UNION ALL
    SELECT 'p:' || p.oid::regprocedure || ':' || md5(p.prosrc) FROM pg_proc p
    WHERE p.pronamespace IN (SELECT oid FROM user_ns)
    UNION ALL
    SELECT 'y:' || t.oid::regtype FROM pg_type t
    WHERE t.typnamespace IN (SELECT oid FROM user_ns) AND t.typrelid = 0
    UNION ALL
    SELECT 'e:' || extname || ':' || extversion FROM pg_extension
    UNION ALL
    SELECT 'd:' || datallowconn::text || ':' || datconnlimit::text || ':'
        || coalesce(datacl::text, '')
    FROM pg_database WHERE datname = current_database()
)
SELECT md5(coalesce(string_agg(part, E'\\n' ORDER BY part), '')) FROM parts
"""

_TABLES = """
SELECT format('%I.%I', n.nspname, c.relname), array_agg(quote_ident(a.attname) ORDER BY a.attnum)
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    AND a.attgenerated = ''
WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
    AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
GROUP BY 1 ORDER BY 1
"""

_SEQUENCES = """
SELECT format('%I.%I', schemaname, sequencename) FROM pg_sequences
WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1
"""


@dataclasses.dataclass(frozen=True)
class Snapshot:
    """Every row of every table (COPY's binary form), how many, and every sequence's position."""

    rows: dict[str, tuple[str, bytes]]  # table: (its column list, its rows)
    counts: dict[str, int]  # table: how many rows it holds
    sequences: dict[str, tuple[int, bool]]  # sequence: (last_value, is_called)

    @classmethod
    def take(cls, url: str) -> Snapshot:
        rows: dict[str, tuple[str, bytes]] = {}
        counts: dict[str, int] = {}
        sequences: dict[str, tuple[int, bool]] = {}
        with psycopg.connect(url, autocommit=True) as conn:
            for table, columns in conn.execute(_TABLES).fetchall():
                column_list = ", ".join(columns)
                data = bytearray()
                copy_out = f"COPY {table} ({column_list}) TO STDOUT (FORMAT BINARY)"
                with conn.cursor().copy(copy_out) as copy:  # type: ignore[arg-type]
                    for chunk in copy:
                        data += chunk
                rows[table] = (column_list, bytes(data))
                count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()  # type: ignore[arg-type]
                counts[table] = int(count[0]) if count else 0
            for (seq,) in conn.execute(_SEQUENCES).fetchall():
                last, called = conn.execute(f"SELECT last_value, is_called FROM {seq}").fetchone()  # type: ignore[arg-type, misc]
                sequences[seq] = (last, called)
        return cls(rows, counts, sequences)

    def restore(self, url: str, *, laid: Laid | None) -> Laid:
        """Make the database at `url` hold exactly these rows and sequence positions."""
        with psycopg.connect(url, autocommit=True) as conn:
            return self.restore_on(conn, laid=laid)

    def restore_on(
        self, conn: psycopg.Connection[tuple[object, ...]], *, laid: Laid | None
    ) -> Laid:
        """Make the database of `conn` (autocommit) hold exactly these rows and sequence
        positions.

        `laid`: the snapshot a restore last laid down in this database and when (None: it may
        hold anything). Then only the tables that differ are laid down again: those whose rows
        the two snapshots differ in, and those a test changed since (a row written since has a
        newer `xmin`, a row deleted lowers the count). Its rows are deleted and the table vacuumed
        back to no pages (rows then lie in the order they are written, as in a new database):
        cheaper, for the small tables of a test, than TRUNCATE's new files."""
        # Triggers (the audit log's append-only guard, foreign keys) stay out of the way: this
        # is the copy of a state they once allowed, not a new write.
        conn.execute("SET session_replication_role = replica")
        conn.execute("SET synchronous_commit = off")
        if laid is None:
            changed = set(self.rows)
        else:
            before, since = laid
            changed = before._changed(conn, since) | {
                table for table, (_, data) in self.rows.items() if before.rows[table][1] != data
            }
        written = sorted(changed)
        if written:
            with conn.transaction():
                for table in written:
                    conn.execute(f"DELETE FROM {table}")  # type: ignore[arg-type]
            for table in written:
                conn.execute(f"VACUUM {table}")  # type: ignore[arg-type]
            left = [t for t in written if _pages(conn, t)]
            if left:  # VACUUM could not give the pages back: start those tables anew
                conn.execute(f"TRUNCATE {', '.join(left)}")  # type: ignore[arg-type]
        with conn.transaction():
            for table in written:
                columns, data = self.rows[table]
                if data_rows(data):
                    copy_in = f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)"
                    with conn.cursor().copy(copy_in) as copy:  # type: ignore[arg-type]
                        copy.write(data)
            if self.sequences:
                calls = ", ".join("setval(%s, %s, %s)" for _ in self.sequences)
                values = [
                    v for seq, (last, called) in self.sequences.items() for v in (seq, last, called)
                ]
                conn.execute(f"SELECT {calls}", values)  # type: ignore[arg-type]
        # The next transaction id to be given: every row written from here on is newer.
        row = conn.execute("SELECT pg_snapshot_xmax(pg_current_snapshot())::text").fetchone()
        assert row is not None
        return self, int(row[0])

    def _changed(self, conn: psycopg.Connection[tuple[object, ...]], since: int) -> set[str]:
        """The tables whose rows differ from this snapshot's: counted, and each row's `xmin`
        compared with `since` (ages, in one statement, so that the xid wraps as it will)."""
        first = f"'{since % 2**32}'::xid"
        parts = [
            f"SELECT {i}, count(*), coalesce(bool_or(age(xmin) <= age({first})), false) "
            f"FROM {table}"
            for i, table in enumerate(self.rows)
        ]
        tables = list(self.rows)
        changed = set()
        for i, count, written in conn.execute(" UNION ALL ".join(parts)).fetchall():  # type: ignore[arg-type]
            table = tables[int(i)]  # type: ignore[call-overload]
            if count != self.counts[table] or written:
                changed.add(table)
        return changed


def _pages(conn: psycopg.Connection[tuple[object, ...]], table: str) -> bool:
    row = conn.execute("SELECT pg_relation_size(%s::regclass) > 0", (table,)).fetchone()
    return bool(row and row[0])


# A snapshot laid down in a database, and the first transaction id after it.
Laid = tuple[Snapshot, int]


def data_rows(copy_binary: bytes) -> bool:
    """Whether a COPY BINARY stream holds any row (19-byte header, 2-byte trailer)."""
    return len(copy_binary) > 21


class PostgresTemplate:
    def __init__(self) -> None:
        self.name = f"pound_tpl_{os.getpid()}_{uuid.uuid4().hex[:6]}"
        _pg_exec(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.name)))
        try:
            db = Database(_pg_url(self.name))
            upgrade(db)
            db.dispose()
            self._empty = Snapshot.take(_pg_url(self.name))
            self._digest = _schema_digest(_pg_url(self.name))
        except BaseException:
            _drop(self.name)
            raise
        self._worlds: dict[Prepare | None, tuple[Snapshot, World]] = {}
        self._free: list[str] = []  # databases ready for a next test, named anew
        self._as_made: set[str] = set()  # of those, the ones no test has used yet
        self._laid: dict[str, Laid] = {}  # of those, what a restore last laid down in each
        self._spent: list[str] = []  # databases whose schema a test changed: dropped at the end
        self._unchecked: set[str] = set()  # of the free, those whose schema is still to compare
        self._lock = threading.Lock()
        # One session on the cluster's admin database for ending a test's sessions and renaming
        # its database: a new session costs PostgreSQL some 5 ms of CPU, twice a test.
        self._admin: psycopg.Connection[tuple[object, ...]] | None = None

    @contextmanager
    def fresh(self) -> Iterator[Database]:
        """A migrated database with no rows."""
        with self._lend(None) as db:
            yield db

    @contextmanager
    def fresh_world(self, prepare: Prepare | None = None) -> Iterator[World]:
        """A database holding the test district, as `make_world` leaves it, and then as
        `prepare` leaves it (its snapshot taken once, on first use)."""
        snapshot, world = self._world_template(prepare)
        with self._lend(snapshot) as db:
            yield dataclasses.replace(world, db=db)

    def _world_template(self, prepare: Prepare | None) -> tuple[Snapshot, World]:
        if prepare not in self._worlds:
            with self._lend(None) as db:
                world = make_world(db)
                if prepare is not None:
                    prepare(world)
                db.dispose()
                self._worlds[prepare] = (Snapshot.take(_pg_url(_name_of(db))), world)
        return self._worlds[prepare]

    @contextmanager
    def _lend(self, snapshot: Snapshot | None) -> Iterator[Database]:
        name = self._take(snapshot)
        db = _test_database(_pg_url(name), pool_size=5)
        try:
            yield db
        finally:
            db.dispose()
            self._give_back(name)

    def _take(self, snapshot: Snapshot | None) -> str:
        while True:
            with self._lock:
                name = self._free.pop() if self._free else None
                unchecked = name in self._unchecked
                self._unchecked.discard(name or "")
            if name is None:
                return self._make(snapshot)
            if snapshot is None and name in self._as_made:
                self._as_made.discard(name)
                return name
            try:
                # One session does both: the schema compared with the template's (a test that
                # changed it spends its database) and the rows laid down.
                with psycopg.connect(_pg_url(name), autocommit=True) as conn:
                    if unchecked and _digest_on(conn) != self._digest:
                        raise _Spent(name)
                    laid = (snapshot or self._empty).restore_on(conn, laid=self._laid.get(name))
                with self._lock:
                    self._laid[name] = laid
                self._as_made.discard(name)
                return name
            except (psycopg.Error, _Spent):
                with self._lock:
                    self._laid.pop(name, None)
                    self._spent.append(name)

    def _make(self, snapshot: Snapshot | None) -> str:
        name = _new_name()
        _pg_exec(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(name), sql.Identifier(self.name)
            )
        )
        # A test database need not wait for the disk at each commit: what a test sees is the same.
        _pg_exec(
            sql.SQL("ALTER DATABASE {} SET synchronous_commit = off").format(sql.Identifier(name))
        )
        if snapshot is not None:
            laid = snapshot.restore(_pg_url(name), laid=None)
            with self._lock:
                self._laid[name] = laid
        return name

    def _give_back(self, name: str) -> None:
        new = _new_name()
        try:
            self._end_sessions_and_rename(name, new)
        except (psycopg.Error, RuntimeError):
            with self._lock:
                self._laid.pop(name, None)
                self._spent.append(name)
            return
        with self._lock:
            laid = self._laid.pop(name, None)
            if laid is not None:
                self._laid[new] = laid
            self._unchecked.add(new)
            self._free.append(new)

    def _end_sessions_and_rename(self, name: str, new: str) -> None:
        """End every session of the database `name` and rename it `new`, through the admin
        session (made anew once if the server lost it)."""
        with self._lock:
            for attempt in range(2):
                if self._admin is None or self._admin.closed:
                    self._admin = psycopg.connect(PG_ADMIN_URL, autocommit=True)
                    self._admin.execute("SET synchronous_commit = off")
                try:
                    _rename_when_alone(self._admin, name, new)
                    return
                except psycopg.OperationalError:
                    self._admin = None
                    if attempt:
                        raise

    def close(self) -> None:
        if self._admin is not None:
            self._admin.close()
            self._admin = None
        names = [*self._free, *self._spent, self.name]
        self._free, self._spent = [], []
        # Each DROP waits for a checkpoint; dropped together they share them.
        with ThreadPoolExecutor(max_workers=4) as pool:
            list(pool.map(_drop, names))


def _new_name() -> str:
    return f"pound_t_{uuid.uuid4().hex[:12]}"


def _name_of(db: Database) -> str:
    name = db.engine.url.database
    assert name is not None
    return name


def _drop(name: str) -> None:
    _pg_exec(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def _schema_digest(url: str) -> str:
    with psycopg.connect(url, autocommit=True) as conn:
        return _digest_on(conn)


def _digest_on(conn: psycopg.Connection[tuple[object, ...]]) -> str:
    row = conn.execute(_SCHEMA_DIGEST).fetchone()  # type: ignore[arg-type]
    assert row is not None
    return str(row[0])


class _Spent(Exception):
    """A database a test changed the schema of: not lent again."""


def _rename_when_alone(admin: psycopg.Connection[tuple[object, ...]], name: str, new: str) -> None:
    for _ in range(20):
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        )
        try:
            admin.execute(
                sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
                    sql.Identifier(name), sql.Identifier(new)
                )
            )
            return
        except psycopg.errors.ObjectInUse:
            continue
    raise RuntimeError(f"{name} is still in use")
