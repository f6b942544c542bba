"""The documents of a hearing before the Magistrate: the summons and the decision on a
complaint (Sec XIV), the certificate of a set-off (XVII-XIX)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from law import cases
from law.errors import N_, InvalidInput, NotFound
from law.periods import local_date
from models import Case, Complaint, Pound, Seizure, Village
from models.columns import id_of
from models.db import Reader
from office.district import DistrictContext, district_context
from office.views import case as views_case
from office.views.documents.kinds import Document, Kind, Who, head_of, named, register_no_of, who_of


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


def _complaint(s: Session, ref: str) -> tuple[Complaint, Seizure]:
    complaint = s.get(Complaint, _int_ref(ref))
    seizure = s.get(Seizure, complaint.seizure_id) if complaint else None
    if complaint is None or seizure is None:
        raise NotFound(N_("no complaint {complaint_id}"), said={"complaint_id": ref})
    return complaint, seizure


def _int_ref(ref: str) -> int:
    try:
        return int(ref.strip())
    except ValueError:
        raise InvalidInput(N_("'{ref}' is not the number of a record"), said={"ref": ref}) from None


def _complaint_head(
    s: Session, kind: Kind, complaint: Complaint, seizure: Seizure, at: datetime
) -> tuple[DistrictContext, dict[str, Any]]:
    """The head of a paper of a complaint (Sec XIV): dated the day of its act, its number, the
    complaint's number and seizure, its parties and Magistrate; with the district's context."""
    ctx = district_context(s, seizure.district_id)
    pound = s.get(Pound, seizure.pound_id)
    return ctx, {
        **head_of(
            kind,
            ctx,
            str(complaint.id),
            pound=pound,
            dated=local_date(at, ctx.tz).isoformat(),
            register_no=register_no_of(s, seizure, pound),
        ),
        "complaint_id": id_of(complaint),
        "seizure_ref": seizure.ref,
        "complainant": named(who_of(s, complaint.complainant_id)),
        "seizer": named(who_of(s, seizure.seizer_id)),
        "magistrate": who_of(s, complaint.magistrate_id),
    }


def summons(s: Session, ref: str) -> Summons:
    complaint, seizure = _complaint(s, ref)
    if complaint.admitted_at is None:
        raise NotFound(
            N_("complaint {complaint_id} was not admitted: no summons was issued"),
            said={"complaint_id": complaint.id},
        )
    ctx, head = _complaint_head(s, Kind.SUMMONS, complaint, seizure, complaint.admitted_at)
    return Summons(
        **head,
        standing=complaint.standing,
        agent=complaint.agent_name,
        filed_on=local_date(complaint.filed_at, ctx.tz).isoformat(),
        hearing=complaint.hearing,
    )


def decision(s: Session, ref: str) -> Decision:
    complaint, seizure = _complaint(s, ref)
    if complaint.decided_at is None:
        raise NotFound(
            N_("complaint {complaint_id} is not yet decided"),
            said={"complaint_id": complaint.id},
        )
    _ctx, head = _complaint_head(s, Kind.DECISION, complaint, seizure, complaint.decided_at)
    return Decision(
        **head,
        outcome=complaint.status,
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
        **head_of(
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
        complainant=named(who_of(s, case.complainant_id)),
        accused=named(who_of(s, case.accused_id)),
        filed_on=local_date(case.filed_at, ctx.tz).isoformat(),
        decided_on=local_date(case.decided_at, ctx.tz).isoformat() if case.decided_at else "",
        convicted=case.status == "convicted",
        fine=case.fine,
        ordered=cert.compensation_ordered,
        paid=cert.compensation_paid,
        unpaid=cert.compensation_unpaid,
        to_set_off=cert.to_set_off,
    )
