"""REST API /api/v1: one route per act of a person under the Act, acting as the token's person."""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter

from law.money import money_system
from office.acts.complainant import case as complainant_case
from office.acts.complainant import complaint as complainant_complaint
from office.acts.darogah import auction as sales
from office.acts.darogah import notice as darogah_notice
from office.acts.darogah.recovery_sale import record_recovery_sale
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
# Every route's errors are the envelope of webhook/errors.py.
get = functools.partial(router.get, responses=ERROR_RESPONSES)
post = functools.partial(router.post, responses=ERROR_RESPONSES)
created = functools.partial(post, status_code=201)  # a POST that records something new


@created("/seizures", tags=["seizure"], response_model=a.SeizureReportedPublic)
def report_seizure(body: b.SeizureBody, st: State, u: InUnit) -> dict[str, Any]:
    """Report a seizure: trespass (Sec II), roads and canals (XV), or strays by police (XVI).

    A private person reports his own seizure (`seizer` left out or himself); the keeper of the
    pound or the police of its thana may report for the seizer (`reported_for`). The owner's
    messages are `held` when a private reporter has named too many numbers the office never
    heard from in 24 hours (`owner_messages`, `notes`); the seizure is recorded all the same."""
    done = seizures.report_seizure(u, **body.args(), unsolicited_per_day=st.unsolicited_per_day)
    return a.answer(
        a.SeizureReportedPublic,
        done,
        pound={"code": done.pound_code, "name": done.pound_name},
        police_aid_requested=done.aid_requested,
    )


@get("/seizures/{ref}", tags=["seizure"], response_model=a.SeizurePublic)
def get_seizure(ref: b.RefPath, st: State, actor: Actor) -> dict[str, Any]:
    """The record (`view`: `party` or `official`): parties, animals, status, history, amounts due
    now and every deadline; for anyone else (`view`: `public`) what the Sec VIII notice shows."""
    return views_seizure.seizure_view_as(st.db, ref=ref, viewer_id=actor, now=st.clock())


@created("/seizures/{ref}/aid-request", tags=["seizure"], response_model=a.AidRequestPublic)
def aid_request(ref: b.RefPath, body: b.Act, u: InUnit) -> dict[str, Any]:
    """The seizer calls on the police for aid (Sec II)."""
    rid = seizer_police_aid.request_police_aid(u, ref=ref, **body.args())
    return {"ref": ref, "aid_request_id": rid}


@post("/seizures/{ref}/conveyance", tags=["seizure"], response_model=a.SeizurePublic)
def conveyance(ref: b.RefPath, body: b.ConveyanceBody, u: InUnit, actor: Actor) -> dict[str, Any]:
    """Police confirm the cattle were conveyed to the pound (Sec II, XVI)."""
    confirm_conveyance(u, ref=ref, **body.args())
    return views_seizure.seizure_view_as(u, ref=ref, viewer_id=actor, now=u.now)


@created("/seizures/{ref}/offence", tags=["seizure"], response_model=a.OffenceRecordedPublic)
def offence(ref: b.RefPath, body: b.OffenceBody, u: InUnit) -> dict[str, Any]:
    """Forcible opposition to the seizure or rescue of the cattle (Sec XIII)."""
    return {"ref": ref, "offence_id": record_offence(u, ref=ref, **body.args())}


@post("/seizures/{ref}/arrival", tags=["pound"], response_model=a.ArrivalPublic)
def arrival(ref: b.RefPath, body: b.ArrivalBody, u: InUnit) -> dict[str, Any]:
    """The keeper registers the cattle; the copy of the entry is for the seizer (Sec V)."""
    done = register_arrival(u, ref=ref, **body.args())
    return a.answer(a.ArrivalPublic, done, copy_=done.copy_text)


@post("/seizures/{ref}/payment", tags=["pound"], response_model=a.PaymentPublic)
def payment(ref: b.RefPath, body: b.PaymentBody, u: InUnit) -> dict[str, Any]:
    """The owner pays fine and feeding and signs for his cattle (Sec VII)."""
    done = record_payment(u, ref=ref, **body.args())
    return a.answer(a.PaymentPublic, done, receipt=done.receipt_text)


@post("/seizures/{ref}/release-order", tags=["pound"], response_model=a.ReleaseOrderPublic)
def release_order(ref: b.RefPath, body: b.ReleaseOrderBody, u: InUnit) -> dict[str, Any]:
    """Release without fine by order of competent authority (Sec VI)."""
    return {"ref": ref, "release_order_id": order_release(u, ref=ref, **body.args())}


