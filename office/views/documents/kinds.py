"""The documents of the Act to print, each as the figures and names it states.

One function per kind reads the record and returns a plain dataclass; nothing here decides a
rule of the Act (the record already holds what the acts decided, and `law/` worked out each
figure when the act was done). Texts are not written here: the page that prints a document
writes its labels in the reader's language.

`Document.digest` is the hash of what a document states, without the day it was printed: the
same content printed again has the same digest, and a document whose record has changed since
(a payment after the receipt, a new rate) has another.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from sqlmodel import Session, col, select

from law.errors import N_, InvalidInput, NotFound
from law.periods import YEAR_MAX, YEAR_MIN, local_date
from models import (
    Animal,
    Case,
    CattleReceipt,
    Complaint,
    District,
    Notice,
    Payment,
    Person,
    Pound,
    RegisterEntry,
    Sale,
    SaleLot,
    Seizure,
    Village,
)
from models.columns import id_of
from models.db import Reader
from office.acts.darogah.notice import proclaimed_names
from office.acts.magistrate import case as cases
from office.district import DistrictContext, district_context, names_of
from office.records import ledger
from office.records.register import seizure_by_ref
from office.state import animals_of
from office.views import case as views_case
from office.views import lookup
from office.views.fund_statement import feeding_written_off, fund_statement


class Kind(StrEnum):
    """The documents the office prints, by the name in their route."""

    REGISTER_COPY = "register-copy"
    RECEIPT = "receipt"
    RATES = "rates"
    NOTICE = "notice"
    ACCOUNT = "account"
    CATTLE_RECEIPT = "cattle-receipt"
    SUMMONS = "summons"
    DECISION = "decision"
    SET_OFF = "set-off"
    RETURN = "return"
    FUND = "fund"


# The section each kind rests on.
SECTION: dict[Kind, str] = {
    Kind.REGISTER_COPY: "V",
    Kind.RECEIPT: "VII",
    Kind.RATES: "VII",
    Kind.NOTICE: "VIII",
    Kind.ACCOUNT: "IX",
    Kind.CATTLE_RECEIPT: "IX",
    Kind.SUMMONS: "XIV",
    Kind.DECISION: "XIV",
    Kind.SET_OFF: "XIX",
    Kind.RETURN: "IV",
    Kind.FUND: "XII",
}

# What a kind's ref names.
SEIZURE_KINDS = frozenset(
    {Kind.REGISTER_COPY, Kind.RECEIPT, Kind.NOTICE, Kind.ACCOUNT, Kind.CATTLE_RECEIPT}
)
COMPLAINT_KINDS = frozenset({Kind.SUMMONS, Kind.DECISION})
CASE_KINDS = frozenset({Kind.SET_OFF})
POUND_KINDS = frozenset({Kind.RATES, Kind.RETURN})
DISTRICT_KINDS = frozenset({Kind.FUND})


@dataclass(frozen=True)
class Who:
    """A person as a document names him: name and residence (never his phone)."""

    name: str
    residence: str = ""


@dataclass(frozen=True)
class Head:
    """One animal as the register describes it."""

    number: int
    kind: str
    description: str = ""
    status: str = ""


@dataclass(frozen=True)
class Document:
    """What every document states at its head."""

    kind: str
    ref: str
    params: str
    section: str
    district_id: int
    district_code: str
    district_name: str
    money: str  # the money system of the district's profile (law/money.py)
    dated: str  # the day of the act the document records (ISO), or of its period's end
    pound_code: str = ""
    pound_name: str = ""
    thana: str = ""
    register_no: str = ""
    # The names the district file gives the district, the pound and the village in other
    # scripts, by language: (("pound", (("hi", "..."), ...)), ...). The page writes them in the
    # reader's script; the document states the register's names, and so does its digest.
    names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    def content(self) -> dict[str, Any]:
        body = asdict(self)
        del body["names"]  # how a name is written in another script is not what it states
        return body

    def names_of(self, place: str) -> dict[str, str]:
        """The names of `place` (district, pound, village) in other scripts, by language."""
        return dict(dict(self.names).get(place, ()))

    @property
    def digest(self) -> str:
        text = json.dumps(self.content(), sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class RegisterCopy(Document):
    """Sec V: the entry, and the copy of it the seizer is given."""

    entered_at: str = ""
    seized_at: str = ""
    village: str = ""
    place: str = ""
    seizer: Who = Who("")
    owner: Who | None = None
    keeper: Who = Who("")
    animals: tuple[Head, ...] = ()


@dataclass(frozen=True)
class PaymentLine:
    paid_at: str
    payer: Who
    agent: str | None
    animals: tuple[int, ...]
    fine: int
    feeding: int
    expenses: int
    total: int
    keeper: Who


@dataclass(frozen=True)
class Receipt(Document):
    """Sec VII: the fine and feeding paid and the cattle released, signed in the register."""

    animals: tuple[Head, ...] = ()
    payments: tuple[PaymentLine, ...] = ()
    total: int = 0


@dataclass(frozen=True)
class RateLine:
    kinds: tuple[str, ...]
    fine: int
    per_day: int


@dataclass(frozen=True)
class Rates(Document):
    """Sec VII (with VI): the schedule of fines and feeding rates posted at the pound."""

    rows: tuple[RateLine, ...] = ()


@dataclass(frozen=True)
class NoticeDoc(Document):
    """Sec VIII: the notice at the police office, proclaimed by beat of drum."""

    village: str = ""
    place: str = ""
    impounded_on: str = ""
    posted_on: str = ""
    proclaimed_in: tuple[str, ...] = ()
    sale_not_before: str = ""
    darogah: Who = Who("")
    animals: tuple[Head, ...] = ()
    # The names in other scripts of the villages it was proclaimed in, by the register's name;
    # like `names`, not what the notice states.
    proclaimed_names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    def content(self) -> dict[str, Any]:
        body = super().content()
        del body["proclaimed_names"]
        return body


@dataclass(frozen=True)
class LotLine:
    animal: int
    kind: str
    buyer: Who
    price: int


@dataclass(frozen=True)
class SaleLines:
    held_on: str
    place: str
    unclaimed: bool
    officer: Who
    lots: tuple[LotLine, ...]
    proceeds: int
    expenses_paid: int
    fines_paid: int
    feeding_paid: int
    balance: int  # to the owner (Sec IX) or into deposit (Sec XI)
    still_due: int
    shortfall: int
    handed_back: tuple[int, ...]
    still_held: tuple[int, ...]


@dataclass(frozen=True)
class Account(Document):
    """Sec IX (and VIII): the account of each sale of the seizure's cattle: number seized,
    time impounded, number sold, proceeds, and how they were applied (Sec XI)."""

    number_seized: int = 0
    impounded_at: str = ""
    sales: tuple[SaleLines, ...] = ()


@dataclass(frozen=True)
class CattleReceiptDoc(Document):
    """Sec IX: the owner's receipt for the cattle handed back and the balance paid to him."""

    owner: Who = Who("")
    officer: Who = Who("")
    delivered_at: str = ""
    animals: tuple[Head, ...] = ()
    balance: int = 0
    sale_held_on: str = ""


