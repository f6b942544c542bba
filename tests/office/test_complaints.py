"""Complaints against a seizure (Sec XIV) as the office records them: after a sale (practice G12),
who may complain and who becomes owner of record (G14), the summons before any judgment on the
seizure (G15), the stay of every sale (Sec IX proviso, G3), and what the seizer owes."""

from __future__ import annotations

import ast
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, func, select

import office
from law.errors import (
    ComplainantNotOwner,
    ComplaintAlreadyPending,
    ComplaintDecided,
    ComplaintNotAdmitted,
    ComplaintOutOfTime,
    ComplaintUnderEnquiry,
    EventOutOfOrder,
    InvalidInput,
    InvalidTransition,
    NotAuthorised,
    SaleStayedByComplaint,
)
from law.money import PIES
from models import AuditEvent, Complaint, LedgerPosting, LedgerTxn, Outbox, Seizure
from office.acts.complainant.complaint import file_complaint
from office.acts.darogah.auction import record_sale
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.acts.magistrate.complaint import admit_complaint, decide_complaint
from office.inputs import LotIn, PersonIn
from office.people import find_or_add_person
from office.records import ledger
from office.views.seizure import seizure_view
from tests.units import act, tx
from tests.world import OWNER, World, other_district_magistrate

D = date
BUYER = PersonIn("Ganga Ram", "Kemri", "+919555555555")
STRANGER = PersonIn("Ram Prasad", "Dhakia", "+919333333333")


def count(world: World, table: type) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(table)).one())


def arrive(world: World, ref: str) -> None:
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.on(D(2026, 3, 1), 10),
        now=world.now,
    )


def refuse_and_sell_one_cow(world: World, ref: str) -> None:
    """Sec IX: the owner refuses on 2 March; on 3 March cow no. 1 is sold for Rs 0-8-3 (99 pies):
    expenses 24, then 75 of the fines of all three head (practice G5: expenses, fines, feeding).
    That is short of the dues of all three, so the other two stay in the pound (practice G13)."""
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
        lots=[LotIn(1, BUYER, 99)],
        expenses=24,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 3), 11),
        now=world.now,
    )


def complain(world: World, ref: str, day: date, hour: int = 10, **kw: object) -> int:
    actor = kw.pop("actor_id", world.owner)
    done = act(
        world.db,
        file_complaint,
        actor_id=actor,
        ref=ref,
        text=str(kw.pop("text", "my cattle were on the road, not in his field")),
        occurred_at=world.on(day, hour),
        now=world.now,
        **kw,
    )
    return done.complaint_id


def admit(world: World, complaint_id: int, day: date, hour: int = 12) -> None:
    act(
        world.db,
        admit_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint_id,
        hearing=f"{day:%d %B}, Sadar court",
        occurred_at=world.on(day, hour),
        now=world.now,
    )


def person(world: World, who: PersonIn) -> int:
    with tx(world.db) as s:
        return (
            find_or_add_person(
                s, name=who.name, residence=who.residence, phone=who.phone, now=world.now
            ).id
            or 0
        )


def row(world: World, complaint_id: int) -> Complaint:
    with world.db.reading() as s:
        found = s.get(Complaint, complaint_id)
        assert found is not None
        s.expunge_all()  # keep it readable after the read-only session ends
        return found


def owner_of_record(world: World, ref: str) -> int | None:
    with world.db.reading() as s:
        return s.exec(select(Seizure.owner_id).where(Seizure.ref == ref)).one()


def balances(world: World) -> dict[str, int]:
    with world.db.reading() as s:
        q = (
            select(LedgerPosting.account, func.sum(LedgerPosting.amount))
            .join(LedgerTxn, col(LedgerTxn.id) == col(LedgerPosting.txn_id))
            .group_by(col(LedgerPosting.account))
        )
        return {a: int(t) for a, t in s.exec(q).all()}


def actions(world: World, ref: str) -> list[str]:
    with world.db.reading() as s:
        return list(
            s.exec(
                select(AuditEvent.action)
                .where(AuditEvent.subject == ref)
                .order_by(col(AuditEvent.seq))
            ).all()
        )


