"""Units of work are explicit: whoever opens one commits it (`u.commit()`; left without it, it
rolls back), a use case handed it writes in a savepoint of it, and a read replica takes the reads
made outside any unit and never a write."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlmodel import func, select

from law.errors import PoundError
from models import Database, Person, Seizure, Unit
from models.unit import UnitClosed
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from tests.units import act, unit_of_work
from tests.world import World


def report(world: World, db: Database, *, village: str = "Rampur") -> str:
    """A seizure reported in a unit of its own."""
    return act(db, report_in, now=world.now, actor_id=world.cultivator, village=village)


def report_in(u: Unit, *, village: str = "Rampur") -> str:
    return report_seizure(
        u,
        ground="trespass",
        village=village,
        place="the cane field",
        damage="ate young cane",
        seizer=None,
        owner=None,
        animals=[AnimalsIn("cow")],
        occurred_at=u.now,
    ).ref


def seizures(db: Database, *, primary: bool = False) -> int:
    with db.reading(primary=primary) as s:
        return int(s.exec(select(func.count()).select_from(Seizure)).one())


def test_a_use_case_in_a_unit_of_its_own_is_committed(world: World) -> None:
    report(world, world.db)
    assert seizures(world.db) == 1


def test_a_use_case_handed_a_unit_of_work_is_committed_only_by_its_opener(world: World) -> None:
    with world.db.unit(now=world.now, actor_id=world.cultivator) as u:
        ref = report_in(u)
        # The unit reads what it wrote; nothing outside it sees it, nothing ambient joins it.
        with u.reading() as s:
            assert s.exec(select(Seizure).where(Seizure.ref == ref)).one()
        assert seizures(world.db) == 0
        u.commit()
    assert seizures(world.db) == 1


def test_a_unit_left_without_its_commit_keeps_nothing(world: World) -> None:
    with world.db.unit(now=world.now, actor_id=world.cultivator) as u:
        report_in(u)
    assert seizures(world.db) == 0


def test_a_unit_of_work_that_fails_keeps_none_of_the_acts_it_was_handed(world: World) -> None:
    with pytest.raises(RuntimeError), unit_of_work(world.db, now=world.now) as work:
        report_in(work.by(world.cultivator))
        raise RuntimeError("the caller failed after the act")
    assert seizures(world.db) == 0


def test_a_unit_is_committed_once_and_takes_no_act_after(world: World) -> None:
    with world.db.unit(now=world.now, actor_id=world.cultivator) as u:
        report_in(u)
        u.commit()
        with pytest.raises(UnitClosed):
            u.commit()
        with pytest.raises(UnitClosed):
            report_in(u)
    assert seizures(world.db) == 1


def test_an_act_refused_inside_a_unit_rolls_back_alone_newcomer_and_all(world: World) -> None:
    newcomer = PersonIn("A Newcomer", "Rampur", "+919811100001")
    with world.db.unit(now=world.now) as u:
        report_in(u.by(world.cultivator))
        with pytest.raises(PoundError, match="the owner cannot be the seizer"):
            # One call into the office: the newcomer is added by the act itself, and goes
            # with it when it is refused.
            report_seizure(
                u,
                reporter=newcomer,
                ground="trespass",
                village="Rampur",
                place="a field",
                damage="grazed",
                seizer=None,
                owner=newcomer,
                animals=[AnimalsIn("cow")],
                occurred_at=world.now,
            )
        u.commit()
    assert seizures(world.db) == 1
    with world.db.reading() as s:
        assert s.exec(select(Person).where(Person.phone == newcomer.phone)).first() is None


def test_a_newcomer_reporting_his_seizure_is_recorded_with_it(world: World) -> None:
    newcomer = PersonIn("A Newcomer", "Rampur", "+919811100002")
    done = act(
        world.db,
        report_seizure,
        actor_id=newcomer,
        ground="trespass",
        village="Rampur",
        place="a field",
        damage="grazed",
        seizer=None,
        owner=None,
        animals=[AnimalsIn("cow")],
        occurred_at=world.now,
        now=world.now,
    )
    with world.db.reading() as s:
        person = s.exec(select(Person).where(Person.phone == newcomer.phone)).one()
        assert s.get(Seizure, done.seizure_id).reporter_id == person.id == done.seizer_id


@pytest.fixture
def replica(db: Database, request: pytest.FixtureRequest) -> Iterator[Database]:
    """A second database of the same engine, standing for a read replica of `db`."""
    template = request.getfixturevalue("sqlite_template" if db.is_sqlite else "postgres_template")
    with template.fresh_world() as loaded:
        yield loaded.db


def test_reads_outside_a_unit_go_to_the_replica_and_writes_never_do(
    world: World, replica: Database
) -> None:
    db = Database(world.db.url, read_url=replica.url, audit_key=world.db.audit_key)
    try:
        ref = report(world, db)  # its own unit of work: written to the database itself
        assert seizures(world.db) == 1 and seizures(replica) == 0
        # A read outside a unit of work looks at the replica, which has not got it yet ...
        assert seizures(db) == 0
        # ... unless it asks for the database itself.
        assert seizures(db, primary=True) == 1
        # What only the replica holds is seen by those reads, and by no write.
        report(world, replica, village="Rampur")
        assert seizures(db) == 1
        with unit_of_work(db, now=world.now) as work:
            # Inside a unit of work a read is of the unit's own session, on the database itself.
            with work.reading() as s:
                assert [r.ref for r in s.exec(select(Seizure)).all()] == [ref]
            report_in(work.by(world.cultivator))
        assert seizures(world.db) == 2 and seizures(replica) == 1
    finally:
        db.dispose()