@dataclass(frozen=True)
class Summons(Document):
    """Sec XIV: the seizer summoned to answer the complaint against the seizure."""

    complaint_id: int = 0
    seizure_ref: str = ""
    complainant: Who = Who("")
    standing: str = ""
    agent: str | None = None
    filed_on: str = ""
    seizer: Who = Who("")
    hearing: str = ""
    magistrate: Who | None = None


@dataclass(frozen=True)
class Decision(Document):
    """Sec XIV: the Magistrate's decision of the complaint."""

    complaint_id: int = 0
    seizure_ref: str = ""
    complainant: Who = Who("")
    seizer: Who = Who("")
    outcome: str = ""  # dismissed, lawful, illegal
    magistrate: Who | None = None
    damages: int = 0
    expenses: int = 0
    fines_repaid: int = 0
    held_charges: int = 0
    owed_to_owner: int = 0
    release_ordered: bool = False
    reasons: str = ""


@dataclass(frozen=True)
class SetOff(Document):
    """Sec XIX: the certificate of compensation paid, to be set off in a civil suit."""

    case_id: int = 0
    case_section: str = ""
    village: str = ""
    complainant: Who = Who("")
    accused: Who = Who("")
    filed_on: str = ""
    decided_on: str = ""
    convicted: bool = False
    fine: int = 0
    ordered: int = 0
    paid: int = 0
    unpaid: int = 0
    to_set_off: int = 0


