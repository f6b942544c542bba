"""REST API /api/v1: one route per act of a person under the Act, acting as the token's person."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from office import cases, complaints, pound_acts, queries, sales, seizures, surplus
from office.queries import money_for, read_amount
from webhook import schemas as b
from webhook.deps import Actor, State

router = APIRouter(prefix="/api/v1")
ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"description": "the token's person may not do this here"},
    404: {"description": "no such record"},
    409: {"description": "the Act or the record's state refuses it now (code and section)"},
    422: {"description": "the request is malformed or a value is out of range"},
}


@router.post("/seizures", status_code=201, tags=["seizure"], responses=ERRORS)
def report_seizure(body: b.SeizureBody, st: State, actor: Actor) -> dict[str, Any]:
    """Report a seizure: trespass (Sec II), roads and canals (XV), or strays by police (XVI)."""
    done = seizures.report_seizure(
        st.db,
        actor_id=actor,
        ground=body.ground,
        village=body.village,
        district=body.district,
        place=body.place,
        damage=body.damage,
        seizer=body.seizer.to_office() if body.seizer else None,
        owner=body.owner.to_office() if body.owner else None,
        animals=[a.to_office() for a in body.animals],
        police_aid=body.police_aid,
        photo=body.photo,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {
        "ref": done.ref,
        "pound": {"code": done.pound_code, "name": done.pound_name},
        "heads": done.heads,
        "fine": done.fine,
        "complaint_until": done.complaint_until,
        "police_aid_requested": done.aid_requested,
    }


@router.get("/seizures/{ref}", tags=["seizure"], responses=ERRORS)
def get_seizure(ref: str, st: State, _actor: Actor) -> dict[str, Any]:
    """The record: animals, status, history, amounts due now and every deadline."""
    return queries.seizure_view(st.db, ref=ref, now=st.clock())


@router.post("/seizures/{ref}/aid-request", status_code=201, tags=["seizure"], responses=ERRORS)
def aid_request(ref: str, body: b.Act, st: State, actor: Actor) -> dict[str, Any]:
    """The seizer calls on the police for aid (Sec II)."""
    rid = seizures.request_police_aid(
        st.db, actor_id=actor, ref=ref, occurred_at=body.occurred_at, now=st.clock()
    )
    return {"ref": ref, "aid_request_id": rid}


@router.post("/seizures/{ref}/conveyance", tags=["seizure"], responses=ERRORS)
def conveyance(ref: str, body: b.ConveyanceBody, st: State, actor: Actor) -> dict[str, Any]:
    """Police confirm the cattle were conveyed to the pound (Sec II, XVI)."""
    seizures.confirm_conveyance(
        st.db, actor_id=actor, ref=ref, note=body.note, occurred_at=body.occurred_at, now=st.clock()
    )
    return queries.seizure_view(st.db, ref=ref, now=st.clock())


@router.post("/seizures/{ref}/offence", status_code=201, tags=["seizure"], responses=ERRORS)
def offence(ref: str, body: b.OffenceBody, st: State, actor: Actor) -> dict[str, Any]:
    """Forcible opposition to the seizure or rescue of the cattle (Sec XIII)."""
    oid = seizures.record_offence(
        st.db,
        actor_id=actor,
        ref=ref,
        kind=body.kind,
        offenders=body.offenders,
        description=body.description,
        animals=body.animals,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {"ref": ref, "offence_id": oid}


@router.post("/seizures/{ref}/arrival", tags=["pound"], responses=ERRORS)
def arrival(ref: str, body: b.ArrivalBody, st: State, actor: Actor) -> dict[str, Any]:
    """The keeper registers the cattle; the copy of the entry is for the seizer (Sec V)."""
    done = pound_acts.register_arrival(
        st.db,
        actor_id=actor,
        ref=ref,
        count=body.count,
        descriptions=body.descriptions,
        owner=body.owner.to_office() if body.owner else None,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {
        "ref": done.ref,
        "register_no": done.register_no,
        "copy": done.copy_text,
        "claim_until": done.claim_until,
    }


@router.post("/seizures/{ref}/payment", tags=["pound"], responses=ERRORS)
def payment(ref: str, body: b.PaymentBody, st: State, actor: Actor) -> dict[str, Any]:
    """The owner pays fine and feeding and signs for his cattle (Sec VII)."""
    amount = read_amount(body.amount, money_for(st.db, seizure_ref=ref))
    done = pound_acts.record_payment(
        st.db,
        actor_id=actor,
        ref=ref,
        amount=amount,
        payer=body.payer.to_office() if body.payer else None,
        animals=body.animals,
        agent_name=body.agent_name,
        signature=body.signature,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {
        "ref": done.ref,
        "payment_id": done.payment_id,
        "fine": done.fine,
        "feeding": done.feeding,
        "total": done.total,
        "total_text": done.total_text,
        "animals": done.animals,
        "receipt": done.receipt_text,
    }


@router.post("/seizures/{ref}/release-order", tags=["pound"], responses=ERRORS)
def release_order(ref: str, body: b.ReleaseOrderBody, st: State, actor: Actor) -> dict[str, Any]:
    """Release without fine by order of competent authority (Sec VI)."""
    oid = pound_acts.order_release(
        st.db,
        actor_id=actor,
        ref=ref,
        reason=body.reason,
        animals=body.animals,
        authority=body.authority,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {"ref": ref, "release_order_id": oid}


@router.post("/seizures/{ref}/refusal", tags=["pound"], responses=ERRORS)
def refusal(ref: str, body: b.RefusalBody, st: State, actor: Actor) -> dict[str, Any]:
    """The owner appeared and refused or omitted to pay (Sec IX)."""
    pound_acts.record_refusal(
        st.db,
        actor_id=actor,
        ref=ref,
        owner=body.owner.to_office() if body.owner else None,
        note=body.note,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return queries.seizure_view(st.db, ref=ref, now=st.clock())


@router.post("/seizures/{ref}/death", tags=["pound"], responses=ERRORS)
def death(ref: str, body: b.DeathBody, st: State, actor: Actor) -> dict[str, Any]:
    """An animal died or escaped in the pound (practice G7)."""
    pound_acts.record_loss(
        st.db,
        actor_id=actor,
        ref=ref,
        animal=body.animal,
        what=body.what,
        reason=body.reason,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return queries.seizure_view(st.db, ref=ref, now=st.clock())


@router.post("/seizures/{ref}/unclaimed", tags=["pound"], responses=ERRORS)
def unclaimed(ref: str, body: b.UnclaimedBody, st: State, actor: Actor) -> dict[str, Any]:
    """The keeper reports cattle not claimed within seven days to the Darogah (Sec VIII)."""
    pound_acts.report_unclaimed(
        st.db, actor_id=actor, ref=ref, occurred_at=body.occurred_at, now=st.clock()
    )
    return queries.seizure_view(st.db, ref=ref, now=st.clock())


@router.post("/seizures/{ref}/notice", tags=["police"], responses=ERRORS)
def notice(ref: str, body: b.NoticeBody, st: State, actor: Actor) -> dict[str, Any]:
    """The Darogah posts the notice and has it proclaimed by beat of drum (Sec VIII)."""
    done = sales.post_notice(
        st.db,
        actor_id=actor,
        ref=ref,
        proclaimed_in=body.proclaimed_in,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {
        "ref": done.ref,
        "notice_id": done.notice_id,
        "text": done.text,
        "sale_not_before": done.sale_not_before,
    }


@router.post("/seizures/{ref}/sale", tags=["police"], responses=ERRORS)
def sale(ref: str, body: b.SaleBody, st: State, actor: Actor) -> dict[str, Any]:
    """A public auction, its lots and buyers, and the account of it (Sec VIII, IX, X, XI)."""
    money = money_for(st.db, seizure_ref=ref)
    done = sales.record_sale(
        st.db,
        actor_id=actor,
        ref=ref,
        lots=[
            sales.LotIn(
                animal=lot.animal, buyer=lot.buyer.to_office(), price=read_amount(lot.price, money)
            )
            for lot in body.lots
        ],
        expenses=read_amount(body.expenses, money),
        place=body.place,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {
        "ref": done.ref,
        "sale_id": done.sale_id,
        "kind": done.kind,
        "proceeds": done.proceeds,
        "surplus": done.surplus,
        "shortfall": done.shortfall,
        "account": done.account_text,
        "surplus_deposit_id": done.surplus_deposit_id,
        "surplus_claim_until": done.surplus_claim_until,
    }


@router.post("/seizures/{ref}/complaint", status_code=201, tags=["complaint"], responses=ERRORS)
def complaint(ref: str, body: b.ComplaintBody, st: State, actor: Actor) -> dict[str, Any]:
    """A complaint against the seizure within ten days of it, even after a sale (G12); it stays
    any further sale (Sec XIV, IX). The complainant is the owner of record or, with none
    recorded, a person claiming to be the owner; an agent names himself (`agent_name`); a
    Magistrate taking a verbal complaint down names its complainant (G14)."""
    done = complaints.file_complaint(
        st.db,
        actor_id=actor,
        ref=ref,
        text=body.text,
        mode=body.mode,
        complainant=body.complainant.to_office() if body.complainant else None,
        agent_name=body.agent_name,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {
        "ref": done.ref,
        "complaint_id": done.complaint_id,
        "complainant_id": done.complainant_id,
        "standing": done.standing,
        "status": "pending",
        "complaint_until": done.complaint_until,
    }


@router.post("/complaints/{complaint_id}/admission", tags=["complaint"], responses=ERRORS)
def admission(complaint_id: int, body: b.AdmissionBody, st: State, actor: Actor) -> dict[str, Any]:
    """The Magistrate finds reason to believe the complaint well founded and summons the
    seizer to a summary enquiry (Sec XIV)."""
    complaints.admit_complaint(
        st.db,
        actor_id=actor,
        complaint_id=complaint_id,
        hearing=body.hearing,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {"complaint_id": complaint_id, "status": "admitted"}


@router.post("/complaints/{complaint_id}/decision", tags=["complaint"], responses=ERRORS)
def decision(complaint_id: int, body: b.DecisionBody, st: State, actor: Actor) -> dict[str, Any]:
    """The Magistrate's decision: dismissed on examination (before a summons), or after the
    summons the seizure lawful, or illegal with damages, expenses, the fines and expenses paid
    repaid to the owner, and the release of cattle still held (Sec XIV; G12, G15)."""
    money = money_for(st.db, complaint_id=complaint_id)
    done = complaints.decide_complaint(
        st.db,
        actor_id=actor,
        complaint_id=complaint_id,
        outcome=body.outcome,
        reasons=body.reasons,
        damages=read_amount(body.damages, money),
        expenses=read_amount(body.expenses, money),
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {
        "complaint_id": done.complaint_id,
        "outcome": done.outcome,
        "damages": done.damages,
        "expenses": done.expenses,
        "released": done.released,
        "fines_repaid": done.fines_repaid,
        "held_charges": done.held_charges,
        "seizer_pays": done.seizer_pays,
        "owed_to_owner": done.owed_to_owner,
        "owed_to": done.owed_to,
        "seizer_owes": done.seizer_owes,
        "money": {
            "unit": money.unit,
            "damages_text": money.format(done.damages),
            "expenses_text": money.format(done.expenses),
            "fines_repaid_text": money.format(done.fines_repaid),
            "held_charges_text": money.format(done.held_charges),
            "owed_to_owner_text": money.format(done.owed_to_owner),
            "seizer_owes_text": money.format(done.seizer_owes),
        },
    }


@router.post("/surplus/{deposit_id}/claim", tags=["fund"], responses=ERRORS)
def surplus_claim(
    deposit_id: int, body: b.SurplusClaimBody, st: State, actor: Actor
) -> dict[str, Any]:
    """A claim to the surplus established within three months of the sale (Sec XI)."""
    done = surplus.claim_surplus(
        st.db,
        actor_id=actor,
        deposit_id=deposit_id,
        claimant=body.claimant.to_office(),
        evidence=body.evidence,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {"deposit_id": done.deposit_id, "amount": done.amount, "claimant_id": done.claimant_id}


@router.post("/fund/transfers", tags=["fund"], responses=ERRORS)
def fund_transfers(district: str, st: State, actor: Actor) -> dict[str, Any]:
    """The Magistrate moves surplus unclaimed for 3 months into the Sec XII fund."""
    moved = surplus.transfer_unclaimed_surplus(
        st.db, actor_id=actor, district=district, now=st.clock()
    )
    return {"moved": moved}


@router.post("/cases", status_code=201, tags=["complaint"], responses=ERRORS)
def file_case(body: b.CaseBody, st: State, actor: Actor) -> dict[str, Any]:
    """A complaint of mischief by causing cattle to trespass (XVII) or damage by pigs (XVIII)."""
    cid = cases.file_case(
        st.db,
        actor_id=actor,
        kind=body.kind,
        accused=body.accused.to_office(),
        village=body.village,
        description=body.description,
        seizure_ref=body.seizure_ref,
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {"case_id": cid}


@router.post("/cases/{case_id}/decision", tags=["complaint"], responses=ERRORS)
def decide_case(case_id: int, body: b.CaseDecisionBody, st: State, actor: Actor) -> dict[str, Any]:
    """The Magistrate's decision; compensation comes out of the fine (XVIII) and is set off in a
    civil suit (XIX)."""
    money = money_for(st.db, case_id=case_id)
    done = cases.decide_case(
        st.db,
        actor_id=actor,
        case_id=case_id,
        convicted=body.convicted,
        reasons=body.reasons,
        fine=read_amount(body.fine, money),
        compensation=read_amount(body.compensation, money),
        occurred_at=body.occurred_at,
        now=st.clock(),
    )
    return {
        "case_id": done.case_id,
        "convicted": done.convicted,
        "fine": done.fine,
        "compensation": done.compensation,
    }


@router.get("/pounds/{code}/register", tags=["pound"], responses=ERRORS)
def register(code: str, st: State, _actor: Actor, year: int | None = None) -> dict[str, Any]:
    """The pound register (Sec V), entry by entry."""
    return queries.pound_register(st.db, pound_code=code, year=year, now=st.clock()).as_dict()


@router.get("/fund", tags=["fund"], responses=ERRORS)
def fund(st: State, _actor: Actor, district: str | None = None) -> dict[str, Any]:
    """The Sec XII fund: fines and unclaimed surplus, and the deposits still held (Sec XI)."""
    return queries.fund_view(st.db, district=district)