def queued(world: World, person_id: int) -> dict[str, Outbox]:
    with world.db.reading() as s:
        rows = s.exec(select(Outbox).where(Outbox.person_id == person_id)).all()
        s.expunge_all()
        return {r.template: r for r in rows}


# --- G12: a complaint after a sale -------------------------------------------------------------


def test_a_complaint_after_a_sec_ix_sale_is_admitted_and_stays_the_next_sale(world: World) -> None:
    """Practice G12, Sec IX proviso: ten days from the seizure, whatever happened since."""
    ref = world.seize()
    arrive(world, ref)
    refuse_and_sell_one_cow(world, ref)
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert [a["status"] for a in view["animals"]] == ["sold", "impounded", "impounded"]
    complaint = complain(world, ref, D(2026, 3, 4))
    assert seizure_view(world.db, ref=ref, now=world.now)["complaint_pending"] is True
    with pytest.raises(SaleStayedByComplaint) as stayed:
        act(
            world.db,
            record_sale,
            actor_id=world.darogah,
            ref=ref,
            lots=[LotIn(2, BUYER, 500)],
            expenses=0,
            place="Rampur market",
            occurred_at=world.on(D(2026, 3, 5), 11),
            now=world.now,
        )
    assert stayed.value.section == "IX"
    admit(world, complaint, D(2026, 3, 5))
    with pytest.raises(SaleStayedByComplaint):
        act(
            world.db,
            record_sale,
            actor_id=world.darogah,
            ref=ref,
            lots=[LotIn(3, BUYER, 900)],
            expenses=0,
            place="Rampur market",
            occurred_at=world.on(D(2026, 3, 6), 11),
            now=world.now,
        )
    # The sale held stands; nothing was sold since.
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert [a["status"] for a in view["animals"]] == ["sold", "impounded", "impounded"]
    assert len(view["sales"]) == 1


def test_an_illegal_seizure_after_a_sale_makes_the_seizer_repay_what_the_proceeds_paid(
    world: World,
) -> None:
    """Sec XIV, practice G12: beside the damages and the expenses of release, the seizer pays
    all fines paid and expenses incurred: the fine, feeding and expenses of sale taken out of the
    proceeds count as paid by the owner. Cattle still held are released by order and their
    fines and feeding fall on the seizer."""
    ref = world.seize()
    arrive(world, ref)
    refuse_and_sell_one_cow(world, ref)
    complaint = complain(world, ref, D(2026, 3, 4))
    admit(world, complaint, D(2026, 3, 5))
    done = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        outcome="illegal",
        reasons="the cattle were seized on the public road",
        damages=1920,
        expenses=96,
        occurred_at=world.on(D(2026, 3, 7), 15),
        now=world.now,
    )
    # Taken out of the proceeds: expenses 24, fines 75 (G5), feeding nothing.
    repaid = 24 + 75
    # Left unpaid on 7 March: fines 48 + 48 + 96 - 75, and the feeding of cow 1 to its sale
    # (3 days x 9), cow 2 (7 days x 9) and the buffalo (7 days x 12).
    held_fines, held_feeding = 192 - 75, 3 * 9 + 7 * 9 + 7 * 12
    assert done.released == [2, 3]
    assert (done.fines_repaid, done.held_charges) == (repaid, held_fines + held_feeding)
    assert done.owed_to_owner == 1920 + 96 + repaid == 2115
    assert done.owed_to == world.owner
    assert done.seizer_pays == repaid + held_fines + held_feeding == 390
    assert done.seizer_owes == 2115 + 291 == 2406
    stored = row(world, complaint)
    assert (stored.status, stored.seizure_illegal, stored.release_ordered) == (
        "illegal",
        True,
        True,
    )
    assert (stored.fines_repaid, stored.held_charges, stored.owed_to_owner) == (99, 291, 2115)
    # The ledger: what the seizer owes, and to whom.
    money = balances(world)
    assert money[ledger.seizer_receivable(ref)] == 2406
    assert money[ledger.owed_by_seizer(ref, world.owner)] == -2115
    # Every fine once: those paid at the release are in the fund; those of the cattle still
    # held are owed to it by the seizer, not received (Sec XII).
    assert money[ledger.FUND_FINES] == -75
    assert money[ledger.owed_to_fund(ledger.seizer_source(ref))] == -held_fines
    assert money[ledger.keeper_feeding("TPR")] == -held_feeding
    with world.db.reading() as s:
        payload = s.exec(
            select(AuditEvent.payload).where(AuditEvent.action == "complaint_decided")
        ).one()
    assert payload["fines_repaid"] == {"fines": 75, "feeding": 0, "expenses_of_sale": 24}
    assert (payload["owed_to_owner"], payload["owed_to"]) == (2115, world.owner)
    assert (payload["held_charges"], payload["seizer_owes"]) == (291, 2406)
    # The messages: both hear what the seizer owes the owner: the damages, the expenses and
    # the fines and expenses taken from the proceeds.
    for person_id, template in (
        (world.owner, "complaint_illegal"),
        (world.cultivator, "outcome_seizure_illegal"),
    ):
        params = queued(world, person_id)[template].params
        assert PIES.format(params["damages_amount"]) == "Rs 10-0-0"
        assert PIES.format(params["expenses_amount"]) == "Rs 0-8-0"
        assert PIES.format(params["seizer_pays_amount"]) == "Rs 0-8-3"  # 99 pies
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["status"] == "closed"
    assert [a["status"] for a in view["animals"]] == [
        "sold",
        "released_by_order",
        "released_by_order",
    ]
    assert view["complaints"][0]["owed_to_owner"] == 2115
    assert view["due"]["total"] == 0


