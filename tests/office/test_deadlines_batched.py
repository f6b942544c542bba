"""The clock's pass in batches: district by district, the district read once a batch, a seizure
the law refuses left alone while the rest of its batch goes on, workers splitting the districts
and helping in one another holds without doing anything twice, and as many statements a batch
whatever the number of its seizures."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

import pytest
from sqlalchemy import event, text, update
from sqlmodel import col, func, select

from models import AuditEvent, District, Outbox, Seizure
from office import notify
from office.acts.clock.deadlines import DEADLINE_LOCK, PassReport, advance_deadlines
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.seizer.report import report_seizure
from office.district import district_context
from office.inputs import AnimalsIn
from office.jurisdiction import load_jurisdiction_text
from office.people import person_by_phone
from office.records import audit_verify
from office.records.register import seizure_by_ref
from office.views.seizure import seizure_view
from tests.office.passes import run_at_once
from tests.units import act, tx
from tests.world import OWNER, World, at

D = date
FIRST = D(2026, 3, 1)
PLACES = ["Rampur village", "Rampur Monday market"]

# A second district, an hour ahead of Testpur (Asia/Dhaka): its days turn at its own midnight.
EASTPUR = """
[district]
name = "Eastpur"
code = "EASTPUR"
timezone = "Asia/Dhaka"
profile = "act-iii-1857"
languages = ["bn"]

[[pound]]
code = "EPR"
name = "Eastpur pound"
thana = "EASTPUR"
villages = ["Purbagaon"]

[[person]]
name = "Keeper Kanai"
residence = "Eastpur"
phone = "+919000000021"
roles = ["keeper:EPR"]

[[person]]
name = "Darogah Dulal"
residence = "Eastpur"
phone = "+919000000022"
roles = ["darogah:EASTPUR"]
"""


def impound(world: World, day: date = FIRST) -> str:
    ref = world.seize(when=world.on(day, 8))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(day, 10),
        now=world.now,
    )
    return ref


def eastpur(world: World) -> tuple[int, int, int]:
    """Eastpur loaded: its district id, keeper and Darogah."""
    act(world.db, load_jurisdiction_text, EASTPUR, now=world.now, origin="eastpur.toml")
    with world.db.reading() as s:
        district = s.exec(select(District).where(District.code == "EASTPUR")).one()
        keeper = person_by_phone(s, "+919000000021")
        darogah = person_by_phone(s, "+919000000022")
        assert keeper is not None and darogah is not None
        return district.id or 0, keeper.id or 0, darogah.id or 0


def impound_in_eastpur(world: World, keeper: int, day: date = FIRST) -> str:
    done = act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village="Purbagaon",
        place="the paddy by the tank",
        damage="ate the seedlings",
        seizer=None,
        owner=OWNER,
        animals=[AnimalsIn("cow", 1)],
        occurred_at=world.on(day, 8),
        now=world.now,
    )
    act(
        world.db,
        register_arrival,
        actor_id=keeper,
        ref=done.ref,
        occurred_at=world.on(day, 10),
        now=world.now,
    )
    return done.ref


def status(world: World, ref: str) -> str:
    return str(seizure_view(world.db, ref=ref, now=world.now)["status"])


def counted(world: World) -> tuple[int, int, int]:
    """Events reported_unclaimed, outbox rows unclaimed_report, seizures still due (any time)."""
    with world.db.reading() as s:
        events = s.exec(
            select(func.count())
            .select_from(AuditEvent)
            .where(AuditEvent.action == "reported_unclaimed")
        ).one()
        rows = s.exec(
            select(func.count()).select_from(Outbox).where(Outbox.template == "unclaimed_report")
        ).one()
        due = s.exec(
            select(func.count()).select_from(Seizure).where(col(Seizure.next_due_at).is_not(None))
        ).one()
        return events, rows, due


CLOCK_TEMPLATES = ("unclaimed_report", "sale_due", "sale_due_owner")


def outbox_of(world: World, ref: str) -> list[dict[str, Any]]:
    """The outbox rows the clock's steps write about `ref`, with the ref itself taken out."""
    with world.db.reading() as s:
        rows = s.exec(
            select(Outbox)
            .where(Outbox.seizure_ref == ref, col(Outbox.template).in_(CLOCK_TEMPLATES))
            .order_by(col(Outbox.template), col(Outbox.person_id), col(Outbox.channel))
        ).all()
        found = []
        for r in rows:
            found.append(
                {
                    "dedupe_key": r.dedupe_key.replace(ref, "REF"),
                    "channel": r.channel,
                    "address": r.address,
                    "person_id": r.person_id,
                    "language": r.language,
                    "template": r.template,
                    "params": json.dumps(r.params, sort_keys=True).replace(ref, "REF"),
                    "private": r.private,
                    "due_at": r.due_at,
                    "state": r.state,
                    "caused_by": r.caused_by,
                    "created_at": r.created_at,
                }
            )
    return found


