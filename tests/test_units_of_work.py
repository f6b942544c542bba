"""Units of work are explicit: whoever opens one commits it (`u.commit()`; left without it, it
rolls back), a use case handed it writes in a savepoint of it, and a read replica takes only the
reads that may lag (boards, worklists, reports) and never a write."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import event
from sqlmodel import func, select

from law.errors import PoundError
from models import Database, Person, Seizure, Unit
from models.unit import UnitClosed
from office.access.desk_signin import signed_in
from office.access.tokens import person_for_token
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from office.views.amounts import money_for
from office.views.board import board_districts
from office.views.district_figures import district_figures
from office.views.lookup import keepers_of
from office.views.worklists import in_pound
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


def seizures(db: Database, *, may_lag: bool = False) -> int:
    with db.lagging() if may_lag else db.reading() as s:
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


def test_only_reads_that_may_lag_go_to_the_replica_and_writes_never_do(
    world: World, replica: Database
) -> None:
    db = Database(world.db.url, read_url=replica.url, audit_key=world.db.audit_key)
    try:
        ref = report(world, db)  # its own unit of work: written to the database itself
        assert seizures(world.db) == 1 and seizures(replica) == 0
        # A read sees the database itself; only a read that may lag looks at the replica,
        # which has not got it yet.
        assert seizures(db) == 1
        assert seizures(db, may_lag=True) == 0
        # What only the replica holds is seen by the reads that may lag, and by no write.
        report(world, replica, village="Rampur")
        assert seizures(db, may_lag=True) == 1
        with unit_of_work(db, now=world.now) as work:
            # Inside a unit of work every read is of the unit's own session, on the database.
            for look in (work.reading, work.lagging):
                with look() as s:
                    assert [r.ref for r in s.exec(select(Seizure)).all()] == [ref]
            report_in(work.by(world.cultivator))
        assert seizures(world.db) == 2 and seizures(replica) == 1
    finally:
        db.dispose()


def test_boards_and_reports_read_the_replica_and_an_acts_inputs_the_database(
    world: World, replica: Database
) -> None:
    db = Database(world.db.url, read_url=replica.url, audit_key=world.db.audit_key)
    looked: list[str] = []
    for engine, name in ((db.engine, "database"), (db.read_engine, "replica")):
        event.listen(engine, "before_cursor_execute", lambda *_, name=name: looked.append(name))

    def where(read: Callable[[], object]) -> set[str]:
        looked.clear()
        read()
        return set(looked)

    try:
        ref = report(world, db)  # on the database, not yet on the replica
        # The public board, the front page's list of boards, a report, a worklist: the replica.
        assert where(lambda: board_districts(db)) == {"replica"}
        assert where(
            lambda: district_figures(db, district="TESTPUR", period=None, now=world.now)
        ) == {"replica"}
        assert where(lambda: in_pound(db, pound_code="TPR", actor_id=world.keeper)) == {"replica"}
        # An act's inputs: the money its amount is read in, the keepers of a pound; the seizure
        # just reported is there, though the replica has not got it.
        assert where(lambda: money_for(db, seizure_ref=ref)) == {"database"}
        assert where(lambda: keepers_of(db, "TPR")) == {"database"}
        # The desk's sign-in and the API's tokens.
        assert where(lambda: signed_in(db, session="no such session", now=world.now)) == {
            "database"
        }
        assert where(lambda: person_for_token(db, "no such token")) == {"database"}
    finally:
        db.dispose()