@dataclass(frozen=True)
class ReturnLine:
    register_no: str
    entered_on: str
    heads: int
    kinds: tuple[str, ...]
    status: str


@dataclass(frozen=True)
class MonthlyReturn(Document):
    """Sec IV: the keeper's return of his pound for one month."""

    month: str = ""
    entries: tuple[ReturnLine, ...] = ()
    heads_in: int = 0
    # Heads that left the pound in the month, by how (released_paid, sold, died ...).
    heads_out: tuple[tuple[str, int], ...] = ()
    held_at_end: int = 0
    fines_received: int = 0
    feeding_received: int = 0
    expenses_received: int = 0
    sales: int = 0
    proceeds: int = 0


@dataclass(frozen=True)
class FundLine:
    on: str
    memo: str
    section: str
    amount_in: int
    amount_out: int
    balance: int


@dataclass(frozen=True)
class FundStatement(Document):
    """Sec XII: the pound fund: fines and unclaimed surplus in, payments out, the balance."""

    lines: tuple[FundLine, ...] = ()
    received: int = 0
    paid_out: int = 0
    balance: int = 0
    owed: int = 0  # Sec XII: fines adjudged or charged and not yet received, outside the fund
    deposits_held: int = 0
    written_off: int = 0
    # The names in other scripts of the district's pounds its lines may name, by the register's
    # name; like `names`, not what the statement states.
    pound_names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    def content(self) -> dict[str, Any]:
        body = super().content()
        del body["pound_names"]
        return body


# --- Reading the record -----------------------------------------------------------------------


def _who(s: Session, person_id: int | None) -> Who | None:
    if person_id is None:
        return None
    p = s.get(Person, person_id)
    return Who(p.name, p.residence) if p else None


def _must(who: Who | None) -> Who:
    return who or Who("")


def _local(at: datetime | None, ctx: DistrictContext) -> str:
    return at.astimezone(ctx.tz).isoformat(timespec="minutes") if at else ""


def _heads(rows: list[Animal]) -> tuple[Head, ...]:
    return tuple(Head(a.number, a.kind, a.description, a.status) for a in rows)


def _names(**places: District | Pound | Village | None) -> tuple[Any, ...]:
    return tuple(
        (key, names_of(place)) for key, place in places.items() if place is not None and place.names
    )


def _head(
    kind: Kind,
    ctx: DistrictContext,
    ref: str,
    *,
    pound: Pound | None,
    dated: str,
    village: Village | None = None,
    **more: Any,
) -> dict[str, Any]:
    return {
        "kind": kind.value,
        "ref": ref,
        "params": more.pop("params", ""),
        "section": SECTION[kind],
        "district_id": ctx.id,
        "district_code": ctx.district.code,
        "district_name": ctx.district.name,
        "money": ctx.profile.money.name,
        "dated": dated,
        "pound_code": pound.code if pound else "",
        "pound_name": pound.name if pound else "",
        "thana": pound.thana if pound else "",
        "names": _names(district=ctx.district, pound=pound, village=village),
        **more,
    }


def _register_no(s: Session, seizure: Seizure, pound: Pound | None) -> str:
    entry = s.exec(select(RegisterEntry).where(RegisterEntry.seizure_id == seizure.id)).first()
    return f"{pound.code}/{entry.year}/{entry.number}" if entry and pound else ""


