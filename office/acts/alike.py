"""What the acts of every person do alike: the opening of a Magistrate's act, the act's audit
event, and a person an act names."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session

from models import Person, Unit
from office.access.roles import Role, is_official_buyer, require_role
from office.district import DistrictContext, district_context
from office.inputs import PersonIn
from office.people import find_or_add_person
from office.records import audit
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
