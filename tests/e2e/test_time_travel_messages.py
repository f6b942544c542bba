"""Time travel with `pound worker --once --at`: a message says what is true when it goes out, and
one whose cause is gone by then is not sent at all (practice G16, docs/messages.md).

Quiet hours (practice G11) hold a private person's message from 21:00 to 08:00 IST; feeding is
charged per calendar day or part of one (practice G9, Sec VII), so what is due rises at local
midnight, and the keeper takes only the exact amount.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from sqlmodel import col, select

from law.money import PIES
from models import Outbox, Person
from office.acts.complainant.complaint import file_complaint
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from tests.fakes.telegram import FakeTelegram
from tests.test_worker import pound
from tests.units import act, tx
from tests.world import World

OWNER_CHAT, SEIZER_CHAT, KEEPER_CHAT, MAGISTRATE_CHAT = 5560001, 5560002, 5560003, 5560004
D = date
# Two cows (fine 4 annas each) and a buffalo (8 annas): Rs 1-0-0 of fines (Sec VI); feeding
# 9 + 9 + 12 = 30 pies a day at the Testpur rates (Sec VII).
FINE, PER_DAY = 192, 30


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


def chats(world: World) -> None:
    """The owner, the seizer, the keeper and the Magistrate have tied Telegram to their phones."""
    with tx(world.db) as s:
        for person_id, chat in (
            (world.owner, OWNER_CHAT),
            (world.cultivator, SEIZER_CHAT),
            (world.keeper, KEEPER_CHAT),
            (world.magistrate, MAGISTRATE_CHAT),
        ):
            person = s.get(Person, person_id)
            assert person is not None
            person.telegram_id = chat
            s.add(person)


def run(world: World, telegram: FakeTelegram, instant: str) -> str:
    result = pound(world.db, "worker", "--once", "--at", instant, telegram=telegram)
    assert result.exit_code == 0, result.output
    return result.output


def outbox(world: World, template: str) -> list[Outbox]:
    with world.db.reading() as s:
        found = list(
            s.exec(select(Outbox).where(Outbox.template == template).order_by(col(Outbox.id))).all()
        )
        s.expunge_all()
        return found


def test_a_claim_notice_held_overnight_states_the_amount_due_on_the_morning_it_is_sent(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VII, practice G9 and G11: registered at 22:30, told at 08:00 what is due that day."""
    chats(world)
    ref = world.seize(when=world.on(D(2026, 3, 1), 18))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 22, 30),
        now=world.now,
    )
    queued = outbox(world, "claim_notice")[0]
    # Queued with the night's figure: one day of feeding, Rs 1-2-6.
    assert PIES.format(queued.params["total_amount"]) == PIES.format(FINE + PER_DAY) == "Rs 1-2-6"

    night = run(world, telegram, "2026-03-01T22:35+05:30")
    assert "quiet hours 2" in night  # the owner's notice and the seizer's copy wait
    assert telegram.sent_to(OWNER_CHAT) == []

    run(world, telegram, "2026-03-02T07:59+05:30")
    assert telegram.sent_to(OWNER_CHAT) == []
    run(world, telegram, "2026-03-02T08:00+05:30")

    [text] = telegram.sent_to(OWNER_CHAT)
    # 2 March is a second day in the pound: Rs 1-0-0 + 2 x 30 pies = Rs 1-5-0, not Rs 1-2-6.
    assert PIES.format(FINE + 2 * PER_DAY) == "Rs 1-5-0"
    assert "Pay Rs 1-5-0 today" in text
    assert "Rs 1-2-6" not in text
    assert "then Rs 0-2-6 a day" in text
    sent = outbox(world, "claim_notice")[0]
    assert sent.state == "sent"
    assert PIES.format(sent.params["total_amount"]) == "Rs 1-5-0"
    assert sent.body == text
    assert len(telegram.sent_to(SEIZER_CHAT)) == 1  # his copy of the entry (Sec V)


