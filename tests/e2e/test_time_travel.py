"""Time travel with `pound worker --once --at`: after the arrival nobody but the Darogah acts, and
the clock reports, reminds and brings the auction due on the right local days and hours."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from sqlmodel import select

from models import AuditEvent, Person
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from tests.fakes.telegram import FakeTelegram
from tests.test_worker import pound
from tests.units import act, tx
from tests.world import World, at

OWNER_CHAT, DAROGAH_CHAT, SEIZER_CHAT = 5550001, 5550002, 5550003


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


def chats(world: World) -> None:
    """The owner, the Darogah and the seizer have tied Telegram to their phones."""
    with tx(world.db) as s:
        for person_id, chat in (
            (world.owner, OWNER_CHAT),
            (world.darogah, DAROGAH_CHAT),
            (world.cultivator, SEIZER_CHAT),
        ):
            person = s.get(Person, person_id)
            assert person is not None
            person.telegram_id = chat
            s.add(person)


def test_the_clock_alone_takes_unclaimed_cattle_to_an_auction_due_on_the_right_day(
    world: World, telegram: FakeTelegram
) -> None:
    chats(world)
    ref = world.seize(when=world.on(date(2026, 3, 1), 8))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(date(2026, 3, 1), 10),
        now=world.now,
    )

    def run(instant: str) -> None:
        result = pound(world.db, "worker", "--once", "--at", instant, telegram=telegram)
        assert result.exit_code == 0, result.output

    def heard(chat: int) -> list[str]:
        return telegram.sent_to(chat)

    run("2026-03-01T10:05+05:30")
    assert len(heard(OWNER_CHAT)) == 1  # the claim notice (Sec VII, VIII, XIV)
    assert "March 8, 2026" in heard(OWNER_CHAT)[0]  # claim until
    assert "March 11, 2026" in heard(OWNER_CHAT)[0]  # complaint until (Sec XIV)
    assert len(heard(SEIZER_CHAT)) == 1  # the copy of the register entry (Sec V)
    assert "TPR/2026/1" in heard(SEIZER_CHAT)[0]

    run("2026-03-06T08:59+05:30")
    assert len(heard(OWNER_CHAT)) == 1
    run("2026-03-06T09:00+05:30")  # two days before the claim period ends, at 09:00 local
    assert len(heard(OWNER_CHAT)) == 2

    run("2026-03-08T23:30+05:30")  # the claim period runs to the end of the 8th (practice G1)
    assert heard(DAROGAH_CHAT) == []
    run("2026-03-09T09:00+05:30")
    assert len(heard(DAROGAH_CHAT)) == 1  # report of unclaimed cattle with the notice text
    assert "NOTICE (Sec VIII, Act III of 1857)" in heard(DAROGAH_CHAT)[0]
    assert len(heard(OWNER_CHAT)) == 3  # and the complaint reminder, two days before the 11th

    # The Darogah posts the notice late in the evening; the owner is not woken for it (G11).
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=["Rampur", "Rampur market"],
        occurred_at=world.on(date(2026, 3, 9), 21, 30),
        now=world.now,
    )
    run("2026-03-09T21:45+05:30")
    assert len(heard(OWNER_CHAT)) == 3
    run("2026-03-10T08:00+05:30")
    assert len(heard(OWNER_CHAT)) == 4

    run("2026-03-17T08:59+05:30")
    assert len(heard(DAROGAH_CHAT)) == 1
    run("2026-03-17T09:00+05:30")  # seven days from the notice have run (Sec VIII)
    assert len(heard(DAROGAH_CHAT)) == 2
    assert len(heard(OWNER_CHAT)) == 5
    run("2026-03-17T09:30+05:30")  # a pass again changes nothing
    assert (len(heard(DAROGAH_CHAT)), len(heard(OWNER_CHAT))) == (2, 5)

    with world.db.reading() as s:
        due = [
            e.occurred_at
            for e in s.exec(select(AuditEvent).where(AuditEvent.action == "sale_due")).all()
        ]
    assert due == [at(date(2026, 3, 17), 9)]
