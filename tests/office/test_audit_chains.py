"""One chain per district, and no lock wider than a district: on PostgreSQL a district's act
commits while another district's act holds its chain's head, and a second act of the held
district waits for it; two arrivals at one pound take consecutive register numbers; a chain
tampered in one district is reported for that district only; the chain written before the
districts had chains of their own still verifies."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy import event, text
from sqlmodel import Session, select

from migrations import alembic_config, upgrade
from models import AuditEvent, AuditHead, Database, District, RegisterCounter
from office.acts.keeper.arrival import register_arrival
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn
from office.records import audit, audit_chains, audit_hash, audit_verify
from tests.office.test_audit_mac import tamper
from tests.other_district import load_other
from tests.test_worker import pound
from tests.units import act, tx
from tests.world import World, at

D = date
KEY = b"the office's audit key, kept off the database"
WAIT = 1.5  # seconds an act that must not wait is given; and one that must, is watched for


class Held:
    """An act run in a thread of its own whose commit stops once its events are sealed (its
    chain's head locked), until `release()`."""

    def __init__(self, act: Callable[[], Any]) -> None:
        self.act = act
        self.sealed = threading.Event()
        self._release = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        try:
            self.result = self.act()
        except BaseException as exc:  # handed to the test
            self.error = exc

    def hold(self, session: Session) -> None:
        if threading.current_thread() is self.thread and session.get_nested_transaction() is None:
            self.sealed.set()
            self._release.wait(30)

    def release(self) -> Any:
        self._release.set()
        self.thread.join(30)
        if self.error is not None:
            raise self.error
        return self.result


_HOLDERS: list[Held] = []


# A unit's commit seals its events before its session commits (models/unit.py), so this runs
# once they are sealed; never removed (a listener removed while another thread commits breaks
# that commit), it holds only the thread of a `held` act.
@event.listens_for(Session, "before_commit")
def _hold(session: Session) -> None:
    for holder in list(_HOLDERS):
        holder.hold(session)


@contextmanager
def held(act: Callable[[], Any]) -> Iterator[Held]:
    holder = Held(act)
    _HOLDERS.append(holder)
    try:
        holder.thread.start()
        holder.sealed.wait(30)
        assert holder.sealed.is_set(), f"the held act never reached its commit: {holder.error!r}"
        yield holder
    finally:
        holder._release.set()
        holder.thread.join(30)
        _HOLDERS.remove(holder)


def in_thread(act: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["result"] = act()
        except BaseException as exc:
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, out


def otherpur_seizure(world: World, when: datetime) -> Callable[[], str]:
    def report() -> str:
        return act(
            world.db,
            report_seizure,
            actor_id=world.cultivator,
            ground="trespass",
            village="Sonpur",
            place="the paddy by the tank",
            damage="grazed the seedlings",
            seizer=None,
            owner=None,
            animals=[AnimalsIn("cow", 1)],
            occurred_at=when,
            now=when,
        ).ref

    return report


def chain(db: Database, code: str) -> audit_chains.Chain:
    return audit_chains.chains(db, code)[0]


def seqs(db: Database, code: str) -> list[int]:
    district_id = chain(db, code).district_id
    with db.reading() as s:
        return sorted(
            s.exec(select(AuditEvent.seq).where(AuditEvent.district_id == district_id)).all()
        )


def postgres_only(db: Database) -> None:
    if db.is_sqlite:
        pytest.skip("SQLite writes one transaction at a time (BEGIN IMMEDIATE)")


# --- Districts write in parallel; a district's acts one after another -------------------------


def test_a_district_commits_while_another_district_holds_its_chain(world: World) -> None:
    postgres_only(world.db)
    load_other(world)
    world.on(D(2026, 3, 1), 12)
    when = at(D(2026, 3, 1), 9)

    with held(lambda: world.seize(when=when)) as testpur:
        # Another district's act is not held up by Testpur's open transaction ...
        thread, out = in_thread(otherpur_seizure(world, when))
        thread.join(WAIT * 4)
        assert not thread.is_alive(), "an Otherpur act waited for a Testpur transaction"
        assert "error" not in out, out
        # ... but a second act of Testpur waits for the first to commit.
        second, second_out = in_thread(lambda: world.seize(when=when))
        second.join(WAIT)
        assert second.is_alive(), "a second Testpur act did not wait for the first"
        testpur.release()
    second.join(30)
    assert not second.is_alive() and "error" not in second_out, second_out

    assert seqs(world.db, "TESTPUR") == [1, 2, 3]  # loaded, and the two seizures in turn
    assert seqs(world.db, "OTHERPUR") == [1, 2]
    reports = audit_verify.verify_chains(world.db)
    assert all(r.ok for r in reports), [(str(r.chain), r.reason) for r in reports]


def test_two_arrivals_at_one_pound_take_consecutive_numbers(world: World) -> None:
    postgres_only(world.db)
    world.on(D(2026, 3, 1), 12)
    first_ref = world.seize(when=at(D(2026, 3, 1), 9))
    second_ref = world.seize(when=at(D(2026, 3, 1), 9, 5))
    when = at(D(2026, 3, 1), 11)

    def arrive(ref: str) -> Callable[[], str]:
        def register() -> str:
            done = act(
                world.db,
                register_arrival,
                actor_id=world.keeper,
                ref=ref,
                occurred_at=when,
                now=when,
            )
            return done.register_no

        return register

    with held(arrive(first_ref)) as first:
        thread, out = in_thread(arrive(second_ref))
        thread.join(WAIT)
        assert thread.is_alive(), "the second arrival did not wait for the pound's counter"
        first_no = first.release()
    thread.join(30)
    assert "error" not in out, out
    assert (first_no, out["result"]) == ("TPR/2026/1", "TPR/2026/2")


def test_a_person_added_by_two_acts_at_once_is_one_person(world: World) -> None:
    postgres_only(world.db)
    from office.people import find_or_add_person

    def add() -> int:
        with tx(world.db) as s:
            person = find_or_add_person(
                s, name="Ram Lal", residence="Rampur", phone="+919811122233", now=world.now
            )
            return person.id or 0

    with held(add) as first:
        thread, out = in_thread(add)
        thread.join(WAIT)
        assert thread.is_alive()
        first_id = first.release()
    thread.join(30)
    assert out == {"result": first_id}


# --- Register numbers and refs, on both databases ---------------------------------------------


def test_the_register_counter_numbers_on_from_the_entries(world: World) -> None:
    world.on(D(2026, 3, 1), 12)
    refs = [world.seize(when=at(D(2026, 3, 1), 9, i)) for i in range(3)]
    when = at(D(2026, 3, 1), 11)
    numbers = [
        act(world.db, register_arrival, actor_id=world.keeper, ref=r, occurred_at=when, now=when)
        for r in refs[:2]
    ]
    assert [n.register_no for n in numbers] == ["TPR/2026/1", "TPR/2026/2"]
    with world.db.reading() as s:
        [counter] = s.exec(select(RegisterCounter)).all()
        assert (counter.year, counter.last) == (2026, 2)
    # A counter lost (or made after the entries) numbers on from the register itself.
    with world.db.engine.begin() as conn:
        conn.execute(text("DELETE FROM registercounter"))
    third = act(
        world.db, register_arrival, actor_id=world.keeper, ref=refs[2], occurred_at=when, now=when
    )
    assert third.register_no == "TPR/2026/3"


def test_a_ref_taken_meanwhile_is_drawn_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    from office.acts.seizer import report as seizures
    from office.records import register as records_register

    world.on(D(2026, 3, 1), 12)
    taken = world.seize(when=at(D(2026, 3, 1), 9))
    drawn = iter([taken, "ZZZZZZ"])
    monkeypatch.setattr(seizures, "new_ref", lambda s: next(drawn))
    monkeypatch.setattr(records_register, "new_ref", lambda s: next(drawn))

    ref = world.seize(when=at(D(2026, 3, 1), 10))

    assert ref == "ZZZZZZ"
    assert all(r.ok for r in audit_verify.verify_chains(world.db))


# --- Each district's chain, verified on its own -------------------------------------------------


def test_events_of_two_districts_in_one_transaction_go_to_their_own_chains(
    world: World,
) -> None:
    load_other(world)
    ids = {code: chain(world.db, code).district_id for code in ("TESTPUR", "OTHERPUR")}
    now = world.now
    with tx(world.db) as s:
        for code in ("OTHERPUR", "TESTPUR", "OTHERPUR"):
            audit.append(
                s,
                action=f"test_{code.lower()}",
                subject="x",
                occurred_at=now,
                now=now,
                actor_id=None,
                district_id=ids[code],
            )
    assert seqs(world.db, "TESTPUR") == [1, 2]
    assert seqs(world.db, "OTHERPUR") == [1, 2, 3]
    with world.db.reading() as s:
        heads = {h.chain: (h.seq, h.hash) for h in s.exec(select(AuditHead)).all()}
    for code in ("TESTPUR", "OTHERPUR"):
        head = audit_chains.chain_head(world.db, chain(world.db, code))
        assert heads[ids[code] or 0] == (head.seq, head.hash)
    assert all(r.ok for r in audit_verify.verify_chains(world.db))


def test_a_chain_tampered_in_one_district_is_reported_for_that_district_only(
    world: World,
) -> None:
    load_other(world)
    world.on(D(2026, 3, 1), 12)
    world.seize(when=at(D(2026, 3, 1), 9))
    otherpur_seizure(world, at(D(2026, 3, 1), 9))()
    other = chain(world.db, "OTHERPUR")
    tamper(
        world.db,
        (
            "UPDATE auditevent SET subject = 'FORGED' WHERE district_id = :d AND seq = 2",
            {"d": other.district_id},
        ),
    )

    reports = {r.chain.name: r for r in audit_verify.verify_chains(world.db)}
    assert reports["TESTPUR"].ok and reports["office"].ok
    assert (reports["OTHERPUR"].ok, reports["OTHERPUR"].broken_seq) == (False, 2)

    everything = pound(world.db, "audit", "verify")
    ours = pound(world.db, "audit", "verify", "--district", "TESTPUR")
    theirs = pound(world.db, "audit", "verify", "--district", "otherpur")
    assert everything.exit_code == 1
    assert "audit chain of district OTHERPUR BROKEN at event seq 2" in everything.stderr
    assert "TESTPUR" not in everything.stderr
    assert "TESTPUR: 2 events hash-checked" in everything.stdout
    assert ours.exit_code == 0, ours.output
    assert "audit chain of district TESTPUR intact: 2 events checked" in ours.stdout
    assert theirs.exit_code == 1
    assert "OTHERPUR BROKEN at event seq 2" in theirs.stderr


# --- The chain written before 0016 ---------------------------------------------------------------


def _legacy_events(n: int) -> list[dict[str, Any]]:
    prev = audit_hash.GENESIS
    out = []
    for seq in range(1, n + 1):
        at_ = datetime(2026, 1, seq, 10, tzinfo=UTC)
        body = dict(
            seq=seq,
            occurred_at=at_,
            recorded_at=at_,
            actor_id=None,
            action="seizure_reported",
            subject=f"OLD{seq:03d}",
            section="II",
            payload={"n": seq},
        )
        digest = audit_hash.event_hash(prev_hash=prev, **body)  # type: ignore[arg-type]
        out.append(
            dict(
                body,
                prev_hash=prev,
                hash=digest,
                records=None,
                mac=audit_hash.event_mac(KEY, digest),
            )
        )
        prev = digest
    return out


def test_the_chain_written_before_the_migration_still_verifies(db: Database) -> None:
    cfg = alembic_config(db)
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0015_wavoice")
    old = sa.Table(
        "auditevent",
        sa.MetaData(),
        *(
            sa.Column(c.name, c.type)
            for c in AuditEvent.__table__.columns
            if c.name != "district_id"
        ),  # type: ignore[attr-defined]
    )
    # The district table as it was then (before its names in other scripts, 0022).
    district_then = sa.Table(
        "district",
        sa.MetaData(),
        *(
            sa.Column(c.name, c.type)
            for c in District.__table__.columns  # type: ignore[attr-defined]
            if c.name != "names"
        ),
    )
    events = _legacy_events(3)
    with db.engine.begin() as conn:
        conn.execute(
            district_then.insert().values(
                code="OLDPUR",
                name="Oldpur",
                timezone="Asia/Kolkata",
                profile="act-iii-1857",
                languages=["en"],
                loaded_at=datetime(2026, 1, 1, tzinfo=UTC),
                source_digest="0" * 64,
                start_on=D(2026, 1, 1),
            )
        )
        conn.execute(old.insert(), events)
        conn.execute(
            text(
                "INSERT INTO auditwitness (district_id, on_date, seq, hash, sent_to, sent_at) "
                "SELECT id, '2026-01-03', 3, :h, '[]', '2026-01-03 04:00:00+00:00' FROM district"
            ),
            {"h": events[-1]["hash"]},
        )
    upgrade(db)

    office = audit_verify.verify_chain(db, audit_chains.OFFICE, key=KEY)
    assert (office.ok, office.checked, office.macs_checked) == (True, 3, 3)
    assert audit_chains.chain_head(db) == audit_chains.Head(3, events[-1]["hash"])
    assert audit_verify.check_heads(db) == []  # the head sent then is of the office chain

    # The district's own chain starts from its genesis; the office chain goes on from its head.
    oldpur = chain(db, "OLDPUR")
    db.audit_key = KEY
    now = datetime(2026, 3, 1, tzinfo=UTC)
    with tx(db) as s:
        for district_id in (oldpur.district_id, None):
            audit.append(
                s,
                action="after",
                subject="x",
                occurred_at=now,
                now=now,
                actor_id=None,
                district_id=district_id,
            )
    with db.reading() as s:
        first = s.exec(select(AuditEvent).where(AuditEvent.district_id == oldpur.district_id)).one()
        assert (first.seq, first.prev_hash) == (1, audit_hash.GENESIS)
    assert audit_chains.chain_head(db).seq == 4
    reports = audit_verify.verify_chains(db, key=KEY)
    assert [(r.chain.name, r.ok, r.checked) for r in reports] == [
        ("office", True, 4),
        ("OLDPUR", True, 1),
    ]

    # An old event edited is reported in the office chain, the district's stands.
    tamper(
        db, ("UPDATE auditevent SET subject = 'EDITED' WHERE seq = 2 AND district_id IS NULL", {})
    )
    office_after, district_after = audit_verify.verify_chains(db, key=KEY)
    assert (office_after.ok, office_after.broken_seq) == (False, 2)
    assert district_after.ok