def test_the_pass_writes_the_messages_the_acts_themselves_write(world: World) -> None:
    by_pass, by_act = impound(world), impound(world)
    instant = world.on(D(2026, 3, 9), 9)
    # The keeper's own act, with the clock as its actor, and the pass: the same rows.
    act(world.db, report_unclaimed, actor_id=None, ref=by_act, occurred_at=instant, now=instant)
    assert advance_deadlines(world.db, now=instant).reported_unclaimed == 1
    written = outbox_of(world, by_pass)
    assert [r["template"] for r in written] == ["unclaimed_report"]
    assert written == outbox_of(world, by_act)
    for ref in (by_pass, by_act):
        act(
            world.db,
            post_notice,
            actor_id=world.darogah,
            ref=ref,
            proclaimed_in=PLACES,
            occurred_at=world.on(D(2026, 3, 9), 11),
            now=world.now,
        )
    # The sale falling due: office/notify/sale.py's own messages for one, the pass for the other
    # (and for the first it finds them queued already, and writes them no second time).
    due = world.on(D(2026, 3, 17), 9)
    with tx(world.db) as s:
        seizure = seizure_by_ref(s, by_act)
        notify.sale_due(s, seizure, district_context(s, seizure.district_id), due)
    assert advance_deadlines(world.db, now=due).sales_due == 2
    written = outbox_of(world, by_pass)
    assert [r["template"] for r in written] == ["sale_due", "sale_due_owner", "unclaimed_report"]
    assert written == outbox_of(world, by_act)


def test_a_pass_over_two_districts_takes_each_on_its_own_local_day(world: World) -> None:
    _, keeper, darogah = eastpur(world)
    here = [impound(world) for _ in range(2)]
    there = [impound_in_eastpur(world, keeper) for _ in range(3)]
    # 09:00 in Testpur on the 9th is 09:30 in Eastpur: both claim periods have run.
    done = advance_deadlines(world.db, now=world.on(D(2026, 3, 9), 9), batch=2)
    assert done.reported_unclaimed == 5
    assert {status(world, ref) for ref in here + there} == {"reported_unclaimed"}
    with world.db.reading() as s:
        told = s.exec(
            select(Outbox.person_id, Outbox.language).where(Outbox.template == "unclaimed_report")
        ).all()
    # Each district's Darogah hears of his own district's cattle, in its language.
    assert sorted(told) == sorted([(world.darogah, "en")] * 2 + [(darogah, "bn")] * 3)
    assert counted(world) == (5, 5, 0)
    assert advance_deadlines(world.db, now=world.tick(minutes=5)) == PassReport()


def test_a_pass_may_be_given_its_districts(world: World) -> None:
    district, keeper, _ = eastpur(world)
    here, there = impound(world), impound_in_eastpur(world, keeper)
    instant = world.on(D(2026, 3, 9), 9)
    assert advance_deadlines(world.db, now=instant, districts=[district]).reported_unclaimed == 1
    assert (status(world, here), status(world, there)) == ("impounded", "reported_unclaimed")
    assert advance_deadlines(world.db, now=instant).reported_unclaimed == 1
    assert status(world, here) == "reported_unclaimed"