@post("/seizures/{ref}/refusal", tags=["pound"], response_model=a.SeizurePublic)
def refusal(ref: b.RefPath, body: b.RefusalBody, u: InUnit, actor: Actor) -> dict[str, Any]:
    """The owner appeared and refused or omitted to pay (Sec IX)."""
    record_refusal(u, ref=ref, **body.args())
    return views_seizure.seizure_view_as(u, ref=ref, viewer_id=actor, now=u.now)


@post("/seizures/{ref}/death", tags=["pound"], response_model=a.SeizurePublic)
def death(ref: b.RefPath, body: b.DeathBody, u: InUnit, actor: Actor) -> dict[str, Any]:
    """An animal died or escaped in the pound (practice G7)."""
    record_loss(u, ref=ref, **body.args())
    return views_seizure.seizure_view_as(u, ref=ref, viewer_id=actor, now=u.now)


@post("/seizures/{ref}/unclaimed", tags=["pound"], response_model=a.SeizurePublic)
def unclaimed(ref: b.RefPath, body: b.UnclaimedBody, u: InUnit, actor: Actor) -> dict[str, Any]:
    """The keeper reports cattle not claimed within seven days to the Darogah (Sec VIII)."""
    report_unclaimed(u, ref=ref, **body.args())
    return views_seizure.seizure_view_as(u, ref=ref, viewer_id=actor, now=u.now)


@post("/seizures/{ref}/notice", tags=["police"], response_model=a.NoticePostedPublic)
def notice(ref: b.RefPath, body: b.NoticeBody, u: InUnit) -> dict[str, Any]:
    """The Darogah posts the notice and has it proclaimed by beat of drum (Sec VIII)."""
    return a.answer(a.NoticePostedPublic, darogah_notice.post_notice(u, ref=ref, **body.args()))


@post("/seizures/{ref}/sale", tags=["police"], response_model=a.SalePublic)
def sale(ref: b.RefPath, body: b.SaleBody, u: InUnit) -> dict[str, Any]:
    """A public auction, its lots and buyers, and the account of it (Sec VIII, IX, X, XI)."""
    done = sales.record_sale(u, ref=ref, **body.args())
    return a.answer(
        a.SalePublic, done, account=done.account_text, cattle_receipt_id=done.receipt_id
    )


@get("/seizures/{ref}/cattle-receipt", tags=["police"], response_model=a.CattleReceiptPublic)
def cattle_receipt(ref: b.RefPath, st: State, actor: Actor) -> dict[str, Any]:
    """The owner's receipt for the cattle handed back after a sale under Sec IX and for the
    balance of the purchase money paid to him, according to the account of the sale; for the
    parties to the seizure and the officers of its district."""
    return views_seizure.cattle_receipt_as(st.db, ref=ref, viewer_id=actor)


@created("/seizures/{ref}/complaint", tags=["complaint"], response_model=a.ComplaintFiledPublic)
def complaint(ref: b.RefPath, body: b.ComplaintBody, u: InUnit) -> dict[str, Any]:
    """A complaint against the seizure within ten days of it, even after a sale (G12); it stays
    any further sale (Sec XIV, IX). The complainant is the owner of record or, with none
    recorded, a person claiming to be the owner; an agent names himself (`agent_name`); a
    Magistrate taking a verbal complaint down names its complainant (G14)."""
    done = complainant_complaint.file_complaint(u, ref=ref, **body.args())
    return a.answer(a.ComplaintFiledPublic, done, status="pending")


@post("/complaints/{complaint_id}/admission", tags=["complaint"], response_model=a.AdmissionPublic)
def admission(complaint_id: b.IdPath, body: b.AdmissionBody, u: InUnit) -> dict[str, Any]:
    """The Magistrate finds reason to believe the complaint well founded and summons the
    seizer to a summary enquiry (Sec XIV)."""
    complaints.admit_complaint(u, complaint_id=complaint_id, **body.args())
    return {"complaint_id": complaint_id, "status": "admitted"}


@post("/complaints/{complaint_id}/decision", tags=["complaint"], response_model=a.DecisionPublic)
def decision(complaint_id: b.IdPath, body: b.DecisionBody, u: InUnit) -> dict[str, Any]:
    """The Magistrate's decision: dismissed on examination (before a summons), or after the
    summons the seizure lawful, or illegal with damages, expenses, the fines and expenses paid
    repaid to the owner, and the release of cattle still held (Sec XIV; G12, G15)."""
    done = complaints.decide_complaint(u, complaint_id=complaint_id, **body.args())
    money = money_for(u, complaint_id=complaint_id)  # the answer's texts
    return a.answer(a.DecisionPublic, done, money=a.money_texts(a.DecisionMoneyPublic, money, done))


