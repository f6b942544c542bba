"""A seizure as its people and officers see it: what is due, every deadline, its record
(Sec V-XIV), each as the person asking may see it (law/access.py); the owner's receipt for the
cattle handed back after a sale (Sec IX), as it was recorded."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, col, select

from law.access import View, check_may_read, view_of
from law.errors import N_, NotFound
from law.periods import local_date
from models import (
    AuditEvent,
    CattleReceipt,
    Complaint,
    Pound,
    Sale,
    Seizure,
    SurplusDeposit,
    Village,
)
from models.columns import id_of
from models.db import Reader
from office.access.roles import seizure_standing
from office.charges import due_said, payable_on
from office.district import DistrictContext, district_context
from office.people import get_person, person_said
from office.records.register import seizure_by_ref
from office.state import animals_of
from office.views.documents.kinds import register_no_of
from office.views.kind_orders import awaiting_order


def iso_date(d: date | None) -> str | None:
    return d.isoformat() if d else None


def _pound_said(pound: Pound | None) -> dict[str, Any] | None:
    """A seizure's pound as its view names it: code, the register's name and the district
    file's names in other scripts, thana."""
    if pound is None:
        return None
    return {
        "code": pound.code,
        "name": pound.name,
        "names": dict(pound.names),
        "thana": pound.thana,
    }


def seizure_view(db: Reader, *, ref: str, now: datetime) -> dict[str, Any]:
    """The whole record of a seizure as of `now`: animals, status, history, due, deadlines.

    For the office itself; a person asking is answered by `seizure_view_as`."""
    with db.reading() as s:
        return _whole(s, seizure_by_ref(s, ref), now)


def seizure_view_as(
    db: Reader, *, ref: str, viewer_id: int | None, now: datetime
) -> dict[str, Any]:
    """A seizure as the person asking may see it (law/access.py): the whole record for its
    parties and the officers of its district, what the Sec VIII notice shows for anyone else.
    `view` says which; `viewer_id` None is the public."""
    with db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        view = view_of(seizure_standing(s, viewer_id, seizure))
        if view is View.PUBLIC:
            return _public(s, seizure, now)
        return {"view": view.value, **_whole(s, seizure, now)}


def _public(s: Session, seizure: Seizure, now: datetime) -> dict[str, Any]:
    """What the notice of Sec VIII shows: the number and description of the cattle, where they
    were seized and where they are impounded; with the dates that follow from them (to claim,
    to complain, the sale). No names, homes or phones, no money, no history."""
    ctx = district_context(s, seizure.district_id)
    return {
        "view": View.PUBLIC.value,
        **_seized_where(s, seizure, ctx),
        "pound": _pound_said(s.get(Pound, seizure.pound_id)),
        "seized_on": seizure.seized_on.isoformat(),
        "impounded_on": iso_date(seizure.impounded_on),
        "noticed_on": iso_date(seizure.noticed_on),
        "as_of": local_date(now, ctx.tz).isoformat(),
        "animals": [
            {"id": a.number, "kind": a.kind, "description": a.description, "status": a.status}
            for a in animals_of(s, seizure)
        ],
        "deadlines": _deadlines(seizure),
    }


def _seized_where(s: Session, seizure: Seizure, ctx: DistrictContext) -> dict[str, Any]:
    """The seizure's reference and state, and where it was made."""
    village = s.get(Village, seizure.village_id)
    return {
        "ref": seizure.ref,
        "status": seizure.status,
        "ground": seizure.ground,
        "district": ctx.district.code,
        "village": village.name if village else None,
        "village_names": dict(village.names) if village else {},
        "place": seizure.place,
    }


def _deadlines(seizure: Seizure) -> dict[str, str | None]:
    """The last days to claim (Sec VIII) and to complain (XIV), and the first of a sale."""
    return {
        "claim_until": iso_date(seizure.claim_until),
        "complaint_until": iso_date(seizure.complaint_until),
        "sale_not_before": iso_date(seizure.sale_not_before),
    }


