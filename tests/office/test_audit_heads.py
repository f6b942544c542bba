"""Truncation: a chain cut short hashes as well as a whole one, so the heads seen before are
what show it. A head given (`--expect-head`) or sent to a Magistrate must still be an event of
its district's chain with that hash; deleting the last event, the last ten, or all of them, or
writing other events in their place, never passes. The chain's head row shows a cut too, unless
the one who cut also set it back."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import text
from sqlmodel import select

from models import AuditWitness, Database
from office.records import audit_chains, audit_verify
from office.records.witness import witness_heads
from tests.office.test_audit_mac import tamper
from tests.world import World, at

D = date


def grow(world: World, n: int) -> None:
    for i in range(n):
        world.seize(when=world.on(D(2026, 3, 1), 9, i))


def our_chain(db: Database) -> audit_chains.Chain:
    return audit_chains.chains(db, "TESTPUR")[0]


def cut(db: Database, last: int, *, district: str = "TESTPUR", head_row: bool = True) -> None:
    """Delete the last `last` events of the district's chain, as someone with the database in
    hand would; with `head_row`, set the chain's head row back to what is left, as one who knows
    of it would."""
    chain = audit_chains.chains(db, district)[0]
    of_chain = "district_id = :d"
    statements: list[tuple[str, dict[str, object]]] = [
        (
            f"DELETE FROM auditevent WHERE {of_chain} AND seq > "
            f"(SELECT max(seq) FROM auditevent WHERE {of_chain}) - :n",
            {"n": last, "d": chain.district_id},
        )
    ]
    if head_row:
        statements += [
            ("DELETE FROM audithead WHERE chain = :d", {"d": chain.district_id}),
            (
                "INSERT INTO audithead (chain, seq, hash) SELECT district_id, seq, hash "
                f"FROM auditevent WHERE {of_chain} AND seq = "
                f"(SELECT max(seq) FROM auditevent WHERE {of_chain})",
                {"d": chain.district_id},
            ),
        ]
    tamper(db, *statements)


def test_the_head_is_the_last_event(world: World) -> None:
    grow(world, 3)
    head = audit_chains.chain_head(world.db, our_chain(world.db))
    assert head.seq == 4  # the district loaded, three seizures
    assert audit_chains.parse_head(str(head)) == head
    assert audit_verify.check_heads(world.db, [head]) == []
    assert audit_verify.check_heads(world.db, [head], district="TESTPUR") == []


@pytest.mark.parametrize("last", [1, 10, 12])
def test_a_chain_cut_short_does_not_reach_the_expected_head(world: World, last: int) -> None:
    grow(world, 11)
    head = audit_chains.chain_head(world.db, our_chain(world.db))
    assert head.seq == 12

    cut(world.db, last)

    # The hashes of what is left are all intact, and the head row was set back with the cut:
    # only the head seen before shows it.
    assert audit_verify.verify_chain(world.db, our_chain(world.db)).ok
    [problem] = audit_verify.check_heads(world.db, [head], district="TESTPUR")
    assert problem.head == head
    assert problem.chain == our_chain(world.db)
    assert problem.reason.startswith(
        f"event 12 with hash {head.hash} is not in the chain: the chain ends at {12 - last}"
    )


def test_a_head_expected_without_its_district_is_looked_for_in_every_chain(world: World) -> None:
    grow(world, 2)
    head = audit_chains.chain_head(world.db, our_chain(world.db))
    cut(world.db, 1)

    [problem] = audit_verify.check_heads(world.db, [head])
    assert problem.chain is None
    assert problem.reason.startswith(f"no chain has an event with hash {head.hash}")


def test_a_cut_that_leaves_the_head_row_is_seen_by_the_hashes_alone(world: World) -> None:
    grow(world, 3)
    cut(world.db, 2, head_row=False)

    report = audit_verify.verify_chain(world.db, our_chain(world.db))
    assert not report.ok
    assert (report.broken_seq, report.checked) == (3, 2)
    assert "the chain ends at event 2, but its head row is at 4" in report.reason


def test_events_written_again_in_place_of_the_cut_ones_have_another_hash(world: World) -> None:
    grow(world, 3)
    chain = our_chain(world.db)
    head = audit_chains.chain_head(world.db, chain)
    cut(world.db, 1)
    world.seize(when=world.on(D(2026, 3, 2), 9))  # the chain grows back to the same length

    assert audit_chains.chain_head(world.db, chain).seq == head.seq
    assert audit_verify.verify_chain(world.db, chain).ok
    [problem] = audit_verify.check_heads(world.db, [head], district="TESTPUR")
    assert problem.reason.startswith(f"event {head.seq} has another hash")


def test_a_later_head_still_holds_the_earlier_one(world: World) -> None:
    grow(world, 2)
    chain = our_chain(world.db)
    earlier = audit_chains.chain_head(world.db, chain)
    grow(world, 2)
    later = audit_chains.chain_head(world.db, chain)
    assert audit_verify.check_heads(world.db, [earlier, later], district="TESTPUR") == []
    assert audit_verify.check_heads(world.db, [earlier, later]) == []


def test_a_head_is_read_as_seq_colon_hash() -> None:
    digest = "ab" * 32
    assert audit_chains.parse_head(f" 120:{digest.upper()} ") == audit_chains.Head(120, digest)
    for bad in ("120", f"x:{digest}", "120:abc", f"120:{digest}0"):
        with pytest.raises(ValueError, match="SEQ:HASH"):
            audit_chains.parse_head(bad)


@pytest.mark.parametrize("last", [1, 10, 13])
def test_a_head_sent_to_the_magistrate_shows_a_chain_cut_short(world: World, last: int) -> None:
    grow(world, 12)
    [sent] = witness_heads(world.db, now=at(D(2026, 3, 1), 12))
    assert sent.head.seq == 13

    cut(world.db, last)

    [problem] = audit_verify.check_heads(world.db)
    assert problem.witnessed_on == D(2026, 3, 1)
    assert problem.chain == our_chain(world.db)
    assert problem.reason == (
        f"event 13 with hash {sent.head.hash} is not in the chain: the chain ends at "
        f"{13 - last}, but that head was witnessed on 2026-03-01"
    )


def test_an_emptied_chain_is_not_intact_when_a_head_was_witnessed(world: World) -> None:
    witness_heads(world.db, now=at(D(2026, 3, 1), 12))
    tamper(world.db, ("DELETE FROM auditevent", {}), ("DELETE FROM audithead", {}))

    assert audit_verify.verify_chain(world.db, our_chain(world.db)).checked == 0
    assert audit_verify.verify_chain(world.db, our_chain(world.db)).ok
    [problem] = audit_verify.check_heads(world.db)
    assert "the chain ends at 0, but that head was witnessed on 2026-03-01" in problem.reason


def test_the_witnessed_heads_are_kept_in_the_database(world: World) -> None:
    grow(world, 1)
    witness_heads(world.db, now=at(D(2026, 3, 1), 12))
    with world.db.reading() as s:
        [row] = s.exec(select(AuditWitness)).all()
        assert (row.seq, row.hash) == (
            2,
            audit_chains.chain_head(world.db, our_chain(world.db)).hash,
        )
        assert row.own_chain
        assert row.sent_to == [world.magistrate]
    with world.db.engine.begin() as conn:
        assert conn.execute(text("SELECT count(*) FROM auditwitness")).scalar_one() == 1
