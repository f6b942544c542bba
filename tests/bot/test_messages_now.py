"""A message says what is true when it is sent: its figures are worked out at the send from the
record as it then stands, and a message whose cause is gone (paid, decided, done) is cancelled
with the reason instead of being sent (practice G16; docs/messages.md, "Dropped when").

Each test queues messages through the acts themselves, changes the record, then runs a sender
pass (`bot/sender.py`) against the fake Telegram server at an IST instant.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event
from sqlmodel import col, select

from bot import delivery
from bot.notices import TEMPLATES
from bot.sender import PassReport
from law.money import PIES
from models import Outbox, Person
from office.acts.clock.deadlines import advance_deadlines
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.auction import record_sale
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate.complaint import admit_complaint
from office.acts.magistrate.surplus import claim_surplus
from office.acts.police.conveyance import confirm_conveyance
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, LotIn, PersonIn
from office.views.messages_now import RULES, STANDS, Send, as_it_stands
from tests.bot.test_sender import make_sender, run, telegram_transport
from tests.fakes.telegram import FakeTelegram
from tests.units import act, tx
from tests.world import OWNER, World

D = date
BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")
# Two cows (fine 48 pies each) and a buffalo (96 pies), Sec VI; feeding 9 + 9 + 12 pies a day.
FINE, PER_DAY = 192, 30


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


def chat(person_id: int) -> int:
    return 880000 + person_id


def on_telegram(world: World) -> None:
    """Everyone in the world has tied Telegram to his phone."""
    with tx(world.db) as s:
        for person in s.exec(select(Person)).all():
            person.telegram_id = chat(person.id or 0)
            s.add(person)


def send(world: World, telegram: FakeTelegram, instant: datetime) -> PassReport:
    return run(make_sender(world.db, telegram_transport(telegram.api_url)), instant)


def heard(telegram: FakeTelegram, person_id: int) -> list[str]:
    return telegram.sent_to(chat(person_id))


def outbox(world: World, template: str | None = None) -> list[Outbox]:
    with world.db.reading() as s:
        q = select(Outbox).order_by(col(Outbox.id))
        if template is not None:
            q = q.where(Outbox.template == template)
        found = list(s.exec(q).all())
        s.expunge_all()
        return found


def one(world: World, template: str) -> Outbox:
    [row] = outbox(world, template)
    return row


def reason(world: World, template: str) -> str:
    row = one(world, template)
    assert row.state == "cancelled", (template, row.state, row.failed_reason)
    assert row.body is None
    assert row.failed_reason is not None
    return row.failed_reason.split(": ", 1)[1]


def arrived(world: World, **seize: Any) -> str:
    ref = world.seize(when=world.on(D(2026, 3, 1), 8), **seize)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 10),
        now=world.now,
    )
    return ref


def noticed(world: World, ref: str, hour: int = 12, minute: int = 0) -> None:
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=["Rampur village", "Rampur Monday market"],
        occurred_at=world.on(D(2026, 3, 9), hour, minute),
        now=world.now,
    )


def pay(
    world: World, ref: str, amount: int, when: datetime, animals: list[int] | None = None
) -> None:
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=amount,
        payer=None,
        animals=animals,
        occurred_at=when,
        now=when,
    )


# --- The table itself ------------------------------------------------------------------------


def test_every_template_is_either_worked_out_at_the_send_or_states_a_done_fact() -> None:
    """Practice G16: no template is left without a rule for when it is no longer true."""
    assert set(RULES) | STANDS == set(TEMPLATES)
    assert not set(RULES) & STANDS


def test_a_message_whose_record_did_not_change_says_at_its_send_what_it_said_when_queued(
    world: World,
) -> None:
    """What office/notify/ queues and what office/views/messages_now.py works out agree
    (Sec V-XIV)."""
    seen = 0

    def agree() -> None:
        nonlocal seen
        new = [r for r in outbox(world) if (r.id or 0) > seen]
        seen = max([seen, *(r.id or 0 for r in new)])
        for row in new:
            if row.template not in RULES:
                continue
            verdict = as_it_stands(world.db, [row], row.due_at)[row.id or 0]
            assert verdict == Send(row.params, row.language), row.template

    ref = world.seize(when=world.on(D(2026, 3, 1), 8))
    agree()
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 10),
        now=world.now,
    )
    agree()
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    agree()
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=["Rampur village", "Rampur Monday market"],
        occurred_at=world.on(D(2026, 3, 9), 12),
        now=world.now,
    )
    agree()
    advance_deadlines(world.db, now=world.on(D(2026, 3, 17), 9))
    agree()
    other = world.seize(when=world.on(D(2026, 3, 17), 10))
    agree()
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=other,
        text="my bullocks were on the road",
        occurred_at=world.on(D(2026, 3, 17), 11),
        now=world.now,
    )
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="20 March, Sadar court",
        occurred_at=world.on(D(2026, 3, 17), 12),
        now=world.now,
    )
    agree()
    checked = {r.template for r in outbox(world)} & set(RULES)
    assert checked == {
        "arrival_expected",
        "claim_notice",
        "claim_reminder",
        "complaint_reminder",
        "unclaimed_report",
        "notice_posted",
        "sale_due",
        "sale_due_owner",
        "complaint_waiting",
        "summons",
        "complaint_admitted",
    }


def test_a_batch_is_worked_out_in_the_same_few_queries_however_many_seizures_it_holds(
    world: World,
) -> None:
    """Each seizure's record is loaded once for the batch, not once per message."""
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        statements.append(sql)

    def queries_for_all() -> tuple[int, int]:
        rows = outbox(world)
        statements.clear()
        event.listen(world.db.engine, "before_cursor_execute", count)
        try:
            verdicts = as_it_stands(world.db, rows, world.on(D(2026, 3, 2), 10))
        finally:
            event.remove(world.db.engine, "before_cursor_execute", count)
        return len(statements), len(verdicts)

    for _ in range(2):
        arrived(world)
    few, rows_few = queries_for_all()
    for _ in range(10):
        arrived(world)
    many, rows_many = queries_for_all()

    assert (rows_few, rows_many) == (2 * 5, 12 * 5)
    assert few == many
    assert many <= 12