def _seizure_head(s: Session, kind: Kind, seizure: Seizure, dated: str) -> dict[str, Any]:
    ctx = district_context(s, seizure.district_id)
    pound = s.get(Pound, seizure.pound_id)
    return _head(
        kind,
        ctx,
        seizure.ref,
        pound=pound,
        dated=dated,
        village=s.get(Village, seizure.village_id),
        register_no=_register_no(s, seizure, pound),
    )


def register_copy(s: Session, ref: str) -> RegisterCopy:
    seizure = seizure_by_ref(s, ref)
    entry = s.exec(select(RegisterEntry).where(RegisterEntry.seizure_id == seizure.id)).first()
    if entry is None:
        raise NotFound(N_("the cattle of {ref} are not yet registered at the pound"), ref=ref)
    ctx = district_context(s, seizure.district_id)
    village = s.get(Village, seizure.village_id)
    registered = {int(str(a["number"])) for a in _entry_animals(entry)}
    rows = [a for a in animals_of(s, seizure) if a.number in registered]
    return RegisterCopy(
        **_seizure_head(
            s, Kind.REGISTER_COPY, seizure, local_date(entry.entered_at, ctx.tz).isoformat()
        ),
        entered_at=_local(entry.entered_at, ctx),
        seized_at=_local(seizure.seized_at, ctx),
        village=village.name if village else "",
        place=seizure.place,
        # Sec V: the people as the entry names them, with the residences it holds.
        seizer=_entry_who(entry, "seizer") or _must(_who(s, seizure.seizer_id)),
        owner=_entry_who(entry, "owner") if entry.entry.get("owner") else _who(s, seizure.owner_id),
        keeper=_must(_who(s, entry.keeper_id)),
        # The register describes each head as it was brought in, not where it stands since.
        animals=tuple(Head(a.number, a.kind, a.description) for a in rows),
    )


def _entry_who(entry: RegisterEntry, who: str) -> Who | None:
    found = entry.entry.get(who)
    if not isinstance(found, dict) or not found.get("name"):
        return None
    return Who(str(found["name"]), str(found.get("residence") or ""))


def _entry_animals(entry: RegisterEntry) -> list[dict[str, object]]:
    found = entry.entry.get("animals")
    return [a for a in found if isinstance(a, dict)] if isinstance(found, list) else []


def receipt(s: Session, ref: str) -> Receipt:
    seizure = seizure_by_ref(s, ref)
    payments = s.exec(
        select(Payment).where(Payment.seizure_id == seizure.id).order_by(col(Payment.id))
    ).all()
    if not payments:
        raise NotFound(N_("nothing has been paid for the cattle of {ref}"), ref=ref)
    ctx = district_context(s, seizure.district_id)
    lines = tuple(
        PaymentLine(
            paid_at=_local(p.occurred_at, ctx),
            payer=_must(_who(s, p.payer_id)),
            agent=p.agent_name,
            animals=tuple(p.animal_ids),
            fine=p.fine,
            feeding=p.feeding,
            expenses=p.expenses,
            total=p.total,
            keeper=_must(_who(s, p.keeper_id)),
        )
        for p in payments
    )
    paid_for = {n for p in payments for n in p.animal_ids}
    last = local_date(payments[-1].occurred_at, ctx.tz).isoformat()
    return Receipt(
        **_seizure_head(s, Kind.RECEIPT, seizure, last),
        animals=tuple(
            Head(a.number, a.kind, a.description)
            for a in animals_of(s, seizure)
            if a.number in paid_for
        ),
        payments=lines,
        total=sum(p.total for p in payments),
    )


def rates(s: Session, db: Reader, code: str, now: datetime) -> Rates:
    pound = _pound(s, code)
    ctx = district_context(s, pound.district_id)
    schedule = lookup.pound_rates(db, pound_code=pound.code, now=now)
    return Rates(
        **_head(Kind.RATES, ctx, pound.code, pound=pound, dated=_rates_from(ctx, schedule.on)),
        rows=tuple(RateLine(tuple(r.kinds), r.fine, r.per_day) for r in _rows(schedule)),
    )


