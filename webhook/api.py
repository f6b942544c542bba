"""REST API /api/v1: one route per act of a person under the Act, acting as the token's person."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from law.money import money_system
from office import inputs
from office.acts.complainant import case as complainant_case
from office.acts.complainant import complaint as complainant_complaint
from office.acts.darogah import auction as sales
from office.acts.darogah import notice as darogah_notice
from office.acts.darogah.recovery_sale import RecoveryLotIn, record_recovery_sale
from office.acts.keeper.arrival import register_arrival
from office.acts.keeper.loss import record_loss
from office.acts.keeper.payment import record_payment
from office.acts.keeper.refusal import record_refusal
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.magistrate import case as cases
from office.acts.magistrate import complaint as complaints
from office.acts.magistrate import kind_order as kind_orders
from office.acts.magistrate import offence as offences
from office.acts.magistrate import surplus
from office.acts.magistrate.fines_paid import (
    Paid,
    record_case_fine_paid,
    record_offence_fine_paid,
    record_seizer_paid,
)
from office.acts.magistrate.fund_payment import pay_from_fund
from office.acts.magistrate.recovery_order import order_recovery
from office.acts.magistrate.release import order_release
from office.acts.police.conveyance import confirm_conveyance
from office.acts.seizer import police_aid as seizer_police_aid
from office.acts.seizer import report as seizures
from office.acts.whoever.opposition import record_offence
from office.views import case as views_case
from office.views import fund_statement, held_search, pound_register
from office.views import seizure as views_seizure
from office.views.amounts import money_for
from webhook import answers as a
from webhook import schemas as b
from webhook.deps import Actor, InUnit, State
from webhook.errors import ERROR_RESPONSES
from webhook.idempotency import IdempotentRoute

# Every POST takes an Idempotency-Key (webhook/idempotency.py).
router = APIRouter(prefix="/api/v1", route_class=IdempotentRoute)
# Every error is the envelope of webhook/errors.py.
ERRORS = ERROR_RESPONSES


@router.post(
    "/seizures",
    status_code=201,
    tags=["seizure"],
    responses=ERRORS,
    response_model=a.SeizureReportedPublic,
)
def report_seizure(body: b.SeizureBody, st: State, u: InUnit, actor: Actor) -> dict[str, Any]:
    """Report a seizure: trespass (Sec II), roads and canals (XV), or strays by police (XVI).

    A private person reports his own seizure (`seizer` left out or himself); the keeper of the
    pound or the police of its thana may report for the seizer (`reported_for`). The owner's
    messages are `held` when a private reporter has named too many numbers the office never
    heard from in 24 hours (`owner_messages`, `notes`); the seizure is recorded all the same."""
    done = seizures.report_seizure(
        u,
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
        unsolicited_per_day=st.unsolicited_per_day,
    )
    return {
        "ref": done.ref,
        "pound": {"code": done.pound_code, "name": done.pound_name},
        "heads": done.heads,
        "fine": done.fine,
        "complaint_until": done.complaint_until,
        "police_aid_requested": done.aid_requested,
        "awaiting_order": done.awaiting_order,
        "reported_for": done.reported_for,
        "owner_messages": done.owner_messages,
        "notes": done.notes,
    }


@router.get("/seizures/{ref}", tags=["seizure"], responses=ERRORS, response_model=a.SeizurePublic)
def get_seizure(ref: b.RefPath, st: State, actor: Actor) -> dict[str, Any]:
    """The record (`view`: `party` or `official`): parties, animals, status, history, amounts due
    now and every deadline; for anyone else (`view`: `public`) what the Sec VIII notice shows."""
    return views_seizure.seizure_view_as(st.db, ref=ref, viewer_id=actor, now=st.clock())


@router.post(
    "/seizures/{ref}/aid-request",
    status_code=201,
    tags=["seizure"],
    responses=ERRORS,
    response_model=a.AidRequestPublic,
)
def aid_request(ref: b.RefPath, body: b.Act, st: State, u: InUnit, actor: Actor) -> dict[str, Any]:
    """The seizer calls on the police for aid (Sec II)."""
    rid = seizer_police_aid.request_police_aid(u, ref=ref, occurred_at=body.occurred_at)
    return {"ref": ref, "aid_request_id": rid}


@router.post(
    "/seizures/{ref}/conveyance", tags=["seizure"], responses=ERRORS, response_model=a.SeizurePublic
)
def conveyance(
    ref: b.RefPath, body: b.ConveyanceBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """Police confirm the cattle were conveyed to the pound (Sec II, XVI)."""
    confirm_conveyance(u, ref=ref, note=body.note, occurred_at=body.occurred_at)
    return views_seizure.seizure_view_as(u, ref=ref, viewer_id=actor, now=u.now)


@router.post(
    "/seizures/{ref}/offence",
    status_code=201,
    tags=["seizure"],
    responses=ERRORS,
    response_model=a.OffenceRecordedPublic,
)
def offence(
    ref: b.RefPath, body: b.OffenceBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """Forcible opposition to the seizure or rescue of the cattle (Sec XIII)."""
    oid = record_offence(
        u,
        ref=ref,
        kind=body.kind,
        offenders=body.offenders,
        description=body.description,
        animals=body.animals,
        occurred_at=body.occurred_at,
    )
    return {"ref": ref, "offence_id": oid}


@router.post(
    "/seizures/{ref}/arrival", tags=["pound"], responses=ERRORS, response_model=a.ArrivalPublic
)
def arrival(
    ref: b.RefPath, body: b.ArrivalBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The keeper registers the cattle; the copy of the entry is for the seizer (Sec V)."""
    done = register_arrival(
        u,
        ref=ref,
        count=body.count,
        descriptions=body.descriptions,
        owner=body.owner.to_office() if body.owner else None,
        occurred_at=body.occurred_at,
    )
    return {
        "ref": done.ref,
        "register_no": done.register_no,
        "copy": done.copy_text,
        "claim_until": done.claim_until,
    }