# --- The owner ---------------------------------------------------------------------------------


def test_a_claim_reminder_states_what_is_due_on_its_day_for_the_heads_still_held(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VI, VII, VIII: one cow was taken back on the 2nd; on the 6th a cow and a buffalo are
    due, six days of feeding each."""
    on_telegram(world)
    ref = arrived(world)
    send(world, telegram, world.on(D(2026, 3, 1), 10, 5))
    pay(world, ref, 48 + 2 * 9, world.on(D(2026, 3, 2), 12), animals=[1])

    report = send(world, telegram, world.on(D(2026, 3, 6), 9))

    assert (report.sent, report.cancelled) == (2, 0)  # and the seizer's outcome of the 2nd
    text = heard(telegram, world.owner)[-1]
    # 48 + 96 fines and 6 x (9 + 12) feeding = 270 pies.
    assert PIES.format(48 + 96 + 6 * 21) == "Rs 1-6-6"
    assert "Due on March 6, 2026: Rs 1-6-6, then Rs 0-1-9 a day" in text
    row = one(world, "claim_reminder")
    assert row.state == "sent" and row.params["total_amount"] == 270


def test_a_reminder_claimed_by_a_worker_that_died_is_checked_again_when_it_is_sent(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VII: the owner paid while the row was held by a dead worker's claim; after the lease
    the next worker takes it and cancels it instead of sending it."""
    on_telegram(world)
    ref = arrived(world)
    send(world, telegram, world.on(D(2026, 3, 1), 10, 5))
    claimed = delivery.claim_due(
        world.db,
        now=world.on(D(2026, 3, 6), 9),
        worker="died-mid-batch",
        channels=["telegram"],
        limit=10,
        lease=timedelta(minutes=5),
    )
    assert [r.template for r in claimed] == ["claim_reminder"]
    pay(world, ref, FINE + 6 * PER_DAY, world.on(D(2026, 3, 6), 9, 1))
    assert one(world, "claim_reminder").state == "sending"  # the act left it to the sender

    report = send(world, telegram, world.on(D(2026, 3, 6), 9, 10))

    # Claimed: the stale reminder, and the seizer's outcome of the payment (sent).
    assert (report.claimed, report.sent, report.cancelled) == (2, 1, 1)
    assert reason(world, "claim_reminder") == (
        f"no head of seizure {ref} is held any longer (3 released paid)"
    )
    assert len(heard(telegram, world.owner)) == 1  # only the claim notice of the 1st


def test_a_reminder_whose_period_ended_before_it_could_go_is_dropped(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VIII, XIV: nothing went out for a week; on the 12th neither period is open any more."""
    on_telegram(world)
    arrived(world)

    report = send(world, telegram, world.on(D(2026, 3, 12), 10))

    assert reason(world, "claim_reminder") == "the claim period ended on 2026-03-08"
    assert reason(world, "complaint_reminder") == (
        "the ten days for a complaint ended on 2026-03-11"
    )
    assert report.cancelled == 3  # and the keeper's arrival_expected: they were registered
    # The claim notice still goes: the cattle are still there to claim, at the 12th's figure.
    [notice] = heard(telegram, world.owner)
    assert f"Pay {PIES.format(FINE + 12 * PER_DAY)} today" in notice


def test_a_complaint_reminder_stands_after_a_sale_under_sec_ix(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec XIV, practice G12: a complaint after a sale is still admissible within the ten days."""
    on_telegram(world)
    ref = arrived(world)
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 2), 10),
        now=world.now,
    )
    act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(3, BUYER, 1920)],
        expenses=48,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 3), 11),
        now=world.now,
    )
    send(world, telegram, world.on(D(2026, 3, 3), 12))
    assert one(world, "complaint_reminder").state == "queued"

    send(world, telegram, world.on(D(2026, 3, 9), 9))

    assert one(world, "complaint_reminder").state == "sent"
    assert "complain to the Magistrate until March 11, 2026" in heard(telegram, world.owner)[-1]


