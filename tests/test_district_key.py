"""Every row of the register carries its district (docs/scale.md, "Distribution by district"):
a row that hangs off a seizure, sale, case or ledger transaction is given its parent's district
by the act that makes it (and refused without one), a database audited before the column existed
still verifies after migration 0017, and a copy changed behind the office is named by
`verify_records`."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel, col, select

from migrations import downgrade, upgrade
from models import Database, District, LedgerPosting, LedgerTxn
from models.district_key import derived_tables
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.records import audit_verify
from tests.office.test_audit_records import _paid
from tests.other_district import load_other
from tests.units import act
from tests.world import World

D = date

# The tables of the register whose rows belong to one district each, all of which carry it.
REGISTER = {
    "seizure", "animal", "aidrequest", "conveyance", "registerentry", "payment",
    "releaseorder", "refusal", "notice", "sale", "salelot", "cattlereceipt", "surplusdeposit",
    "fundpayment", "ledgertxn", "ledgerposting", "complaint", "offence", "mischiefcase",
    "offencedecision", "recoveryorder", "recoverysale", "recoverylot", "kindorder",
    "pound", "village", "rolegrant", "feedingrate", "auditwitness",
}  # fmt: skip


def _district(db: Database, code: str) -> int:
    with db.reading() as s:
        ident = s.exec(select(District.id).where(District.code == code)).one()
    assert ident is not None
    return ident


def _otherpur_seizure(world: World) -> str:
    """A seizure in Otherpur, brought in and paid for there."""
    other = load_other(world)
    ref = world.seize(village="Sonpur", when=world.on(D(2026, 3, 2), 8))
    act(
        world.db,
        register_arrival,
        actor_id=other.keeper,
        ref=ref,
        occurred_at=world.tick(hours=2),
        now=world.now,
    )
    act(
        world.db,
        record_payment,
        actor_id=other.keeper,
        ref=ref,
        amount=192,
        payer=None,
        occurred_at=world.tick(hours=2),
        now=world.now,
    )
    return ref


def _districts_of(db: Database, table: str) -> list[int | None]:
    with db.engine.connect() as conn:
        return list(conn.execute(text(f"SELECT district_id FROM {table} ORDER BY id")).scalars())


def test_every_table_of_the_register_carries_its_district() -> None:
    tables = SQLModel.metadata.tables
    for name in REGISTER:
        column = tables[name].c.get("district_id")
        assert column is not None, f"{name} has no district_id"
        assert not column.nullable, name
        assert {fk.column.table.name for fk in column.foreign_keys} == {"district"}, name
        assert column.index, name
    assert set(derived_tables()) <= REGISTER


def test_rows_of_an_act_take_the_district_of_the_seizure_they_belong_to(world: World) -> None:
    _paid(world)  # Testpur
    _otherpur_seizure(world)
    testpur, otherpur = _district(world.db, "TESTPUR"), _district(world.db, "OTHERPUR")
    assert testpur != otherpur
    for table in ("animal", "registerentry", "payment", "ledgerposting"):
        found = _districts_of(world.db, table)
        assert testpur in found and otherpur in found, (table, found)
    with world.db.engine.connect() as conn:
        # The animals of the Otherpur seizure, found through their seizure, are Otherpur's.
        rows = conn.execute(
            text(
                "SELECT a.district_id FROM animal a JOIN seizure s ON s.id = a.seizure_id "
                "JOIN pound p ON p.id = s.pound_id WHERE p.code = 'OTP'"
            )
        ).scalars()
        assert set(rows) == {otherpur}
    assert audit_verify.verify_records(world.db).ok


def test_a_row_made_without_its_district_is_refused(world: World) -> None:
    """The use case that makes a row sets its district (models/district_key.py): nothing
    fills it in behind it, and the column refuses a row without one."""
    load_other(world)
    otherpur = _district(world.db, "OTHERPUR")
    with world.db.engine.connect() as conn, Session(bind=conn) as s:  # rolled back at the end
        txn = LedgerTxn(district_id=otherpur, occurred_at=world.now, memo="a test", section="XII")
        s.add(txn)
        s.flush()
        s.add(LedgerPosting(txn_id=txn.id, account="cash:test", amount=5))
        with pytest.raises(IntegrityError):
            s.flush()


def test_a_database_audited_before_migration_0017_still_verifies_after_it(world: World) -> None:
    _paid(world)
    _otherpur_seizure(world)
    before = audit_verify.verify_records(world.db)
    assert before.ok and before.rows > 0
    downgrade(world.db, "0016_chains")
    with world.db.engine.connect() as conn:
        columns = conn.execute(text("SELECT * FROM animal")).keys()
    assert "district_id" not in columns

    upgrade(world.db)

    after = audit_verify.verify_records(world.db)
    assert after.ok, [p.describe() for p in after.problems[:5]]
    assert after.rows == before.rows
    assert audit_verify.verify_chain(world.db).ok
    otherpur = _district(world.db, "OTHERPUR")
    for table in ("animal", "registerentry", "payment", "ledgerposting"):
        found = _districts_of(world.db, table)
        assert None not in found and otherpur in found, (table, found)
    # The back-filled copies are their parents' (else verify_records names them misplaced).
    assert not [p for p in after.problems if p.kind == "misplaced"]


def test_a_district_copy_changed_behind_the_office_is_named(world: World) -> None:
    _paid(world)
    _otherpur_seizure(world)
    otherpur = _district(world.db, "OTHERPUR")
    with world.db.reading() as s:
        animal = s.exec(
            select(SQLModel.metadata.tables["animal"].c.id)
            .where(SQLModel.metadata.tables["animal"].c.district_id != otherpur)
            .order_by(col(SQLModel.metadata.tables["animal"].c.id))
        ).first()
    with world.db.engine.begin() as conn:
        conn.execute(
            text("UPDATE animal SET district_id = :d WHERE id = :id"), {"d": otherpur, "id": animal}
        )
    report = audit_verify.verify_records(world.db)
    assert [(p.table, p.id, p.kind) for p in report.problems] == [("animal", animal, "misplaced")]
    assert "another district" in report.problems[0].describe()