def test_a_fine_paid_at_a_release_counts_as_paid_by_the_owner(world: World) -> None:
    """Sec XIV, practice G12: what the owner paid to take a head back is repaid by the seizer."""
    ref = world.seize()
    arrive(world, ref)
    receipt = act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=48 + 2 * 9,
        payer=None,
        animals=[1],
        occurred_at=world.on(D(2026, 3, 2), 11),
        now=world.now,
    )
    assert receipt.total == 66
    complaint = complain(world, ref, D(2026, 3, 3))
    admit(world, complaint, D(2026, 3, 3), 15)
    done = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        outcome="illegal",
        reasons="no damage was done",
        occurred_at=world.on(D(2026, 3, 4), 11),
        now=world.now,
    )
    # Repaid 66; held: cow 2 (48 + 4 x 9) and the buffalo (96 + 4 x 12).
    assert (done.fines_repaid, done.held_charges, done.owed_to_owner) == (66, 84 + 144, 66)
    assert done.released == [2, 3]
    assert balances(world)[ledger.owed_by_seizer(ref, world.owner)] == -66


def test_a_complaint_when_every_head_was_sold_is_heard_and_repays_the_proceeds_taken(
    world: World,
) -> None:
    """Practice G12: nothing is left to stay or release; the award stands all the same."""
    ref = world.seize()
    arrive(world, ref)
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
        lots=[LotIn(1, BUYER, 100), LotIn(2, BUYER, 100), LotIn(3, BUYER, 200)],
        expenses=48,
        place="Rampur market",
        occurred_at=world.on(D(2026, 3, 3), 11),
        now=world.now,
    )
    assert seizure_view(world.db, ref=ref, now=world.now)["status"] == "closed"
    complaint = complain(world, ref, D(2026, 3, 11), 20)  # the last of the ten days
    admit(world, complaint, D(2026, 3, 12))
    done = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        outcome="illegal",
        reasons="seized on the road",
        damages=960,
        occurred_at=world.on(D(2026, 3, 13), 11),
        now=world.now,
    )
    # Fines 192, feeding 3 days x 30 = 90, expenses 48 were all taken from the proceeds.
    assert (done.released, done.held_charges) == ([], 0)
    assert (done.fines_repaid, done.owed_to_owner) == (330, 960 + 330)
    with pytest.raises(ComplaintOutOfTime):
        complain(world, ref, D(2026, 3, 13), 12, actor_id=person(world, STRANGER))


