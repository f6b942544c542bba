"""The Magistrate records what he adjudged being paid to him: a fine for opposing a seizure or a
rescue (Sec XIII), a fine in a case of mischief (XVII) or of damage by pigs (XVIII), or what a
Sec XIV decision charges the seizer of cattle held illegal.

Fines are paid to the Magistrate (Sec XI). What is received of a fine enters the Sec XII fund
then, and only then; the compensation ordered out of a case's fine is paid to the complainant
first (XVIII, `law/fines_paid.py`); a seizer's payment goes to the fines and feeding of cattle
still held, then to what he owes the owner who complained (XIV).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from law.cases import SECTION, CaseKind
from law.errors import N_, InvalidInput, NotFound
from law.fines_paid import FineApplied, SeizerApplied, apply_fine_paid, apply_seizer_paid
from models import Complaint, FinePaid, Person, Seizure, Unit
from models.columns import id_of
from office.acts.alike import InDistrict, magistrate, named
from office.acts.magistrate.case import compensation_payable, fine_receivable
from office.acts.magistrate.case import fund_source as case_source
from office.acts.magistrate.offence import fine_receivable as offence_receivable
from office.acts.magistrate.offence import fund_source as offence_source
from office.acts.magistrate.offence import locked_offence, offence_subject
from office.inputs import Amount, PersonIn
from office.people import get_person
from office.records import ledger
from office.records.memos import CASE_FINE_PAID, OFFENCE_FINE_PAID, SEIZER_PAID, Memo, memo
from office.recovery import locked_case
from office.views.amounts import read_amount
from office.views.offences import decision_of

# Where a payment went, as its row, its audit event and `Paid` all say it.
SPLIT = ("amount", "to_fund", "to_complainant", "to_keeper", "to_owner")


@dataclass(frozen=True)
class Paid:
    """A payment recorded, and where it went; `unpaid` is what is still owed after it."""

    paid_id: int
    section: str
    payer: str
    amount: int
    to_fund: int
    to_complainant: int
    to_keeper: int
    to_owner: int
    unpaid: int
    money: str


def _payer(s: Session, given: PersonIn | None, default_id: int | None, now: datetime) -> Person:
    if given is not None:
        return named(s, given, now)
    if default_id is None:
        raise InvalidInput(N_("name the person who paid"))
    return get_person(s, default_id)


def _balance(s: Session, district_id: int, account: str) -> int:
    return ledger.balances(s, district_id, account).get(account, 0)


def _record(
    m: InDistrict,
    section: str,
    amount: int,
    applied: FineApplied | SeizerApplied,
    payer: Person,
    *,
    due: str,
    unpaid: int,
    memo_text: Memo,
    lines: list[tuple[str, int]],
    subject: str,
    **pays: Any,
) -> Paid:
    """The payment posted (the Magistrate's cash in, `due` down by `amount`, then `lines`), its
    row, naming what it pays (`pays`), and its audit event."""
    s, ctx, occurred_at = m.s, m.ctx, m.at
    txn = m.post(
        pays.get("seizure_id"),
        memo=memo_text,
        section=section,
        lines=[(ledger.MAGISTRATE_CASH, amount), (due, -amount), *lines],
    )
    if txn is None or txn.id is None:
        raise InvalidInput(N_("the payment was not posted"), section=section)
    row = FinePaid(
        district_id=ctx.id,
        section=section,
        payer_id=id_of(payer),
        amount=amount,
        **asdict(applied),
        recorded_by=m.u.actor(),
        occurred_at=occurred_at,
        recorded_at=m.u.now,
        txn_id=txn.id,
        **pays,
    )
    s.add(row)
    s.flush()
    split = {name: getattr(row, name) for name in SPLIT}
    unpaid -= amount
    m.event(
        "adjudged_paid",
        subject,
        section,
        paid_id=row.id,
        offence_id=row.offence_id,
        case_id=row.case_id,
        seizure_id=row.seizure_id,
        payer_id=payer.id,
        **split,
        unpaid=unpaid,
    )
    return Paid(
        id_of(row), section, payer.name, **split, unpaid=unpaid, money=ctx.profile.money.name
    )


def record_offence_fine_paid(
    u: Unit,
    *,
    offence_id: int,
    amount: Amount,
    payer: PersonIn | None,
    occurred_at: datetime,
) -> Paid:
    """A Magistrate of the district records a Sec XIII fine (or part of it) paid by the person
    convicted, `payer`; it enters the fund (Sec XII)."""
    with u.act() as s:
        offence = locked_offence(s, offence_id)
        decision = decision_of(s, offence_id)
        after = decision.decided_at if decision else offence.occurred_at
        m = magistrate(s, u, offence.district_id, "XIII", occurred_at, after)
        ctx = m.ctx
        amount = read_amount(amount, ctx.profile.money)
        due = offence_receivable(offence_id)
        unpaid = _balance(s, ctx.id, due)
        applied = apply_fine_paid(
            amount, unpaid=unpaid, compensation_unpaid=0, money=ctx.profile.money, section="XIII"
        )
        who = _payer(s, payer, None, u.now)
        return _record(
            m,
            "XIII",
            amount,
            applied,
            who,
            due=due,
            unpaid=unpaid,
            memo_text=memo(OFFENCE_FINE_PAID, payer=who.name, offence=offence_id),
            lines=ledger.into_fund(offence_source(offence_id), applied.to_fund),
            subject=offence_subject(s, offence),
            offence_id=offence_id,
            seizure_id=offence.seizure_id,
        )


def record_case_fine_paid(
    u: Unit,
    *,
    case_id: int,
    amount: Amount,
    occurred_at: datetime,
    payer: PersonIn | None = None,
) -> Paid:
    """A Magistrate of the district records a fine adjudged under Sec XVII or XVIII (or part of
    it) paid, by default by the person convicted: the compensation ordered out of it goes to the
    complainant first (XVIII), the rest into the fund (XII)."""
    with u.act() as s:
        case = locked_case(s, case_id)
        section = SECTION[CaseKind(case.kind)]
        after = case.decided_at or case.filed_at
        m = magistrate(s, u, case.district_id, section, occurred_at, after)
        ctx = m.ctx
        amount = read_amount(amount, ctx.profile.money)
        due = fine_receivable(case_id)
        unpaid = _balance(s, ctx.id, due)
        compensation = compensation_payable(case_id)
        applied = apply_fine_paid(
            amount,
            unpaid=unpaid,
            compensation_unpaid=-_balance(s, ctx.id, compensation),
            money=ctx.profile.money,
            section=section,
        )
        who = _payer(s, payer, case.accused_id, u.now)
        return _record(
            m,
            section,
            amount,
            applied,
            who,
            due=due,
            unpaid=unpaid,
            memo_text=memo(CASE_FINE_PAID, payer=who.name, case=case_id, section=section),
            lines=[
                *ledger.into_fund(case_source(case_id), applied.to_fund),
                # Sec XVIII: the compensation out of the fine, paid over to the complainant.
                (compensation, applied.to_complainant),
                (ledger.MAGISTRATE_CASH, -applied.to_complainant),
            ],
            subject=f"case:{case_id}",
            case_id=case_id,
            seizure_id=case.seizure_id,
        )


def record_seizer_paid(
    u: Unit,
    *,
    complaint_id: int,
    amount: Amount,
    occurred_at: datetime,
    payer: PersonIn | None = None,
) -> Paid:
    """A Magistrate of the district records the seizer paying (part of) what his decision on
    the complaint charges him (Sec XIV): the fines of cattle still held into the fund (XII),
    their feeding to the keeper, then damages, expenses and the fines and expenses repaid to
    the owner who complained (G12)."""
    with u.act() as s:
        complaint = s.get(Complaint, complaint_id)
        if complaint is None:
            raise NotFound(N_("no complaint {complaint_id}"), said={"complaint_id": complaint_id})
        seizure = s.exec(
            select(Seizure).where(Seizure.id == complaint.seizure_id).with_for_update()
        ).one()
        after = complaint.decided_at or complaint.filed_at
        m = magistrate(s, u, seizure.district_id, "XIV", occurred_at, after)
        ctx = m.ctx
        amount = read_amount(amount, ctx.profile.money)
        due = ledger.seizer_receivable(seizure.ref)
        unpaid = _balance(s, ctx.id, due) if complaint.seizure_illegal else 0
        fines = -_balance(s, ctx.id, ledger.owed_to_fund(ledger.seizer_source(seizure.ref)))
        owner = ledger.owed_by_seizer(seizure.ref, complaint.complainant_id)
        to_owner = -_balance(s, ctx.id, owner)
        applied = apply_seizer_paid(
            amount,
            fines=fines,
            feeding=max(unpaid - fines - to_owner, 0),
            to_owner=to_owner,
            money=ctx.profile.money,
        )
        who = _payer(s, payer, seizure.seizer_id, u.now)
        return _record(
            m,
            "XIV",
            amount,
            applied,
            who,
            due=due,
            unpaid=unpaid,
            memo_text=memo(SEIZER_PAID, payer=who.name, ref=seizure.ref),
            lines=[
                *ledger.into_fund(ledger.seizer_source(seizure.ref), applied.to_fund),
                # What he owes the owner is paid over to him.
                (owner, applied.to_owner),
                (ledger.MAGISTRATE_CASH, -applied.to_owner),
            ],
            subject=seizure.ref,
            seizure_id=seizure.id,
        )
