"""What officials and owners look at: a seizure with what is due and every deadline, a pound's
register, the Sec XII fund; each as the person asking may see it (law/access.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, col, select

from law.access import View, check_may_read, view_of
from law.errors import N_, InvalidInput, NotFound
from law.money import MoneySystem
from law.periods import local_date
from models import (
    AuditEvent,
    Case,
    Complaint,
    District,
    Payment,
    Person,
    Pound,
    RegisterEntry,
    Sale,
    Seizure,
    SurplusDeposit,
    Village,
)
from models.columns import id_of
from models.db import Reader
from office.access.roles import case_standing, district_standing, seizure_standing
from office.acts.magistrate.kind_order import awaiting_order
from office.charges import payable_on
from office.district import district_context, names_of
from office.records import ledger
from office.records.register import seizure_by_ref
from office.spelling import latin_digits
from office.state import animals_of
from office.views import case as views_case
from office.views import cattle_receipt
from office.views.fund_statement import (
    feeding_written_off,
    fund_payments,
    fund_statement,
    owed_to_fund,
)


def _name(s: Session, person_id: int | None) -> dict[str, str] | None:
    if person_id is None:
        return None
    p = s.get(Person, person_id)
    return {"name": p.name, "residence": p.residence} if p else None


def _iso(d: date | None) -> str | None:
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
    pound = s.get(Pound, seizure.pound_id)
    village = s.get(Village, seizure.village_id)
    return {
        "view": View.PUBLIC.value,
        "ref": seizure.ref,
        "status": seizure.status,
        "ground": seizure.ground,
        "district": ctx.district.code,
        "village": village.name if village else None,
        "village_names": dict(village.names) if village else {},
        "place": seizure.place,
        "pound": _pound_said(pound),
        "seized_on": seizure.seized_on.isoformat(),
        "impounded_on": _iso(seizure.impounded_on),
        "noticed_on": _iso(seizure.noticed_on),
        "as_of": local_date(now, ctx.tz).isoformat(),
        "animals": [
            {"id": a.number, "kind": a.kind, "description": a.description, "status": a.status}
            for a in animals_of(s, seizure)
        ],
        "deadlines": {
            "claim_until": _iso(seizure.claim_until),
            "complaint_until": _iso(seizure.complaint_until),
            "sale_not_before": _iso(seizure.sale_not_before),
        },
    }


def _whole(s: Session, seizure: Seizure, now: datetime) -> dict[str, Any]:
    """The whole record: parties, animals, status, history, due, deadlines."""
    ctx = district_context(s, seizure.district_id)
    rows = animals_of(s, seizure)
    today = local_date(now, ctx.tz)
    due = payable_on(s, seizure, rows, ctx, today)
    pound = s.get(Pound, seizure.pound_id)
    village = s.get(Village, seizure.village_id)
    entry = s.exec(select(RegisterEntry).where(RegisterEntry.seizure_id == seizure.id)).first()
    deposit = s.exec(select(SurplusDeposit).where(SurplusDeposit.seizure_id == seizure.id)).first()
    history = s.exec(
        select(AuditEvent).where(AuditEvent.subject == seizure.ref).order_by(col(AuditEvent.seq))
    ).all()
    complaints = s.exec(
        select(Complaint).where(Complaint.seizure_id == seizure.id).order_by(col(Complaint.id))
    ).all()
    sales = s.exec(select(Sale).where(Sale.seizure_id == seizure.id).order_by(col(Sale.id))).all()
    fmt = ctx.fmt
    return {
        "ref": seizure.ref,
        "status": seizure.status,
        "ground": seizure.ground,
        "district": ctx.district.code,
        "village": village.name if village else None,
        "village_names": dict(village.names) if village else {},
        "place": seizure.place,
        "damage": seizure.damage,
        "pound": _pound_said(pound),
        "seized_at": seizure.seized_at.isoformat(),
        "impounded_at": seizure.impounded_at.isoformat() if seizure.impounded_at else None,
        "register_no": f"{pound.code}/{entry.year}/{entry.number}" if entry and pound else None,
        "seizer": _name(s, seizure.seizer_id),
        # Who wrote the report down: the seizer himself, or the keeper or police for him.
        "reported_by": _name(s, seizure.reporter_id),
        "owner": _name(s, seizure.owner_id),
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
                "left_on": _iso(a.left_on),
                "left_reason": a.left_reason,
            }
            for a in rows
        ],
        "due": {
            "on": today.isoformat(),
            "fine": due.fine,
            "feeding": due.feeding,
            "expenses": due.expenses,
            "total": due.total,
            "per_day": due.per_day,
            "fine_text": fmt(due.fine),
            "feeding_text": fmt(due.feeding),
            "total_text": fmt(due.total),
            "per_day_text": fmt(due.per_day),
            "unit": ctx.profile.money.unit,
        },
        "deadlines": {
            "claim_until": _iso(seizure.claim_until),
            "complaint_until": _iso(seizure.complaint_until),
            "sale_not_before": _iso(seizure.sale_not_before),
            "surplus_claim_until": _iso(deposit.claim_until) if deposit else None,
            "next_step_at": seizure.next_due_at.isoformat() if seizure.next_due_at else None,
        },
        "complaints": [
            {
                "id": c.id,
                "status": c.status,
                "mode": c.mode,
                "complainant": _name(s, c.complainant_id),
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
                "owed_to_owner_text": fmt(c.owed_to_owner),
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
        "history": [
            {
                "seq": e.seq,
                "at": e.occurred_at.isoformat(),
                "action": e.action,
                "section": e.section,
                "actor": (_name(s, e.actor_id) or {}).get("name"),
            }
            for e in history
        ],
    }


@dataclass(frozen=True)
class RegisterRow:
    """One entry of the Sec V register: the number and description of the animals, the seizer's
    and the owner's name and residence as the register holds them, the day they were brought
    in; the fines of the heads entered (Sec VI) and what was paid for them (Sec VII), in units."""

    number: int
    year: int
    entered_on: date
    ref: str
    animals: str
    seizer: str
    owner: str
    status: str
    register_no: str = ""
    seized_on: date | None = None
    village: str = ""
    heads: int = 0
    seizer_name: str = ""
    seizer_residence: str = ""
    owner_name: str = ""
    owner_residence: str = ""
    fine: int = 0
    paid: int = 0
    kinds: dict[str, int] = field(default_factory=dict)  # heads of each kind


@dataclass(frozen=True)
class PoundRegister:
    pound_code: str
    pound_name: str
    rows: list[RegisterRow] = field(default_factory=list)
    unit: str = ""  # the money system's smallest unit (pie, paisa): `fine`, `paid` count them

    def as_dict(self) -> dict[str, Any]:
        return {
            "pound_code": self.pound_code,
            "pound_name": self.pound_name,
            "unit": self.unit,
            "rows": [
                {
                    **asdict(r),
                    "entered_on": r.entered_on.isoformat(),
                    "seized_on": _iso(r.seized_on),
                }
                for r in self.rows
            ],
        }


def pound_register(
    db: Reader,
    *,
    pound_code: str,
    year: int | None = None,
    month: int | None = None,
    now: datetime,
) -> PoundRegister:
    """The Sec V register of one pound, entry by entry, oldest first: of one year if given,
    and of one month of it (the local month the entry was made in) if given too."""
    with db.reading() as s:
        pound = s.exec(select(Pound).where(Pound.code == pound_code.strip().upper())).first()
        if pound is None:
            raise NotFound(N_("no pound '{pound}'"), said={"pound": pound_code})
        ctx = district_context(s, pound.district_id)
        q = (
            select(RegisterEntry, Seizure)
            .join(Seizure, col(Seizure.id) == col(RegisterEntry.seizure_id))
            .where(RegisterEntry.pound_id == pound.id)
        )
        if year is not None:
            q = q.where(RegisterEntry.year == year)
        rows = []
        for entry, seizure in s.exec(
            q.order_by(col(RegisterEntry.year), col(RegisterEntry.number))
        ).all():
            entered_on = local_date(entry.entered_at, ctx.tz)
            if month is not None and (
                entered_on.month != month or (year is not None and entered_on.year != year)
            ):
                continue
            animals = animals_of(s, seizure)
            counts: dict[str, int] = {}
            for a in animals:
                counts[a.kind] = counts.get(a.kind, 0) + 1
            seizer = registered_person(s, seizure.seizer_id, seizure.seizer_residence)
            owner = registered_person(s, seizure.owner_id, seizure.owner_residence)
            entered = _entered_heads(entry.entry)
            heads = [a for a in animals if a.number in entered] if entered else animals
            place = s.get(Village, seizure.village_id)
            rows.append(
                RegisterRow(
                    number=entry.number,
                    year=entry.year,
                    entered_on=entered_on,
                    ref=seizure.ref,
                    animals=", ".join(f"{n} {k}" for k, n in counts.items()),
                    seizer=_line(seizer),
                    owner=_line(owner) if owner else "not known",
                    status=seizure.status,
                    register_no=f"{pound.code}/{entry.year}/{entry.number}",
                    seized_on=local_date(seizure.seized_at, ctx.tz),
                    village=place.name if place else "",
                    heads=len(heads),
                    seizer_name=seizer["name"] if seizer else "",
                    seizer_residence=seizer["residence"] if seizer else "",
                    owner_name=owner["name"] if owner else "",
                    owner_residence=owner["residence"] if owner else "",
                    kinds=counts,
                    fine=sum(a.fine for a in heads),
                    paid=sum(
                        p.total
                        for p in s.exec(
                            select(Payment).where(Payment.seizure_id == seizure.id)
                        ).all()
                    ),
                )
            )
        return PoundRegister(pound.code, pound.name, rows, unit=ctx.profile.money.unit)


def registered_person(s: Session, person_id: int | None, stated: str) -> dict[str, str] | None:
    """A person as the register enters him (Sec V): his name, and the residence the act that
    named him stated, or, where it stated none, the one his record holds."""
    found = _name(s, person_id)
    if found is None:
        return None
    return {"name": found["name"], "residence": stated or found["residence"]}


def _entered_heads(entry: dict[str, object]) -> set[int]:
    """The numbers of the heads the entry registered (every head of the seizure if it names
    none)."""
    listed = entry.get("animals") if isinstance(entry, dict) else None
    if not isinstance(listed, list):
        return set()
    return {int(str(a["number"])) for a in listed if isinstance(a, dict) and "number" in a}


def _line(p: dict[str, str] | None) -> str:
    if not p:
        return ""
    return f"{p['name']} of {p['residence']}" if p["residence"] else p["name"]


def fund_view(
    db: Reader, *, district: str | None = None, since: date | None = None
) -> dict[str, Any]:
    """The Sec XII fund: fines and unclaimed surplus in, payments out on the Magistrate's orders,
    the running balance; the deposits still held (Sec XI); the feeding written off (G7)."""
    with db.reading() as s:
        q = select(District)
        if district:
            q = q.where(District.code == district.strip().upper())
        districts = s.exec(q.order_by(col(District.id))).all()
        if district and not districts:
            raise NotFound(N_("no district '{district}'"), said={"district": district})
        out = []
        for d in districts:
            ctx = district_context(s, id_of(d))
            bal = ledger.balances(s, id_of(d))
            fines = -bal.get(ledger.FUND_FINES, 0)
            surplus = -bal.get(ledger.FUND_SURPLUS, 0)
            paid = bal.get(ledger.FUND_PAID, 0)
            held = bal.get(ledger.DEPOSIT, 0)
            received = fines + surplus
            total = received - paid
            owed = owed_to_fund(s, ctx)
            out.append(
                {
                    "district": d.code,
                    "fines": fines,
                    "unclaimed_surplus": surplus,
                    "received": received,
                    "received_text": ctx.fmt(received),
                    "paid_out": paid,
                    "paid_out_text": ctx.fmt(paid),
                    "balance": total,
                    "balance_text": ctx.fmt(total),
                    # Sec XII: owed to the fund and not received, so not in it.
                    "owed": owed["total"],
                    "owed_text": owed["total_text"],
                    "owed_by": owed["by_source"],
                    "deposits_held": -held,
                    "deposits_held_text": ctx.fmt(-held),
                    "unit": ctx.profile.money.unit,
                    "statement": fund_statement(s, ctx, since=since),
                    "payments": fund_payments(s, ctx),
                    "feeding_written_off": feeding_written_off(s, ctx),
                    "accounts": bal,
                    # The names in other scripts of the pounds its lines may name, by the
                    # register's name (office/records/memos.py).
                    "pound_names": {
                        p.name: dict(names_of(p))
                        for p in s.exec(select(Pound).where(Pound.district_id == d.id)).all()
                        if p.names
                    },
                }
            )
        return {"districts": out}


# --- Records with no public view: read by their parties and the officers of the district ------


def case_view_as(db: Reader, *, case_id: int, viewer_id: int) -> dict[str, Any]:
    """The record of a Sec XVII or XVIII case, for its complainant, the accused, or an officer
    of its district (`RecordNotOpen` for anyone else)."""
    with db.reading() as s:
        check_may_read(case_standing(s, viewer_id, _case(s, case_id)), "case")
    return views_case.case_view(db, case_id=case_id)


def set_off_as(db: Reader, *, case_id: int, viewer_id: int) -> dict[str, Any]:
    """The Sec XIX certificate of a case, for the same people as the case itself."""
    with db.reading() as s:
        check_may_read(case_standing(s, viewer_id, _case(s, case_id)), "case")
    return views_case.set_off_certificate(db, case_id=case_id).as_dict()


def cattle_receipt_as(db: Reader, *, ref: str, viewer_id: int) -> dict[str, Any]:
    """The owner's receipt after a Sec IX sale, for the parties to the seizure and the
    officers of its district."""
    with db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        check_may_read(seizure_standing(s, viewer_id, seizure), "receipt for the cattle")
    return cattle_receipt.cattle_receipt(db, ref=ref).as_dict()


def pound_register_as(
    db: Reader, *, pound_code: str, year: int | None, viewer_id: int, now: datetime
) -> dict[str, Any]:
    """The Sec V register of a pound, for the officers of its district."""
    return pound_register_read(
        db, pound_code=pound_code, year=year, viewer_id=viewer_id, now=now
    ).as_dict()


def pound_register_read(
    db: Reader,
    *,
    pound_code: str,
    year: int | None,
    viewer_id: int,
    now: datetime,
    month: int | None = None,
) -> PoundRegister:
    """The Sec V register of a pound (of a year, and a month of it), for the officers of its
    district (`RecordNotOpen` for anyone else)."""
    with db.reading() as s:
        pound = s.exec(select(Pound).where(Pound.code == pound_code.strip().upper())).first()
        if pound is None:
            raise NotFound(N_("no pound '{pound}'"), said={"pound": pound_code})
        check_may_read(district_standing(s, viewer_id, pound.district_id), "pound register")
    return pound_register(db, pound_code=pound_code, year=year, month=month, now=now)


def fund_view_as(
    db: Reader, *, viewer_id: int, district: str | None = None, since: date | None = None
) -> dict[str, Any]:
    """The Sec XII fund of `district`, or of every district the viewer is an officer of, for
    the officers of that district."""
    with db.reading() as s:
        if district:
            row = s.exec(select(District).where(District.code == district.strip().upper())).first()
            if row is None:
                raise NotFound(N_("no district '{district}'"), said={"district": district})
            check_may_read(district_standing(s, viewer_id, id_of(row)), "fund")
            codes = [row.code]
        else:
            codes = [
                d.code
                for d in s.exec(select(District).order_by(col(District.id))).all()
                if view_of(district_standing(s, viewer_id, id_of(d))) is View.OFFICIAL
            ]
            if not codes:
                check_may_read(district_standing(s, viewer_id, 0), "fund")
    return {
        "districts": [
            entry
            for code in codes
            for entry in fund_view(db, district=code, since=since)["districts"]
        ]
    }


def _case(s: Session, case_id: int) -> Case:
    case = s.get(Case, case_id)
    if case is None:
        raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
    return case


def money_for(
    db: Reader,
    *,
    seizure_ref: str | None = None,
    complaint_id: int | None = None,
    case_id: int | None = None,
    district: str | None = None,
    pound: str | None = None,
) -> MoneySystem:
    """The money system of the district a record belongs to (to read amounts typed by people)."""
    with db.reading() as s:
        district_id: int | None = None
        if district is not None:
            row = s.exec(select(District).where(District.code == district.strip().upper())).first()
            if row is None:
                raise NotFound(N_("no district '{district}'"), said={"district": district})
            district_id = row.id
        elif pound is not None:
            found = s.exec(select(Pound).where(Pound.code == pound.strip().upper())).first()
            if found is None:
                raise NotFound(N_("no pound '{pound}'"), said={"pound": pound})
            district_id = found.district_id
        elif seizure_ref is not None:
            district_id = seizure_by_ref(s, seizure_ref).district_id
        elif complaint_id is not None:
            complaint = s.get(Complaint, complaint_id)
            if complaint is None:
                raise NotFound(
                    N_("no complaint {complaint_id}"), said={"complaint_id": complaint_id}
                )
            seizure = s.get(Seizure, complaint.seizure_id)
            district_id = seizure.district_id if seizure else None
        elif case_id is not None:
            case = s.get(Case, case_id)
            if case is None:
                raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
            district_id = case.district_id
        if district_id is None:
            raise NotFound(N_("no such record"))
        return district_context(s, district_id).profile.money


def read_amount(value: int | str, money: MoneySystem) -> int:
    """An amount given as minor units (int) or in the profile's notation ('Rs 0-12-0',
    '₹0-12-0'), its digits in any script ('१-३-०', '১২.৫০'), as a chat or the desk takes it."""
    if isinstance(value, int):
        if value < 0:
            raise InvalidInput(N_("an amount cannot be negative"))
        return value
    return money.parse(latin_digits(value))
