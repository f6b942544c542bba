"""A case of Sec XVII-XIX as it stands: the compensation awarded and set off, what was
recovered, the certificate of a set-off; each as the person asking may read it (law/access.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlmodel import Session, col, select

from law.access import check_may_read
from law.accounts import long_date
from law.cases import SECTION, CaseKind
from law.errors import N_, NotFound
from law.periods import local_date
from models import (
    Case,
    FinePaid,
    RecoveryLot,
    RecoveryOrder,
    RecoverySale,
    Seizure,
    Village,
)
from models.db import Reader
from office.access.roles import case_standing
from office.district import district_context, names_of
from office.people import person_line, person_said
from office.views.seizure import history_of


@dataclass(frozen=True)
class Recovered:
    """What the sales for a case's fine have brought in so far."""

    fine: int  # of the fine, recovered
    compensation: int  # of that, paid to the complainant (Sec XVIII)
    sales: int


def recovered(s: Session, case_id: int) -> Recovered:
    """By the sales of the cattle (XVII) and by the convicted person paying (XVII, XVIII)."""
    rows = s.exec(select(RecoverySale).where(RecoverySale.case_id == case_id)).all()
    paid = s.exec(select(FinePaid).where(FinePaid.case_id == case_id)).all()
    return Recovered(
        fine=sum(r.fine_paid for r in rows) + sum(p.amount for p in paid),
        compensation=sum(r.to_complainant for r in rows) + sum(p.to_complainant for p in paid),
        sales=len(rows),
    )


# A recovery sale's proceeds and where they went, as the sale's row, its audit event,
# `RecoverySold` and the case's view all say it.
FIGURES = (
    "proceeds",
    "expenses_paid",
    "fine_paid",
    "to_complainant",
    "to_fund",
    "balance_to_owner",
    "fine_unpaid",
    "expenses_unpaid",
)


def _who(s: Session, person_id: int | None) -> dict[str, Any] | None:
    said = person_said(s, person_id)
    return {"id": person_id, **said} if said else None


def case_of(s: Session, case_id: int) -> Case:
    """The case by its number; NotFound if there is none."""
    case = s.get(Case, case_id)
    if case is None:
        raise NotFound(N_("no case {case_id}"), said={"case_id": case_id})
    return case


def case_view(db: Reader, *, case_id: int) -> dict[str, Any]:
    """The record of a case: the complaint, the decision (fine and compensation), every order
    to recover the fine by sale of the cattle and its sale, what is still unpaid, the history."""
    with db.reading() as s:
        case = case_of(s, case_id)
        ctx = district_context(s, case.district_id)
        fmt = ctx.fmt
        village = s.get(Village, case.village_id)
        seizure = s.get(Seizure, case.seizure_id) if case.seizure_id else None
        got = recovered(s, case_id)
        convicted = case.status == "convicted"
        orders = s.exec(
            select(RecoveryOrder)
            .where(RecoveryOrder.case_id == case_id)
            .order_by(col(RecoveryOrder.id))
        ).all()
        recovery = []
        for order in orders:
            sale = s.exec(select(RecoverySale).where(RecoverySale.order_id == order.id)).first()
            where = s.get(Village, order.village_id)
            recovery.append(
                {
                    "order_id": order.id,
                    "status": order.status,
                    "ordered_at": order.ordered_at.isoformat(),
                    "ordered_by": person_line(_who(s, order.ordered_by)),
                    **ctx.amounts(fine_due=order.fine_due),
                    "cattle": order.cattle,
                    "village": where.name if where else None,
                    "place": order.place,
                    "thana": order.thana,
                    "owner": _who(s, order.owner_id),
                    "sale": None
                    if sale is None
                    else {
                        "sale_id": sale.id,
                        "held_on": sale.held_on.isoformat(),
                        "place": sale.place,
                        "officer": person_line(_who(s, sale.officer_id)),
                        "lots": [
                            {
                                "number": lot.number,
                                "buyer": lot.buyer_name,
                                "residence": lot.buyer_residence,
                                **ctx.amounts(price=lot.price),
                            }
                            for lot in s.exec(
                                select(RecoveryLot)
                                .where(RecoveryLot.sale_id == sale.id)
                                .order_by(col(RecoveryLot.id))
                            ).all()
                        ],
                        **{k: getattr(sale, k) for k in ("proceeds", "expenses", *FIGURES[1:])},
                        "proceeds_text": fmt(sale.proceeds),
                        "balance_to_owner_text": fmt(sale.balance_to_owner),
                    },
                }
            )
        fine_unpaid = case.fine - got.fine if convicted else 0
        comp_unpaid = case.compensation - got.compensation if convicted else 0
        return {
            "id": case.id,
            "kind": case.kind,
            "section": SECTION[CaseKind(case.kind)],
            "district": ctx.district.code,
            "village": village.name if village else None,
            "village_names": dict(names_of(village)),
            "status": case.status,
            "complainant": _who(s, case.complainant_id),
            "accused": _who(s, case.accused_id),
            "description": case.description,
            "filed_at": case.filed_at.isoformat(),
            "seizure_ref": seizure.ref if seizure else None,
            "decision": None
            if case.decided_at is None
            else {
                "decided_at": case.decided_at.isoformat(),
                "decided_on": local_date(case.decided_at, ctx.tz).isoformat(),
                "magistrate": person_line(_who(s, case.magistrate_id)),
                "convicted": convicted,
                "reasons": str(case.decision.get("reasons", "")),
            },
            "unit": ctx.profile.money.unit,
            "fine": ctx.amounts(adjudged=case.fine, recovered=got.fine, unpaid=fine_unpaid),
            "compensation": ctx.amounts(
                ordered=case.compensation, paid=got.compensation, unpaid=comp_unpaid
            ),
            "recovery": recovery,
            "history": history_of(s, f"case:{case_id}"),
        }


