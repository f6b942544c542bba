"""Complaints against a seizure to the Magistrate within ten days, and his decision (Sec XIV).

The rules are in `law.complaint` (who may complain, the form, the steps, the seizer's
liability) and `law.lifecycle` (the ten days, the stay of sale); this module records them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from law.complaint import (
    ComplaintStatus,
    Liability,
    Paid,
    check_award,
    check_expenses_not_counted,
    liability,
    step,
)
from law.errors import N_, InvalidInput, NotFound
from law.lifecycle import IN_CUSTODY, AnimalStatus, DecideComplaint
from models import Complaint, Payment, Sale, Seizure, Unit
from models.db import Reader
from office import notify
from office.acts.alike import OnSeizure, magistrate
from office.acts.magistrate.release import write_release_order
from office.charges import payable_on
from office.inputs import Amount
from office.people import get_person
from office.records import ledger
from office.records.memos import CHARGED_TO_SEIZER, OWED_BY_SEIZER, memo
from office.records.register import seizure_by_ref
from office.views.amounts import read_amount

# The Magistrate's decisions (Sec XIV): `admitted` is a step, not a decision.
OUTCOMES = (ComplaintStatus.DISMISSED, ComplaintStatus.LAWFUL, ComplaintStatus.ILLEGAL)


def _complaint_and_seizure(s: Session, complaint_id: int) -> tuple[Complaint, Seizure]:
    complaint = s.get(Complaint, complaint_id)
    if complaint is None:
        raise NotFound(N_("no complaint {complaint_id}"), said={"complaint_id": complaint_id})
    ref = s.exec(select(Seizure.ref).where(Seizure.id == complaint.seizure_id)).first()
    if ref is None:
        raise NotFound(N_("no seizure {seizure_id}"), said={"seizure_id": complaint.seizure_id})
    seizure = seizure_by_ref(s, ref, lock=True)
    # Read again under the seizure's lock: a decision made meanwhile is seen.
    s.refresh(complaint)
    return complaint, seizure


def admit_complaint(
    u: Unit,
    *,
    complaint_id: int,
    occurred_at: datetime,
    hearing: str,
) -> None:
    """On examining the complainant or his agent the Magistrate sees reason to believe the
    complaint well founded: he summons the party complained against to a summary enquiry
    (Sec XIV). Only then may the seizure be adjudged lawful or illegal (G15)."""
    if not hearing.strip():
        raise InvalidInput(N_("say when and where the summary enquiry is held"), section="XIV")
    hearing = hearing.strip()[:500]
    with u.act() as s:
        complaint, seizure = _complaint_and_seizure(s, complaint_id)
        m = magistrate(s, u, seizure.district_id, "XIV", occurred_at, complaint.filed_at)
        new = step(
            ComplaintStatus(complaint.status), ComplaintStatus.ADMITTED, complaint_id=complaint_id
        )
        complaint.status = new
        complaint.admitted_at = occurred_at
        complaint.hearing = hearing
        complaint.magistrate_id = u.actor()
        s.add(complaint)
        m.event(
            "complaint_admitted", seizure.ref, "XIV", complaint_id=complaint_id, hearing=hearing
        )
        notify.complaint_admitted(s, seizure, m.ctx, complaint, hearing=hearing, now=u.now)


@dataclass(frozen=True)
class Decision:
    """The Magistrate's decision and, for an illegal seizure, what the seizer owes (Sec XIV).

    `owed_to_owner` (to person `owed_to`, the complainant) is `damages` + `expenses` +
    `fines_repaid` (fines, feeding and expenses of sale the owner paid at a release or that
    were taken out of sale proceeds, G12); `held_charges` are the fines and feeding of cattle
    still held, charged to the seizer; `seizer_pays` = `fines_repaid` + `held_charges` (all
    fines and expenses of the seizure); `seizer_owes` is everything.
    """

    complaint_id: int
    outcome: str
    damages: int
    expenses: int
    released: list[int]
    seizer_pays: int
    fines_repaid: int = 0
    held_charges: int = 0
    owed_to_owner: int = 0
    owed_to: int | None = None
    seizer_owes: int = 0


def counted_already(db: Reader, *, complaint_id: int) -> int:
    """What a decision that the seizure was illegal repays the complainant without asking
    (fines, feeding and expenses of sale he paid, G12): shown beside the expenses he claims."""
    with db.reading() as s:
        complaint, seizure = _complaint_and_seizure(s, complaint_id)
        return sum(p.total for p in _paid_by_owner(s, seizure, complaint.complainant_id))


def _paid_by_owner(s: Session, seizure: Seizure, complainant_id: int) -> list[Paid]:
    """Fines, feeding and expenses of sale that count as paid by the complainant as owner
    (G12): his payments at a release (Sec VII), and what was taken out of the proceeds of a
    sale of the cattle, unless someone else is the owner of record."""
    paid = [
        Paid(fines=p.fine, feeding=p.feeding)
        for p in s.exec(
            select(Payment).where(
                Payment.seizure_id == seizure.id, Payment.payer_id == complainant_id
            )
        ).all()
    ]
    if seizure.owner_id in (None, complainant_id):
        paid += [
            Paid(fines=z.fines_paid, feeding=z.feeding_paid, expenses=z.expenses_paid)
            for z in s.exec(
                select(Sale).where(Sale.seizure_id == seizure.id).order_by(col(Sale.id))
            ).all()
        ]
    return paid


def decide_complaint(
    u: Unit,
    *,
    complaint_id: int,
    outcome: str,
    reasons: str,
    occurred_at: datetime,
    damages: Amount = 0,
    expenses: Amount = 0,
    expenses_besides_repaid: bool = False,
) -> Decision:
    """The Magistrate dismisses the complaint on examination (before any summons), or, after
    the summary enquiry he summoned the seizer to, holds the seizure lawful or adjudges it
    illegal (Sec XIV; G15). Illegal: damages up to Rs 100 and the expenses of procuring the
    release to the complainant, all fines paid and expenses incurred repaid to him (G12), an
    order releasing cattle still held, and their fines and feeding charged to the seizer.

    `expenses` are the complainant's own expenses of procuring the release; the fines, feeding
    and expenses of sale he paid are counted already (`fines_repaid`): expenses equal to one of
    those amounts are refused as counted twice unless `expenses_besides_repaid` says they are
    besides them."""
    result = _outcome(outcome)
    if not reasons.strip():
        raise InvalidInput(N_("a decision gives its reasons"), section="XIV")
    with u.act() as s:
        complaint, seizure = _complaint_and_seizure(s, complaint_id)
        after = complaint.admitted_at or complaint.filed_at
        ctx = magistrate(s, u, seizure.district_id, "XIV", occurred_at, after).ctx
        step(ComplaintStatus(complaint.status), result, complaint_id=complaint_id)
        damages = read_amount(damages, ctx.profile.money)
        expenses = read_amount(expenses, ctx.profile.money)
        check_award(result, damages, expenses)
        a = OnSeizure.of(s, u, seizure, ctx, occurred_at)
        on, rows = a.on, a.rows
        custody = [a.number for a in rows if AnimalStatus(a.status) in IN_CUSTODY]
        impounded = {a.number for a in rows if a.status == AnimalStatus.IMPOUNDED.value}
        illegal = result is ComplaintStatus.ILLEGAL
        owes: Liability | None = None
        if illegal:
            # After a part sale (Sec IX) what the sales left unpaid, not the held head's full
            # dues: what the proceeds paid is repaid to the owner, never charged twice.
            held = payable_on(s, seizure, rows, ctx, on, impounded)
            paid = _paid_by_owner(s, seizure, complaint.complainant_id)
            check_expenses_not_counted(
                expenses, paid, ctx.profile.money, besides=expenses_besides_repaid
            )
            owes = liability(
                damages=damages,
                expenses=expenses,
                paid=paid,
                held_fines=held.fine,
                held_feeding=held.feeding,
                profile=ctx.profile,
            )
            _post_liability(a, complaint, owes)
        reason = f"seizure adjudged illegal on complaint {complaint_id}"
        a.advance(DecideComplaint(on=on, illegal=illegal), reason=reason)
        released: list[int] = custody if illegal else []
        if released:
            by = get_person(s, u.actor()).name + ", Magistrate (Sec XIV)"
            write_release_order(
                a, reason=reason, authority=by, numbers=released, complaint_id=complaint_id
            )
        complaint.status = result
        complaint.magistrate_id = u.actor()
        complaint.decided_at = occurred_at
        complaint.seizure_illegal = illegal if result is not ComplaintStatus.DISMISSED else None
        complaint.damages = damages
        complaint.expenses = expenses
        complaint.fines_repaid = owes.repaid.total if owes else 0
        complaint.held_charges = owes.held_charges if owes else 0
        complaint.owed_to_owner = owes.owed_to_owner if owes else 0
        complaint.release_ordered = bool(released)
        complaint.seizer_pays_fines = bool(owes and owes.fines_and_expenses)
        complaint.reasons = reasons.strip()[:8000]
        s.add(complaint)
        decided = Decision(
            complaint_id,
            result.value,
            damages,
            expenses,
            released,
            owes.fines_and_expenses if owes else 0,
            fines_repaid=complaint.fines_repaid,
            held_charges=complaint.held_charges,
            owed_to_owner=complaint.owed_to_owner,
            owed_to=complaint.complainant_id if owes else None,
            seizer_owes=owes.total if owes else 0,
        )
        # The audit event says the fines repaid by kind, and the reasons.
        repaid = owes.repaid if owes else None
        by_kind = (
            {"fines": repaid.fines, "feeding": repaid.feeding, "expenses_of_sale": repaid.expenses}
            if repaid
            else None
        )
        payload = asdict(decided) | {"fines_repaid": by_kind, "reasons": complaint.reasons}
        a.event("complaint_decided", "XIV", **payload)
        # Messages: the complainant and the seizer hear the decision: the damages, the
        # expenses and (as `seizer_pays_text`) the fines and expenses paid that the seizer
        # repays the owner, which together are what he owes the owner (G12).
        notify.complaint_decided(
            s, seizure, ctx, complaint, seizer_pays=complaint.fines_repaid, now=u.now
        )
        return decided


def _outcome(text: str) -> ComplaintStatus:
    for outcome in OUTCOMES:
        if text == outcome.value:
            return outcome
    raise InvalidInput(N_("outcome is dismissed, lawful or illegal"), section="XIV")


def _post_liability(a: OnSeizure, complaint: Complaint, owes: Liability) -> None:
    """The ledger: the seizer owes the fund and the keeper the fines and feeding of cattle
    still held, and the owner who complained his damages, expenses and the fines and expenses
    paid (Sec XIV, G12)."""
    s, seizure = a.s, a.seizure
    a.post(
        memo=memo(CHARGED_TO_SEIZER, ref=seizure.ref),
        section="XIV",
        lines=[
            (ledger.seizer_receivable(seizure.ref), owes.held_charges),
            # Sec XII: the fines are owed to the fund until the seizer pays them.
            (ledger.owed_to_fund(ledger.seizer_source(seizure.ref)), -owes.held_fines),
            (ledger.keeper_feeding(a.pound.code), -owes.held_feeding),
        ],
    )
    owner = get_person(s, complaint.complainant_id)
    a.post(
        memo=memo(
            OWED_BY_SEIZER,
            owner=owner.name,
            complaint=complaint.id,
            ref=seizure.ref,
            damages=owes.damages,
            expenses=owes.expenses,
            repaid=owes.repaid.total,
        ),
        section="XIV",
        lines=[
            (ledger.seizer_receivable(seizure.ref), owes.owed_to_owner),
            (ledger.owed_by_seizer(seizure.ref, complaint.complainant_id), -owes.owed_to_owner),
        ],
    )