@router.post(
    "/seizures/{ref}/payment", tags=["pound"], responses=ERRORS, response_model=a.PaymentPublic
)
def payment(
    ref: b.RefPath, body: b.PaymentBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The owner pays fine and feeding and signs for his cattle (Sec VII)."""
    done = record_payment(
        u,
        ref=ref,
        amount=body.amount,
        payer=body.payer.to_office() if body.payer else None,
        animals=body.animals,
        agent_name=body.agent_name,
        signature=body.signature,
        occurred_at=body.occurred_at,
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


@router.post(
    "/seizures/{ref}/release-order",
    tags=["pound"],
    responses=ERRORS,
    response_model=a.ReleaseOrderPublic,
)
def release_order(
    ref: b.RefPath, body: b.ReleaseOrderBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """Release without fine by order of competent authority (Sec VI)."""
    oid = order_release(
        u,
        ref=ref,
        reason=body.reason,
        animals=body.animals,
        authority=body.authority,
        occurred_at=body.occurred_at,
    )
    return {"ref": ref, "release_order_id": oid}


@router.post(
    "/seizures/{ref}/refusal", tags=["pound"], responses=ERRORS, response_model=a.SeizurePublic
)
def refusal(
    ref: b.RefPath, body: b.RefusalBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The owner appeared and refused or omitted to pay (Sec IX)."""
    record_refusal(
        u,
        ref=ref,
        owner=body.owner.to_office() if body.owner else None,
        note=body.note,
        occurred_at=body.occurred_at,
    )
    return views_seizure.seizure_view_as(u, ref=ref, viewer_id=actor, now=u.now)


@router.post(
    "/seizures/{ref}/death", tags=["pound"], responses=ERRORS, response_model=a.SeizurePublic
)
def death(ref: b.RefPath, body: b.DeathBody, st: State, u: InUnit, actor: Actor) -> dict[str, Any]:
    """An animal died or escaped in the pound (practice G7)."""
    record_loss(
        u,
        ref=ref,
        animal=body.animal,
        what=body.what,
        reason=body.reason,
        occurred_at=body.occurred_at,
    )
    return views_seizure.seizure_view_as(u, ref=ref, viewer_id=actor, now=u.now)


@router.post(
    "/seizures/{ref}/unclaimed", tags=["pound"], responses=ERRORS, response_model=a.SeizurePublic
)
def unclaimed(
    ref: b.RefPath, body: b.UnclaimedBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The keeper reports cattle not claimed within seven days to the Darogah (Sec VIII)."""
    report_unclaimed(u, ref=ref, occurred_at=body.occurred_at)
    return views_seizure.seizure_view_as(u, ref=ref, viewer_id=actor, now=u.now)


@router.post(
    "/seizures/{ref}/notice", tags=["police"], responses=ERRORS, response_model=a.NoticePostedPublic
)
def notice(
    ref: b.RefPath, body: b.NoticeBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The Darogah posts the notice and has it proclaimed by beat of drum (Sec VIII)."""
    done = darogah_notice.post_notice(
        u, ref=ref, proclaimed_in=body.proclaimed_in, occurred_at=body.occurred_at
    )
    return {
        "ref": done.ref,
        "notice_id": done.notice_id,
        "text": done.text,
        "sale_not_before": done.sale_not_before,
    }


@router.post("/seizures/{ref}/sale", tags=["police"], responses=ERRORS, response_model=a.SalePublic)
def sale(ref: b.RefPath, body: b.SaleBody, st: State, u: InUnit, actor: Actor) -> dict[str, Any]:
    """A public auction, its lots and buyers, and the account of it (Sec VIII, IX, X, XI)."""
    done = sales.record_sale(
        u,
        ref=ref,
        lots=[
            inputs.LotIn(animal=lot.animal, buyer=lot.buyer.to_office(), price=lot.price)
            for lot in body.lots
        ],
        expenses=body.expenses,
        place=body.place,
        occurred_at=body.occurred_at,
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
        "still_due": done.still_due,
        "handed_back": list(done.handed_back),
        "still_held": list(done.still_held),
        "cattle_receipt_id": done.receipt_id,
    }


@router.get(
    "/seizures/{ref}/cattle-receipt",
    tags=["police"],
    responses=ERRORS,
    response_model=a.CattleReceiptPublic,
)
def cattle_receipt(ref: b.RefPath, st: State, actor: Actor) -> dict[str, Any]:
    """The owner's receipt for the cattle handed back after a sale under Sec IX and for the
    balance of the purchase money paid to him, according to the account of the sale; for the
    parties to the seizure and the officers of its district."""
    return views_seizure.cattle_receipt_as(st.db, ref=ref, viewer_id=actor)


@router.post(
    "/seizures/{ref}/complaint",
    status_code=201,
    tags=["complaint"],
    responses=ERRORS,
    response_model=a.ComplaintFiledPublic,
)
def complaint(
    ref: b.RefPath, body: b.ComplaintBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """A complaint against the seizure within ten days of it, even after a sale (G12); it stays
    any further sale (Sec XIV, IX). The complainant is the owner of record or, with none
    recorded, a person claiming to be the owner; an agent names himself (`agent_name`); a
    Magistrate taking a verbal complaint down names its complainant (G14)."""
    done = complainant_complaint.file_complaint(
        u,
        ref=ref,
        text=body.text,
        mode=body.mode,
        complainant=body.complainant.to_office() if body.complainant else None,
        agent_name=body.agent_name,
        occurred_at=body.occurred_at,
    )
    return {
        "ref": done.ref,
        "complaint_id": done.complaint_id,
        "complainant_id": done.complainant_id,
        "standing": done.standing,
        "status": "pending",
        "complaint_until": done.complaint_until,
    }


@router.post(
    "/complaints/{complaint_id}/admission",
    tags=["complaint"],
    responses=ERRORS,
    response_model=a.AdmissionPublic,
)
def admission(
    complaint_id: b.IdPath, body: b.AdmissionBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The Magistrate finds reason to believe the complaint well founded and summons the
    seizer to a summary enquiry (Sec XIV)."""
    complaints.admit_complaint(
        u, complaint_id=complaint_id, hearing=body.hearing, occurred_at=body.occurred_at
    )
    return {"complaint_id": complaint_id, "status": "admitted"}


@router.post(
    "/complaints/{complaint_id}/decision",
    tags=["complaint"],
    responses=ERRORS,
    response_model=a.DecisionPublic,
)
def decision(
    complaint_id: b.IdPath, body: b.DecisionBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The Magistrate's decision: dismissed on examination (before a summons), or after the
    summons the seizure lawful, or illegal with damages, expenses, the fines and expenses paid
    repaid to the owner, and the release of cattle still held (Sec XIV; G12, G15)."""
    done = complaints.decide_complaint(
        u,
        complaint_id=complaint_id,
        outcome=body.outcome,
        reasons=body.reasons,
        damages=body.damages,
        expenses=body.expenses,
        expenses_besides_repaid=body.expenses_besides_repaid,
        occurred_at=body.occurred_at,
    )
    money = money_for(u, complaint_id=complaint_id)  # the answer's texts
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


@router.post(
    "/surplus/{deposit_id}/claim",
    tags=["fund"],
    responses=ERRORS,
    response_model=a.SurplusClaimPublic,
)
def surplus_claim(
    deposit_id: b.IdPath, body: b.SurplusClaimBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """A claim to the surplus established within three months of the sale (Sec XI)."""
    done = surplus.claim_surplus(
        u,
        deposit_id=deposit_id,
        claimant=body.claimant.to_office(),
        evidence=body.evidence,
        occurred_at=body.occurred_at,
    )
    return {"deposit_id": done.deposit_id, "amount": done.amount, "claimant_id": done.claimant_id}


@router.post("/fund/transfers", tags=["fund"], responses=ERRORS, response_model=a.TransfersPublic)
def fund_transfers(district: b.DistrictQuery, st: State, u: InUnit, actor: Actor) -> dict[str, Any]:
    """The Magistrate moves surplus unclaimed for 3 months into the Sec XII fund."""
    moved = surplus.transfer_unclaimed_surplus(u, district=district)
    return {"moved": moved}


@router.post(
    "/cases",
    status_code=201,
    tags=["complaint"],
    responses=ERRORS,
    response_model=a.CaseFiledPublic,
)
def file_case(body: b.CaseBody, st: State, u: InUnit, actor: Actor) -> dict[str, Any]:
    """A complaint of mischief by causing cattle to trespass (XVII) or damage by pigs (XVIII)."""
    cid = complainant_case.file_case(
        u,
        kind=body.kind,
        accused=body.accused.to_office(),
        village=body.village,
        description=body.description,
        seizure_ref=body.seizure_ref,
        occurred_at=body.occurred_at,
    )
    return {"case_id": cid}


@router.post(
    "/cases/{case_id}/decision",
    tags=["complaint"],
    responses=ERRORS,
    response_model=a.CaseDecisionPublic,
)
def decide_case(
    case_id: b.IdPath, body: b.CaseDecisionBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The Magistrate's decision; compensation comes out of the fine (XVIII) and is set off in a
    civil suit (XIX)."""
    done = cases.decide_case(
        u,
        case_id=case_id,
        convicted=body.convicted,
        reasons=body.reasons,
        fine=body.fine,
        compensation=body.compensation,
        occurred_at=body.occurred_at,
    )
    return {
        "case_id": done.case_id,
        "convicted": done.convicted,
        "fine": done.fine,
        "compensation": done.compensation,
    }


@router.get("/cases/{case_id}", tags=["complaint"], responses=ERRORS, response_model=a.CasePublic)
def get_case(case_id: b.IdPath, st: State, actor: Actor) -> dict[str, Any]:
    """The record of a case: the decision, fine and compensation, every recovery order and sale,
    what is still unpaid, the history (Sec XVII, XVIII, XIX); for its complainant, the accused
    and the officers of its district."""
    return views_case.case_view_as(st.db, case_id=case_id, viewer_id=actor)


@router.get(
    "/cases/{case_id}/set-off", tags=["complaint"], responses=ERRORS, response_model=a.SetOffPublic
)
def set_off(case_id: b.IdPath, st: State, actor: Actor) -> dict[str, Any]:
    """The certificate of compensation paid by order of the Magistrate, to be set off against
    damages in a civil suit (Sec XIX): its lines and figures; for the same people as the case."""
    return views_case.set_off_as(st.db, case_id=case_id, viewer_id=actor)


@router.post(
    "/cases/{case_id}/recovery-order",
    status_code=201,
    tags=["complaint"],
    responses=ERRORS,
    response_model=a.RecoveryOrderPublic,
)
def recovery_order(
    case_id: b.IdPath, body: b.RecoveryOrderBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The Magistrate orders an unpaid Sec XVII fine recovered by sale of the cattle by which the
    trespass was committed, whoever owns them (Sec XVII)."""
    done = order_recovery(
        u,
        case_id=case_id,
        cattle=[a.to_office() for a in body.cattle],
        village=body.village,
        place=body.place,
        owner=body.owner.to_office() if body.owner else None,
        occurred_at=body.occurred_at,
    )
    return {
        "case_id": done.case_id,
        "order_id": done.order_id,
        "fine_due": done.fine_due,
        "thana": done.thana,
        "cattle": done.cattle,
    }


@router.post(
    "/cases/{case_id}/recovery-sale",
    status_code=201,
    tags=["police"],
    responses=ERRORS,
    response_model=a.RecoverySalePublic,
)
def recovery_sale(
    case_id: b.IdPath, body: b.RecoverySaleBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The auction held on the recovery order by the Darogah or police of its thana: lots,
    buyers (Sec X), prices and expenses; how the proceeds went (Sec XVII, XVIII)."""
    done = record_recovery_sale(
        u,
        case_id=case_id,
        lots=[
            RecoveryLotIn(
                number=lot.number,
                buyer=lot.buyer.to_office(),
                price=lot.price,
            )
            for lot in body.lots
        ],
        expenses=body.expenses,
        place=body.place,
        occurred_at=body.occurred_at,
    )
    return {
        "case_id": done.case_id,
        "sale_id": done.sale_id,
        "proceeds": done.proceeds,
        "expenses_paid": done.expenses_paid,
        "fine_paid": done.fine_paid,
        "to_complainant": done.to_complainant,
        "to_fund": done.to_fund,
        "balance_to_owner": done.balance_to_owner,
        "fine_unpaid": done.fine_unpaid,
        "expenses_unpaid": done.expenses_unpaid,
        "account": done.account_text,
    }


@router.post(
    "/offences/{offence_id}/decision",
    tags=["seizure"],
    responses=ERRORS,
    response_model=a.OffenceDecisionPublic,
)
def decide_offence(
    offence_id: b.IdPath, body: b.OffenceDecisionBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The Magistrate decides forcible opposition or rescue: imprisonment up to six months with
    or without labour, a fine up to Rs 500, or both (Sec XIII)."""
    done = offences.decide_offence(
        u,
        offence_id=offence_id,
        convicted=body.convicted,
        reasons=body.reasons,
        prison_months=body.prison_months,
        prison_days=body.prison_days,
        labour=body.labour,
        fine=body.fine,
        convict=body.convict,
        occurred_at=body.occurred_at,
    )
    return {
        "offence_id": done.offence_id,
        "convicted": done.convicted,
        "prison_months": done.prison_months,
        "prison_days": done.prison_days,
        "labour": done.labour,
        "fine": done.fine,
    }


@router.get(
    "/pounds/{code}/register", tags=["pound"], responses=ERRORS, response_model=a.RegisterPublic
)
def register(
    code: b.CodePath, st: State, actor: Actor, year: b.YearQuery | None = None
) -> dict[str, Any]:
    """The pound register (Sec V), entry by entry; for the officers of the pound's district."""
    return pound_register.pound_register_as(
        st.db, pound_code=code, year=year, viewer_id=actor, now=st.clock()
    )


@router.get("/search/held", tags=["search"], responses=ERRORS, response_model=b.HeldSearchOut)
def search_held(
    st: State,
    village: b.VillageQuery,
    district: b.DistrictQuery | None = None,
    kind: b.KindQuery | None = None,
    number: b.HeadsQuery | None = None,
) -> b.HeldSearchOut:
    """The cattle held now (on the way to the pound or in it) in the pounds that serve a
    village and its neighbours (practice G18), of a kind if given, the closest to `number`
    head first: for an owner who has no reference. No sign-in: it tells what the Sec VIII
    notice shows and the amount due, never a name, a home or a phone."""
    found = held_search.search_held(
        st.db, village=village, district=district, kind=kind, number=number, now=st.clock()
    )
    return b.HeldSearchOut(
        district=found.place.district_code,
        village=found.place.name,
        village_names=dict(found.place.names),
        excluded=found.place.excluded,
        pounds=[b.HeldPound(code=c, name=n, thana=t) for c, n, t, _ in found.pounds],
        kind=found.kind,
        number=found.number,
        as_of=found.as_of,
        held=[_held(h) for h in found.found],
        more=found.more,
    )


def _held(h: held_search.HeldSeizure) -> b.HeldSeizureOut:
    return b.HeldSeizureOut(
        ref=h.ref,
        status=h.status,
        ground=h.ground,
        pound=b.HeldPound(code=h.pound_code, name=h.pound_name, thana=h.thana),
        village=h.village,
        seized_on=h.seized_on,
        in_pound=h.in_pound,
        impounded_on=h.impounded_on,
        noticed_on=h.noticed_on,
        heads=h.heads,
        animals=[
            b.HeldAnimals(kind=g.kind, description=g.description, count=g.count) for g in h.groups
        ],
        due=b.HeldDue(
            fine=h.due.fine,
            feeding=h.due.feeding,
            expenses=h.due.expenses,
            total=h.due.total,
            per_day=h.due.per_day,
            total_text=h.due.total_text,
            per_day_text=h.due.per_day_text,
            unit=h.due.unit,
        ),
        deadlines=b.HeldDeadlines(
            claim_until=h.claim_until,
            complaint_until=h.complaint_until,
            sale_not_before=h.sale_not_before,
            next=h.next_deadline[0] if h.next_deadline else None,
            next_on=h.next_deadline[1] if h.next_deadline else None,
        ),
        complaint_pending=h.complaint_pending,
    )


@router.get("/fund", tags=["fund"], responses=ERRORS, response_model=a.FundPublic)
def fund(
    st: State,
    actor: Actor,
    district: b.DistrictQuery | None = None,
    since: b.DayQuery | None = None,
) -> dict[str, Any]:
    """The Sec XII fund: fines and unclaimed surplus in, payments out, the running balance
    (from `since`, with the balance brought forward); deposits still held (Sec XI); feeding
    written off for heads that died or escaped (G7). For the officers of the district (without
    `district`, of every district the token's person is an officer of)."""
    return fund_statement.fund_view_as(st.db, viewer_id=actor, district=district, since=since)


@router.post(
    "/fund/payments",
    status_code=201,
    tags=["fund"],
    responses=ERRORS,
    response_model=a.FundPaymentPublic,
)
def fund_payment(body: b.FundPaymentBody, st: State, u: InUnit, actor: Actor) -> dict[str, Any]:
    """The Magistrate of the district orders a payment out of the fund (Sec XII)."""
    done = pay_from_fund(
        u,
        district=body.district,
        purpose=body.purpose,
        pound=body.pound,
        keeper_phone=body.keeper_phone,
        stated=body.stated,
        amount=body.amount,
        payee=body.payee.to_office() if body.payee else None,
        order=body.order,
        occurred_at=body.occurred_at,
    )
    return {
        "payment_id": done.payment_id,
        "district": done.district,
        "purpose": done.purpose,
        "amount": done.amount,
        "amount_text": done.amount_text,
        "payee": done.payee,
        "balance_after": done.balance_after,
        "balance_after_text": done.balance_after_text,
    }


def _kind_ordered(done: kind_orders.KindOrdered) -> dict[str, Any]:
    return {
        "order_id": done.order_id,
        "kind": done.kind,
        "fine": done.fine,
        "per_day": done.per_day,
        "valid_from": done.valid_from,
        "ref": done.ref,
        "pound": done.pound_code,
        "animals": done.animals,
    }


@router.post(
    "/seizures/{ref}/kind-order",
    status_code=201,
    tags=["pound"],
    responses=ERRORS,
    response_model=a.KindOrderPublic,
)
def seizure_kind_order(
    ref: b.RefPath, body: b.KindOrderBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The Magistrate fixes the fine and feeding of this seizure's animals of a kind outside
    the Sec VI scale; the keeper may then register them (practice G4)."""
    done = kind_orders.order_for_seizure(
        u,
        ref=ref,
        kind=body.kind,
        fine=body.fine,
        per_day=body.per_day,
        order=body.order,
        occurred_at=body.occurred_at,
    )
    return _kind_ordered(done)


@router.post(
    "/pounds/{code}/kind-orders",
    status_code=201,
    tags=["pound"],
    responses=ERRORS,
    response_model=a.KindOrderPublic,
)
def pound_kind_order(
    code: b.CodePath, body: b.KindOrderBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """The Magistrate fixes, from the order's date, the fine and feeding of every animal of a
    kind outside the Sec VI scale brought to this pound (practice G4)."""
    done = kind_orders.order_for_pound(
        u,
        pound=code,
        kind=body.kind,
        fine=body.fine,
        per_day=body.per_day,
        order=body.order,
        occurred_at=body.occurred_at,
    )
    return _kind_ordered(done)


# --- What the Magistrate adjudged, paid to him (Sec XI, XII) ------------------------------------


def _paid(done: Paid) -> dict[str, Any]:
    money = money_system(done.money)
    return {
        "paid_id": done.paid_id,
        "section": done.section,
        "payer": done.payer,
        "amount": done.amount,
        "to_fund": done.to_fund,
        "to_complainant": done.to_complainant,
        "to_keeper": done.to_keeper,
        "to_owner": done.to_owner,
        "unpaid": done.unpaid,
        "money": {
            "unit": money.unit,
            "amount_text": money.format(done.amount),
            "to_fund_text": money.format(done.to_fund),
            "unpaid_text": money.format(done.unpaid),
        },
    }


@router.post(
    "/offences/{offence_id}/fine-paid",
    status_code=201,
    tags=["fund"],
    responses=ERRORS,
    response_model=a.PaidPublic,
)
def offence_fine_paid(
    offence_id: b.IdPath, body: b.AdjudgedPaidBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """A Magistrate of the district records a Sec XIII fine (or part of it) paid by the person
    convicted, named in `payer`; it enters the Sec XII fund now, not before."""
    done = record_offence_fine_paid(
        u,
        offence_id=offence_id,
        amount=body.amount,
        payer=body.payer.to_office() if body.payer else None,
        occurred_at=body.occurred_at,
    )
    return _paid(done)


@router.post(
    "/cases/{case_id}/fine-paid",
    status_code=201,
    tags=["fund"],
    responses=ERRORS,
    response_model=a.PaidPublic,
)
def case_fine_paid(
    case_id: b.IdPath, body: b.AdjudgedPaidBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """A Magistrate of the district records a Sec XVII or XVIII fine (or part of it) paid: the
    compensation ordered out of it goes to the complainant first (XVIII), the rest into the
    fund (XII). A fine for damage by pigs is recovered so, never by sale."""
    done = record_case_fine_paid(
        u,
        case_id=case_id,
        amount=body.amount,
        payer=body.payer.to_office() if body.payer else None,
        occurred_at=body.occurred_at,
    )
    return _paid(done)


@router.post(
    "/complaints/{complaint_id}/seizer-paid",
    status_code=201,
    tags=["fund"],
    responses=ERRORS,
    response_model=a.PaidPublic,
)
def seizer_paid(
    complaint_id: b.IdPath, body: b.AdjudgedPaidBody, st: State, u: InUnit, actor: Actor
) -> dict[str, Any]:
    """A Magistrate of the district records the seizer paying (part of) what the decision on
    the complaint charges him (Sec XIV): the fines of cattle still held into the fund (XII),
    their feeding to the keeper, then what he owes the owner who complained."""
    done = record_seizer_paid(
        u,
        complaint_id=complaint_id,
        amount=body.amount,
        payer=body.payer.to_office() if body.payer else None,
        occurred_at=body.occurred_at,
    )
    return _paid(done)
