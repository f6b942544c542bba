"""What the acts of every person do alike: the opening of an act on a seizure or of a
Magistrate's act, the act's audit event, and a person an act names."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session

from law.errors import PoundError
from law.lifecycle import Event as LawEvent
from law.periods import local_date
from models import Animal, Person, Pound, Seizure, Unit
from office.access.roles import Role, is_official_buyer, require_role
from office.district import DistrictContext, district_context
from office.inputs import PersonIn
from office.people import find_or_add_person
from office.records import audit
from office.records.register import pound_of, seizure_by_ref
from office.state import advance, animals_of
from office.times import check_times


def magistrate(
    s: Session,
    u: Unit,
    district_id: int,
    section: str,
    occurred_at: datetime,
    after: datetime | None = None,
) -> DistrictContext:
    """The opening of a Magistrate's act: the unit's actor must be a Magistrate of the district
    (or the act is refused citing `section`), and the act be recorded when it happened, not
    before `after`. The district in force."""
    require_role(s, u.actor(), district_id, Role.MAGISTRATE, None, section=section)
    check_times(occurred_at, u.now, after)
    return district_context(s, district_id)


@dataclass(frozen=True)
class OnSeizure:
    """An act on one seizure: its session and unit, the seizure (locked), its pound, the
    district in force, the seizure's animals, the act's instant and its local day."""

    s: Session
    u: Unit
    seizure: Seizure
    pound: Pound
    ctx: DistrictContext
    rows: list[Animal]
    at: datetime
    on: date

    def advance(self, step: LawEvent, **why: Any) -> None:
        """The law's step taken on the seizure at the act's time (office/state.py `advance`)."""
        advance(self.s, self.seizure, self.rows, self.ctx, step, at=self.at, on=self.on, **why)

    def event(self, action: str, section: str, /, **payload: Any) -> None:
        """The act's audit event about the seizure (`event`)."""
        z = self.seizure
        event(self.s, self.u, action, z.ref, self.at, z.district_id, section, **payload)


def on_seizure(
    s: Session,
    u: Unit,
    ref: str,
    occurred_at: datetime,
    roles: Role | tuple[Role, ...] | None = None,
    section: str | None = None,
    *,
    since_seized: bool = False,
    refused: PoundError | None = None,
) -> OnSeizure:
    """The opening of an act on seizure `ref`: the seizure locked; the unit's actor holding one
    of `roles` at its pound (a keeper) or at the pound's thana, or the act refused citing
    `section`; then `refused`, what is wrong in what he said, told only to one who may act; the
    act recorded when it happened, not before the seizure's last event (or its seizure)."""
    seizure = seizure_by_ref(s, ref, lock=True)
    pound = pound_of(s, seizure)
    if roles is not None:
        place = pound.code if roles is Role.KEEPER else pound.thana
        require_role(s, u.actor(), seizure.district_id, roles, place, section=section)
    if refused is not None:
        raise refused
    check_times(occurred_at, u.now, seizure.seized_at if since_seized else seizure.last_event_at)
    ctx = district_context(s, seizure.district_id)
    rows = animals_of(s, seizure)
    return OnSeizure(s, u, seizure, pound, ctx, rows, occurred_at, local_date(occurred_at, ctx.tz))


def event(
    s: Session,
    u: Unit,
    action: str,
    subject: str,
    occurred_at: datetime,
    district_id: int | None,
    section: str,
    /,
    **payload: Any,
) -> None:
    """The act's audit event (office/records/audit.py `append`), by the unit's actor (None: the
    office's own clock)."""
    audit.append(
        s,
        action=action,
        subject=subject,
        occurred_at=occurred_at,
        now=u.now,
        actor_id=u.actor_id,
        district_id=district_id,
        section=section,
        payload=payload,
    )


def named(s: Session, person: PersonIn, now: datetime) -> Person:
    """A person the act names: the one the office knows by his phone, or added."""
    return find_or_add_person(
        s, name=person.name, residence=person.residence, phone=person.phone, now=now
    )


def official_buyer(s: Session, buyer: PersonIn, actor_id: int) -> bool:
    """Whether a buyer at a sale is a police officer or pound-keeper, or the officer (Sec X)."""
    return is_official_buyer(
        s, name=buyer.name, residence=buyer.residence, phone=buyer.phone, actor_id=actor_id
    )