def _whole(s: Session, seizure: Seizure, now: datetime) -> dict[str, Any]:
    """The whole record: parties, animals, status, history, due, deadlines."""
    ctx = district_context(s, seizure.district_id)
    rows = animals_of(s, seizure)
    today = local_date(now, ctx.tz)
    due = payable_on(s, seizure, rows, ctx, today)
    pound = s.get(Pound, seizure.pound_id)
    deposit = s.exec(select(SurplusDeposit).where(SurplusDeposit.seizure_id == seizure.id)).first()
    complaints = s.exec(
        select(Complaint).where(Complaint.seizure_id == seizure.id).order_by(col(Complaint.id))
    ).all()
    sales = s.exec(select(Sale).where(Sale.seizure_id == seizure.id).order_by(col(Sale.id))).all()
    return {
        **_seized_where(s, seizure, ctx),
        "damage": seizure.damage,
        "pound": _pound_said(pound),
        "seized_at": seizure.seized_at.isoformat(),
        "impounded_at": seizure.impounded_at.isoformat() if seizure.impounded_at else None,
        "register_no": register_no_of(s, seizure, pound) or None,
        "seizer": person_said(s, seizure.seizer_id),
        # Who wrote the report down: the seizer himself, or the keeper or police for him.
        "reported_by": person_said(s, seizure.reporter_id),
        "owner": person_said(s, seizure.owner_id),
        "as_of": today.isoformat(),
        "complaint_pending": seizure.complaints_pending > 0,
        "owner_refused": seizure.owner_refused_at is not None,
        "animals": [
            {
                "id": a.number,
                "kind": a.kind,
                "stated_kind": a.stated_kind,
                "description": a.description,
                "status": a.status,
                "fine": a.fine,
                "awaiting_order": awaiting_order(a),
                "left_on": iso_date(a.left_on),
                "left_reason": a.left_reason,
            }
            for a in rows
        ],
        "due": {"on": today.isoformat(), **due_said(due, ctx)},
        "deadlines": {
            **_deadlines(seizure),
            "surplus_claim_until": iso_date(deposit.claim_until) if deposit else None,
            "next_step_at": seizure.next_due_at.isoformat() if seizure.next_due_at else None,
        },
        "complaints": [
            {
                "id": c.id,
                "status": c.status,
                "mode": c.mode,
                "complainant": person_said(s, c.complainant_id),
                "complainant_id": c.complainant_id,
                # Sec XIV, practice G14: the owner of record, or claiming to be the owner.
                "standing": c.standing,
                "agent": c.agent_name,
                "filed_at": c.filed_at.isoformat(),
                "admitted_at": c.admitted_at.isoformat() if c.admitted_at else None,
                "hearing": c.hearing or None,
                "decided_at": c.decided_at.isoformat() if c.decided_at else None,
                "damages": c.damages,
                "expenses": c.expenses,
                "fines_repaid": c.fines_repaid,
                "held_charges": c.held_charges,
                "owed_to_owner": c.owed_to_owner,
                "owed_to_owner_text": ctx.fmt(c.owed_to_owner),
                "release_ordered": c.release_ordered,
            }
            for c in complaints
        ],
        "sales": [
            {
                "id": sale.id,
                "kind": sale.kind,
                "held_on": sale.held_on.isoformat(),
                "proceeds": sale.proceeds,
                "surplus": sale.surplus,
                "shortfall": sale.shortfall,
                "still_due": sale.still_due,
                "account": sale.account_text,
            }
            for sale in sales
        ],
        "surplus": {
            "id": deposit.id,
            "amount": deposit.amount,
            "status": deposit.status,
            "claim_until": deposit.claim_until.isoformat(),
        }
        if deposit
        else None,
        "history": history_of(s, seizure.ref),
    }


def history_of(s: Session, subject: str) -> list[dict[str, Any]]:
    """The audit events of a record (`subject`), in order, each with who acted."""
    events = s.exec(
        select(AuditEvent).where(AuditEvent.subject == subject).order_by(col(AuditEvent.seq))
    ).all()
    return [
        {
            "seq": e.seq,
            "at": e.occurred_at.isoformat(),
            "action": e.action,
            "section": e.section,
            "actor": (person_said(s, e.actor_id) or {}).get("name"),
        }
        for e in events
    ]


def cattle_receipt_as(db: Reader, *, ref: str, viewer_id: int) -> dict[str, Any]:
    """The owner's receipt after a Sec IX sale, for the parties to the seizure and the
    officers of its district."""
    with db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        check_may_read(seizure_standing(s, viewer_id, seizure), "receipt for the cattle")
    return cattle_receipt(db, ref=ref).as_dict()


@dataclass(frozen=True)
class CattleReceiptView:
    """The owner's receipt (Sec IX) as recorded: who received which head and what balance."""

    ref: str
    receipt_id: int
    sale_id: int
    owner: dict[str, str]
    recorded_by: dict[str, str]
    animals: list[int]
    balance: int
    balance_text: str
    delivered_at: str
    lines: list[str]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def receipt_of(s: Session, seizure: Seizure, ref: str) -> CattleReceipt:
    """The latest receipt for cattle handed back after a sale of the seizure's (`ref`) cattle."""
    receipt = s.exec(
        select(CattleReceipt)
        .where(CattleReceipt.seizure_id == seizure.id)
        .order_by(col(CattleReceipt.id).desc())
    ).first()
    if receipt is None:
        raise NotFound(
            N_("no cattle have been handed back to the owner of {ref} after a sale"), ref=ref
        )
    return receipt


def cattle_receipt(db: Reader, *, ref: str) -> CattleReceiptView:
    """The receipt the owner granted for the cattle handed back after a sale under Sec IX and
    the balance paid to him, as printable lines."""
    with db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        receipt = receipt_of(s, seizure, seizure.ref)
        ctx = district_context(s, seizure.district_id)
        owner = get_person(s, receipt.owner_id)
        officer = get_person(s, receipt.recorded_by)
        return CattleReceiptView(
            ref=seizure.ref,
            receipt_id=id_of(receipt),
            sale_id=receipt.sale_id,
            owner={"name": owner.name, "residence": owner.residence},
            recorded_by={"name": officer.name, "residence": officer.residence},
            animals=list(receipt.animal_ids),
            balance=receipt.balance,
            balance_text=ctx.fmt(receipt.balance),
            delivered_at=receipt.occurred_at.astimezone(ctx.tz).isoformat(),
            lines=list(receipt.lines),
        )
