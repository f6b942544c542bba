"""Complaints of mischief by causing cattle to trespass (Sec XVII) and of damage by pigs (XVIII);
compensation paid from the fine is kept for set-off in a civil suit (XIX)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlmodel import col, func, select

from law.errors import Conflict, InvalidInput, NotFound
from law.guards import check_compensation, check_pig_fine
from models import Case, Database
from office import audit, ledger
from office.common import (
    check_times,
    district_context,
    find_or_add_person,
    get_person,
    require_role,
    seizure_by_ref,
)
from office.roles import Role
from office.seizures import PersonIn, find_village


class CaseKind(StrEnum):
    MISCHIEF = "mischief"  # Sec XVII
    PIGS = "pigs"  # Sec XVIII


SECTION = {CaseKind.MISCHIEF: "XVII", CaseKind.PIGS: "XVIII"}


def file_case(
    db: Database,
    *,
    actor_id: int,
    kind: str,
    accused: PersonIn,
    village: str,
    description: str,
    occurred_at: datetime,
    now: datetime,
    seizure_ref: str | None = None,
) -> int:
    """A cultivator (or one who advanced money for the crop) complains of mischief by causing
    cattle to trespass (XVII), or of land or crops damaged by another's pigs (XVIII)."""
    try:
        what = CaseKind(kind)
    except ValueError:
        raise InvalidInput("a case is for mischief (Sec XVII) or pigs (Sec XVIII)") from None
    if not description.strip():
        raise InvalidInput("describe the damage", section=SECTION[what])
    check_times(occurred_at, now)
    with db.transaction() as s:
        vill = find_village(s, village)
        district_context(s, vill.district_id).check_started(occurred_at)
        complainant = get_person(s, actor_id)
        accused_p = find_or_add_person(
            s, name=accused.name, residence=accused.residence, phone=accused.phone, now=now
        )
        if accused_p.id == complainant.id:
            raise InvalidInput("a person cannot complain against himself")
        seizure_id = seizure_by_ref(s, seizure_ref).id if seizure_ref else None
        case = Case(
            district_id=vill.district_id,
            kind=what.value,
            complainant_id=actor_id,
            accused_id=accused_p.id or 0,
            village_id=vill.id or 0,
            description=description.strip()[:4000],
            filed_at=occurred_at,
            status="pending",
            seizure_id=seizure_id,
        )
        s.add(case)
        s.flush()
        audit.append(
            s,
            action=f"case_filed_{what.value}",
            subject=f"case:{case.id}",
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            section=SECTION[what],
            payload={"accused_id": accused_p.id, "village": vill.name, "text": case.description},
        )
        return case.id or 0


@dataclass(frozen=True)
class CaseDecision:
    case_id: int
    convicted: bool
    fine: int
    compensation: int


def decide_case(
    db: Database,
    *,
    actor_id: int,
    case_id: int,
    convicted: bool,
    reasons: str,
    occurred_at: datetime,
    now: datetime,
    fine: int = 0,
    compensation: int = 0,
) -> CaseDecision:
    """The Magistrate adjudges the penalty; part or all of the fine may compensate the
    complainant for damage proved (Sec XVIII, last paragraph)."""
    if fine < 0 or compensation < 0:
        raise InvalidInput("fine and compensation cannot be negative")
    if not reasons.strip():
        raise InvalidInput("a decision gives its reasons")
    with db.transaction() as s:
        case = s.get(Case, case_id)
        if case is None:
            raise NotFound(f"no case {case_id}")
        require_role(s, actor_id, case.district_id, Role.MAGISTRATE, None)
        check_times(occurred_at, now, case.filed_at)
        if case.status != "pending":
            raise Conflict(f"case {case_id} is already decided")
        ctx = district_context(s, case.district_id)
        what = CaseKind(case.kind)
        if not convicted and (fine or compensation):
            raise InvalidInput("no fine or compensation without a conviction")
        if what is CaseKind.PIGS:
            check_pig_fine(fine, ctx.profile)
        check_compensation(compensation, fine)
        case.status = "convicted" if convicted else "acquitted"
        case.magistrate_id = actor_id
        case.decided_at = occurred_at
        case.fine = fine
        case.compensation = compensation
        case.decision = {"reasons": reasons.strip()[:4000]}
        s.add(case)
        ledger.post(
            s,
            district_id=ctx.id,
            seizure_id=case.seizure_id,
            occurred_at=occurred_at,
            memo=f"fine in case {case_id} (Sec {SECTION[what]})",
            section=SECTION[what],
            lines=[
                (f"receivable:fine:case:{case_id}", fine),
                (ledger.FUND_FINES, -(fine - compensation)),
                (f"payable:compensation:case:{case_id}", -compensation),
            ],
        )
        audit.append(
            s,
            action="case_decided",
            subject=f"case:{case_id}",
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            section=SECTION[what],
            payload={
                "convicted": convicted,
                "fine": fine,
                "compensation": compensation,
                "reasons": reasons.strip()[:4000],
            },
        )
        return CaseDecision(case_id, convicted, fine, compensation)


def compensation_awarded(db: Database, *, person_id: int) -> int:
    """Compensation paid to this person by order of the Magistrate, to be set off against damages
    in a civil suit (Sec XIX)."""
    with db.reading() as s:
        total = s.exec(
            select(func.sum(Case.compensation)).where(
                Case.complainant_id == person_id, col(Case.status) == "convicted"
            )
        ).one()
        return int(total or 0)
