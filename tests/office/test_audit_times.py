"""The audit chain holds real data: acts dated in IST, or any other offset, verify as they were
written, on both databases and after the database is opened again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from models import Database
from office.records import audit, audit_hash, audit_verify
from tests.units import tx

IST = timezone(timedelta(hours=5, minutes=30), "IST")
BRT = timezone(timedelta(hours=-3), "BRT")


def _append(db: Database, when: datetime, now: datetime, **payload: object) -> None:
    with tx(db) as s:
        audit.append(
            s,
            action="arrival_registered",
            subject="ABCDEF",
            occurred_at=when,
            now=now,
            actor_id=None,
            district_id=None,
            section="V",
            payload=dict(payload),
        )


def test_acts_dated_with_any_offset_verify_after_the_database_is_opened_again(
    db: Database,
) -> None:
    now = datetime(2026, 3, 4, 10, 0, 0, 123456, tzinfo=IST)
    _append(db, datetime(2026, 3, 4, 9, 15, tzinfo=IST), now, brought=now)
    _append(db, datetime(2026, 3, 4, 0, 45, 30, 5, tzinfo=BRT), now.astimezone(BRT))
    _append(db, datetime(2026, 3, 4, 4, 50, tzinfo=UTC), now.astimezone(UTC))
    _append(db, datetime(2026, 3, 4, 23, 59, 59, 999999, tzinfo=IST), now + timedelta(days=1))
    report = audit_verify.verify_chain(db)
    assert (report.ok, report.checked) == (True, 4)

    again = Database(db.engine.url.render_as_string(hide_password=False))
    try:
        report = audit_verify.verify_chain(again)
        assert (report.ok, report.checked) == (True, 4)
    finally:
        again.dispose()


def test_one_instant_hashes_the_same_whatever_offset_it_was_written_in() -> None:
    ist = datetime(2026, 3, 4, 10, 0, tzinfo=IST)
    fields = dict(
        seq=1, prev_hash=audit_hash.GENESIS, actor_id=7, action="a", subject="s", section="V"
    )
    a = audit_hash.event_hash(occurred_at=ist, recorded_at=ist, payload={"at": ist}, **fields)
    utc = ist.astimezone(UTC)
    b = audit_hash.event_hash(occurred_at=utc, recorded_at=utc, payload={"at": utc}, **fields)
    assert a == b
    later = ist + timedelta(microseconds=1)
    assert audit_hash.event_hash(occurred_at=later, recorded_at=ist, payload={}, **fields) != (
        audit_hash.event_hash(occurred_at=ist, recorded_at=ist, payload={}, **fields)
    )


def test_a_time_without_an_offset_is_not_hashed() -> None:
    with pytest.raises(ValueError, match="offset"):
        audit_hash.canonical_time(datetime(2026, 3, 4, 10, 0))
