"""The HMAC under POUND_AUDIT_KEY: an event edited and every hash after it computed again passes
the hash check but not the mac; a key other than the one the events were written with fails at
the first event; events with no mac are named as checked by hash only, never passed silently."""

from __future__ import annotations

from datetime import date

from sqlalchemy import text
from sqlmodel import col, select

from models import AuditEvent, Database
from office.records import audit_chains, audit_hash, audit_verify
from tests.world import World, make_world

KEY = b"the district's own audit key, kept off the database"
OTHER = b"some other key that never wrote an event here"
D = date


def keyed_world(db: Database, key: bytes | None = KEY) -> World:
    db.audit_key = key
    return make_world(db)


def acts(world: World, n: int) -> None:
    for day in range(n):
        world.seize(when=world.on(D(2026, 3, 1 + day), 9))


def tamper(db: Database, *statements: tuple[str, dict[str, object]]) -> None:
    """Someone with the database in hand: the append-only triggers go first."""
    with db.engine.begin() as conn:
        if db.is_sqlite:
            conn.execute(text("DROP TRIGGER IF EXISTS auditevent_no_update"))
            conn.execute(text("DROP TRIGGER IF EXISTS auditevent_no_delete"))
        else:
            conn.execute(text("DROP TRIGGER IF EXISTS auditevent_append_only ON auditevent"))
        for sql, params in statements:
            conn.execute(text(sql), params)


def our_chain(db: Database) -> audit_chains.Chain:
    return audit_chains.chains(db, "TESTPUR")[0]


def rehash_from(db: Database, seq: int, *, payload: dict[str, object]) -> None:
    """Edit event `seq` of Testpur's chain and compute its hash and every later one again, as a
    forger who knows the (public) hashing but not the key would."""
    district_id = our_chain(db).district_id
    with db.reading() as s:
        events = [
            dict(ev.model_dump(), payload=dict(ev.payload))
            for ev in s.exec(
                select(AuditEvent)
                .where(AuditEvent.district_id == district_id)
                .order_by(col(AuditEvent.seq))
            ).all()
        ]
    prev = audit_hash.GENESIS
    updates: list[tuple[str, dict[str, object]]] = []
    for ev in events:
        if ev["seq"] == seq:
            ev["payload"] = payload
        if ev["seq"] >= seq:
            ev["hash"] = audit_hash.event_hash(
                seq=ev["seq"],
                prev_hash=prev,
                occurred_at=ev["occurred_at"],
                recorded_at=ev["recorded_at"],
                actor_id=ev["actor_id"],
                action=ev["action"],
                subject=ev["subject"],
                section=ev["section"],
                payload=ev["payload"],
                records=ev["records"],
            )
            updates.append(
                (
                    "UPDATE auditevent SET payload = :p, prev_hash = :prev, hash = :h "
                    "WHERE seq = :seq AND district_id = :d",
                    {
                        "p": _json(ev["payload"]),
                        "prev": prev,
                        "h": ev["hash"],
                        "seq": ev["seq"],
                        "d": district_id,
                    },
                )
            )
        prev = ev["hash"]
    # Unique hashes: move them aside first, then set them; the head row follows the last.
    tamper(
        db,
        (
            "UPDATE auditevent SET hash = 'x' || CAST(seq AS VARCHAR) "
            "WHERE seq >= :s AND district_id = :d",
            {"s": seq, "d": district_id},
        ),
        *updates,
        ("UPDATE audithead SET hash = :h WHERE chain = :d", {"h": prev, "d": district_id}),
    )


def _json(value: object) -> str:
    import json

    return json.dumps(value)


def test_events_written_with_the_key_are_proved_by_their_mac(db: Database) -> None:
    world = keyed_world(db)
    acts(world, 3)

    report = audit_verify.verify_chain(db, our_chain(db), key=KEY)

    assert report.ok
    assert report.checked == report.macs_checked == 4
    assert report.without_mac == () and report.macs_unchecked == ()
    with db.reading() as s:
        for ev in s.exec(select(AuditEvent)).all():
            assert ev.mac == audit_hash.event_mac(KEY, ev.hash)
            assert KEY.decode() not in str(ev.payload)


def test_a_rehash_after_an_edit_passes_the_hashes_but_not_the_macs(db: Database) -> None:
    world = keyed_world(db)
    acts(world, 4)
    rehash_from(db, 3, payload={"place": "somewhere the seizer never was"})

    by_hash = audit_verify.verify_chain(db, our_chain(db))  # without the key, the forgery holds
    with_key = audit_verify.verify_chain(db, our_chain(db), key=KEY)

    assert by_hash.ok
    assert not with_key.ok
    assert with_key.broken_seq == 3
    assert "mac does not match" in with_key.reason
    assert with_key.macs_checked == 2


def test_a_rehash_that_also_removes_the_macs_is_caught(db: Database) -> None:
    world = keyed_world(db)
    acts(world, 4)
    rehash_from(db, 3, payload={})
    tamper(db, ("UPDATE auditevent SET mac = NULL WHERE seq >= 3 AND district_id IS NOT NULL", {}))

    report = audit_verify.verify_chain(db, our_chain(db), key=KEY)

    assert (report.ok, report.broken_seq) == (False, 3)
    assert "no mac though event 2 before it does" in report.reason


def test_another_key_fails_at_the_first_event(db: Database) -> None:
    world = keyed_world(db)
    acts(world, 2)

    report = audit_verify.verify_chain(db, our_chain(db), key=OTHER)

    assert (report.ok, report.broken_seq, report.checked) == (False, 1, 0)
    assert "another key" in report.reason


def test_events_without_a_mac_are_named_as_checked_by_hash_only(db: Database) -> None:
    world = keyed_world(db, key=None)  # the office ran without POUND_AUDIT_KEY ...
    acts(world, 2)
    db.audit_key = KEY  # ... then was given one
    acts(world, 3)

    report = audit_verify.verify_chain(db, our_chain(db), key=KEY)

    assert report.ok
    assert report.checked == 6
    assert report.macs_checked == 3
    assert report.without_mac == ((1, 3),)
    assert audit_chains.describe_ranges(report.without_mac) == "1-3"
    assert audit_chains.count_of(report.without_mac) == 3


def test_without_the_key_the_macs_are_named_as_not_checked(db: Database) -> None:
    world = keyed_world(db)
    acts(world, 2)

    report = audit_verify.verify_chain(db, our_chain(db))

    assert report.ok
    assert report.macs_checked == 0
    assert report.macs_unchecked == ((1, 3),)


def test_ranges_are_written_short() -> None:
    assert audit_chains.describe_ranges(((1, 20), (45, 45), (50, 52))) == "1-20, 45, 50-52"
