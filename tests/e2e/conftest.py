"""Every story of the office, as it ends, leaves a register that its audit events account for:
each act's event carries a digest of the rows it wrote (office/records/audit.py `verify_records`),
every row of the record is covered by some event, and each district's chain verifies. The check runs
after each story here rather than by replaying the stories elsewhere."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import text

from models import Database
from office.records import audit_hash, audit_verify


@pytest.fixture(autouse=True)
def _records_match_their_events(request: pytest.FixtureRequest, db: Database) -> Iterator[None]:
    # Asks for `db` so as to end before it does: the story's database is still there to read.
    yield
    report_call = getattr(request.node, "rep_call", None)
    if report_call is None or not report_call.passed:
        return  # a story that failed has said why already

    report = audit_verify.verify_records(db)
    assert report.ok, [p.describe() for p in report.problems[:5]]
    assert report.events > 0
    assert report.rows == _rows_of_the_record(db)
    chains = audit_verify.verify_chains(db)
    assert all(r.ok for r in chains), [(str(r.chain), r.reason) for r in chains if not r.ok]
    assert sum(r.checked for r in chains if r.chain.code is not None) > 0


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    return report


def _rows_of_the_record(db: Database) -> int:
    with db.reading() as s:
        return sum(
            int(s.execute(text(f"SELECT count(*) FROM {name}")).scalar_one())
            for name in audit_hash.RECORD_TABLES
        )
