"""The test databases themselves: migrated, empty, isolated."""

from sqlalchemy import inspect
from sqlmodel import SQLModel, select

from models import Database, District
from models.migrate import current


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

    from office import audit

    now = datetime(2026, 3, 1, tzinfo=UTC)
    with db.transaction() as s:
        audit.append(s, action="test", subject="x", occurred_at=now, now=now, actor_id=None)
    for sql in ("UPDATE auditevent SET action = 'forged'", "DELETE FROM auditevent"):
        with pytest.raises(DBAPIError, match="append-only"), db.transaction() as s:
            s.execute(text(sql))
    assert audit.verify_chain(db).checked == 1


def test_on_sqlite_the_threads_of_one_process_take_turns_to_write(db: Database) -> None:
    import threading

    from bot import delivery

    if not db.is_sqlite:
        # PostgreSQL's rows and its writer lock order the writers; there is no turn to take.
        with db.write_turn():
            pass
        return
    other = Database(db.url)  # another handle on the same file shares the turn
    got: list[bool] = []
    inside = threading.Event()
    done = threading.Event()

    def hold() -> None:
        with db.transaction():
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
        other.dispose()
    assert got == [False]
    turn = db.write_turn()
    assert turn.acquire(blocking=False)
    turn.release()
