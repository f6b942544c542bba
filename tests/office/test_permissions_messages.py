"""Unsolicited messages: a private person's report may have the office message only so many
numbers it has never heard from in 24 hours; every outbox row names the person who caused it."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlmodel import col, select

from bot.delivery import claim_due
from bot.registry import build_engine
from bot.state import enqueue_replies
from bot.types import Channel, Inbound, Reply
from models import Database, Outbox
from office.acts.clock.deadlines import advance_deadlines
from office.acts.keeper.arrival import register_arrival
from office.acts.magistrate.kind_order import order_for_seizure
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from tests.office.test_permissions import PHONES, cast, load_cast
from tests.units import act, tx, unit_of_work
from tests.world import World

pytestmark = pytest.mark.world_with.with_args(load_cast)  # the matrix's cast, loaded once

UNKNOWN = [f"+9195550000{n:02d}" for n in range(1, 12)]


def report(
    world: World, actor: int, owner_phone: str, *, per_day: int = 2, db: Database | None = None
) -> tuple[str, object]:
    done = act(
        db or world.db,
        report_seizure,
        actor_id=actor,
        ground="trespass",
        village="Kemri",
        place="the wheat field by the Kemri tank",
        damage="grazed standing wheat",
        seizer=None,
        owner=PersonIn("Named Owner", "Kemri", owner_phone),
        animals=[AnimalsIn("bullock", 2)],
        occurred_at=world.now,
        now=world.now,
        unsolicited_per_day=per_day,
    )
    return done.ref, done


def rows_to(world: World, phone: str) -> list[tuple[str, str | None, int | None]]:
    with world.db.reading() as s:
        rows = s.exec(select(Outbox).where(Outbox.address == phone).order_by(col(Outbox.id))).all()
        return [(r.state, r.failed_reason, r.caused_by) for r in rows]


def test_a_private_reporter_has_the_office_message_only_so_many_unknown_numbers_a_day(
    world: World,
) -> None:
    people = cast(world)
    hari = people["seizer"]
    results = []
    for phone in UNKNOWN[:3]:
        _, done = report(world, hari, phone)
        results.append(done.owner_messages)  # type: ignore[attr-defined]
        world.tick(minutes=5)
    assert results == ["queued", "queued", "held"]
    # The third seizure is recorded all the same; its owner's messages are held, with why.
    held = rows_to(world, UNKNOWN[2])
    assert held and all(state == "held" for state, _, _ in held)
    assert all(reason and "not sent" in reason for _, reason, _ in held)
    assert {by for _, _, by in held} == {hari}
    assert {by for _, _, by in rows_to(world, UNKNOWN[0])} == {hari}
    _, done = report(world, hari, UNKNOWN[2])
    assert done.owner_messages == "held"  # type: ignore[attr-defined]
    assert done.notes  # type: ignore[attr-defined]
    # A number already messaged today is no new number.
    _, again = report(world, hari, UNKNOWN[0])
    assert again.owner_messages == "queued"  # type: ignore[attr-defined]
    # Held rows are never claimed by the sender, whenever it runs.
    claimed = claim_due(
        world.db,
        now=world.now + timedelta(days=30),
        worker="w1",
        channels=["sms", "telegram"],
        limit=1000,
        lease=timedelta(minutes=5),
    )
    assert UNKNOWN[2] not in {c.address for c in claimed}
    # The next day he may name new numbers again.
    world.tick(hours=25)
    _, later = report(world, hari, UNKNOWN[3])
    assert later.owner_messages == "queued"  # type: ignore[attr-defined]


def test_numbers_that_wrote_to_the_office_and_officers_reports_are_not_limited(
    world: World,
) -> None:
    people = cast(world)
    engine = build_engine(world.db)
    # The owner of UNKNOWN[5] has written to the office by SMS, UNKNOWN[6] on the console; the
    # keeper is in the district's file.
    engine.handle(
        Inbound(channel=Channel.SMS, address=UNKNOWN[5], text="menu"),
        now=world.now,
        external_id="SM-1",
    )
    engine.handle(Inbound(channel=Channel.CONSOLE, address=UNKNOWN[6], text="menu"), now=world.now)
    states = [report(world, people["stranger"], p, per_day=1)[1] for p in UNKNOWN[:2]]
    assert [d.owner_messages for d in states] == ["queued", "held"]  # type: ignore[attr-defined]
    for phone in (UNKNOWN[5], UNKNOWN[6], PHONES["keeper_here"]):
        _, done = report(world, people["stranger"], phone, per_day=1)
        assert done.owner_messages == "queued", phone  # type: ignore[attr-defined]
    # A keeper reporting for a seizer answers for whom he names: he has no such limit.
    for phone in UNKNOWN[7:11]:
        done = act(
            world.db,
            report_seizure,
            actor_id=people["keeper_here"],
            ground="trespass",
            village="Rampur",
            place="the cane field",
            damage="ate young cane",
            seizer=PersonIn("Hari Singh", "Rampur", PHONES["seizer"]),
            owner=PersonIn("Named Owner", "Kemri", phone),
            animals=[AnimalsIn("cow")],
            occurred_at=world.now,
            now=world.now,
            unsolicited_per_day=0,
        )
        assert done.owner_messages == "queued"


def test_every_outbox_row_names_the_person_whose_act_caused_it(world: World) -> None:
    people = cast(world)
    ref = act(
        world.db,
        report_seizure,
        actor_id=people["seizer"],
        ground="trespass",
        village="Rampur",
        place="the cane field",
        damage="ate young cane",
        seizer=None,
        owner=PersonIn("Mohan Lal", "Kemri", PHONES["owner"]),
        animals=[AnimalsIn("cow", 2), AnimalsIn("elephant")],
        occurred_at=world.now,
        now=world.now,
    ).ref

    def causes() -> dict[str, set[int | None]]:
        with world.db.reading() as s:
            found: dict[str, set[int | None]] = {}
            for row in s.exec(select(Outbox).where(Outbox.seizure_ref == ref)).all():
                found.setdefault(row.template, set()).add(row.caused_by)
            return found

    first = causes()
    # The report: the keeper expects the cattle, the Magistrate is asked for an order (G4),
    # the owner is reminded of his ten days (Sec XIV): all caused by the reporter.
    assert first["arrival_expected"] == first["complaint_reminder"] == {people["seizer"]}
    assert set(first) >= {"arrival_expected", "complaint_reminder"}
    world.tick(minutes=30)
    # The Magistrate's order: its messages are written before its audit event.
    act(
        world.db,
        order_for_seizure,
        actor_id=people["magistrate_here"],
        ref=ref,
        kind="elephant",
        fine=384,
        per_day=96,
        order="Order 1 of 2026",
        occurred_at=world.now,
        now=world.now,
    )
    world.tick(minutes=30)
    act(
        world.db,
        register_arrival,
        actor_id=people["keeper_here"],
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    later = causes()
    new = {t: by for t, by in later.items() if t not in first}
    assert new and all(
        by == {people["magistrate_here"]} or by == {people["keeper_here"]} for by in new.values()
    ), new
    assert people["magistrate_here"] in set().union(*new.values())
    assert people["keeper_here"] in set().union(*new.values())
    # The office's own step on the clock (Sec VIII: unclaimed after seven days) is no one's act.
    world.on(date(2026, 3, 10), 9)
    advance_deadlines(world.db, now=world.now)
    clock = {t: by for t, by in causes().items() if t not in later}
    assert clock and all(by == {None} for by in clock.values()), clock
    # A conversation's replies are caused by the person who wrote.
    with tx(world.db) as s:
        enqueue_replies(
            s,
            channel=Channel.TELEGRAM,
            address="5123456789",
            replies=[Reply("Pound office.")],
            key="tg:1",
            now=world.now,
            person_id=people["owner"],
        )
    with world.db.reading() as s:
        reply = s.exec(select(Outbox).where(Outbox.template == "reply")).one()
        assert reply.caused_by == people["owner"]


def test_acts_sharing_one_transaction_each_name_their_own_cause(world: World) -> None:
    """A conversation step, or the webhooks' group commit, runs several acts in one transaction:
    each act's messages name its own actor, even those queued before its audit event."""
    people = cast(world)
    ref = act(
        world.db,
        report_seizure,
        actor_id=people["seizer"],
        ground="trespass",
        village="Rampur",
        place="the cane field",
        damage="ate young cane",
        seizer=None,
        owner=None,
        animals=[AnimalsIn("elephant")],
        occurred_at=world.now,
        now=world.now,
    ).ref
    world.tick(minutes=30)
    with unit_of_work(world.db, now=world.now) as work:
        report(world, people["stranger"], UNKNOWN[0], db=work)
        order_for_seizure(
            work.by(people["magistrate_here"]),
            ref=ref,
            kind="elephant",
            fine=384,
            per_day=96,
            order="Order 2 of 2026",
            occurred_at=world.now,
        )
    with world.db.reading() as s:
        rows = s.exec(select(Outbox).where(Outbox.template == "kind_ordered")).all()
        assert rows and {r.caused_by for r in rows} == {people["magistrate_here"]}
        owner = s.exec(select(Outbox).where(Outbox.address == UNKNOWN[0])).all()
        assert owner and {r.caused_by for r in owner} == {people["stranger"]}