def test_a_notice_posted_at_night_tells_the_owner_in_the_morning_what_is_due_that_morning(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VIII, practice G9, G11: the Darogah posts at 21:30; the owner hears at 08:00 on the 10th,
    with ten days of feeding; the tasks done meanwhile are not sent."""
    on_telegram(world)
    ref = arrived(world)
    noticed(world, ref, 21, 30)
    assert PIES.format(one(world, "notice_posted").params["total_amount"]) == "Rs 2-6-6"  # 9 days

    report = send(world, telegram, world.on(D(2026, 3, 10), 8))

    posted = [t for t in heard(telegram, world.owner) if "notice for your cattle" in t]
    assert PIES.format(FINE + 10 * PER_DAY) == "Rs 2-9-0"
    assert len(posted) == 1 and "Due today Rs 2-9-0." in posted[0]
    assert PIES.format(one(world, "notice_posted").params["total_amount"]) == "Rs 2-9-0"
    assert reason(world, "unclaimed_report") == "the notice was posted on 2026-03-09"
    assert (
        reason(world, "arrival_expected") == "the cattle were registered at the pound on 2026-03-01"
    )
    assert reason(world, "claim_reminder") == "the claim period ended on 2026-03-08"
    assert heard(telegram, world.darogah) == []
    assert report.cancelled == 3


def test_an_owner_who_paid_before_dawn_hears_nothing_of_a_sale_in_the_morning(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VII: he paid at 06:00 on the 10th; the notice posted at 21:30 on the 9th is not sent,
    nor the claim notice; the reminder to complain still is (Sec XIV)."""
    on_telegram(world)
    ref = arrived(world)
    noticed(world, ref, 21, 30)
    pay(world, ref, FINE + 10 * PER_DAY, world.on(D(2026, 3, 10), 6))

    send(world, telegram, world.on(D(2026, 3, 10), 8))

    gone = f"no head of seizure {ref} is held any longer (3 released paid)"
    assert reason(world, "notice_posted") == gone
    assert reason(world, "claim_notice") == gone
    owner = heard(telegram, world.owner)
    assert len(owner) == 1 and "you may complain to the Magistrate" in owner[0]
    assert not any("sold" in text for text in owner)
    assert "released to the owner on payment" in heard(telegram, world.cultivator)[-1]


def test_the_sale_due_message_states_the_amount_of_the_day_it_goes_out(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VIII, practice G2: the owner may still pay until the sale; on the 18th, 18 days."""
    on_telegram(world)
    ref = arrived(world)
    noticed(world, ref)
    advance_deadlines(world.db, now=world.on(D(2026, 3, 17), 9))

    send(world, telegram, world.on(D(2026, 3, 18), 10))

    assert PIES.format(FINE + 18 * PER_DAY) == "Rs 3-13-0"
    assert "Until then pay Rs 3-13-0 at" in heard(telegram, world.owner)[-1]
    assert (
        f"The auction of seizure {ref} may now be held: 3 head"
        in (heard(telegram, world.darogah)[-1])
    )


def test_after_the_auction_neither_sale_due_nor_a_surplus_already_paid_out_is_sent(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VIII, XI: sold at 09:30, the surplus paid to the owner at 09:40, the pass at 09:45."""
    on_telegram(world)
    ref = arrived(world)
    noticed(world, ref)
    advance_deadlines(world.db, now=world.on(D(2026, 3, 17), 9))
    sale = act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(n, BUYER, 960) for n in (1, 2, 3)],
        expenses=48,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 17), 9, 30),
        now=world.now,
    )
    assert sale.surplus_deposit_id is not None
    act(
        world.db,
        claim_surplus,
        actor_id=world.magistrate,
        deposit_id=sale.surplus_deposit_id,
        claimant=OWNER,
        evidence="the register entry names him; the village headman vouches",
        occurred_at=world.on(D(2026, 3, 17), 9, 40),
        now=world.now,
    )

    send(world, telegram, world.on(D(2026, 3, 17), 9, 45))

    sold = f"no head of seizure {ref} is held any longer (3 sold)"
    assert reason(world, "sale_due") == sold
    assert reason(world, "sale_due_owner") == sold
    assert reason(world, "surplus_claimable") == "the surplus is no longer held: claimed"
    assert one(world, "sale_account_unclaimed").state == "sent"  # the account is a fact
    assert heard(telegram, world.darogah) == []