def test_a_seizure_the_law_refuses_is_left_while_the_rest_of_its_batch_goes_on(
    world: World,
) -> None:
    first, last = impound(world), impound(world)
    # Brought in on the 3rd: claimable until the 10th. Its due time is wrongly early (as when a
    # district's time zone is corrected): the law refuses to report it on the 9th.
    early = impound(world, D(2026, 3, 3))
    instant = at(D(2026, 3, 9), 9)
    with tx(world.db) as s:
        s.execute(update(Seizure).where(col(Seizure.ref) == early).values(next_due_at=instant))
    world.now = instant
    done = advance_deadlines(world.db, now=instant, batch=10)
    assert (done.reported_unclaimed, done.refused) == (2, 1)
    assert [status(world, ref) for ref in (first, early, last)] == [
        "reported_unclaimed",
        "impounded",
        "reported_unclaimed",
    ]
    assert counted(world) == (2, 2, 1)
    # It stays due, is refused again until its day, and is reported then.
    assert advance_deadlines(world.db, now=world.tick(hours=1)).refused == 1
    assert advance_deadlines(world.db, now=world.on(D(2026, 3, 11), 9)).reported_unclaimed == 1
    assert counted(world) == (3, 3, 0)


def test_two_workers_over_two_districts_change_nothing_twice(world: World) -> None:
    _, keeper, _ = eastpur(world)
    refs = [impound(world) for _ in range(3)] + [
        impound_in_eastpur(world, keeper) for _ in range(3)
    ]
    instant = world.on(D(2026, 3, 9), 9)
    reports = run_at_once(world, instant)
    assert sum(r.reported_unclaimed for r in reports) == len(refs)
    assert counted(world) == (len(refs), len(refs), 0)
    # And two more at once find nothing left.
    assert run_at_once(world, world.tick(minutes=1)) == [PassReport(), PassReport()]
    assert counted(world) == (len(refs), len(refs), 0)


def test_a_worker_helps_in_a_district_another_worker_holds_leaving_it_its_rows(
    world: World,
) -> None:
    if world.db.is_sqlite:
        pytest.skip("SQLite has one writer: there is no district to share")
    district, keeper, _ = eastpur(world)
    here = impound(world)
    theirs, left = impound_in_eastpur(world, keeper), impound_in_eastpur(world, keeper)
    instant = world.on(D(2026, 3, 9), 9)
    with world.db.engine.connect() as other:
        # Another worker's batch holds Eastpur's deadlines and has locked one of its seizures.
        other.begin()
        held = other.execute(
            text("SELECT pg_try_advisory_xact_lock(:c, :d)"), {"c": DEADLINE_LOCK, "d": district}
        ).scalar()
        assert held
        other.execute(text("SELECT id FROM seizure WHERE ref = :r FOR UPDATE"), {"r": theirs})
        # This worker does its own district, then helps with the Eastpur rows not locked.
        assert advance_deadlines(world.db, now=instant).reported_unclaimed == 2
        assert [status(world, ref) for ref in (here, theirs, left)] == [
            "reported_unclaimed",
            "impounded",
            "reported_unclaimed",
        ]
        other.rollback()
    assert advance_deadlines(world.db, now=instant).reported_unclaimed == 1
    assert counted(world) == (3, 3, 0)
    assert audit_verify.verify_chains(world.db) and all(
        r.ok for r in audit_verify.verify_chains(world.db)
    )


@contextmanager
def statements(world: World) -> Iterator[list[str]]:
    said: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        said.append(statement)

    event.listen(world.db.engine, "before_cursor_execute", note)
    try:
        yield said
    finally:
        event.remove(world.db.engine, "before_cursor_execute", note)


def test_the_statements_of_a_batch_do_not_grow_with_its_due_seizures(
    world: World,
) -> None:
    n = 3
    # N seizures fall due on the 9th, 2N on the 10th; each pass is one batch.
    for _ in range(n):
        impound(world, D(2026, 3, 1))
    for _ in range(2 * n):
        impound(world, D(2026, 3, 2))
    with statements(world) as said:
        assert advance_deadlines(world.db, now=at(D(2026, 3, 9), 9)).reported_unclaimed == n
    few = len(said)
    with statements(world) as said:
        assert advance_deadlines(world.db, now=at(D(2026, 3, 10), 9)).reported_unclaimed == 2 * n
    many = len(said)
    # One act a transaction took ~25 statements a seizure; a batch writes its seizures, their
    # events and their messages in a statement each, whatever their number.
    assert many == few, (few, many)
    assert few <= 30, few