def test_a_complaint_dated_before_the_sale_recorded_is_refused_and_changes_nothing(
    world: World,
) -> None:
    """A complaint stays any sale (IX proviso, G3): one dated before a sale already recorded
    would say the sale was held while it was stayed. It is dated when it is filed, after the
    record's last act (the sale), and is heard then (G12)."""
    ref = world.seize()
    arrive(world, ref)
    refuse_and_sell_one_cow(world, ref)  # sold on 3 March at 11:00
    world.on(D(2026, 3, 4), 10)
    events = count(world, AuditEvent)

    with pytest.raises(EventOutOfOrder) as refused:
        complain(world, ref, D(2026, 3, 3), 9)  # the morning before the sale

    assert refused.value.details["last_event_at"] == "2026-03-03T05:30:00+00:00"
    assert (count(world, Complaint), count(world, AuditEvent)) == (0, events)
    complain(world, ref, D(2026, 3, 4), 10)
    assert count(world, Complaint) == 1


def test_a_sale_does_not_cancel_the_owners_complaint_reminder(world: World) -> None:
    """Practice G12: the owner may still complain after a sale, so he is still reminded."""
    ref = world.seize()
    arrive(world, ref)
    refuse_and_sell_one_cow(world, ref)
    reminder = queued(world, world.owner)["complaint_reminder"]
    assert reminder.state == "queued"


# --- G15: the summons before any judgment on the seizure -----------------------------------


def test_lawful_or_illegal_on_a_complaint_not_admitted_is_refused_and_changes_nothing(
    world: World,
) -> None:
    """Practice G15, Sec XIV: only after the party complained against was summoned."""
    ref = world.seize()
    arrive(world, ref)
    complaint = complain(world, ref, D(2026, 3, 2))
    before = (balances(world), actions(world, ref))
    for outcome in ("lawful", "illegal"):
        with pytest.raises(ComplaintNotAdmitted) as caught:
            act(
                world.db,
                decide_complaint,
                actor_id=world.magistrate,
                complaint_id=complaint,
                outcome=outcome,
                reasons="decided without a summons",
                occurred_at=world.on(D(2026, 3, 3), 11),
                now=world.now,
            )
        assert caught.value.section == "XIV"
    assert row(world, complaint).status == "pending"
    assert (balances(world), actions(world, ref)) == before
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["complaint_pending"] is True
    assert {a["status"] for a in view["animals"]} == {"impounded"}
    assert "summons" not in queued(world, world.cultivator)


def test_a_complaint_is_dismissed_on_examination_without_a_summons(world: World) -> None:
    """Sec XIV, practice G15: no reason to believe it well founded: no summons, no enquiry."""
    ref = world.seize()
    arrive(world, ref)
    complaint = complain(world, ref, D(2026, 3, 2))
    done = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        outcome="dismissed",
        reasons="the cattle were in the cane by his own account",
        occurred_at=world.on(D(2026, 3, 2), 15),
        now=world.now,
    )
    assert (done.outcome, done.released, done.seizer_owes) == ("dismissed", [], 0)
    stored = row(world, complaint)
    assert (stored.status, stored.seizure_illegal, stored.admitted_at) == ("dismissed", None, None)
    assert seizure_view(world.db, ref=ref, now=world.now)["complaint_pending"] is False
    assert "summons" not in queued(world, world.cultivator)
    assert "complaint_dismissed" in queued(world, world.owner)


