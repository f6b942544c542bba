"""Deploying: the demo district only when asked (never into PostgreSQL by itself), removing it
(`pound jurisdiction remove`), `pound backup` restored and verified, and the warning when no
channel can send."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from sqlmodel import col, select

from models import AuditEvent, Database, District
from office.jurisdiction import district_count
from pound.cli import main
from tests.databases import SqliteTemplate
from tests.office.test_audit_heads import grow
from tests.world import World

DEMO = "RAMPUR-DEMO"
KEY = "the district's audit key, kept in its vault"


def pound(url: str, *args: str, **env: Any) -> Result:
    environment: dict[str, Any] = {
        "POUND_DATABASE_URL": url,
        "POUND_DATABASE_READ_URL": None,
        "POUND_JURISDICTION": None,
        "POUND_TELEGRAM_TOKEN": None,
        "POUND_TWILIO_ACCOUNT_SID": None,
        "POUND_TWILIO_AUTH_TOKEN": None,
        "POUND_AUDIT_KEY": KEY,
        "POUND_LOG_LEVEL": "warning",
        **env,
    }
    return CliRunner().invoke(main, list(args), env=environment, catch_exceptions=False)


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: None)


def count(url: str, *, with_removed: bool = False) -> int:
    db = Database(url)
    try:
        return district_count(db, with_removed=with_removed)
    finally:
        db.dispose()


@pytest.mark.usefixtures("no_server")
def test_serve_loads_no_demo_into_an_empty_database_not_the_default_file(db: Database) -> None:
    # On PostgreSQL (as production runs) and on a SQLite file named in POUND_DATABASE_URL.
    result = pound(db.url, "serve", "--no-worker")

    assert result.exit_code == 0, result.output
    assert "bundled demo" not in result.output
    assert "no district in the database: load yours with `pound jurisdiction load FILE`" in (
        result.output
    )
    assert "districts: none" in result.output
    assert count(db.url, with_removed=True) == 0


@pytest.mark.usefixtures("no_server")
def test_serve_loads_the_demo_into_the_default_sqlite_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the default is ./pound.db

    result = pound("sqlite:///./pound.db", "serve", "--no-worker", POUND_DATABASE_URL=None)

    assert result.exit_code == 0, result.output
    assert f"district {DEMO}: loaded" in result.output
    assert "(the bundled demo)" in result.output
    assert count(f"sqlite:///{tmp_path / 'pound.db'}") == 1


@pytest.mark.usefixtures("no_server")
def test_the_demo_asked_for_then_removed_stays_removed_with_its_removal_audited(
    db: Database,
) -> None:
    served = pound(db.url, "serve", "--no-worker", "--demo")
    removed = pound(db.url, "jurisdiction", "remove", DEMO.lower())
    again = pound(db.url, "serve", "--no-worker", "--demo")
    verified = pound(db.url, "audit", "verify", "--records")
    twice = pound(db.url, "jurisdiction", "remove", DEMO)

    assert served.exit_code == 0, served.output
    assert f"district {DEMO}: loaded" in served.output
    assert removed.exit_code == 0, removed.output
    assert removed.output.startswith(f"district {DEMO} removed (3 pounds, 12 villages, ")
    assert "its audit chain is kept" in removed.output
    assert again.exit_code == 0
    assert "bundled demo" not in again.output  # a database that held a district: never again
    assert "districts: none" in again.output
    assert count(db.url) == 0
    assert verified.exit_code == 0, verified.output + verified.stderr
    with db.reading() as s:
        actions = s.exec(
            select(AuditEvent.action)
            .join(District, col(District.id) == col(AuditEvent.district_id))
            .where(District.code == DEMO)
            .order_by(col(AuditEvent.seq))
        ).all()
    assert actions[-1] == "district_removed"
    assert twice.exit_code == 2
    assert f"no district '{DEMO}'" in twice.stderr


def test_a_district_with_seizures_is_not_removed(world: World) -> None:
    grow(world, 1)

    result = pound(world.db.url, "jurisdiction", "remove", "TESTPUR")

    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: district TESTPUR has 1 seizures: its register is kept, so the district cannot "
        "be removed (Sec V)"
    )
    assert district_count(world.db) == 1


def test_a_removed_district_loaded_again_is_back(world: World, tmp_path: Path) -> None:
    from tests.world import DISTRICT

    file = tmp_path / "testpur.toml"
    file.write_text(DISTRICT, encoding="utf-8")

    removed = pound(world.db.url, "jurisdiction", "remove", "TESTPUR")
    gone = pound(world.db.url, "register", "TPR")
    loaded = pound(world.db.url, "jurisdiction", "load", str(file))
    back = pound(world.db.url, "register", "TPR")

    assert removed.exit_code == 0, removed.output
    assert district_count(world.db) == 1
    assert gone.exit_code == 2  # its pound went with it
    assert loaded.exit_code == 0, loaded.output
    assert "district TESTPUR: loaded" in loaded.output
    assert back.exit_code == 0, back.output


@pytest.fixture
def sqlite_world(sqlite_template: SqliteTemplate) -> Iterator[World]:
    """The test district on SQLite alone: `pound backup` copies SQLite files."""
    with sqlite_template.fresh_world() as world:
        yield world


def test_backup_of_sqlite_restores_and_verifies(sqlite_world: World, tmp_path: Path) -> None:
    world = sqlite_world
    grow(world, 3)
    copy = tmp_path / "backup" / "pound-2026-03-01.db"
    copy.parent.mkdir()

    made = pound(world.db.url, "backup", str(copy))
    refused = pound(world.db.url, "backup", str(copy))
    grow(world, 1)  # the office goes on after the backup
    restored = tmp_path / "restored.db"
    shutil.copyfile(copy, restored)
    verified = pound(f"sqlite:///{restored}", "audit", "verify", "--records")

    assert made.exit_code == 0, made.output
    assert f"written to {copy}" in made.output
    assert refused.exit_code == 2
    assert "exists" in refused.stderr
    assert verified.exit_code == 0, verified.output + verified.stderr
    assert "audit chains intact" in verified.output
    with sqlite3.connect(restored) as conn:
        (seizures,) = conn.execute("SELECT count(*) FROM seizure").fetchone()
    assert seizures == 3  # the moment of the backup, not after
    assert not list(copy.parent.glob("*.partial"))


def test_backup_of_postgresql_names_pg_dump(tmp_path: Path) -> None:
    url = "postgresql+psycopg://pound:s3cret@db.internal:5432/pound"

    result = pound(url, "backup", str(tmp_path / "x.dump"))

    assert result.exit_code == 2
    assert "pg_dump" in result.stderr
    assert (
        f"pg_dump --format=custom --file={tmp_path / 'x.dump'} "
        "'postgresql://pound@db.internal:5432/pound'" in result.stderr
    )
    assert "s3cret" not in result.output
    assert not (tmp_path / "x.dump").exists()


@pytest.mark.usefixtures("no_server")
def test_serve_and_worker_warn_when_no_channel_can_send(db: Database) -> None:
    warning = "messages will wait in the outbox"

    served = pound(db.url, "serve", "--no-worker")
    worked = pound(db.url, "worker", "--once", "--at", "2026-03-01T08:00+05:30")
    with_telegram = pound(db.url, "serve", "--no-worker", POUND_TELEGRAM_TOKEN="1:abc")
    with_twilio = pound(
        db.url,
        "serve",
        "--no-worker",
        POUND_TWILIO_ACCOUNT_SID="AC" + "2" * 32,
        POUND_TWILIO_AUTH_TOKEN="token",
        POUND_TWILIO_FROM="+15005550006",
    )

    for result in (served, worked):
        assert result.exit_code == 0, result.output
        assert [line for line in result.stderr.splitlines() if warning in line] == [
            "warning: neither Telegram (POUND_TELEGRAM_TOKEN) nor Twilio "
            "(POUND_TWILIO_ACCOUNT_SID, POUND_TWILIO_AUTH_TOKEN, POUND_TWILIO_FROM) is "
            "configured: messages will wait in the outbox until one is (docs/deploy.md)"
        ]
    assert warning not in with_telegram.output
    assert warning not in with_twilio.output
