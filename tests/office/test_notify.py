"""Each act writes its messages to the outbox in its own transaction: to the right people, at the
right local hours, once per cause, and never to someone who cannot be reached."""

from __future__ import annotations

from datetime import date

from sqlmodel import col, select

from law.money import PIES
from models import Outbox, Person
from office import notify
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.auction import record_sale
from office.acts.darogah.notice import post_notice
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.loss import record_loss
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.acts.magistrate.release import order_release
from office.acts.seizer.report import report_seizure
from office.district import district_context
from office.inputs import AnimalsIn, LotIn, PersonIn
from office.records.register import seizure_by_ref
from tests.units import act, tx
from tests.world import World, at

D = date
FIRST = D(2026, 3, 1)
BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")


def rows(world: World, **where: object) -> list[Outbox]:
    with world.db.reading() as s:
        q = select(Outbox).order_by(col(Outbox.id))
        for name, value in where.items():
            q = q.where(getattr(Outbox, name) == value)
        found = list(s.exec(q).all())
        s.expunge_all()  # keep them readable after the read-only session ends
        return found


def sent_to(world: World, person_id: int, state: str = "queued") -> dict[str, Outbox]:
    return {r.template: r for r in rows(world, person_id=person_id, state=state)}


def arrive(world: World, ref: str, day: date = FIRST, hour: int = 10) -> None:
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(day, hour),
        now=world.now,
    )


def test_a_reported_seizure_tells_the_keeper_and_schedules_the_owners_complaint_reminder(
    world: World,
) -> None:
    ref = world.seize()
    keeper = sent_to(world, world.keeper)["arrival_expected"]
    assert keeper.seizure_ref == ref and keeper.private is False
    assert keeper.params["animals_kinds"] == {"cow": 2, "buffalo": 1}
    assert keeper.params["pound"] == "Testpur thana pound"
    assert (keeper.channel, keeper.address, keeper.language) == ("sms", "+919000000001", "en")
    # Ten days from the seizure on 1 March end on 11 March; two days before, at 09:00 IST.
    reminder = sent_to(world, world.owner)["complaint_reminder"]
    assert reminder.due_at == at(D(2026, 3, 9), 9)
    assert reminder.params["complaint_date"] == "2026-03-11"
    assert reminder.params["section"] == "XIV"
    # No copy of the register entry before the cattle are registered.
    assert sent_to(world, world.cultivator) == {}


def test_police_of_the_thana_are_asked_for_aid(world: World) -> None:
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
        occurred_at=world.now,
        now=world.now,
        police_aid=True,
    )
    aid = sent_to(world, world.police)["aid_requested"]
    assert aid.params["ref"] == done.ref and aid.params["section"] == "II"
    assert aid.params["seizer"] == {"name": "Hari Singh", "residence": "Rampur"}
    assert aid.due_at == world.now
    # Not the police of another thana, nor the Darogah.
    assert sent_to(world, world.darogah) == {}


def test_arrival_gives_the_seizer_his_copy_and_the_owner_a_claim_notice_and_reminders(
    world: World,
) -> None:
    ref = world.seize()
    arrive(world, ref)
    copy = sent_to(world, world.cultivator)["register_copy"]
    assert copy.params["register_no"] == "TPR/2026/1"
    assert copy.params["brought_date"] == "2026-03-01" and copy.params["brought_time"] == "10:00"
    assert copy.params["owner_name"] == {"name": "Mohan Lal", "residence": "Kemri"}  # Sec V
    owner = sent_to(world, world.owner)
    notice = owner["claim_notice"]
    # Two cows (4 annas) and a buffalo (8 annas); feeding 9 + 9 + 12 pies a day, one day so far.
    assert notice.params["money"] == "pies"
    assert notice.params["fine_amount"] == 192 and PIES.format(192) == "Rs 1-0-0"
    assert notice.params["per_day_amount"] == 30
    assert notice.params["total_amount"] == 222
    assert notice.params["claim_date"] == "2026-03-08"
    assert notice.params["complaint_date"] == "2026-03-11"
    assert notice.params["pound"] == "Testpur thana pound"
    assert notice.due_at == world.now
    # The claim period ends on 8 March: the reminder is due 6 March at 09:00 IST (03:30 UTC).
    reminder = owner["claim_reminder"]
    assert reminder.due_at == at(D(2026, 3, 6), 9)
    assert reminder.due_at.hour == 3 and reminder.due_at.minute == 30
    # On 6 March six days of feeding are due: 192 + 6 x 30 pies.
    assert reminder.params["total_amount"] == 192 + 6 * 30
    assert owner["complaint_reminder"].due_at == at(D(2026, 3, 9), 9)