def _rows(schedule: lookup.PoundRates) -> list[Any]:
    return list(schedule.rows)


def _rates_from(ctx: DistrictContext, on: str) -> str:
    """The day the rates in force on `on` took effect: the latest rate that began by then."""
    today = date.fromisoformat(on)
    started = [r.valid_from for r in ctx.rates if r.valid_from <= today]
    return max(started).isoformat() if started else ctx.district.start_on.isoformat()


def notice(s: Session, ref: str) -> NoticeDoc:
    seizure = seizure_by_ref(s, ref)
    row = s.exec(select(Notice).where(Notice.seizure_id == seizure.id)).first()
    if row is None:
        raise NotFound(N_("no notice has been posted for the cattle of {ref}"), ref=ref)
    village = s.get(Village, seizure.village_id)
    return NoticeDoc(
        **_seizure_head(s, Kind.NOTICE, seizure, row.posted_on.isoformat()),
        village=village.name if village else "",
        place=seizure.place,
        impounded_on=seizure.impounded_on.isoformat() if seizure.impounded_on else "",
        posted_on=row.posted_on.isoformat(),
        proclaimed_in=tuple(row.proclaimed_in),
        sale_not_before=seizure.sale_not_before.isoformat() if seizure.sale_not_before else "",
        darogah=_must(_who(s, row.darogah_id)),
        # What the notice shows: number and description of the cattle (Sec VIII).
        animals=tuple(Head(a.number, a.kind, a.description) for a in animals_of(s, seizure)),
        proclaimed_names=proclaimed_names(s, seizure.district_id, row.proclaimed_in),
    )


def account(s: Session, ref: str) -> Account:
    seizure = seizure_by_ref(s, ref)
    sales = s.exec(select(Sale).where(Sale.seizure_id == seizure.id).order_by(col(Sale.id))).all()
    if not sales:
        raise NotFound(N_("none of the cattle of {ref} have been sold"), ref=ref)
    ctx = district_context(s, seizure.district_id)
    rows = animals_of(s, seizure)
    by_id = {a.id: a for a in rows}
    out = []
    for sale in sales:
        lots = s.exec(
            select(SaleLot).where(SaleLot.sale_id == sale.id).order_by(col(SaleLot.id))
        ).all()
        lot_lines = []
        for lot in lots:
            animal = by_id.get(lot.animal_id)
            lot_lines.append(
                LotLine(
                    animal=animal.number if animal else 0,
                    kind=animal.kind if animal else "",
                    buyer=Who(lot.buyer_name, lot.buyer_residence),
                    price=lot.price,
                )
            )
        out.append(
            SaleLines(
                held_on=sale.held_on.isoformat(),
                place=sale.place,
                unclaimed=sale.kind == "unclaimed",
                officer=_must(_who(s, sale.officer_id)),
                lots=tuple(lot_lines),
                proceeds=sale.proceeds,
                expenses_paid=sale.expenses_paid,
                fines_paid=sale.fines_paid,
                feeding_paid=sale.feeding_paid,
                balance=sale.surplus,
                still_due=sale.still_due,
                shortfall=sale.shortfall,
                handed_back=_ints(sale.account.get("released_to_owner")),
                still_held=_ints(sale.account.get("still_held")),
            )
        )
    return Account(
        **_seizure_head(s, Kind.ACCOUNT, seizure, sales[-1].held_on.isoformat()),
        number_seized=len(rows),
        impounded_at=_local(seizure.impounded_at, ctx),
        sales=tuple(out),
    )


def _ints(value: object) -> tuple[int, ...]:
    return tuple(int(str(v)) for v in value) if isinstance(value, list) else ()


