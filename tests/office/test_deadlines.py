"""The office's own clock: after the arrival no human acts, and passes at chosen instants report
the cattle unclaimed, have the Darogah told, and make the sale due on the right local day."""

from __future__ import annotations

from datetime import date, datetime

from sqlmodel import col, func, select

from models import AuditEvent, Outbox, Seizure
from office.acts.clock.deadlines import PassReport, advance_deadlines
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.auction import record_sale
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.refusal import record_refusal
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.inputs import AnimalsIn, LotIn, PersonIn
from office.views.seizure import seizure_view
from tests.office.passes import run_at_once
from tests.units import act
from tests.world import World, at

D = date
PLACES = ["Rampur village", "Rampur Monday market"]


def impound(world: World, **kw: object) -> str:
    ref = world.seize(**kw)  # type: ignore[arg-type]
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 10),
        now=world.now,
    )
    return ref


def status(world: World, ref: str) -> str:
    return str(seizure_view(world.db, ref=ref, now=world.now)["status"])


def queued(world: World, person_id: int) -> dict[str, tuple[datetime, dict[str, object]]]:
    with world.db.reading() as s:
        found = s.exec(
            select(Outbox).where(Outbox.person_id == person_id).order_by(col(Outbox.id))
        ).all()
        return {r.template: (r.due_at, dict(r.params)) for r in found}


def audit_count(world: World, action: str) -> int:
    with world.db.reading() as s:
        return s.exec(
            select(func.count()).select_from(AuditEvent).where(AuditEvent.action == action)
        ).one()


def outbox_count(world: World) -> int:
    with world.db.reading() as s:
        return s.exec(select(func.count()).select_from(Outbox)).one()


def test_a_story_with_no_human_after_arrival_ends_in_a_sale_due_on_the_right_day(
    world: World,
) -> None:
    ref = impound(world)
    # The claim period runs to 8 March: nothing happens before 09:00 IST on the 9th.
    for instant in (at(D(2026, 3, 5), 12), at(D(2026, 3, 8), 23, 59), at(D(2026, 3, 9), 8, 59)):
        assert advance_deadlines(world.db, now=instant) == PassReport()
    assert status(world, ref) == "impounded"
    done = advance_deadlines(world.db, now=world.on(D(2026, 3, 9), 9))
    assert done.reported_unclaimed == 1 and done.changed == 1
    assert status(world, ref) == "reported_unclaimed"
    due, params = queued(world, world.darogah)["unclaimed_report"]
    assert due == at(D(2026, 3, 9), 9)
    assert params["notice"]["ref"] == params["ref"]
    assert params["section"] == "VIII"
    # The office's own clock made the report: no actor, and once only.
    with world.db.reading() as s:
        event = s.exec(select(AuditEvent).where(AuditEvent.action == "reported_unclaimed")).one()
        assert event.actor_id is None
    rows_before = outbox_count(world)
    assert advance_deadlines(world.db, now=world.tick(minutes=1)) == PassReport()
    assert outbox_count(world) == rows_before
    # The Darogah posts the notice; its seven days run to 16 March.
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=PLACES,
        occurred_at=world.on(D(2026, 3, 9), 11),
        now=world.now,
    )
    assert advance_deadlines(world.db, now=at(D(2026, 3, 16), 23)) == PassReport()
    assert advance_deadlines(world.db, now=at(D(2026, 3, 17), 8, 59)) == PassReport()
    done = advance_deadlines(world.db, now=world.on(D(2026, 3, 17), 9))
    assert done.sales_due == 1
    assert audit_count(world, "sale_due") == 1
    darogah = queued(world, world.darogah)
    assert darogah["sale_due"][0] == at(D(2026, 3, 17), 9)
    assert darogah["sale_due"][1]["notice_date"] == "2026-03-09"
    owner = queued(world, world.owner)
    assert owner["sale_due_owner"][1]["sale_date"] == "2026-03-17"
    # The owner's reminders came at 09:00 IST two days before each period ended.
    assert owner["claim_reminder"][0] == at(D(2026, 3, 6), 9)
    assert owner["complaint_reminder"][0] == at(D(2026, 3, 9), 9)
    # A second pass, later the same day, changes nothing.
    rows_before = outbox_count(world)
    assert advance_deadlines(world.db, now=world.tick(hours=3)) == PassReport()
    assert audit_count(world, "sale_due") == 1 and outbox_count(world) == rows_before
    # And the auction can now be held.
    act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(n, PersonIn("Ganga Ram", "Kemri", "+919555555555"), 960) for n in (1, 2, 3)],
        expenses=0,
        place="Rampur market",
        occurred_at=world.tick(minutes=30),
        now=world.now,
    )
    assert status(world, ref) == "closed"


