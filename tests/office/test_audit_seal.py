"""An act's event covers every row the act wrote, whenever in its transaction it wrote it:
before the event, between two events, or after its last event; a refused part (a savepoint
rolled back) takes its events and rows with it."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from sqlalchemy import text
from sqlmodel import Session, col, select

from models import AuditEvent, Database, District
from office.records import audit, audit_verify
from tests.units import tx, unit_of_work
from tests.world import World

IST = timezone(timedelta(hours=5, minutes=30), "IST")
NOW = datetime(2026, 3, 4, 10, 0, tzinfo=IST)


def _district(code: str) -> District:
    return District(
        code=code,
        name=f"District {code}",
        timezone="Asia/Kolkata",
        profile="act-iii-1857",
        languages=["en"],
        loaded_at=NOW,
        source_digest="0" * 64,
        start_on=date(2026, 1, 1),
    )


def _append(s: Session, action: str) -> None:
    audit.append(
        s,
        action=action,
        subject="test",
        occurred_at=NOW,
        now=NOW.astimezone(UTC),
        actor_id=None,
        district_id=None,
    )


def _records(db: Database) -> dict[str, dict[str, str | None]]:
    with db.reading() as s:
        return {
            ev.action: dict(ev.records or {})
            for ev in s.exec(select(AuditEvent).order_by(col(AuditEvent.seq))).all()
        }


def _id(db: Database, code: str) -> int:
    with db.reading() as s:
        found = s.exec(select(District.id).where(District.code == code)).one()
        assert found is not None
        return found


def test_a_row_changed_after_the_last_event_is_held_to_what_was_committed(db: Database) -> None:
    with tx(db) as s:
        row = _district("A")
        s.add(row)
        _append(s, "first")
        row.name = "renamed after the event, in the same act"
        s.add(row)

    ident = _id(db, "A")
    assert list(_records(db)["first"]) == [f"district:{ident}"]
    assert audit_verify.verify_records(db).ok

    with db.engine.begin() as conn:
        conn.execute(text("UPDATE district SET name = 'District A' WHERE id = :i"), {"i": ident})
    [problem] = audit_verify.verify_records(db).problems
    assert (problem.table, problem.id, problem.kind, problem.seq) == (
        "district",
        ident,
        "altered",
        1,
    )


def test_rows_go_to_the_latest_event_of_the_transaction_that_wrote_them(db: Database) -> None:
    with tx(db) as s:
        a = _district("A")
        s.add(a)
        _append(s, "first")  # wrote A
        b = _district("B")
        s.add(b)
        a.name = "A again"
        s.add(a)
        _append(s, "second")  # wrote B and A again
        c = _district("C")
        s.add(c)  # after the last event: the second's too

    ids = {code: _id(db, code) for code in "ABC"}
    records = _records(db)
    assert set(records["first"]) == set()  # A's final form is the second event's
    assert set(records["second"]) == {f"district:{ids[c]}" for c in "ABC"}
    assert audit_verify.verify_records(db).ok
    assert audit_verify.verify_chain(db).ok


def test_a_part_rolled_back_takes_its_event_and_rows_with_it(db: Database) -> None:
    with unit_of_work(db, now=NOW) as work:
        outer = work.session
        outer.add(_district("A"))
        with pytest.raises(RuntimeError), work.act() as inner:
            inner.add(_district("GONE"))
            _append(inner, "refused")
            raise RuntimeError("the law refuses")
        with work.act() as inner:
            inner.add(_district("B"))
            _append(inner, "done")
        outer.add(_district("C"))

    ids = {code: _id(db, code) for code in "ABC"}
    records = _records(db)
    assert list(records) == ["done"]
    assert set(records["done"]) == {f"district:{ids[c]}" for c in "ABC"}
    report = audit_verify.verify_records(db)
    assert report.ok and report.rows == 3


def test_a_row_deleted_by_an_act_is_recorded_as_gone(db: Database) -> None:
    with tx(db) as s:
        s.add(_district("A"))
        _append(s, "made")
    ident = _id(db, "A")
    with tx(db) as s:
        row = s.get(District, ident)
        s.delete(row)
        _append(s, "removed")

    assert _records(db)["removed"] == {f"district:{ident}": None}
    assert audit_verify.verify_records(db).ok


def test_the_clock_own_column_is_not_the_record(world: World) -> None:
    """Practice G1: the office's clock moves a seizure's next step without an act; that column
    schedules work, so clearing it raises no alarm."""
    world.seize()
    with world.db.engine.begin() as conn:
        conn.execute(text("UPDATE seizure SET next_due_at = NULL"))
    assert audit_verify.verify_records(world.db).ok
    with world.db.engine.begin() as conn:
        conn.execute(text("UPDATE seizure SET place = 'elsewhere'"))
    assert not audit_verify.verify_records(world.db).ok


def test_events_take_their_numbers_at_the_commit_in_the_order_appended(db: Database) -> None:
    with tx(db) as s:
        for n in range(3):
            _append(s, f"act{n}")
    with tx(db) as s:
        _append(s, "later")
    with db.reading() as s:
        got = [(e.seq, e.action) for e in s.exec(select(AuditEvent).order_by(col(AuditEvent.seq)))]
    assert got == [(1, "act0"), (2, "act1"), (3, "act2"), (4, "later")]
    assert audit_verify.verify_chain(db).ok