def test_a_message_is_in_the_persons_language_or_the_districts_first(world: World) -> None:
    with tx(world.db) as s:
        owner = s.get(Person, world.owner)
        assert owner is not None
        owner.language = "bn"
        owner.telegram_id = 777000111
        s.add(owner)
    ref = world.seize()
    arrive(world, ref)
    notice = sent_to(world, world.owner)["claim_notice"]
    assert (notice.channel, notice.address, notice.language) == ("telegram", "777000111", "bn")
    assert sent_to(world, world.cultivator)["register_copy"].language == "en"


def test_nothing_is_queued_for_someone_with_no_phone_and_no_telegram(world: World) -> None:
    ref = world.seize(owner=PersonIn("Bhola", "Kemri", None))
    arrive(world, ref)
    with world.db.reading() as s:
        bhola_id = s.exec(select(Person.id).where(Person.name == "Bhola")).one()
    assert bhola_id is not None
    assert rows(world, person_id=bhola_id) == []
    with tx(world.db) as s:
        nobody = notify.enqueue(
            s,
            person_id=bhola_id,
            template="claim_notice",
            params={"ref": ref},
            key="test:bhola",
            due_at=world.now,
            now=world.now,
        )
    assert nobody is None
    assert rows(world, dedupe_key="test:bhola") == []


def test_a_repeated_cause_never_makes_a_second_row(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    before = len(rows(world))
    with tx(world.db) as s:
        seizure = seizure_by_ref(s, ref)
        ctx = district_context(s, seizure.district_id)
        notify.arrival_registered(s, seizure, ctx, register_no="TPR/2026/1", now=world.now)
        notify.seizure_reported(s, seizure, ctx, world.now)
        first = notify.enqueue(
            s,
            person_id=world.owner,
            template="claim_notice",
            params={"ref": ref},
            key="same-cause",
            due_at=world.now,
            now=world.now,
        )
        again = notify.enqueue(
            s,
            person_id=world.owner,
            template="claim_notice",
            params={"ref": ref, "other": 1},
            key="same-cause",
            due_at=world.now,
            now=world.now,
        )
    assert first is not None and again is not None and first.id == again.id
    assert len(rows(world)) == before + 1


def test_payment_cancels_the_claim_reminder_and_tells_the_seizer(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    world.on(D(2026, 3, 3), 11)
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=192 + 3 * 30,
        payer=None,
        occurred_at=world.now,
        now=world.now,
    )
    cancelled = sent_to(world, world.owner, "cancelled")
    assert set(cancelled) == {"claim_reminder"}
    assert cancelled["claim_reminder"].failed_reason is not None
    # The owner may still complain of an illegal seizure after paying (Sec XIV).
    assert "complaint_reminder" in sent_to(world, world.owner)
    outcome = sent_to(world, world.cultivator)["outcome_released_paid"]
    assert outcome.params["heads"] == 3 and outcome.params["released_date"] == "2026-03-03"


def test_a_part_payment_keeps_the_reminder_for_the_cattle_still_held(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=48 + 9,
        payer=None,
        animals=[1],
        occurred_at=world.on(D(2026, 3, 1), 12),
        now=world.now,
    )
    assert "claim_reminder" in sent_to(world, world.owner)


def test_a_complaint_reaches_the_magistrate_and_its_decision_both_parties(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.owner,
        ref=ref,
        text="My cows were on the common, not in his field.",
        occurred_at=world.on(D(2026, 3, 2), 11),
        now=world.now,
    )
    waiting = sent_to(world, world.magistrate)["complaint_waiting"]
    assert waiting.params["complaint_id"] == filed.complaint_id
    assert waiting.params["complainant"] == {"name": "Mohan Lal", "residence": "Kemri"}
    assert waiting.private is False
    assert "complaint_reminder" in sent_to(world, world.owner, "cancelled")
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        hearing="4 March, 11 am, Sadar court",
        occurred_at=world.on(D(2026, 3, 3), 11),
        now=world.now,
    )
    summons = sent_to(world, world.cultivator)["summons"]
    assert summons.params["hearing"] == "4 March, 11 am, Sadar court"
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=filed.complaint_id,
        outcome="illegal",
        reasons="the cattle were on common land",
        damages=PIES.from_rupees(5),
        occurred_at=world.on(D(2026, 3, 4), 15),
        now=world.now,
    )
    decided = sent_to(world, world.owner)["complaint_illegal"]
    assert PIES.format(decided.params["damages_amount"]) == "Rs 5-0-0"
    # Nothing was paid yet, so nothing is repaid (the held head's charges fall on the seizer).
    assert decided.params["seizer_pays_amount"] == 0
    seizer = sent_to(world, world.cultivator)["outcome_seizure_illegal"]
    assert seizer.params["decided_date"] == "2026-03-04"
    assert PIES.format(seizer.params["seizer_pays_amount"]) == "Rs 0-0-0"
    # All the cattle were released by the order: nothing is left to claim.
    assert "claim_reminder" in sent_to(world, world.owner, "cancelled")