def test_a_pending_complaint_stays_the_sale_until_it_is_decided(world: World) -> None:
    ref = impound(world)
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="seized on my own land",
        occurred_at=world.on(D(2026, 3, 5), 11),
        now=world.now,
    )
    # A complaint does not stop the report (Sec VIII), only the sale (IX proviso, G3).
    assert advance_deadlines(world.db, now=world.on(D(2026, 3, 9), 9)).reported_unclaimed == 1
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=PLACES,
        occurred_at=world.on(D(2026, 3, 9), 11),
        now=world.now,
    )
    done = advance_deadlines(world.db, now=world.on(D(2026, 3, 17), 9))
    assert (done.sales_due, done.stayed) == (0, 1)
    assert "sale_due" not in queued(world, world.darogah)
    # Admitted with a summons, it still stays the sale (Sec IX proviso).
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="18 March, Sadar court",
        occurred_at=world.on(D(2026, 3, 17), 10),
        now=world.now,
    )
    assert advance_deadlines(world.db, now=world.tick(minutes=5)).sales_due == 0
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        outcome="lawful",
        reasons="the field was his",
        occurred_at=world.on(D(2026, 3, 18), 11),
        now=world.now,
    )
    assert advance_deadlines(world.db, now=world.tick(minutes=5)).sales_due == 1
    assert "sale_due" in queued(world, world.darogah)


def test_an_owner_who_refused_to_pay_is_not_reported_unclaimed(world: World) -> None:
    ref = impound(world)
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 3), 10),
        now=world.now,
    )
    done = advance_deadlines(world.db, now=world.on(D(2026, 3, 9), 9))
    assert (done.reported_unclaimed, done.cleared) == (0, 1)
    assert status(world, ref) == "impounded"
    assert advance_deadlines(world.db, now=world.tick(hours=1)) == PassReport()


def test_a_surplus_goes_to_the_fund_when_its_three_months_end(world: World) -> None:
    ref = impound(world, animals=[AnimalsIn("buffalo")])
    advance_deadlines(world.db, now=world.on(D(2026, 3, 9), 9))
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=PLACES,
        occurred_at=world.on(D(2026, 3, 9), 11),
        now=world.now,
    )
    advance_deadlines(world.db, now=world.on(D(2026, 3, 17), 9))
    act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(1, PersonIn("Ganga Ram", "Kemri", "+919555555555"), 1920)],
        expenses=48,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 17), 11),
        now=world.now,
    )
    # The surplus may be claimed until 17 June (local): on that day nothing moves.
    assert advance_deadlines(world.db, now=at(D(2026, 6, 17), 23)).surplus_moved == 0
    assert advance_deadlines(world.db, now=at(D(2026, 6, 18), 0, 30)).surplus_moved == 1
    assert advance_deadlines(world.db, now=at(D(2026, 6, 18), 9)) == PassReport()


def test_a_pass_reads_due_seizures_in_batches_and_leaves_the_rest(world: World) -> None:
    due = [impound(world) for _ in range(5)]
    later = world.seize(when=world.on(D(2026, 3, 4), 8))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=later,
        occurred_at=world.tick(hours=1),
        now=world.now,
    )
    done = advance_deadlines(world.db, now=at(D(2026, 3, 9), 9), batch=2)
    assert done.reported_unclaimed == 5
    assert {status(world, ref) for ref in due} == {"reported_unclaimed"}
    assert status(world, later) == "impounded"
    assert advance_deadlines(world.db, now=at(D(2026, 3, 12), 9), batch=2).reported_unclaimed == 1


def test_two_workers_at_once_report_each_seizure_once(world: World) -> None:
    refs = [impound(world) for _ in range(4)]
    instant = at(D(2026, 3, 9), 9)
    reports = run_at_once(world, instant)
    assert sum(r.reported_unclaimed for r in reports) == len(refs)
    assert audit_count(world, "reported_unclaimed") == len(refs)
    with world.db.reading() as s:
        assert (
            s.exec(
                select(func.count())
                .select_from(Seizure)
                .where(col(Seizure.next_due_at).is_not(None))
            ).one()
            == 0
        )
        assert s.exec(
            select(func.count()).select_from(Outbox).where(Outbox.template == "unclaimed_report")
        ).one() == len(refs)