def test_after_the_summons_the_enquiry_ends_lawful_or_illegal_never_dismissed(
    world: World,
) -> None:
    """Practice G15."""
    ref = world.seize()
    arrive(world, ref)
    complaint = complain(world, ref, D(2026, 3, 2))
    admit(world, complaint, D(2026, 3, 2), 15)
    stored = row(world, complaint)
    assert (stored.status, stored.hearing) == ("admitted", "02 March, Sadar court")
    assert queued(world, world.cultivator)["summons"].params["hearing"] == "02 March, Sadar court"
    with pytest.raises(ComplaintUnderEnquiry):
        act(
            world.db,
            decide_complaint,
            actor_id=world.magistrate,
            complaint_id=complaint,
            outcome="dismissed",
            reasons="x",
            occurred_at=world.on(D(2026, 3, 3), 11),
            now=world.now,
        )
    with pytest.raises(InvalidTransition):
        admit(world, complaint, D(2026, 3, 3))
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        outcome="lawful",
        reasons="the cattle were in the cane",
        occurred_at=world.on(D(2026, 3, 4), 11),
        now=world.now,
    )
    for again in ("lawful", "illegal", "dismissed"):
        with pytest.raises(ComplaintDecided):
            act(
                world.db,
                decide_complaint,
                actor_id=world.magistrate,
                complaint_id=complaint,
                outcome=again,
                reasons="again",
                occurred_at=world.on(D(2026, 3, 5), 11),
                now=world.now,
            )
    with pytest.raises(ComplaintDecided):
        admit(world, complaint, D(2026, 3, 5))
    assert {a["status"] for a in seizure_view(world.db, ref=ref, now=world.now)["animals"]} == {
        "impounded"
    }


def test_a_summons_names_when_and_where_the_enquiry_is_held(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    complaint = complain(world, ref, D(2026, 3, 2))
    with pytest.raises(InvalidInput):
        act(
            world.db,
            admit_complaint,
            actor_id=world.magistrate,
            complaint_id=complaint,
            hearing="  ",
            occurred_at=world.now,
            now=world.now,
        )
    assert row(world, complaint).status == "pending"


# --- Who may admit and decide ----------------------------------------------------------------


def test_only_the_magistrate_of_the_district_admits_or_decides(world: World) -> None:
    """Sec XIV: the Magistrate (or an officer with his powers); no keeper, Darogah, constable,
    private person, nor a Magistrate of another district."""
    ref = world.seize()
    arrive(world, ref)
    complaint = complain(world, ref, D(2026, 3, 2))
    outsiders = {
        "keeper": world.keeper,
        "darogah": world.darogah,
        "police": world.police,
        "owner": world.owner,
        "seizer": world.cultivator,
        "other district's Magistrate": other_district_magistrate(world),
    }
    for who, actor in outsiders.items():
        with pytest.raises(NotAuthorised, match="magistrate"):
            act(
                world.db,
                admit_complaint,
                actor_id=actor,
                complaint_id=complaint,
                hearing="3 March",
                occurred_at=world.on(D(2026, 3, 2), 12),
                now=world.now,
            )
        assert row(world, complaint).status == "pending", who
    admit(world, complaint, D(2026, 3, 2), 13)
    for who, actor in outsiders.items():
        with pytest.raises(NotAuthorised, match="magistrate"):
            act(
                world.db,
                decide_complaint,
                actor_id=actor,
                complaint_id=complaint,
                outcome="illegal",
                reasons="x",
                occurred_at=world.on(D(2026, 3, 3), 12),
                now=world.now,
            )
        assert row(world, complaint).status == "admitted", who
    assert seizure_view(world.db, ref=ref, now=world.now)["complaint_pending"] is True
    done = act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=complaint,
        outcome="illegal",
        reasons="seized on the road",
        occurred_at=world.on(D(2026, 3, 3), 13),
        now=world.now,
    )
    assert done.released == [1, 2, 3]


# --- G14: who complains, and who is the owner of record ---------------------------------------