@post("/surplus/{deposit_id}/claim", tags=["fund"], response_model=a.SurplusClaimPublic)
def surplus_claim(deposit_id: b.IdPath, body: b.SurplusClaimBody, u: InUnit) -> dict[str, Any]:
    """A claim to the surplus established within three months of the sale (Sec XI)."""
    done = surplus.claim_surplus(u, deposit_id=deposit_id, **body.args())
    return a.answer(a.SurplusClaimPublic, done)


@post("/fund/transfers", tags=["fund"], response_model=a.TransfersPublic)
def fund_transfers(district: b.DistrictQuery, u: InUnit) -> dict[str, Any]:
    """The Magistrate moves surplus unclaimed for 3 months into the Sec XII fund."""
    return {"moved": surplus.transfer_unclaimed_surplus(u, district=district)}


@created("/cases", tags=["complaint"], response_model=a.CaseFiledPublic)
def file_case(body: b.CaseBody, u: InUnit) -> dict[str, Any]:
    """A complaint of mischief by causing cattle to trespass (XVII) or damage by pigs (XVIII)."""
    return {"case_id": complainant_case.file_case(u, **body.args())}


@post("/cases/{case_id}/decision", tags=["complaint"], response_model=a.CaseDecisionPublic)
def decide_case(case_id: b.IdPath, body: b.CaseDecisionBody, u: InUnit) -> dict[str, Any]:
    """The Magistrate's decision; compensation comes out of the fine (XVIII) and is set off in a
    civil suit (XIX)."""
    return a.answer(a.CaseDecisionPublic, cases.decide_case(u, case_id=case_id, **body.args()))


@get("/cases/{case_id}", tags=["complaint"], response_model=a.CasePublic)
def get_case(case_id: b.IdPath, st: State, actor: Actor) -> dict[str, Any]:
    """The record of a case: the decision, fine and compensation, every recovery order and sale,
    what is still unpaid, the history (Sec XVII, XVIII, XIX); for its complainant, the accused
    and the officers of its district."""
    return views_case.case_view_as(st.db, case_id=case_id, viewer_id=actor)


@get("/cases/{case_id}/set-off", tags=["complaint"], response_model=a.SetOffPublic)
def set_off(case_id: b.IdPath, st: State, actor: Actor) -> dict[str, Any]:
    """The certificate of compensation paid by order of the Magistrate, to be set off against
    damages in a civil suit (Sec XIX): its lines and figures; for the same people as the case."""
    return views_case.set_off_as(st.db, case_id=case_id, viewer_id=actor)


@created(
    "/cases/{case_id}/recovery-order", tags=["complaint"], response_model=a.RecoveryOrderPublic
)
def recovery_order(case_id: b.IdPath, body: b.RecoveryOrderBody, u: InUnit) -> dict[str, Any]:
    """The Magistrate orders an unpaid Sec XVII fine recovered by sale of the cattle by which the
    trespass was committed, whoever owns them (Sec XVII)."""
    return a.answer(a.RecoveryOrderPublic, order_recovery(u, case_id=case_id, **body.args()))


@created("/cases/{case_id}/recovery-sale", tags=["police"], response_model=a.RecoverySalePublic)
def recovery_sale(case_id: b.IdPath, body: b.RecoverySaleBody, u: InUnit) -> dict[str, Any]:
    """The auction held on the recovery order by the Darogah or police of its thana: lots,
    buyers (Sec X), prices and expenses; how the proceeds went (Sec XVII, XVIII)."""
    done = record_recovery_sale(u, case_id=case_id, **body.args())
    return a.answer(a.RecoverySalePublic, done, account=done.account_text)


@post("/offences/{offence_id}/decision", tags=["seizure"], response_model=a.OffenceDecisionPublic)
def decide_offence(offence_id: b.IdPath, body: b.OffenceDecisionBody, u: InUnit) -> dict[str, Any]:
    """The Magistrate decides forcible opposition or rescue: imprisonment up to six months with
    or without labour, a fine up to Rs 500, or both (Sec XIII)."""
    done = offences.decide_offence(u, offence_id=offence_id, **body.args())
    return a.answer(a.OffenceDecisionPublic, done)


@get("/pounds/{code}/register", tags=["pound"], response_model=a.RegisterPublic)
def register(
    code: b.CodePath, st: State, actor: Actor, year: b.YearQuery | None = None
) -> dict[str, Any]:
    """The pound register (Sec V), entry by entry; for the officers of the pound's district."""
    return pound_register.pound_register_read(
        st.db, pound_code=code, year=year, viewer_id=actor, now=st.clock()
    ).as_dict()