# --- Officers ----------------------------------------------------------------------------------


def test_a_sec_ix_sale_is_not_announced_once_a_complaint_stays_it(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec IX proviso, XIV: the owner refused at 10:00 and complained at 10:30."""
    on_telegram(world)
    ref = arrived(world)
    send(world, telegram, world.on(D(2026, 3, 1), 10, 5))
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 2), 10),
        now=world.now,
    )
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="the field was unfenced common land",
        occurred_at=world.on(D(2026, 3, 2), 10, 30),
        now=world.now,
    )

    send(world, telegram, world.on(D(2026, 3, 2), 10, 45))

    assert reason(world, "sale_due_refused") == (
        f"complaint no. {filed.complaint_id} is pending: no sale until it is decided (Sec IX, XIV)"
    )
    assert heard(telegram, world.darogah) == []
    assert len(heard(telegram, world.magistrate)) == 1  # the complaint itself is waiting


def test_the_notice_to_post_names_only_the_heads_still_held(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VIII: the owner took his buffalo back after the report and before the message went."""
    on_telegram(world)
    ref = arrived(world)
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    assert one(world, "unclaimed_report").params["heads"] == 3
    pay(world, ref, 96 + 9 * 12, world.on(D(2026, 3, 9), 9, 30), animals=[3])

    send(world, telegram, world.on(D(2026, 3, 9), 9, 45))

    [text] = heard(telegram, world.darogah)
    assert f"seizure {ref}, 2 head (2 cows)" in text
    row = one(world, "unclaimed_report")
    assert row.state == "sent"
    assert row.params["notice"]["heads"] == 2
    assert "NOTICE (Sec VIII, Act III of 1857): 2 head (2 cows: 1. cow" in text


def test_police_are_not_asked_for_aid_once_conveyance_is_confirmed(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec II: the constable confirmed the conveyance before the message went; the keeper still
    expects the cattle (Sec V)."""
    on_telegram(world)
    done = act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village="Kemri",
        place="the wheat by the tank",
        damage="grazed the young wheat",
        seizer=None,
        owner=None,
        animals=[AnimalsIn("bullock", 2)],
        occurred_at=world.on(D(2026, 3, 1), 8),
        now=world.now,
        police_aid=True,
    )
    act(
        world.db,
        confirm_conveyance,
        actor_id=world.police,
        ref=done.ref,
        occurred_at=world.on(D(2026, 3, 1), 8, 30),
        now=world.now,
    )

    report = send(world, telegram, world.on(D(2026, 3, 1), 8, 45))

    assert reason(world, "aid_requested") == (
        "the police confirmed the cattle were conveyed to the pound"
    )
    assert heard(telegram, world.police) == []
    [keeper] = heard(telegram, world.keeper)
    assert f"Seizure {done.ref}: 2 head (2 bullocks)" in keeper
    assert (report.sent, report.cancelled) == (1, 1)


def test_a_complaint_admitted_but_not_decided_still_reaches_the_magistrate_and_the_parties(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec XIV: an admitted complaint is still undecided; no sale until it is."""
    on_telegram(world)
    ref = arrived(world)
    send(world, telegram, world.on(D(2026, 3, 1), 10, 5))
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="my cows were on the common",
        occurred_at=world.on(D(2026, 3, 2), 10),
        now=world.now,
    )
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="5 March, Sadar court",
        occurred_at=world.on(D(2026, 3, 2), 10, 10),
        now=world.now,
    )

    report = send(world, telegram, world.on(D(2026, 3, 2), 10, 20))

    assert (report.sent, report.cancelled) == (3, 0)
    assert heard(telegram, world.magistrate)[0].startswith(f"Complaint no. {filed.complaint_id}")
    assert heard(telegram, world.cultivator)[-1].startswith("Summons (Sec XIV)")
    assert "is admitted" in heard(telegram, world.owner)[-1]


