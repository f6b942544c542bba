"""Truncation: a chain cut short hashes as well as a whole one, so the heads seen before are
what show it. A head given (`--expect-head`) or sent to a Magistrate must still be an event of
the chain with that hash; deleting the last event, the last ten, or all of them, or writing
other events in their place, never passes."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import text
from sqlmodel import select

from models import AuditWitness, Database
from office import audit
from office.witness import witness_heads
from tests.office.test_audit_mac import tamper
from tests.world import World, at

D = date


def grow(world: World, n: int) -> None:
    for i in range(n):
        world.seize(when=world.on(D(2026, 3, 1), 9, i))


def cut(db: Database, last: int) -> None:
    """Delete the last `last` events, as someone with the database in hand would."""
    tamper(
        db,
        (
            "DELETE FROM auditevent WHERE seq > (SELECT max(seq) FROM auditevent) - :n",
            {"n": last},
        ),
    )


def test_the_head_is_the_last_event(world: World) -> None:
    grow(world, 3)
    head = audit.chain_head(world.db)
    assert head.seq == 4  # the district loaded, three seizures
    assert audit.parse_head(str(head)) == head
    assert audit.check_heads(world.db, [head]) == []


@pytest.mark.parametrize("last", [1, 10, 12])
def test_a_chain_cut_short_does_not_reach_the_expected_head(world: World, last: int) -> None:
    grow(world, 11)
    head = audit.chain_head(world.db)
    assert head.seq == 12

    cut(world.db, last)

    # The hashes of what is left are all intact: only the head shows the cut.
    assert audit.verify_chain(world.db).ok
    [problem] = audit.check_heads(world.db, [head])
    assert problem.head == head
    assert problem.reason.startswith(
        f"event 12 with hash {head.hash} is not in the chain: the chain ends at {12 - last}"
    )


def test_events_written_again_in_place_of_the_cut_ones_have_another_hash(world: World) -> None:
    grow(world, 3)
    head = audit.chain_head(world.db)
    cut(world.db, 1)
    world.seize(when=world.on(D(2026, 3, 2), 9))  # the chain grows back to the same length

    assert audit.chain_head(world.db).seq == head.seq
    [problem] = audit.check_heads(world.db, [head])
    assert problem.reason.startswith(f"event {head.seq} has another hash")


def test_a_later_head_still_holds_the_earlier_one(world: World) -> None:
    grow(world, 2)
    earlier = audit.chain_head(world.db)
    grow(world, 2)
    assert audit.check_heads(world.db, [earlier, audit.chain_head(world.db)]) == []


def test_a_head_is_read_as_seq_colon_hash() -> None:
    digest = "ab" * 32
    assert audit.parse_head(f" 120:{digest.upper()} ") == audit.Head(120, digest)
    for bad in ("120", f"x:{digest}", "120:abc", f"120:{digest}0"):
        with pytest.raises(ValueError, match="SEQ:HASH"):
            audit.parse_head(bad)


@pytest.mark.parametrize("last", [1, 10, 13])
def test_a_head_sent_to_the_magistrate_shows_a_chain_cut_short(world: World, last: int) -> None:
    grow(world, 12)
    [sent] = witness_heads(world.db, now=at(D(2026, 3, 1), 12))
    assert sent.head.seq == 13

    cut(world.db, last)

    [problem] = audit.check_heads(world.db)
    assert problem.witnessed_on == D(2026, 3, 1)
    assert problem.reason == (
        f"event 13 with hash {sent.head.hash} is not in the chain: the chain ends at "
        f"{13 - last}, but that head was witnessed on 2026-03-01"
    )


def test_an_emptied_chain_is_not_intact_when_a_head_was_witnessed(world: World) -> None:
    witness_heads(world.db, now=at(D(2026, 3, 1), 12))
    tamper(world.db, ("DELETE FROM auditevent", {}))

    assert audit.verify_chain(world.db).checked == 0
    [problem] = audit.check_heads(world.db)
    assert "the chain ends at 0, but that head was witnessed on 2026-03-01" in problem.reason


def test_the_witnessed_heads_are_kept_in_the_database(world: World) -> None:
    grow(world, 1)
    witness_heads(world.db, now=at(D(2026, 3, 1), 12))
    with world.db.reading() as s:
        [row] = s.exec(select(AuditWitness)).all()
        assert (row.seq, row.hash) == (2, audit.chain_head(world.db).hash)
        assert row.sent_to == [world.magistrate]
    with world.db.engine.begin() as conn:
        assert conn.execute(text("SELECT count(*) FROM auditwitness")).scalar_one() == 1