def test_a_complaint_never_makes_anyone_the_owner_of_record(world: World) -> None:
    """Practice G14: with no owner on record, the complainant only claims to be the owner; the
    real owner later pays and is receipted, and a payment with no payer is not his."""
    ref = world.seize(owner=None)
    arrive(world, ref)
    stranger = person(world, STRANGER)
    with pytest.raises(InvalidInput, match="name him"):
        # With no owner on record an agent must name the person he complains for.
        act(
            world.db,
            file_complaint,
            actor_id=stranger,
            ref=ref,
            text="for my cousin",
            agent_name="Ram Prasad",
            occurred_at=world.on(D(2026, 3, 2), 9),
            now=world.now,
        )
    filed = act(
        world.db,
        file_complaint,
        actor_id=stranger,
        ref=ref,
        text="these are my cattle and were on my land",
        occurred_at=world.on(D(2026, 3, 2), 10),
        now=world.now,
    )
    assert (filed.complainant_id, filed.standing) == (stranger, "claiming_owner")
    assert owner_of_record(world, ref) is None
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["owner"] is None
    assert view["complaints"][0]["standing"] == "claiming_owner"
    # A payment naming nobody is refused, not receipted to the complainant.
    with pytest.raises(InvalidInput) as who:
        act(
            world.db,
            record_payment,
            actor_id=world.keeper,
            ref=ref,
            amount=48 + 18,
            payer=None,
            animals=[1],
            occurred_at=world.on(D(2026, 3, 2), 11),
            now=world.now,
        )
    assert who.value.section == "VII"
    # The real owner establishes his claim before the keeper and pays.
    receipt = act(
        world.db,
        record_payment,
        actor_id=world.keeper,
        ref=ref,
        amount=48 + 18,
        payer=OWNER,
        animals=[1],
        occurred_at=world.on(D(2026, 3, 2), 12),
        now=world.now,
    )
    assert "Signed: Mohan Lal" in receipt.receipt_text
    assert owner_of_record(world, ref) == world.owner
    # The owner of record may complain too; the stranger's complaint stays on the record.
    own = complain(world, ref, D(2026, 3, 3))
    assert row(world, own).standing == "owner_of_record"
    assert row(world, filed.complaint_id).status == "pending"


def test_a_magistrate_taking_down_a_verbal_complaint_names_its_complainant(world: World) -> None:
    """Sec XIV: the substance taken down in writing by the Magistrate; practice G14: he names
    the complainant (name and residence) and is never the complainant by default."""
    ref = world.seize(owner=None)
    arrive(world, ref)
    for named in (None, PersonIn("Bhola", "", None)):
        with pytest.raises(InvalidInput) as caught:
            act(
                world.db,
                file_complaint,
                actor_id=world.magistrate,
                ref=ref,
                text="says the bullocks were on the road",
                mode="verbal",
                complainant=named,
                occurred_at=world.on(D(2026, 3, 2), 10),
                now=world.now,
            )
        assert caught.value.section == "XIV"
    with world.db.reading() as s:
        assert s.exec(select(Complaint)).all() == []
    filed = act(
        world.db,
        file_complaint,
        actor_id=world.magistrate,
        ref=ref,
        text="says the bullocks were on the road",
        mode="verbal",
        complainant=PersonIn("Bhola Nath", "Kemri", None),
        occurred_at=world.on(D(2026, 3, 2), 11),
        now=world.now,
    )
    stored = row(world, filed.complaint_id)
    assert stored.complainant_id != world.magistrate
    assert (stored.received_by, stored.filed_by, stored.mode) == (
        world.magistrate,
        world.magistrate,
        "verbal",
    )
    assert stored.standing == "claiming_owner"
    assert owner_of_record(world, ref) is None
    view = seizure_view(world.db, ref=ref, now=world.now)
    assert view["complaints"][0]["complainant"] == {"name": "Bhola Nath", "residence": "Kemri"}


def test_a_verbal_complaint_is_taken_down_by_a_magistrate_only(world: World) -> None:
    ref = world.seize()
    arrive(world, ref)
    for actor in (world.owner, world.keeper, other_district_magistrate(world)):
        with pytest.raises(NotAuthorised):
            act(
                world.db,
                file_complaint,
                actor_id=actor,
                ref=ref,
                text="spoken",
                mode="verbal",
                complainant=OWNER,
                agent_name="Sita Ram",
                occurred_at=world.on(D(2026, 3, 2), 10),
                now=world.now,
            )


