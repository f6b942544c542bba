"""Who stands at the keeper's acts: the owner who claims."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from law.custody import check_claimant
from law.errors import N_, InvalidInput
from models import Person, Seizure
from office.acts.alike import named
from office.inputs import PersonIn
from office.people import get_person


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
