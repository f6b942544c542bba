"""People the office knows: found by id or phone, added as an act names them."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from law.errors import N_, InvalidInput, NotFound
from models import Person
from office.inputs import PersonIn
from office.phones import DEFAULT_REGION, normalise_phone


def get_person(s: Session, person_id: int) -> Person:
    person = s.get(Person, person_id)
    if person is None:
        raise NotFound(N_("no person {person_id}"), said={"person_id": person_id})
    return person


def person_said(s: Session, person_id: int | None) -> dict[str, str] | None:
    """A person as a view names him: his name and residence (never his phone)."""
    person = s.get(Person, person_id) if person_id is not None else None
    return {"name": person.name, "residence": person.residence} if person else None


def person_line(said: Mapping[str, str] | None) -> str:
    """A person named in one line: "name of residence", or his name alone."""
    if not said:
        return ""
    return f"{said['name']} of {said['residence']}" if said["residence"] else said["name"]


def person_by_phone(s: Session, phone: str, region: str = DEFAULT_REGION) -> Person | None:
    return s.exec(select(Person).where(Person.phone == normalise_phone(phone, region))).first()


def tie_telegram(s: Session, *, phone: str, telegram_id: int, name: str, now: datetime) -> Person:
    """The person whose own phone (E.164) a Telegram user shared: the Telegram id is tied to
    the person with that phone, made now under `name` if there is none, and taken from whoever
    held it before (a chat that had shared another phone keeps its person, given this phone)."""
    person = person_by_phone(s, phone)
    holder = s.exec(select(Person).where(Person.telegram_id == telegram_id)).first()
    if holder is not None and person is not None and holder.id != person.id:
        holder.telegram_id = None
        s.flush()
    if person is None:
        if holder is not None:
            holder.phone = phone
            person = holder
        else:
            person = Person(name=name[:200], phone=phone, telegram_id=telegram_id, created_at=now)
    person.telegram_id = telegram_id
    s.add(person)
    s.flush()
    return person


def find_or_add_person(
    s: Session,
    *,
    name: str,
    residence: str,
    phone: str | None,
    now: datetime,
    region: str = DEFAULT_REGION,
) -> Person:
    """The person with this phone, or a new private person (names are not unique; phones are).

    A person already known by the phone is returned as he is recorded: what someone else says
    of him never changes his record (his name, a residence he has). A record with no residence
    gains the one stated (`gain_residence`): the register of Sec V names where he lives.
    """
    name = (name or "").strip()
    if not name:
        raise InvalidInput(N_("a person needs a name"))
    if len(name) > 200 or len(residence or "") > 200:
        raise InvalidInput(N_("name and residence are at most 200 characters"))
    if phone:
        known = person_by_phone(s, phone, region)
        if known is not None:
            return gain_residence(s, known, residence)
    person = Person(
        name=name,
        residence=(residence or "").strip(),
        phone=normalise_phone(phone, region) if phone else None,
        created_at=now,
    )
    if person.phone is None:
        s.add(person)
        s.flush()
        return person
    try:
        # The phone is unique: a transaction adding the same person meanwhile is waited for,
        # and when it committed, he is the person it added.
        with s.begin_nested():
            s.add(person)
            s.flush()
    except IntegrityError:
        known = person_by_phone(s, person.phone, region)
        if known is None:
            raise
        return gain_residence(s, known, residence)
    return person


def gain_residence(s: Session, person: Person, residence: str | None) -> Person:
    """Sec V: a person's record with no residence gains the one an act states for him; one it
    has is never changed by what another act says."""
    stated = " ".join((residence or "").split())[:200]
    if stated and not person.residence:
        person.residence = stated
        s.add(person)
    return person


def stated_apart(person: Person | None, residence: str | None) -> str:
    """Sec V: the residence an act states for a person, to keep on the act's own row only where his
    record says another ("" where it says the same: the entry reads it from his record)."""
    stated = " ".join((residence or "").split())[:200]
    return "" if person is None or stated == person.residence else stated


def person_acting(s: Session, who: int | PersonIn, now: datetime) -> Person:
    """The person acting: one the office knows, by his id, or one writing to it for the first
    time (an SMS sender it has no record of), found by his phone or added in the act's own
    transaction, so that an act refused leaves no record of him behind."""
    if isinstance(who, PersonIn):
        return find_or_add_person(
            s, name=who.name, residence=who.residence, phone=who.phone, now=now
        )
    return get_person(s, who)
