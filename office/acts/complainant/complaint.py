"""A complaint against a seizure to the Magistrate, within ten days of it (Sec XIV)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from law.complaint import ComplaintStatus, Filing, check_filing, check_one_open, mode_of, standing
from law.errors import N_, ComplaintAlreadyPending, InvalidInput
from law.grounds import Ground
from law.lifecycle import FileComplaint
from models import Complaint, Person, Seizure, Unit
from models.columns import id_of
from office import notify
from office.access.roles import Role, has_role
from office.acts.alike import named, on_seizure
from office.inputs import PersonIn
from office.people import get_person, person_acting
from office.spelling import plain


@dataclass(frozen=True)
class ComplaintFiled:
    ref: str
    complaint_id: int
    complaint_until: str
    complainant_id: int
    standing: str


def _complainant_person(s: Session, seizure: Seizure, given: PersonIn, now: datetime) -> Person:
    """The person named as complainant: by his phone if given; else the owner of record or an
    earlier complainant on this seizure of that name and residence; else a new person."""
    if not given.phone:
        known = [seizure.owner_id] if seizure.owner_id else []
        known += s.exec(
            select(Complaint.complainant_id).where(Complaint.seizure_id == seizure.id)
        ).all()
        for person_id in known:
            person = get_person(s, person_id)
            if plain(person.name) == plain(given.name) and (
                not given.residence.strip() or plain(person.residence) == plain(given.residence)
            ):
                return person
    return named(s, given, now)


def file_complaint(
    u: Unit,
    *,
    ref: str,
    text: str,
    occurred_at: datetime,
    mode: str = "written",
    complainant: PersonIn | None = None,
    agent_name: str | None = None,
    reporter: PersonIn | None = None,
) -> ComplaintFiled:
    """Any person whose cattle were seized complains against the seizure within ten days from
    its date, in person or by an agent personally acquainted with the circumstances (Sec XIV):
    admissible whatever happened since, a sale included (G12); it stays any further sale (IX
    proviso, G3).

    The actor is the complainant himself; his agent (`agent_name`, the complainant named, or by
    default the owner of record); or a Magistrate of the district taking a verbal complaint
    down (or receiving a written one), who names its complainant. The complainant is the owner
    of record or, with none recorded, a person claiming to be the owner: complaining never
    records an owner (G14). One undecided complaint per complainant per seizure (G14).
    """
    # One writing for the first time (`reporter`) is added, and is then the unit's actor.
    actor_id: int | PersonIn = reporter if reporter is not None else u.actor()
    how = mode_of(mode)
    if not text.strip():
        raise InvalidInput(N_("state the complaint"), section="XIV")
    agent = agent_name.strip()[:200] if agent_name and agent_name.strip() else None
    with u.act() as s:
        # Not before the last act recorded on the seizure: a complaint dated before a sale would
        # say the sale was held while it stayed it (IX proviso, G3).
        a = on_seizure(s, u, ref, occurred_at)
        seizure, ctx = a.seizure, a.ctx
        if seizure.ground == Ground.STRAY:
            raise InvalidInput(
                N_(
                    "Sec XIV complaints are against a seizure for damage; strays brought in by the "
                    "police (Sec XVI) are claimed under Sec VII"
                ),
                section="XIV",
            )
        # Sec XIV: within ten days from the seizure, a sale since notwithstanding (G12). A
        # refusal below rolls this back with the rest of the transaction.
        a.advance(FileComplaint(on=a.on))
        actor = person_acting(s, actor_id, u.now)  # one writing for the first time is added
        actor_id = id_of(actor)
        u.acts_as(actor_id)
        by_magistrate = has_role(s, actor_id, ctx.id, Role.MAGISTRATE)
        if complainant is not None:
            person = _complainant_person(s, seizure, complainant, u.now)
        elif agent and not by_magistrate and seizure.owner_id is not None:
            person = get_person(s, seizure.owner_id)  # the agent complains in the owner's name
        else:
            person = actor
        check_filing(
            Filing(
                mode=how,
                by_magistrate=by_magistrate,
                complainant_named=complainant is not None,
                complainant_residence=complainant.residence if complainant else actor.residence,
                filer_is_complainant=person.id == actor_id,
                agent_named=agent is not None,
            )
        )
        owner_name = ""
        if seizure.owner_id is not None:
            owner_name = get_person(s, seizure.owner_id).name
        right = standing(
            owner_of_record=seizure.owner_id, complainant=id_of(person), owner_name=owner_name
        )
        check_one_open(
            s.exec(
                select(Complaint.status).where(
                    Complaint.seizure_id == seizure.id, Complaint.complainant_id == person.id
                )
            ).all(),
            complainant=person.name,
        )
        complaint = Complaint(
            seizure_id=id_of(seizure),
            district_id=seizure.district_id,
            complainant_id=id_of(person),
            standing=right.value,
            agent_name=agent,
            filed_by=actor_id,
            mode=how.value,
            text=text.strip()[:8000],
            filed_at=occurred_at,
            received_by=actor_id if by_magistrate else None,
            status=ComplaintStatus.PENDING,
        )
        s.add(complaint)
        try:
            s.flush()
        except IntegrityError:
            # The partial unique index: another undecided complaint by him got in first.
            raise ComplaintAlreadyPending(
                N_("a complaint by {complainant} against this seizure is already undecided"),
                said={"complainant": person.name},
            ) from None
        a.event(
            "complaint_filed",
            "XIV",
            complaint_id=complaint.id,
            complainant_id=person.id,
            standing=right.value,
            agent=complaint.agent_name,
            filed_by=actor_id,
            received_by=complaint.received_by,
            mode=how.value,
            text=complaint.text,
        )
        # Messages: the Magistrates have a complaint waiting; no more reminders to complain.
        notify.complaint_filed(s, seizure, ctx, complaint, u.now)
        return ComplaintFiled(
            seizure.ref,
            id_of(complaint),
            seizure.complaint_until.isoformat(),
            id_of(person),
            right.value,
        )
