"""The test databases themselves: migrated, empty, isolated."""

import threading
from pathlib import Path

from sqlalchemy import inspect
from sqlmodel import SQLModel, select

from migrations import current, upgrade
from models import Database, District
from tests.units import tx, unit_of_work


def test_each_test_gets_a_migrated_empty_database(db: Database) -> None:
    assert current(db) is not None
    tables = set(inspect(db.engine).get_table_names())
    assert set(SQLModel.metadata.tables) <= tables
    with db.reading() as s:
        assert s.exec(select(District)).all() == []


def test_the_migrations_build_exactly_the_tables_the_models_declare(db: Database) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with db.engine.connect() as conn:
        diff = compare_metadata(
            MigrationContext.configure(conn, opts={"compare_type": True}), SQLModel.metadata
        )
    assert diff == []


def test_the_audit_log_refuses_updates_and_deletes(db: Database) -> None:
    from datetime import UTC, datetime

    import pytest
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    from office.records import audit, audit_verify

    now = datetime(2026, 3, 1, tzinfo=UTC)
    with tx(db) as s:
        audit.append(
            s, action="test", subject="x", occurred_at=now, now=now, actor_id=None, district_id=None
        )
    for sql in ("UPDATE auditevent SET action = 'forged'", "DELETE FROM auditevent"):
        with pytest.raises(DBAPIError, match="append-only"), tx(db) as s:
            s.execute(text(sql))
    assert audit_verify.verify_chain(db).checked == 1


def test_on_sqlite_the_threads_of_one_process_take_turns_to_write(tmp_path: Path) -> None:
    from bot import delivery

    url = f"sqlite:///{tmp_path / 'turns.db'}"
    db, other = Database(url), Database(url)  # two handles on one file share the turn
    upgrade(db)
    got: list[bool] = []
    inside = threading.Event()
    done = threading.Event()

    def hold() -> None:
        with tx(db):
            inside.set()
            done.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert inside.wait(10)
        turn = other.write_turn()
        got.append(turn.acquire(blocking=False))
        # A read is never held up by a writer.
        assert delivery.opted_out(other, "sms", ["+919000000001"]) == set()
    finally:
        done.set()
        holder.join(10)
    turn = other.write_turn()
    got.append(turn.acquire(blocking=False))
    turn.release()
    db.dispose()
    other.dispose()
    assert got == [False, True]


def test_deferred_rows_are_written_at_the_commit_and_savepoints_decide_what_stays(
    db: Database,
) -> None:
    from datetime import UTC, datetime

    from sqlalchemy import insert

    from models import OptOut, deferred

    now = datetime(2026, 3, 1, tzinfo=UTC)
    stmt = insert(OptOut.__table__)  # type: ignore[attr-defined]

    def row(address: str) -> dict[str, object]:
        return {"channel": "sms", "address": address, "opted_out_at": now}

    with unit_of_work(db, now=now) as work:
        s = work.session
        deferred.defer(s, stmt, "a", row("+919000000001"))
        deferred.defer(s, stmt, "a", row("+919000000002"))  # the same key: replaced
        with work.act():  # a savepoint, released
            deferred.defer(s, stmt, "b", row("+919000000003"))
            assert deferred.waiting(s, stmt, "a") == row("+919000000002")
        try:
            with work.act():  # a savepoint, rolled back
                deferred.defer(s, stmt, "c", row("+919000000004"))
                raise RuntimeError("undone")
        except RuntimeError:
            pass
        assert deferred.waiting(s, stmt, "b") == row("+919000000003")
        assert deferred.waiting(s, stmt, "c") is None
        assert s.exec(select(OptOut)).all() == []  # nothing written yet
    with db.reading() as s:
        kept = sorted(o.address for o in s.exec(select(OptOut)).all())
    assert kept == ["+919000000002", "+919000000003"]