# --- Language, facts, and a row that cannot be worked out -----------------------------------


def test_a_message_is_written_in_the_language_the_person_has_when_it_is_sent(
    world: World, telegram: FakeTelegram
) -> None:
    on_telegram(world)
    arrived(world)
    assert one(world, "claim_notice").language == "en"
    with tx(world.db) as s:
        owner = s.get(Person, world.owner)
        assert owner is not None
        owner.language = "hi"
        s.add(owner)

    send(world, telegram, world.on(D(2026, 3, 1), 10, 5))

    [text] = heard(telegram, world.owner)
    assert "Your cattle" not in text and "मार्च" in text
    assert one(world, "claim_notice").language == "hi"
    assert one(world, "register_copy").language == "en"  # the seizer chose nothing


def test_what_is_done_is_told_as_it_was_done_whatever_happened_since(
    world: World, telegram: FakeTelegram
) -> None:
    """Sec VII: the seizer's outcome of the part payment goes as queued after the rest was paid."""
    on_telegram(world)
    ref = arrived(world)
    pay(world, ref, 48 + 9, world.on(D(2026, 3, 1), 12), animals=[1])
    pay(world, ref, 48 + 96 + 2 * 21, world.on(D(2026, 3, 2), 12))

    send(world, telegram, world.on(D(2026, 3, 2), 12, 5))

    outcomes = [r for r in outbox(world, "outcome_released_paid")]
    assert [(r.state, r.params["heads"]) for r in outcomes] == [("sent", 1), ("sent", 2)]
    assert "1 head released to the owner" in heard(telegram, world.cultivator)[1]


def test_a_message_that_cannot_be_worked_out_fails_visibly(
    world: World, telegram: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_telegram(world)
    arrived(world)

    def broken(look: object) -> dict[str, object]:
        raise ValueError("the record cannot be read")

    # A rule that cannot work out its figures (a record it cannot read) must not send stale ones.
    monkeypatch.setitem(RULES, "claim_notice", broken)

    report = send(world, telegram, world.on(D(2026, 3, 1), 10, 5))

    row = outbox(world, "claim_notice")[0]
    assert row.state == "failed"
    assert str(row.failed_reason).startswith("refresh: ValueError: the record cannot be read")
    assert report.failed >= 1
    assert heard(telegram, world.owner) == []
