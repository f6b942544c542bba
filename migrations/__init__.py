"""The Alembic migrations of the schema (`versions/`), and applying them: `pound` runs them, on
start and in `pound db upgrade`; they import `models` for the tables and nothing above it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config

from models.db import Database


def alembic_config(db: Database) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent))
    cfg.set_main_option("sqlalchemy.url", db.url.replace("%", "%%"))
    return cfg


def upgrade(db: Database, revision: str = "head") -> None:
    """Bring the schema to `revision`; safe to run again and from several replicas at once."""
    _run(db, command.upgrade, revision)


def downgrade(db: Database, revision: str) -> None:
    """Take the schema back to `revision` (what each migration's `downgrade` undoes)."""
    _run(db, command.downgrade, revision)


def _run(db: Database, step: Callable[[Config, str], None], revision: str) -> None:
    cfg = alembic_config(db)
    if db.is_sqlite:
        _run_sqlite(db, cfg, step, revision)
        return
    with db.engine.begin() as conn:
        # Two replicas starting together must not both create the tables.
        conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7340032)")
        cfg.attributes["connection"] = conn
        step(cfg, revision)


def _run_sqlite(
    db: Database, cfg: Config, step: Callable[[Config, str], None], revision: str
) -> None:
    """SQLite changes a column by rebuilding its table (create, copy, drop, rename): the foreign
    key checks are off meanwhile (dropping a table others point at would fail them), as SQLite's
    own procedure says, and every key is checked before the change commits."""
    with db.engine.connect() as conn:
        raw = conn.connection.dbapi_connection
        assert raw is not None
        raw.execute("PRAGMA foreign_keys=OFF")  # outside a transaction, else it does nothing
        try:
            with conn.begin():
                cfg.attributes["connection"] = conn
                step(cfg, revision)
                broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
        finally:
            raw.execute("PRAGMA foreign_keys=ON")


def current(db: Database) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