def test_a_refusal_tells_the_darogah_a_sec_ix_sale_may_be_held(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.tick(hours=2),
        now=world.now,
    )
    darogah = sent_to(world, world.darogah)["sale_due_refused"]
    assert darogah.params["section"] == "IX"
    assert "claim_reminder" in sent_to(world, world.owner, "cancelled")


def test_a_death_in_the_pound_is_told_to_the_owner(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    act(
        world.db,
        record_loss,
        actor_id=world.keeper,
        ref=ref,
        animal=3,
        what="died",
        reason="snake bite",
        occurred_at=world.on(D(2026, 3, 2), 6),
        now=world.now,
    )
    died = sent_to(world, world.owner)["animal_died"]
    assert (died.params["number"], died.params["on_date"]) == (3, "2026-03-02")
    assert died.params["section"] == "practice G7"


def test_a_release_by_order_tells_owner_and_seizer(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    act(
        world.db,
        order_release,
        actor_id=world.magistrate,
        ref=ref,
        reason="the owner is a widow in want",
        occurred_at=world.tick(hours=3),
        now=world.now,
    )
    assert sent_to(world, world.owner)["owner_released_by_order"].params["section"] == "VI"
    assert "outcome_released_by_order" in sent_to(world, world.cultivator)


def test_notice_and_sale_give_the_owner_dates_account_and_surplus(world: World) -> None:
    from office.acts.keeper.unclaimed import report_unclaimed

    ref = world.seize(animals=[AnimalsIn("buffalo")])
    arrive(world, ref)
    act(
        world.db,
        report_unclaimed,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 9), 9),
        now=world.now,
    )
    report = sent_to(world, world.darogah)["unclaimed_report"]
    assert report.params["notice"]["animals_kinds"] == {"buffalo": 1}
    assert report.params["claim_date"] == "2026-03-08"
    act(
        world.db,
        post_notice,
        actor_id=world.darogah,
        ref=ref,
        proclaimed_in=["Rampur village", "Rampur Monday market"],
        occurred_at=world.on(D(2026, 3, 9), 12),
        now=world.now,
    )
    posted = sent_to(world, world.owner)["notice_posted"]
    assert posted.params["sale_date"] == "2026-03-17"
    assert posted.params["claim_date"] == "2026-03-16"
    act(
        world.db,
        record_sale,
        actor_id=world.darogah,
        ref=ref,
        lots=[LotIn(1, BUYER, 1920)],
        expenses=48,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 17), 11),
        now=world.now,
    )
    owner = sent_to(world, world.owner)
    account = owner["sale_account_unclaimed"]
    assert account.params["proceeds_amount"] == 1920
    assert PIES.format(account.params["balance_amount"]) == "Rs 8-3-0"
    surplus = owner["surplus_claimable"]
    assert surplus.params["until_date"] == "2026-06-17"
    assert PIES.format(surplus.params["surplus_amount"]) == "Rs 8-3-0"
    assert sent_to(world, world.cultivator)["outcome_sold"].params["section"] == "VIII"
    # Sold cattle cannot be claimed: the claim reminder is void. The complaint reminder is left
    # to the sender, which drops it only because the ten days ended on 11 March (Sec XIV).
    assert set(sent_to(world, world.owner, "cancelled")) == {"claim_reminder"}
    assert "complaint_reminder" in sent_to(world, world.owner)
    assert surplus.params["deposit_id"] is not None