def cattle_receipt(s: Session, ref: str) -> CattleReceiptDoc:
    seizure = seizure_by_ref(s, ref)
    row = s.exec(
        select(CattleReceipt)
        .where(CattleReceipt.seizure_id == seizure.id)
        .order_by(col(CattleReceipt.id).desc())
    ).first()
    if row is None:
        raise NotFound(
            N_("no cattle have been handed back to the owner of {ref} after a sale"), ref=ref
        )
    ctx = district_context(s, seizure.district_id)
    sale = s.get(Sale, row.sale_id)
    handed = set(row.animal_ids)
    return CattleReceiptDoc(
        **_seizure_head(
            s, Kind.CATTLE_RECEIPT, seizure, local_date(row.occurred_at, ctx.tz).isoformat()
        ),
        owner=_must(_who(s, row.owner_id)),
        officer=_must(_who(s, row.recorded_by)),
        delivered_at=_local(row.occurred_at, ctx),
        animals=tuple(
            Head(a.number, a.kind, a.description)
            for a in animals_of(s, seizure)
            if a.number in handed
        ),
        balance=row.balance,
        sale_held_on=sale.held_on.isoformat() if sale else "",
    )


def _complaint(s: Session, ref: str) -> tuple[Complaint, Seizure]:
    complaint = s.get(Complaint, _int_ref(ref))
    if complaint is None:
        raise NotFound(N_("no complaint {complaint_id}"), said={"complaint_id": ref})
    seizure = s.get(Seizure, complaint.seizure_id)
    if seizure is None:
        raise NotFound(N_("no complaint {complaint_id}"), said={"complaint_id": ref})
    return complaint, seizure


def _int_ref(ref: str) -> int:
    try:
        return int(ref.strip())
    except ValueError:
        raise InvalidInput(N_("'{ref}' is not the number of a record"), said={"ref": ref}) from None


def _complaint_head(
    s: Session,
    kind: Kind,
    ctx: DistrictContext,
    complaint: Complaint,
    seizure: Seizure,
    at: datetime,
) -> dict[str, Any]:
    """The head of a paper of a complaint (Sec XIV): dated the day of its act, its number, and
    the complaint's number and seizure."""
    pound = s.get(Pound, seizure.pound_id)
    return {
        **_head(
            kind,
            ctx,
            str(complaint.id),
            pound=pound,
            dated=local_date(at, ctx.tz).isoformat(),
            register_no=_register_no(s, seizure, pound),
        ),
        "complaint_id": id_of(complaint),
    }


def summons(s: Session, ref: str) -> Summons:
    complaint, seizure = _complaint(s, ref)
    if complaint.admitted_at is None:
        raise NotFound(
            N_("complaint {complaint_id} was not admitted: no summons was issued"),
            said={"complaint_id": complaint.id},
        )
    ctx = district_context(s, seizure.district_id)
    return Summons(
        **_complaint_head(s, Kind.SUMMONS, ctx, complaint, seizure, complaint.admitted_at),
        seizure_ref=seizure.ref,
        complainant=_must(_who(s, complaint.complainant_id)),
        standing=complaint.standing,
        agent=complaint.agent_name,
        filed_on=local_date(complaint.filed_at, ctx.tz).isoformat(),
        seizer=_must(_who(s, seizure.seizer_id)),
        hearing=complaint.hearing,
        magistrate=_who(s, complaint.magistrate_id),
    )


def decision(s: Session, ref: str) -> Decision:
    complaint, seizure = _complaint(s, ref)
    if complaint.decided_at is None:
        raise NotFound(
            N_("complaint {complaint_id} is not yet decided"),
            said={"complaint_id": complaint.id},
        )
    ctx = district_context(s, seizure.district_id)
    return Decision(
        **_complaint_head(s, Kind.DECISION, ctx, complaint, seizure, complaint.decided_at),
        seizure_ref=seizure.ref,
        complainant=_must(_who(s, complaint.complainant_id)),
        seizer=_must(_who(s, seizure.seizer_id)),
        outcome=complaint.status,
        magistrate=_who(s, complaint.magistrate_id),
        damages=complaint.damages,
        expenses=complaint.expenses,
        fines_repaid=complaint.fines_repaid,
        held_charges=complaint.held_charges,
        owed_to_owner=complaint.owed_to_owner,
        release_ordered=complaint.release_ordered,
        reasons=complaint.reasons,
    )


