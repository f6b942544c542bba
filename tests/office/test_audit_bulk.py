"""A batch's events appended at once (`audit.append_many`, the clock's deadline pass): the chain
verifies as one appended event by event does (`pound audit verify`), times given in IST
(+05:30) included; each event holds the rows its act wrote; an event or a row edited afterwards
is named; several workers appending to one district's chain at once number it without a gap
and report each seizure once."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, timedelta, timezone

from sqlalchemy import text
from sqlmodel import Session, col, func, select

from models import AuditEvent, Database, District, Outbox, Seizure
from office.acts.clock.deadlines import advance_deadlines
from office.acts.keeper.arrival import register_arrival
from office.records import audit, audit_verify
from tests.office.passes import run_at_once
from tests.office.test_audit_mac import tamper
from tests.test_worker import pound
from tests.units import act, tx
from tests.world import World

D = date
IST = timezone(timedelta(hours=5, minutes=30), "IST")
# 09:00 on the 9th in the district, as the field writes it: the claim period of cattle brought
# in on the 1st has run (Sec VIII).
MORNING = datetime(2026, 3, 9, 9, 0, tzinfo=IST)


def impound(world: World, count: int) -> list[str]:
    refs = []
    for _ in range(count):
        ref = world.seize(when=world.on(D(2026, 3, 1), 8))
        act(
            world.db,
            register_arrival,
            actor_id=world.keeper,
            ref=ref,
            occurred_at=world.on(D(2026, 3, 1), 10),
            now=world.now,
        )
        refs.append(ref)
    return refs


def events_of(db: Database, action: str) -> list[AuditEvent]:
    with db.reading() as s:
        found = list(
            s.exec(
                select(AuditEvent).where(AuditEvent.action == action).order_by(col(AuditEvent.id))
            ).all()
        )
        s.expunge_all()  # read as they stand, after the session ends
        return found


def seizure_ids(db: Database, refs: list[str]) -> dict[str, int]:
    with db.reading() as s:
        rows = s.exec(select(Seizure.ref, Seizure.id).where(col(Seizure.ref).in_(refs))).all()
        return {ref: ident or 0 for ref, ident in rows}


def verified(db: Database) -> str:
    result = pound(db, "audit", "verify", "--records")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_pass_at_an_ist_instant_appends_a_chain_that_verifies_each_event_holding_its_row(
    world: World,
) -> None:
    refs = impound(world, 5)
    world.now = MORNING
    # Batches of two: three batches, the last one short.
    assert advance_deadlines(world.db, now=MORNING, batch=2).reported_unclaimed == 5
    out = verified(world.db)
    assert "TESTPUR:" in out
    ids = seizure_ids(world.db, refs)
    found = events_of(world.db, "reported_unclaimed")
    assert [ev.subject for ev in found] == refs
    seqs = [ev.seq for ev in found]
    assert seqs == list(range(seqs[0], seqs[0] + 5))  # one after another, no gap
    for ev in found:
        # The event of each seizure holds its seizure's row and no other.
        assert list(ev.records or {}) == [f"seizure:{ids[ev.subject]}"]
        # Held as the instant it was: 09:00 IST is 03:30 UTC.
        assert ev.occurred_at.astimezone(UTC) == datetime(2026, 3, 9, 3, 30, tzinfo=UTC)
        assert ev.payload == {"claim_until": "2026-03-08"}
    # The chain says what the office did: nothing more on a second pass.
    assert advance_deadlines(world.db, now=MORNING + timedelta(minutes=5)).changed == 0
    assert len(events_of(world.db, "reported_unclaimed")) == 5


def test_an_event_of_the_batch_edited_afterwards_is_named(world: World) -> None:
    impound(world, 3)
    advance_deadlines(world.db, now=MORNING, batch=10)
    second = events_of(world.db, "reported_unclaimed")[1]
    tamper(
        world.db,
        (
            "UPDATE auditevent SET payload = :p WHERE id = :i",
            {"p": '{"claim_until": "2026-03-20"}', "i": second.id},
        ),
    )
    result = pound(world.db, "audit", "verify")
    assert result.exit_code == 1
    assert f"BROKEN at event seq {second.seq}: content does not match its hash" in result.output


def test_a_row_the_batch_wrote_edited_afterwards_is_named_with_its_event(world: World) -> None:
    refs = impound(world, 3)
    advance_deadlines(world.db, now=MORNING, batch=10)
    victim = refs[1]
    event = next(ev for ev in events_of(world.db, "reported_unclaimed") if ev.subject == victim)
    with world.db.engine.begin() as conn:
        conn.execute(text("UPDATE seizure SET status = 'impounded' WHERE ref = :r"), {"r": victim})
    [problem] = audit_verify.verify_records(world.db).problems
    assert (problem.table, problem.id, problem.kind) == (
        "seizure",
        seizure_ids(world.db, [victim])[victim],
        "altered",
    )
    assert (problem.seq, problem.action) == (event.seq, "reported_unclaimed")


def test_the_events_of_a_batch_are_those_appended_one_at_a_time(db: Database) -> None:
    """The same acts, appended one at a time in one district and in one batch in another: the
    same events, numbers and rows, each chain proved; a row written before the batch goes to
    its first event, as to the next event appended."""

    def district(s: Session, code: str) -> District:
        row = District(
            code=code,
            name=f"District {code}",
            timezone="Asia/Kolkata",
            profile="act-iii-1857",
            languages=["hi"],
            loaded_at=MORNING,
            source_digest="0" * 64,
            start_on=D(2026, 1, 1),
        )
        s.add(row)
        s.flush()
        return row

    acts = [("first", {"धारा": "VIII"}), ("second", {"n": 2}), ("third", {})]
    with tx(db) as s:
        one = district(s, "ONE")
        for action, payload in acts:
            audit.append(
                s,
                action=action,
                subject="गाय",
                occurred_at=MORNING,
                now=MORNING,
                actor_id=None,
                district_id=one.id,
                section="VIII",
                payload=payload,
            )
    with tx(db) as s:
        many = district(s, "MANY")
        audit.append_many(
            s,
            [
                audit.EventIn(
                    action=action,
                    subject="गाय",
                    occurred_at=MORNING,
                    actor_id=None,
                    district_id=many.id,
                    section="VIII",
                    payload=payload,
                )
                for action, payload in acts
            ],
            now=MORNING,
        )

    def chain(code: str) -> list[tuple[object, ...]]:
        with db.reading() as s:
            ident = s.exec(select(District.id).where(District.code == code)).one()
            return [
                (e.seq, e.action, e.subject, e.payload, list(e.records or {}), e.occurred_at)
                for e in s.exec(
                    select(AuditEvent)
                    .where(AuditEvent.district_id == ident)
                    .order_by(col(AuditEvent.seq))
                )
            ]

    ids = {}
    with db.reading() as s:
        for code in ("ONE", "MANY"):
            ids[code] = s.exec(select(District.id).where(District.code == code)).one()
    one_chain, many_chain = chain("ONE"), chain("MANY")
    assert one_chain[0][4] == [f"district:{ids['ONE']}"]
    assert many_chain[0][4] == [f"district:{ids['MANY']}"]
    assert [e[:4] + e[5:] for e in one_chain] == [e[:4] + e[5:] for e in many_chain]
    assert [e[4] for e in one_chain[1:]] == [e[4] for e in many_chain[1:]] == [[], []]
    assert all(r.ok for r in audit_verify.verify_chains(db))
    assert audit_verify.verify_records(db).ok


def test_four_workers_on_one_district_report_each_seizure_once_on_a_chain_without_gaps(
    world: World,
) -> None:
    refs = impound(world, 12)
    world.now = MORNING
    reports = run_at_once(world, MORNING, count=4)  # batches of two
    assert sum(r.reported_unclaimed for r in reports) == len(refs)
    found = events_of(world.db, "reported_unclaimed")
    assert Counter(ev.subject for ev in found) == Counter(refs)
    with world.db.reading() as s:
        rows = s.exec(
            select(Outbox.seizure_ref, func.count())
            .where(Outbox.template == "unclaimed_report")
            .group_by(col(Outbox.seizure_ref))
        ).all()
        assert dict(rows) == {ref: 1 for ref in refs}
    verified(world.db)  # numbered without a gap, each hash chaining to the one before
    # Two more at once find nothing left, and write nothing.
    assert [r.changed for r in run_at_once(world, MORNING + timedelta(minutes=1))] == [0, 0]
    assert len(events_of(world.db, "reported_unclaimed")) == len(refs)