@dataclass(frozen=True)
class SetOffCertificate:
    """The certificate a complainant takes to a civil court (Sec XIX): its lines to print and
    the figures they state, in the district's smallest unit of money."""

    case_id: int
    person_id: int
    lines: list[str]
    compensation_ordered: int
    compensation_paid: int
    compensation_unpaid: int
    to_set_off: int
    unit: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def set_off_certificate(db: Reader, *, case_id: int) -> SetOffCertificate:
    """A certificate of the compensation paid by order of the Magistrate to the complainant of a
    Sec XVII or XVIII case, to be set off against damages in a civil suit (Sec XIX).

    Rulings:

    * What is set off is the compensation *paid* to him out of the fine recovered. The word of
      the proviso before "to any such person" is illegible ("awarded" or "paid"); the proviso
      keeps a person from being paid twice for one damage, and compensation ordered but never
      recovered from the offender has not been paid to him. The certificate also states the
      compensation ordered and the part still unpaid, so a court that reads "awarded" has the
      figure it needs.
    * Damages awarded under Sec XIV are not in it. They go to the owner of seized cattle for an
      illegal seizure, not to a person "whose crops or other produce of land shall have been
      damaged by trespass of Cattle", who is the only one Sec XIX speaks of; and they are paid by
      the seizer, not out of a fine.
    """
    with db.reading() as s:
        case = case_of(s, case_id)
        ctx = district_context(s, case.district_id)
        fmt = ctx.fmt
        what = CaseKind(case.kind)
        complainant = _who(s, case.complainant_id)
        accused = _who(s, case.accused_id)
        village = s.get(Village, case.village_id)
        got = recovered(s, case_id)
        convicted = case.status == "convicted"
        ordered = case.compensation if convicted else 0
        paid = got.compensation
        unpaid = ordered - paid
        offence = (
            "mischief by causing cattle to trespass"
            if what is CaseKind.MISCHIEF
            else "damage by pigs"
        )
        lines = [
            "CERTIFICATE OF COMPENSATION FOR SET-OFF (Act III of 1857, Section XIX)",
            f"Case No. {case.id}, Section {SECTION[what]} ({offence}), at "
            f"{village.name if village else ''}, district {ctx.district.name}: complaint of "
            f"{person_line(complainant)} against {person_line(accused)}, filed on "
            f"{long_date(local_date(case.filed_at, ctx.tz))}.",
        ]
        if case.decided_at is None:
            lines.append("The case is not yet decided. No compensation has been ordered.")
        else:
            decided_on = long_date(local_date(case.decided_at, ctx.tz))
            by = person_line(_who(s, case.magistrate_id))
            if convicted:
                lines.append(f"Decided on {decided_on} by {by}: convicted; fine {fmt(case.fine)}.")
            else:
                lines.append(f"Decided on {decided_on} by {by}: not convicted; no fine.")
        lines += [
            f"Compensation ordered to {person_line(complainant)} out of the fine (Section XVIII): "
            f"{fmt(ordered)}.",
            f"Paid to him out of the fine recovered: {fmt(paid)}.",
            f"Still unpaid: {fmt(unpaid)}.",
            f"To be set off and deducted from any sum claimed by or awarded to "
            f"{person_line(complainant)} as damages in a civil suit for this trespass "
            f"(Section XIX): {fmt(paid)}.",
            "Damages awarded under Section XIV for an illegal seizure are not compensation "
            "under Section XIX and are not included.",
        ]
        return SetOffCertificate(
            case_id=case_id,
            person_id=case.complainant_id,
            lines=lines,
            compensation_ordered=ordered,
            compensation_paid=paid,
            compensation_unpaid=unpaid,
            to_set_off=paid,
            unit=ctx.profile.money.unit,
        )


def case_view_as(db: Reader, *, case_id: int, viewer_id: int) -> dict[str, Any]:
    """The record of a Sec XVII or XVIII case, for its complainant, the accused, or an officer
    of its district (`RecordNotOpen` for anyone else)."""
    with db.reading() as s:
        check_may_read(case_standing(s, viewer_id, case_of(s, case_id)), "case")
    return case_view(db, case_id=case_id)


def set_off_as(db: Reader, *, case_id: int, viewer_id: int) -> dict[str, Any]:
    """The Sec XIX certificate of a case, for the same people as the case itself."""
    with db.reading() as s:
        check_may_read(case_standing(s, viewer_id, case_of(s, case_id)), "case")
    return set_off_certificate(db, case_id=case_id).as_dict()
