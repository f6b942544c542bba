"""The witness: once a day the worker sends each district's chain head to that district's
Magistrates through the outbox, and keeps what it sent; a second pass the same day sends nothing
more."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from sqlmodel import col, select

from bot.notices import render
from models import AuditWitness, Outbox
from office.records import audit_chains, audit_verify
from office.records.witness import TEMPLATE, witness_heads
from tests.fakes.telegram import FakeTelegram
from tests.other_district import load_other
from tests.test_worker import pound
from tests.units import tx
from tests.world import World, at

D = date
MAGISTRATE_CHAT = 5570005


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


def heads_queued(world: World) -> list[Outbox]:
    with world.db.reading() as s:
        rows = list(
            s.exec(select(Outbox).where(Outbox.template == TEMPLATE).order_by(col(Outbox.id)))
        )
        s.expunge_all()
        return rows


def witnessed(world: World) -> list[tuple[int, date, int, str, list[int]]]:
    with world.db.reading() as s:
        return [
            (w.district_id, w.on_date, w.seq, w.hash, list(w.sent_to))
            for w in s.exec(select(AuditWitness).order_by(col(AuditWitness.id)))
        ]


def test_the_head_goes_to_the_magistrate_once_a_day_from_nine_local(world: World) -> None:
    world.seize(when=world.on(D(2026, 3, 1), 8))
    assert witness_heads(world.db, now=at(D(2026, 3, 1), 8, 59)) == []  # before 09:00 IST

    [sent] = witness_heads(world.db, now=at(D(2026, 3, 1), 9))
    again = witness_heads(world.db, now=at(D(2026, 3, 1), 21))

    head = audit_chains.chain_head(world.db, audit_chains.chains(world.db, "TESTPUR")[0])
    assert again == []
    assert (sent.district, sent.on_date, sent.head, sent.sent_to) == (
        "TESTPUR",
        D(2026, 3, 1),
        head,
        (world.magistrate,),
    )
    [row] = heads_queued(world)
    assert row.person_id == world.magistrate
    assert row.params == {"on_date": "2026-03-01", "head": str(head)}
    assert row.private is False  # an officer's message: not held by the quiet hours
    assert len(witnessed(world)) == 1

    world.seize(when=world.on(D(2026, 3, 2), 8))
    [next_day] = witness_heads(world.db, now=at(D(2026, 3, 2), 10))
    assert next_day.head == audit_chains.chain_head(
        world.db, audit_chains.chains(world.db, "TESTPUR")[0]
    )
    assert next_day.head != head
    assert [r.params["on_date"] for r in heads_queued(world)] == ["2026-03-01", "2026-03-02"]


def test_each_district_s_magistrate_receives_his_own_district_s_head(world: World) -> None:
    other = load_other(world)
    world.seize(when=world.on(D(2026, 3, 1), 8))

    sent = witness_heads(world.db, now=at(D(2026, 3, 1), 9, 30))

    ours = audit_chains.chain_head(world.db, audit_chains.chains(world.db, "TESTPUR")[0])
    theirs = audit_chains.chain_head(world.db, audit_chains.chains(world.db, "OTHERPUR")[0])
    assert (ours.seq, theirs.seq) == (2, 1)  # loaded and a seizure; loaded
    assert {(w.district, w.sent_to, w.head) for w in sent} == {
        ("TESTPUR", (world.magistrate,), ours),
        ("OTHERPUR", (other.magistrate,), theirs),
    }
    by_person = {r.person_id: r.params["head"] for r in heads_queued(world)}
    assert by_person == {world.magistrate: str(ours), other.magistrate: str(theirs)}
    assert len(witnessed(world)) == 2
    assert audit_verify.check_heads(world.db) == []


@pytest.mark.parametrize("lang", ["en", "hi", "bn"])
def test_the_message_names_the_day_and_the_head_in_each_language(lang: str) -> None:
    head = f"1234:{'ab' * 32}"
    message = render(TEMPLATE, {"on_date": "2026-03-04", "head": head}, lang)
    assert head in message
    assert "2026" in message or "২০২৬" in message
    if lang == "en":
        assert message.startswith("Pound register audit head, March 4, 2026: 1234:")
        assert len(message) <= 160  # one SMS


def test_a_worker_pass_sends_the_head_and_a_second_pass_that_day_sends_nothing_more(
    world: World, telegram: FakeTelegram
) -> None:
    with tx(world.db) as s:
        from models import Person

        magistrate = s.get(Person, world.magistrate)
        assert magistrate is not None
        magistrate.telegram_id = MAGISTRATE_CHAT
        s.add(magistrate)
    world.seize(when=world.on(D(2026, 3, 1), 8))

    for instant in ("2026-03-01T09:05+05:30", "2026-03-01T15:00+05:30"):
        result = pound(world.db, "worker", "--once", "--at", instant, telegram=telegram)
        assert result.exit_code == 0, result.output

    [message] = telegram.sent_to(MAGISTRATE_CHAT)
    assert (
        str(audit_chains.chain_head(world.db, audit_chains.chains(world.db, "TESTPUR")[0]))
        in message
    )
    assert len(witnessed(world)) == 1