def test_with_an_owner_on_record_another_complains_only_as_his_agent(world: World) -> None:
    """Sec XIV: in person or by an agent personally acquainted with the circumstances;
    practice G10, G14: the owner of record is the complainant."""
    ref = world.seize()
    arrive(world, ref)
    stranger = person(world, STRANGER)
    for actor, named in ((world.cultivator, None), (stranger, None), (stranger, STRANGER)):
        with pytest.raises(ComplainantNotOwner) as caught:
            act(
                world.db,
                file_complaint,
                actor_id=actor,
                ref=ref,
                text="they are mine",
                complainant=named,
                occurred_at=world.on(D(2026, 3, 2), 10),
                now=world.now,
            )
        assert caught.value.details == {"owner": "Mohan Lal"}
    # Calling himself the agent while complaining in his own name makes him no agent.
    with pytest.raises(InvalidInput, match="name him"):
        act(
            world.db,
            file_complaint,
            actor_id=stranger,
            ref=ref,
            text="they are mine",
            complainant=STRANGER,
            agent_name="Ram Prasad",
            occurred_at=world.on(D(2026, 3, 2), 10),
            now=world.now,
        )
    # Naming someone else without saying he is the agent is refused too.
    with pytest.raises(NotAuthorised):
        act(
            world.db,
            file_complaint,
            actor_id=stranger,
            ref=ref,
            text="for Mohan Lal",
            complainant=OWNER,
            occurred_at=world.on(D(2026, 3, 2), 10),
            now=world.now,
        )
    with world.db.reading() as s:
        assert s.exec(select(Complaint)).all() == []
    filed = act(
        world.db,
        file_complaint,
        actor_id=stranger,
        ref=ref,
        text="Mohan Lal's bullocks were on the road; I saw it",
        agent_name="Ram Prasad",
        occurred_at=world.on(D(2026, 3, 2), 11),
        now=world.now,
    )
    stored = row(world, filed.complaint_id)
    assert (stored.complainant_id, stored.agent_name, stored.filed_by) == (
        world.owner,
        "Ram Prasad",
        stranger,
    )
    assert (stored.standing, stored.received_by) == ("owner_of_record", None)


def test_one_undecided_complaint_per_complainant_per_seizure(world: World) -> None:
    """Practice G14: a second one while the first is pending or admitted is refused."""
    ref = world.seize()
    arrive(world, ref)
    first = complain(world, ref, D(2026, 3, 2))
    with pytest.raises(ComplaintAlreadyPending) as caught:
        complain(world, ref, D(2026, 3, 2), 11, agent_name="Sita Ram", actor_id=world.police)
    assert caught.value.section == "practice G14"
    act(
        world.db,
        decide_complaint,
        actor_id=world.magistrate,
        complaint_id=first,
        outcome="dismissed",
        reasons="not well founded",
        occurred_at=world.on(D(2026, 3, 3), 10),
        now=world.now,
    )
    second = complain(world, ref, D(2026, 3, 4), text="a better statement of the facts")
    admit(world, second, D(2026, 3, 4))
    with pytest.raises(ComplaintAlreadyPending):
        complain(world, ref, D(2026, 3, 5))
    with world.db.reading() as s:
        statuses = s.exec(select(Complaint.status).order_by(col(Complaint.id))).all()
    assert statuses == ["dismissed", "admitted"]
    assert seizure_view(world.db, ref=ref, now=world.now)["complaint_pending"] is True