def test_an_owner_who_paid_before_dawn_is_not_told_in_the_morning_that_his_cattle_will_be_sold(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VII: paid at 05:29 IST; the claim notice held by the quiet hours is not sent."""
    chats(world)
    ref = world.seize(when=world.on(D(2026, 3, 1), 18))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 22, 30),
        now=world.now,
    )
    run(world, telegram, "2026-03-01T22:35+05:30")
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=FINE + 2 * PER_DAY,
        payer=None,
        occurred_at=world.on(D(2026, 3, 2), 5, 29),
        now=world.now,
    )

    morning = run(world, telegram, "2026-03-02T08:05+05:30")

    assert telegram.sent_to(OWNER_CHAT) == []
    assert "cancelled 1" in morning
    [notice] = outbox(world, "claim_notice")
    assert notice.state == "cancelled"
    assert notice.body is None
    assert notice.failed_reason is not None
    assert notice.failed_reason.startswith("cancelled at 2026-03-02T02:35:00+00:00:")
    assert f"no head of seizure {ref} is held any longer (3 released paid)" in notice.failed_reason
    # The seizer hears his copy of the entry and the outcome: both are facts (Sec V, VII).
    seizer = telegram.sent_to(SEIZER_CHAT)
    assert len(seizer) == 2
    assert "released to the owner on payment" in seizer[1]
    assert not any("sold" in text for text in telegram.sent_to(OWNER_CHAT))


def test_a_magistrate_is_not_asked_to_hear_a_complaint_already_decided(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec XIV: filed, admitted and decided before the worker's next pass: only the decision
    goes out."""
    chats(world)
    ref = world.seize(when=world.on(D(2026, 3, 1), 8))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 10),
        now=world.now,
    )
    run(world, telegram, "2026-03-01T10:05+05:30")
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="My cows were grazing the common, not his field.",
        occurred_at=world.on(D(2026, 3, 2), 10),
        now=world.now,
    )
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="today at 10:15, Sadar court",
        occurred_at=world.on(D(2026, 3, 2), 10, 10),
        now=world.now,
    )
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        outcome="lawful",
        reasons="the seizer showed the trampled cane",
        occurred_at=world.on(D(2026, 3, 2), 10, 20),
        now=world.now,
    )

    out = run(world, telegram, "2026-03-02T10:30+05:30")

    # Only his daily audit head (docs/audit.md), no complaint to hear.
    assert all("audit head" in m for m in telegram.sent_to(MAGISTRATE_CHAT))
    [waiting] = outbox(world, "complaint_waiting")
    assert waiting.state == "cancelled"
    assert waiting.failed_reason is not None
    assert waiting.failed_reason.endswith(
        f"complaint no. {filed.complaint_id} was decided on 2026-03-02: lawful"
    )
    # Nor are the seizer summoned nor the owner told of an enquiry already held.
    assert [r.state for r in outbox(world, "summons")] == ["cancelled"]
    assert [r.state for r in outbox(world, "complaint_admitted")] == ["cancelled"]
    assert "cancelled 3" in out
    owner = telegram.sent_to(OWNER_CHAT)
    assert len(owner) == 2  # the claim notice on the 1st, and now the decision
    assert "held the seizure" in owner[1] and "lawful" in owner[1]
    seizer = telegram.sent_to(SEIZER_CHAT)
    assert "the seizure stands" in seizer[-1]
    assert not any("Summons" in text for text in seizer)


def test_a_keeper_is_not_told_to_expect_cattle_already_registered(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec V: the seizer brought the cattle in before the worker's pass; the keeper registered
    them; the owner's notice says what is due that day."""
    chats(world)
    ref = world.seize(when=world.on(D(2026, 3, 1), 8))
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 8, 20),
        now=world.now,
    )

    out = run(world, telegram, "2026-03-01T08:30+05:30")

    assert telegram.sent_to(KEEPER_CHAT) == []
    [expected] = outbox(world, "arrival_expected")
    assert expected.state == "cancelled"
    assert expected.failed_reason is not None
    assert expected.failed_reason.endswith("the cattle were registered at the pound on 2026-03-01")
    assert "cancelled 1" in out
    [notice] = telegram.sent_to(OWNER_CHAT)
    assert "Pay Rs 1-2-6 today" in notice
    assert "TPR/2026/1" in telegram.sent_to(SEIZER_CHAT)[0]
