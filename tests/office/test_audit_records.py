"""Each act's event carries a digest of the rows of the register it wrote, and
`verify_records` recomputes them from the rows as they stand: a register entry, payment, ledger
posting or seizure edited or deleted behind the office's back is named, with the event that
wrote it. (That the whole stories of the office leave nothing to report is checked after each of
them: tests/e2e/conftest.py.)"""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import text
from sqlmodel import SQLModel, col, select

from models import (
    Animal,
    AuditEvent,
    Database,
    LedgerPosting,
    Payment,
    RegisterEntry,
    Seizure,
)
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.inputs import AnimalsIn
from office.records import audit_hash, audit_verify
from tests.units import act
from tests.world import World

D = date


def test_every_table_is_either_of_the_record_or_not() -> None:
    tables = set(SQLModel.metadata.tables)
    assert tables == audit_hash.RECORD_TABLES | audit_hash.NOT_RECORD_TABLES
    assert not audit_hash.RECORD_TABLES & audit_hash.NOT_RECORD_TABLES
    for name in audit_hash.RECORD_TABLES:
        assert len(SQLModel.metadata.tables[name].primary_key.columns) == 1


# --- Edits behind the office's back ------------------------------------------------------------


def _paid(world: World) -> str:
    """A seizure brought in and paid for: a seizure, animals, a register entry, a payment and
    its ledger postings, each written by the act that made it."""
    ref = world.seize(
        animals=[AnimalsIn("cow", 2, "red"), AnimalsIn("buffalo", 1)],
        when=world.on(D(2026, 3, 1), 8),
    )
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 11),
        now=world.now,
    )
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=192 + 30,
        payer=None,
        occurred_at=world.on(D(2026, 3, 1), 16),
        now=world.now,
    )
    return ref


def _raw(db: Database, sql: str, **params: object) -> None:
    """Someone with the database in hand, not the office."""
    with db.engine.begin() as conn:
        conn.execute(text(sql), params)


def _latest_writer(db: Database, table: str, ident: int) -> tuple[int, str]:
    name = f"{table}:{ident}"
    with db.reading() as s:
        for ev in s.exec(
            select(AuditEvent)
            .where(col(AuditEvent.records).is_not(None))
            .order_by(col(AuditEvent.id).desc())
        ).all():
            if ev.records and name in ev.records:
                return ev.seq, ev.action
    raise AssertionError(f"no event wrote {name}")


def _one_id(db: Database, model: type[SQLModel], **where: object) -> int:
    with db.reading() as s:
        q = select(model)
        for key, value in where.items():
            q = q.where(getattr(model, key) == value)
        row = s.exec(q.order_by(model.id)).first()
        assert row is not None
        ident = row.id
        assert isinstance(ident, int)
        return ident


def _seizure_id(db: Database, ref: str) -> int:
    return _one_id(db, Seizure, ref=ref)


EDITS = {
    # The register entry's copy rewritten (Sec V).
    "registerentry": "UPDATE registerentry SET copy_text = 'nothing was brought' WHERE id = :id",
    # A payment made smaller (Sec VII).
    "payment": "UPDATE payment SET total = total - 96 WHERE id = :id",
    # A ledger posting moved (the accounts of Sec VI, VII).
    "ledgerposting": "UPDATE ledgerposting SET amount = amount + 1 WHERE id = :id",
    # The seizure's date moved back a day (Sec XIV counts from it).
    "seizure": "UPDATE seizure SET seized_on = '2026-02-28' WHERE id = :id",
    # One head of cattle said to be a goat.
    "animal": "UPDATE animal SET kind = 'goat' WHERE id = :id",
}


def _target(world: World, ref: str, table: str) -> int:
    sid = _seizure_id(world.db, ref)
    models: dict[str, tuple[type[SQLModel], dict[str, object]]] = {
        "registerentry": (RegisterEntry, {"seizure_id": sid}),
        "payment": (Payment, {"seizure_id": sid}),
        "ledgerposting": (LedgerPosting, {}),
        "seizure": (Seizure, {"id": sid}),
        "animal": (Animal, {"seizure_id": sid}),
    }
    model, where = models[table]
    return _one_id(world.db, model, **where)


@pytest.mark.parametrize("table", sorted(EDITS))
def test_a_row_edited_behind_the_office_is_named_with_the_event_that_wrote_it(
    world: World, table: str
) -> None:
    ref = _paid(world)
    assert audit_verify.verify_records(world.db).ok
    ident = _target(world, ref, table)
    seq, action = _latest_writer(world.db, table, ident)

    _raw(world.db, EDITS[table], id=ident)
    report = audit_verify.verify_records(world.db)

    assert not report.ok
    first = report.problems[0]
    assert (first.table, first.id, first.kind, first.seq) == (table, ident, "altered", seq)
    said = first.describe()
    assert f"record {table} id {ident} was altered" in said
    assert f"event {seq} of district TESTPUR ({action})" in said
    # The chains themselves are untouched: only the records show the edit.
    assert all(r.ok for r in audit_verify.verify_chains(world.db))


@pytest.mark.parametrize("table", ["payment", "ledgerposting", "registerentry"])
def test_a_row_deleted_behind_the_office_is_named_as_missing(world: World, table: str) -> None:
    ref = _paid(world)
    ident = _target(world, ref, table)
    seq, action = _latest_writer(world.db, table, ident)

    _raw(world.db, f"DELETE FROM {table} WHERE id = :id", id=ident)
    report = audit_verify.verify_records(world.db)

    assert not report.ok
    first = report.problems[0]
    assert (first.table, first.id, first.kind, first.seq) == (table, ident, "missing", seq)
    assert (
        f"record {table} id {ident} is missing: event {seq} of district TESTPUR ({action}) wrote it"
        == (first.describe())
    )


def test_a_row_added_behind_the_office_is_written_by_no_event(world: World) -> None:
    ref = _paid(world)
    sid = _seizure_id(world.db, ref)
    _raw(
        world.db,
        "INSERT INTO payment (district_id, seizure_id, keeper_id, payer_id, agent_name, "
        "animal_ids, fine, feeding, expenses, total, occurred_at, receipt) SELECT district_id, "
        "seizure_id, keeper_id, payer_id, agent_name, animal_ids, fine, feeding, expenses, "
        "total, occurred_at, receipt FROM payment WHERE seizure_id = :sid",
        sid=sid,
    )
    report = audit_verify.verify_records(world.db)

    assert not report.ok
    [extra] = report.problems
    assert (extra.table, extra.kind, extra.seq) == ("payment", "unaccounted", None)
    assert "written by no event" in extra.describe()


def test_a_row_the_office_changes_later_is_held_to_its_latest_event(world: World) -> None:
    """The seizure is written by the report, the arrival and the payment: only the digest of
    the last of them is what it must match, so the earlier ones raise no alarm."""
    ref = _paid(world)
    sid = _seizure_id(world.db, ref)
    with world.db.reading() as s:
        writers = [
            ev.action
            for ev in s.exec(select(AuditEvent).order_by(col(AuditEvent.seq))).all()
            if ev.records and f"seizure:{sid}" in ev.records
        ]
    assert writers[0] == "seizure_reported"
    assert len(writers) >= 3
    assert audit_verify.verify_records(world.db).ok