@get("/search/held", tags=["search"], response_model=b.HeldSearchOut)
def search_held(
    st: State,
    village: b.VillageQuery,
    district: b.DistrictQuery | None = None,
    kind: b.KindQuery | None = None,
    number: b.HeadsQuery | None = None,
) -> dict[str, Any]:
    """The cattle held now (on the way to the pound or in it) in the pounds that serve a
    village and its neighbours (practice G18), of a kind if given, the closest to `number`
    head first: for an owner who has no reference. No sign-in: it tells what the Sec VIII
    notice shows and the amount due, never a name, a home or a phone."""
    found = held_search.search_held(
        st.db, village=village, district=district, kind=kind, number=number, now=st.clock()
    )
    return a.answer(
        b.HeldSearchOut,
        found,
        district=found.place.district_code,
        village=found.place.name,
        village_names=dict(found.place.names),
        excluded=found.place.excluded,
        pounds=[b.HeldPound(code=c, name=n, thana=t) for c, n, t, _ in found.pounds],
        held=[_held(h) for h in found.found],
    )


def _held(h: held_search.HeldSeizure) -> b.HeldSeizureOut:
    deadline, next_on = h.next_deadline or (None, None)
    given = a.answer(
        b.HeldSeizureOut,
        h,
        pound=b.HeldPound(code=h.pound_code, name=h.pound_name, thana=h.thana),
        animals=h.groups,
        deadlines=a.answer(b.HeldDeadlines, h, next=deadline, next_on=next_on),
    )
    return b.HeldSeizureOut.model_validate(given, from_attributes=True)


@get("/fund", tags=["fund"], response_model=a.FundPublic)
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


@created("/fund/payments", tags=["fund"], response_model=a.FundPaymentPublic)
def fund_payment(body: b.FundPaymentBody, u: InUnit) -> dict[str, Any]:
    """The Magistrate of the district orders a payment out of the fund (Sec XII)."""
    return a.answer(a.FundPaymentPublic, pay_from_fund(u, **body.args()))


def _kind_ordered(done: kind_orders.KindOrdered) -> dict[str, Any]:
    return a.answer(a.KindOrderPublic, done, pound=done.pound_code)


@created("/seizures/{ref}/kind-order", tags=["pound"], response_model=a.KindOrderPublic)
def seizure_kind_order(ref: b.RefPath, body: b.KindOrderBody, u: InUnit) -> dict[str, Any]:
    """The Magistrate fixes the fine and feeding of this seizure's animals of a kind outside
    the Sec VI scale; the keeper may then register them (practice G4)."""
    return _kind_ordered(kind_orders.order_for_seizure(u, ref=ref, **body.args()))


@created("/pounds/{code}/kind-orders", tags=["pound"], response_model=a.KindOrderPublic)
def pound_kind_order(code: b.CodePath, body: b.KindOrderBody, u: InUnit) -> dict[str, Any]:
    """The Magistrate fixes, from the order's date, the fine and feeding of every animal of a
    kind outside the Sec VI scale brought to this pound (practice G4)."""
    return _kind_ordered(kind_orders.order_for_pound(u, pound=code, **body.args()))


# --- What the Magistrate adjudged, paid to him (Sec XI, XII) ------------------------------------


def _paid(done: Paid) -> dict[str, Any]:
    money = a.money_texts(a.PaidMoneyPublic, money_system(done.money), done)
    return a.answer(a.PaidPublic, done, money=money)


@created("/offences/{offence_id}/fine-paid", tags=["fund"], response_model=a.PaidPublic)
def offence_fine_paid(offence_id: b.IdPath, body: b.AdjudgedPaidBody, u: InUnit) -> dict[str, Any]:
    """A Magistrate of the district records a Sec XIII fine (or part of it) paid by the person
    convicted, named in `payer`; it enters the Sec XII fund now, not before."""
    return _paid(record_offence_fine_paid(u, offence_id=offence_id, **body.args()))


@created("/cases/{case_id}/fine-paid", tags=["fund"], response_model=a.PaidPublic)
def case_fine_paid(case_id: b.IdPath, body: b.AdjudgedPaidBody, u: InUnit) -> dict[str, Any]:
    """A Magistrate of the district records a Sec XVII or XVIII fine (or part of it) paid: the
    compensation ordered out of it goes to the complainant first (XVIII), the rest into the
    fund (XII). A fine for damage by pigs is recovered so, never by sale."""
    return _paid(record_case_fine_paid(u, case_id=case_id, **body.args()))


@created("/complaints/{complaint_id}/seizer-paid", tags=["fund"], response_model=a.PaidPublic)
def seizer_paid(complaint_id: b.IdPath, body: b.AdjudgedPaidBody, u: InUnit) -> dict[str, Any]:
    """A Magistrate of the district records the seizer paying (part of) what the decision on
    the complaint charges him (Sec XIV): the fines of cattle still held into the fund (XII),
    their feeding to the keeper, then what he owes the owner who complained."""
    return _paid(record_seizer_paid(u, complaint_id=complaint_id, **body.args()))
