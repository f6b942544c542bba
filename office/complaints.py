"""Complaints against a seizure to the Magistrate within ten days, and his decision (Sec XIV)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlmodel import Session, select

from law.errors import Conflict, InvalidInput, NotAuthorised, NotFound
from law.guards import check_damages
from law.lifecycle import AnimalStatus, DecideComplaint, FileComplaint
from law.periods import local_date
from models import Complaint, Database, Seizure
from office import audit, ledger, notify
from office.charges import due_on
from office.common import (
    check_times,
    district_context,
    find_or_add_person,
    get_person,
    has_role,
    pound_of,
    require_role,
    seizure_by_ref,
)
from office.pound_acts import write_release_order
from office.roles import Role
from office.seizures import PersonIn
from office.state import advance, animals_of


class Mode(StrEnum):
    VERBAL = "verbal"  # its substance taken down by the Magistrate
    WRITTEN = "written"  # on plain paper


class Outcome(StrEnum):
    DISMISSED = "dismissed"  # on examination, no reason to believe it well founded
    LAWFUL = "lawful"  # after summary enquiry, the seizure was lawful
    ILLEGAL = "illegal"  # the seizure adjudged illegal: damages, release, fines on the seizer


@dataclass(frozen=True)
class ComplaintFiled:
    ref: str
    complaint_id: int
    complaint_until: str


def file_complaint(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    text: str,
    occurred_at: datetime,
    now: datetime,
    mode: str = "written",
    complainant: PersonIn | None = None,
    agent_name: str | None = None,
) -> ComplaintFiled:
    """The owner, in person or by an agent who knows the facts, complains against the seizure
    within ten days from the date of seizure (Sec XIV). A complaint stays every sale (IX, G3).

    The actor is the complainant himself, or a Magistrate taking a verbal complaint down.
    """
    try:
        how = Mode(mode)
    except ValueError:
        raise InvalidInput("a complaint is verbal or written") from None
    if not text.strip():
        raise InvalidInput("state the complaint", section="XIV")
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        check_times(occurred_at, now, seizure.seized_at)
        ctx = district_context(s, seizure.district_id)
        if seizure.ground == "stray":
            raise InvalidInput(
                "Sec XIV complaints are against a seizure for damage; strays brought in by the "
                "police (Sec XVI) are claimed under Sec VII",
                section="XIV",
            )
        taking_down = has_role(s, actor_id, ctx.id, Role.MAGISTRATE)
        if complainant is not None:
            person = find_or_add_person(
                s,
                name=complainant.name,
                residence=complainant.residence,
                phone=complainant.phone,
                now=now,
            )
        else:
            person = get_person(s, actor_id)
        if seizure.owner_id is None:
            seizure.owner_id = person.id
        elif person.id != seizure.owner_id:
            raise NotAuthorised(
                "only the person whose cattle were seized, or his agent, may complain",
                section="XIV",
            )
        if not taking_down and actor_id != person.id and not agent_name:
            raise NotAuthorised("a complaint by someone else names him as agent", section="XIV")
        on = local_date(occurred_at, ctx.tz)
        advance(
            s, seizure, animals_of(s, seizure), ctx, FileComplaint(on=on), at=occurred_at, on=on
        )
        complaint = Complaint(
            seizure_id=seizure.id or 0,
            complainant_id=person.id or 0,
            agent_name=agent_name.strip()[:200] if agent_name else None,
            mode=how.value,
            text=text.strip()[:8000],
            filed_at=occurred_at,
            received_by=actor_id if taking_down else None,
            status="pending",
        )
        s.add(complaint)
        s.flush()
        audit.append(
            s,
            action="complaint_filed",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            section="XIV",
            payload={
                "complaint_id": complaint.id,
                "complainant_id": person.id,
                "agent": complaint.agent_name,
                "mode": how.value,
                "text": complaint.text,
            },
        )
        # Messages: the Magistrates have a complaint waiting; no more reminders to complain.
        notify.complaint_filed(s, seizure, ctx, complaint, now)
        return ComplaintFiled(seizure.ref, complaint.id or 0, seizure.complaint_until.isoformat())


# A complaint is open while pending (not yet examined) or admitted (the seizer summoned).
OPEN = ("pending", "admitted")


def admit_complaint(
    db: Database,
    *,
    actor_id: int,
    complaint_id: int,
    occurred_at: datetime,
    now: datetime,
    hearing: str = "",
) -> None:
    """On examining the complainant the Magistrate sees reason to believe the complaint well
    founded: he summons the party complained against to a summary enquiry (Sec XIV, R19)."""
    with db.transaction() as s:
        complaint = s.get(Complaint, complaint_id)
        if complaint is None:
            raise NotFound(f"no complaint {complaint_id}")
        seizure = seizure_by_ref(s, _ref_of(s, complaint.seizure_id), lock=True)
        require_role(s, actor_id, seizure.district_id, Role.MAGISTRATE, None)
        check_times(occurred_at, now, complaint.filed_at)
        if complaint.status != "pending":
            raise Conflict(f"complaint {complaint_id} is already {complaint.status}", section="XIV")
        ctx = district_context(s, seizure.district_id)
        complaint.status = "admitted"
        complaint.magistrate_id = actor_id
        s.add(complaint)
        audit.append(
            s,
            action="complaint_admitted",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            section="XIV",
            payload={"complaint_id": complaint_id, "hearing": hearing.strip()[:500]},
        )
        notify.complaint_admitted(
            s, seizure, ctx, complaint, hearing=hearing.strip()[:500], now=now
        )


@dataclass(frozen=True)
class Decision:
    complaint_id: int
    outcome: str
    damages: int
    expenses: int
    released: list[int]
    seizer_pays: int


def decide_complaint(
    db: Database,
    *,
    actor_id: int,
    complaint_id: int,
    outcome: str,
    reasons: str,
    occurred_at: datetime,
    now: datetime,
    damages: int = 0,
    expenses: int = 0,
) -> Decision:
    """The Magistrate dismisses the complaint, holds the seizure lawful, or adjudges it illegal:
    damages up to Rs 100 plus the expenses of procuring release, an order releasing cattle still
    held, and the fines and expenses charged to the seizer (Sec XIV)."""
    try:
        result = Outcome(outcome)
    except ValueError:
        raise InvalidInput("outcome is dismissed, lawful or illegal") from None
    if not reasons.strip():
        raise InvalidInput("a decision gives its reasons", section="XIV")
    if damages < 0 or expenses < 0:
        raise InvalidInput("damages and expenses cannot be negative")
    with db.transaction() as s:
        complaint = s.get(Complaint, complaint_id)
        if complaint is None:
            raise NotFound(f"no complaint {complaint_id}")
        seizure = seizure_by_ref(s, _ref_of(s, complaint.seizure_id), lock=True)
        require_role(s, actor_id, seizure.district_id, Role.MAGISTRATE, None)
        check_times(occurred_at, now, complaint.filed_at)
        if complaint.status not in OPEN:
            raise Conflict(f"complaint {complaint_id} is already decided", section="XIV")
        ctx = district_context(s, seizure.district_id)
        if result is not Outcome.ILLEGAL and (damages or expenses):
            raise InvalidInput("damages are awarded only when the seizure is held illegal")
        check_damages(damages, ctx.profile)
        on = local_date(occurred_at, ctx.tz)
        rows = animals_of(s, seizure)
        held = [a.number for a in rows if a.status == AnimalStatus.IMPOUNDED.value]
        seizer_pays = 0
        if result is Outcome.ILLEGAL and held:
            # Fines and expenses leviable are charged to the party who made the seizure.
            due = due_on(seizure, rows, ctx, on, set(held))
            seizer_pays = due.total
            pound = pound_of(s, seizure)
            ledger.post(
                s,
                district_id=ctx.id,
                seizure_id=seizure.id,
                occurred_at=occurred_at,
                memo=f"fines and feeding charged to the seizer, {seizure.ref}",
                section="XIV",
                lines=[
                    (ledger.seizer_receivable(seizure.ref), due.total),
                    (ledger.FUND_FINES, -due.fine),
                    (ledger.keeper_feeding(pound.code), -due.feeding),
                ],
            )
        illegal = result is Outcome.ILLEGAL
        reason = f"seizure adjudged illegal on complaint {complaint_id}"
        advance(
            s,
            seizure,
            rows,
            ctx,
            DecideComplaint(on=on, illegal=illegal),
            at=occurred_at,
            on=on,
            reason=reason,
        )
        released: list[int] = held if illegal else []
        if released:
            write_release_order(
                s,
                seizure,
                actor_id=actor_id,
                reason=reason,
                authority=get_person(s, actor_id).name + ", Magistrate (Sec XIV)",
                occurred_at=occurred_at,
                now=now,
                numbers=released,
                complaint_id=complaint_id,
            )
        complaint.status = result.value
        complaint.magistrate_id = actor_id
        complaint.decided_at = occurred_at
        complaint.seizure_illegal = result is Outcome.ILLEGAL
        complaint.damages = damages
        complaint.expenses = expenses
        complaint.release_ordered = bool(released)
        complaint.seizer_pays_fines = seizer_pays > 0
        complaint.reasons = reasons.strip()[:8000]
        s.add(complaint)
        audit.append(
            s,
            action="complaint_decided",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            section="XIV",
            payload={
                "complaint_id": complaint_id,
                "outcome": result.value,
                "damages": damages,
                "expenses": expenses,
                "released": released,
                "seizer_pays": seizer_pays,
                "reasons": complaint.reasons,
            },
        )
        # Messages: the complainant and the seizer hear the decision.
        notify.complaint_decided(s, seizure, ctx, complaint, seizer_pays=seizer_pays, now=now)
        return Decision(complaint_id, result.value, damages, expenses, released, seizer_pays)


def _ref_of(s: Session, seizure_id: int) -> str:
    ref = s.exec(select(Seizure.ref).where(Seizure.id == seizure_id)).first()
    if ref is None:
        raise NotFound(f"no seizure {seizure_id}")
    return ref