def test_the_database_itself_holds_one_undecided_complaint_per_complainant(world: World) -> None:
    """Practice G14, kept by a partial unique index (SQLite and PostgreSQL alike)."""
    ref = world.seize()
    with world.db.reading() as s:
        seizure_id, district_id = s.exec(
            select(Seizure.id, Seizure.district_id).where(Seizure.ref == ref)
        ).one()

    def add(status: str, complainant: int) -> None:
        with tx(world.db) as s:
            s.add(
                Complaint(
                    seizure_id=seizure_id or 0,
                    district_id=district_id,
                    complainant_id=complainant,
                    mode="written",
                    text="x",
                    filed_at=world.now,
                    status=status,
                )
            )

    add("dismissed", world.owner)
    add("lawful", world.owner)
    add("pending", world.owner)
    add("pending", world.cultivator)
    for status in ("pending", "admitted"):
        with pytest.raises(IntegrityError):
            add(status, world.owner)
    with world.db.reading() as s:
        assert len(s.exec(select(Complaint)).all()) == 4


def test_only_the_keeper_records_the_owner_of_record(world: World) -> None:
    """Practice G14: the seizer may name the owner when he reports; otherwise the keeper records
    him when he establishes his claim: at arrival, payment or refusal. No other act writes it."""
    office_dir = Path(office.__file__).parent
    writes: list[str] = []
    for source in sorted(office_dir.rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                targets = node.targets if isinstance(node, ast.Assign) else []
                for t in targets:
                    if isinstance(t, ast.Attribute) and t.attr == "owner_id":
                        writes.append(f"{source.name}:{fn.name}")
                if isinstance(node, ast.keyword) and node.arg == "owner_id":
                    writes.append(f"{source.name}:{fn.name}")
    # register_arrival(owner=...); claimant for record_payment and record_refusal; the refusal's
    # own row; the seizer naming the owner in his report (report_seizure).
    # Two other records name an owner without making one: the Sec XVII recovery order names the
    # owner of the cattle to be sold, and the Sec IX receipt the owner of record who signs it.
    assert sorted(set(writes)) == [
        "arrival.py:_name_owner",
        "parties.py:claimant",
        "recovery_order.py:order_recovery",
        "refusal.py:record_refusal",
        "report.py:report_seizure",
        "sale_account.py:_deliver_to_owner",
    ]
    # And at refusal the keeper records the owner who appears.
    ref = world.seize(owner=None)
    arrive(world, ref)
    act(
        world.db,
        record_refusal,
        actor_id=world.keeper,
        ref=ref,
        owner=OWNER,
        occurred_at=world.on(D(2026, 3, 2), 10),
        now=world.now,
    )
    assert owner_of_record(world, ref) == world.owner


@pytest.mark.parametrize("expenses", [99, 75, 24])
def test_expenses_of_release_that_repeat_what_the_owner_paid_are_refused_as_counted_twice(
    world: World, expenses: int
) -> None:
    """Sec XIV, G12: "the expenses of procuring the release" are the complainant's own; the
    fines and expenses of sale taken out of the proceeds (75 + 24 = 99 pies) are repaid to him
    already. Expenses equal to them are refused and nothing changes; said to be besides them,
    they are awarded beside them."""
    ref = world.seize()
    arrive(world, ref)
    refuse_and_sell_one_cow(world, ref)
    complaint = complain(world, ref, D(2026, 3, 4))
    admit(world, complaint, D(2026, 3, 5))
    decide = {
        "actor_id": world.magistrate,
        "complaint_id": complaint,
        "outcome": "illegal",
        "reasons": "the cattle were seized on the public road",
        "damages": 1920,
        "expenses": expenses,
        "occurred_at": world.on(D(2026, 3, 7), 15),
        "now": world.now,
    }
    before = balances(world)
    with pytest.raises(InvalidInput) as twice:
        act(world.db, decide_complaint, **decide)  # type: ignore[arg-type]
    assert twice.value.section == "XIV"
    assert twice.value.details == twice.value.details | {"expenses": expenses, "repaid": 99}
    assert row(world, complaint).status == "admitted" and balances(world) == before
    done = act(world.db, decide_complaint, **decide, expenses_besides_repaid=True)  # type: ignore[arg-type]
    assert (done.expenses, done.fines_repaid) == (expenses, 99)
    assert done.owed_to_owner == 1920 + expenses + 99
