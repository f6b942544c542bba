"""Apply the Alembic migrations that ship inside the `migrations` package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

import migrations
from models.db import Database


def alembic_config(db: Database) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(migrations.__file__).parent))
    cfg.set_main_option("sqlalchemy.url", db.url.replace("%", "%%"))
    return cfg


def upgrade(db: Database, revision: str = "head") -> None:
    """Bring the schema to `revision`; safe to run again and from several replicas at once."""
    cfg = alembic_config(db)
    with db.engine.begin() as conn:
        if not db.is_sqlite:
            # Two replicas starting together must not both create the tables.
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7340032)")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def current(db: Database) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
