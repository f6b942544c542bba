"""Who stands at the keeper's acts: the keeper of the seizure's pound, and the owner who claims."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from law.custody import check_claimant
from law.errors import N_, InvalidInput
from models import Person, Pound, Seizure
from office.access.roles import Role, require_role
from office.acts.alike import named
from office.inputs import PersonIn
from office.people import get_person
from office.records.register import pound_of


def kept_by(s: Session, actor_id: int, seizure: Seizure, *, section: str = "V") -> Pound:
    """The seizure's pound, once `actor_id` is found to keep it (or refused, citing the
    section of the keeper's act: registering the cattle is Sec V)."""
    pound = pound_of(s, seizure)
    require_role(s, actor_id, seizure.district_id, Role.KEEPER, pound.code, section=section)
    return pound


def claimant(s: Session, seizure: Seizure, payer: PersonIn | None, now: datetime) -> Person:
    """The owner who claims (Sec VII): the owner on record, or the one who appears, recorded
    now if none was (practice G10, G14)."""
    if payer is None:
        if seizure.owner_id is None:
            raise InvalidInput(N_("who is the owner claiming the cattle?"), section="VII")
        return get_person(s, seizure.owner_id)
    person = named(s, payer, now)
    if seizure.owner_id is None:
        seizure.owner_id = person.id
        return person
    owner = get_person(s, seizure.owner_id)
    check_claimant(is_owner=owner.id == person.id, owner_name=owner.name)
    return person