def set_off(s: Session, db: Reader, ref: str) -> SetOff:
    case = s.get(Case, _int_ref(ref))
    if case is None:
        raise NotFound(N_("no case {case_id}"), said={"case_id": ref})
    ctx = district_context(s, case.district_id)
    cert = views_case.set_off_certificate(db, case_id=id_of(case))
    village = s.get(Village, case.village_id)
    dated = case.decided_at or case.filed_at
    return SetOff(
        **_head(
            Kind.SET_OFF,
            ctx,
            str(case.id),
            pound=None,
            village=village,
            dated=local_date(dated, ctx.tz).isoformat(),
        ),
        case_id=id_of(case),
        case_section=cases.SECTION[cases.CaseKind(case.kind)],
        village=village.name if village else "",
        complainant=_must(_who(s, case.complainant_id)),
        accused=_must(_who(s, case.accused_id)),
        filed_on=local_date(case.filed_at, ctx.tz).isoformat(),
        decided_on=local_date(case.decided_at, ctx.tz).isoformat() if case.decided_at else "",
        convicted=case.status == "convicted",
        fine=case.fine,
        ordered=cert.compensation_ordered,
        paid=cert.compensation_paid,
        unpaid=cert.compensation_unpaid,
        to_set_off=cert.to_set_off,
    )


def parse_month(text: str | None) -> tuple[int, int]:
    """`YYYY-MM` as (year, month), from 1857-01 to 2999-12."""
    try:
        year, month = (int(p) for p in (text or "").strip().split("-"))
        date(year, month, 1)
        if not YEAR_MIN <= year <= YEAR_MAX:
            raise ValueError(year)
    except ValueError:
        raise InvalidInput(
            N_("give the month as YYYY-MM, from 1857-01 to 2999-12, e.g. 2026-03"),
            said={"month": text or ""},
        ) from None
    return year, month


def monthly_return(s: Session, code: str, month: str | None) -> MonthlyReturn:
    pound = _pound(s, code)
    ctx = district_context(s, pound.district_id)
    year, number = parse_month(month)
    first = date(year, number, 1)
    after = date(year + number // 12, number % 12 + 1, 1)
    last = date.fromordinal(after.toordinal() - 1)

    def within(at: datetime | None) -> bool:
        return at is not None and first <= local_date(at, ctx.tz) < after

    seizures = s.exec(
        select(Seizure).where(Seizure.pound_id == pound.id).order_by(col(Seizure.id))
    ).all()
    entries = []
    heads_in = 0
    out: dict[str, int] = {}
    held = 0
    fines = feeding = expenses = 0
    sales = proceeds = 0
    for seizure in seizures:
        rows = animals_of(s, seizure)
        entry = s.exec(select(RegisterEntry).where(RegisterEntry.seizure_id == seizure.id)).first()
        if entry is not None and within(entry.entered_at):
            kinds = tuple(sorted({a.kind for a in rows}))
            entries.append(
                ReturnLine(
                    register_no=f"{pound.code}/{entry.year}/{entry.number}",
                    entered_on=local_date(entry.entered_at, ctx.tz).isoformat(),
                    heads=len(_entry_animals(entry)) or len(rows),
                    kinds=kinds,
                    status=seizure.status,
                )
            )
            heads_in += len(_entry_animals(entry)) or len(rows)
        if entry is None or local_date(entry.entered_at, ctx.tz) > last:
            continue
        for a in rows:
            if a.left_on is not None and first <= a.left_on <= last:
                out[a.status] = out.get(a.status, 0) + 1
            if a.left_on is None or a.left_on > last:
                held += 1
        for p in s.exec(select(Payment).where(Payment.seizure_id == seizure.id)).all():
            if within(p.occurred_at):
                fines += p.fine
                feeding += p.feeding
                expenses += p.expenses
        for sale in s.exec(select(Sale).where(Sale.seizure_id == seizure.id)).all():
            if first <= sale.held_on <= last:
                sales += 1
                proceeds += sale.proceeds
    return MonthlyReturn(
        **_head(
            Kind.RETURN,
            ctx,
            pound.code,
            pound=pound,
            dated=last.isoformat(),
            params=f"{year:04d}-{number:02d}",
        ),
        month=f"{year:04d}-{number:02d}",
        entries=tuple(entries),
        heads_in=heads_in,
        heads_out=tuple(sorted(out.items())),
        held_at_end=held,
        fines_received=fines,
        feeding_received=feeding,
        expenses_received=expenses,
        sales=sales,
        proceeds=proceeds,
    )


def fund(s: Session, code: str) -> FundStatement:
    district = s.exec(select(District).where(District.code == code.strip().upper())).first()
    if district is None:
        raise NotFound(N_("no district '{district}'"), said={"district": code})
    ctx = district_context(s, id_of(district))
    bal = ledger.balances(s, ctx.id)
    received = -bal.get(ledger.FUND_FINES, 0) - bal.get(ledger.FUND_SURPLUS, 0)
    paid = bal.get(ledger.FUND_PAID, 0)
    statement = fund_statement(s, ctx)
    lines = tuple(
        FundLine(
            on=str(line["at"])[:10],
            memo=str(line["memo"]),
            section=str(line["section"]),
            amount_in=int(str(line["in"])),
            amount_out=int(str(line["out"])),
            balance=int(str(line["balance"])),
        )
        for line in _lines(statement)
    )
    written = feeding_written_off(s, ctx)
    return FundStatement(
        **_head(
            Kind.FUND,
            ctx,
            ctx.district.code,
            pound=None,
            dated=lines[-1].on if lines else ctx.district.start_on.isoformat(),
        ),
        lines=lines,
        received=received,
        paid_out=paid,
        balance=received - paid,
        owed=-sum(v for k, v in bal.items() if k.startswith(ledger.OWED_TO_FUND_PREFIX)),
        deposits_held=-bal.get(ledger.DEPOSIT, 0),
        written_off=_written_total(written),
        pound_names=tuple(
            (p.name, names_of(p))
            for p in s.exec(select(Pound).where(Pound.district_id == ctx.id)).all()
            if p.names
        ),
    )


def _lines(statement: dict[str, object]) -> list[dict[str, object]]:
    found = statement.get("lines")
    return [x for x in found if isinstance(x, dict)] if isinstance(found, list) else []


def _written_total(written: object) -> int:
    if isinstance(written, dict):
        total = written.get("total")
        return int(str(total)) if total is not None else 0
    if isinstance(written, list):
        return sum(int(str(w.get("amount", 0))) for w in written if isinstance(w, dict))
    return 0


def _pound(s: Session, code: str) -> Pound:
    pound = s.exec(select(Pound).where(Pound.code == code.strip().upper())).first()
    if pound is None:
        raise NotFound(N_("no pound '{pound}'"), said={"pound": code})
    return pound


def build(db: Reader, kind: Kind, ref: str, *, month: str | None, now: datetime) -> Document:
    """The document of `kind` for the record `ref`, as the record stands now."""
    with db.reading() as s:
        if kind is Kind.REGISTER_COPY:
            return register_copy(s, ref)
        if kind is Kind.RECEIPT:
            return receipt(s, ref)
        if kind is Kind.RATES:
            return rates(s, db, ref, now)
        if kind is Kind.NOTICE:
            return notice(s, ref)
        if kind is Kind.ACCOUNT:
            return account(s, ref)
        if kind is Kind.CATTLE_RECEIPT:
            return cattle_receipt(s, ref)
        if kind is Kind.SUMMONS:
            return summons(s, ref)
        if kind is Kind.DECISION:
            return decision(s, ref)
        if kind is Kind.SET_OFF:
            return set_off(s, db, ref)
        if kind is Kind.RETURN:
            return monthly_return(s, ref, month)
        return fund(s, ref)
