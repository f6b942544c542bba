"""What every use case shares: time checks, people and their roles, the district in force."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, PhoneNumberType
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from law.errors import (
    N_,
    EventInFuture,
    EventOutOfOrder,
    InvalidInput,
    InvalidPhone,
    NotAuthorised,
    NotFound,
)
from law.feeding import FeedingRate as Rate
from law.kinds import AnimalKind
from law.kinds import KindOrder as Order
from law.periods import check_not_before_start, local_date
from law.profile import StatuteProfile, get_profile
from models import (
    District,
    FeedingRate,
    KindOrder,
    Person,
    Pound,
    RoleGrant,
    Seizure,
    Village,
)
from models.columns import id_of
from office.roles import Role
from office.spelling import latin_digits

# A clock on a phone or a server may run a little ahead; more than this is a mistake.
CLOCK_SKEW = timedelta(minutes=5)

ROLE_SECTION = {
    Role.KEEPER: "V",
    Role.POLICE: "II",
    Role.DAROGAH: "VIII",
    Role.MAGISTRATE: "XIV",
    Role.ROAD_OFFICER: "XV",
}


def check_aware(at: datetime, name: str) -> None:
    if at.tzinfo is None or at.utcoffset() is None:
        raise InvalidInput(
            N_("{name} must carry a time zone (UTC or an offset)"), said={"name": name}
        )


def check_times(occurred_at: datetime, now: datetime, after: datetime | None = None) -> None:
    """An act is recorded when it happened: not in the future, not before the last event."""
    check_aware(occurred_at, "occurred_at")
    check_aware(now, "now")
    if occurred_at > now + CLOCK_SKEW:
        raise EventInFuture(
            N_("occurred_at {occurred_at} is in the future"),
            occurred_at=occurred_at.isoformat(),
        )
    if after is not None and occurred_at < after:
        raise EventOutOfOrder(
            N_("occurred_at {occurred_at} is before the last recorded event ({last_event_at})"),
            last_event_at=after.isoformat(),
            said={"occurred_at": occurred_at.isoformat()},
        )


DEFAULT_REGION = "IN"
PHONE_MAX_TYPED = 40  # longer than any number written with spaces and dashes
# Besides digits of any script (Devanagari, Bengali ...): the separators people write.
_PHONE_MARKS = frozenset("+-./() \u00a0")


@lru_cache(maxsize=64)
def phone_forms(region: str = DEFAULT_REGION) -> tuple[str, str]:
    """A mobile number of `region` as written there and with its +code, from the numbering
    plan's own example: ("081234 56789", "+91 81234 56789")."""
    example = phonenumbers.example_number_for_type(region, PhoneNumberType.MOBILE)
    if example is None:
        return ("98300 00005", "+91 98300 00005")
    return (
        phonenumbers.format_number(example, PhoneNumberFormat.NATIONAL),
        phonenumbers.format_number(example, PhoneNumberFormat.INTERNATIONAL),
    )


def normalise_phone(text: str, region: str = DEFAULT_REGION) -> str:
    """A phone as typed, in E.164 (+919830000005), read by the numbering plan of `region`
    (the district's country, ISO 3166) when it has no +code.

    `098300 00005`, `98300-00005`, `+91 98300 00005` and the same in Devanagari or Bengali
    digits are one number. Letters (no vanity numbers, no extensions), too few or too many
    digits, or a number the plan does not know are refused (InvalidInput) with an example.
    """
    raw = (text or "").strip()
    e164 = _e164(raw, region)
    if e164 is None:
        national, international = phone_forms(region)
        raise InvalidPhone(
            f"{raw[:PHONE_MAX_TYPED]!r} is not a phone number; write it like {national} or "
            f"{international}",
            national=national,
            international=international,
        )
    return e164


# The numbering plan's parse costs about half a millisecond, and an act reads the same few
# phones many times (each party, each officer told): numbers already read are remembered.
@lru_cache(maxsize=4096)
def _e164(raw: str, region: str) -> str | None:
    """`raw` in E.164, or None if it is not a phone number of `region`'s plan."""
    if not raw or len(raw) > PHONE_MAX_TYPED:
        return None
    if any(not (ch.isdecimal() or ch in _PHONE_MARKS) for ch in raw):
        return None
    try:
        number = phonenumbers.parse(latin_digits(raw), region)
    except NumberParseException:
        return None
    if number.extension or not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)


def names_of(place: District | Pound | Village | None) -> tuple[tuple[str, str], ...]:
    """A district's, pound's or village's names in other scripts as (language, name) pairs, as
    the district file gives them (the texts write them in the reader's script)."""
    return tuple(sorted((place.names or {}).items())) if place is not None else ()


@dataclass(frozen=True)
class ScopedOrder:
    """A Magistrate's order for an animal outside the scale (G4), with where it applies."""

    seizure_id: int | None
    pound_id: int | None
    order: Order


@dataclass(frozen=True)
class DistrictContext:
    district: District
    profile: StatuteProfile
    tz: ZoneInfo
    rates: tuple[Rate, ...]
    kind_orders: tuple[ScopedOrder, ...] = ()

    @property
    def region(self) -> str:
        """The country whose numbering plan reads phones written without their +code."""
        return self.district.country or DEFAULT_REGION

    def orders_for(self, seizure: Seizure) -> tuple[Order, ...]:
        """The G4 orders that may govern an animal of `seizure`: its own and its pound's."""
        return tuple(
            o.order
            for o in self.kind_orders
            if (o.seizure_id is not None and o.seizure_id == seizure.id)
            or (o.pound_id is not None and o.pound_id == seizure.pound_id)
        )

    @property
    def id(self) -> int:
        if self.district.id is None:
            raise NotFound(N_("district has no id"))
        return self.district.id

    def fmt(self, amount: int) -> str:
        return self.profile.money.format(amount)

    def check_started(self, at: datetime) -> None:
        """Practice G17: nothing is dated before the district's register begins."""
        check_not_before_start(local_date(at, self.tz), self.district.start_on)


def district_context(s: Session, district_id: int) -> DistrictContext:
    district = s.get(District, district_id)
    if district is None:
        raise NotFound(N_("no district {district_id}"), said={"district_id": district_id})
    rows = s.exec(select(FeedingRate).where(FeedingRate.district_id == district_id)).all()
    rates = tuple(
        Rate(kinds=frozenset({AnimalKind(r.kind)}), per_day=r.per_day, valid_from=r.valid_from)
        for r in rows
    )
    orders = s.exec(
        select(KindOrder).where(KindOrder.district_id == district_id).order_by(col(KindOrder.id))
    ).all()
    kind_orders = tuple(
        ScopedOrder(
            o.seizure_id,
            o.pound_id,
            Order(
                kind=o.kind,
                fine=o.fine,
                per_day=o.per_day,
                valid_from=o.valid_from,
                for_seizure=o.seizure_id is not None,
                ref=id_of(o),
            ),
        )
        for o in orders
    )
    return DistrictContext(
        district, get_profile(district.profile), ZoneInfo(district.timezone), rates, kind_orders
    )


def get_person(s: Session, person_id: int) -> Person:
    person = s.get(Person, person_id)
    if person is None:
        raise NotFound(N_("no person {person_id}"), said={"person_id": person_id})
    return person


def person_by_phone(s: Session, phone: str, region: str = DEFAULT_REGION) -> Person | None:
    return s.exec(select(Person).where(Person.phone == normalise_phone(phone, region))).first()


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


def roles_of(s: Session, person_id: int, district_id: int | None = None) -> list[RoleGrant]:
    q = select(RoleGrant).where(RoleGrant.person_id == person_id)
    if district_id is not None:
        q = q.where(RoleGrant.district_id == district_id)
    return list(s.exec(q.order_by(col(RoleGrant.id))).all())


def has_role(
    s: Session, person_id: int, district_id: int, role: Role, place: str | None = None
) -> bool:
    q = select(RoleGrant.id).where(
        RoleGrant.person_id == person_id,
        RoleGrant.district_id == district_id,
        RoleGrant.role == role.value,
    )
    if place is not None:
        q = q.where(RoleGrant.place == place)
    return s.exec(q).first() is not None


def require_role(
    s: Session,
    person_id: int,
    district_id: int,
    roles: Role | tuple[Role, ...],
    place: str | None,
    *,
    section: str | None = None,
) -> None:
    """The actor must hold one of `roles` here (at this pound or thana), or the act is refused
    (citing `section`, or the section that gives the first role its office)."""
    wanted = roles if isinstance(roles, tuple) else (roles,)
    for role in wanted:
        if has_role(s, person_id, district_id, role, place if role in _PLACED else None):
            return
    names = " or ".join(f"{r}:{place}" if r in _PLACED and place else str(r) for r in wanted)
    # The district named, so that an officer of another district reads why he is refused.
    code = s.exec(select(District.code).where(District.id == district_id)).first()
    raise NotAuthorised(
        N_("only the {required} of district {district} may do this"),
        section=section or ROLE_SECTION[wanted[0]],
        required=names,
        district=code or str(district_id),
    )


_PLACED = {Role.KEEPER, Role.POLICE, Role.DAROGAH}


OFFICIAL_ROLES = (Role.POLICE.value, Role.DAROGAH.value, Role.KEEPER.value)


def is_official(s: Session, person_id: int) -> bool:
    """A police officer or pound-keeper anywhere (Sec X bars them from buying at a sale)."""
    q = select(RoleGrant.id).where(
        RoleGrant.person_id == person_id, col(RoleGrant.role).in_(OFFICIAL_ROLES)
    )
    return s.exec(q).first() is not None


def _plain(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def is_official_buyer(
    s: Session, *, name: str, residence: str, phone: str | None, actor_id: int
) -> bool:
    """Whether a buyer at a sale is a police officer, Darogah or pound-keeper (of any thana or
    pound, in any district), or the officer holding the sale himself (Sec X).

    He is known by his phone; a buyer who gives none is matched by name and residence (case
    and spacing aside), so that an official cannot buy by leaving his phone out.
    """
    if phone:
        person = person_by_phone(s, phone)
        if person is None or person.id is None:
            return False
        return person.id == actor_id or is_official(s, person.id)
    wanted = (_plain(name), _plain(residence))
    officials = s.exec(
        select(Person)
        .join(RoleGrant, col(RoleGrant.person_id) == col(Person.id))
        .where(col(RoleGrant.role).in_(OFFICIAL_ROLES))
    ).all()
    actor = s.get(Person, actor_id)
    return any(
        (_plain(p.name), _plain(p.residence)) == wanted
        for p in [*officials, *([actor] if actor else [])]
    )


def seizure_by_ref(s: Session, ref: str, *, lock: bool = False) -> Seizure:
    q = select(Seizure).where(Seizure.ref == ref.strip().upper())
    if lock:
        # The seizure's acts take turns on its row (NO KEY UPDATE: rows that refer to it are
        # still written meanwhile; docs/design.md).
        q = q.with_for_update(key_share=True)
    seizure = s.exec(q).first()
    if seizure is None:
        raise NotFound(N_("no seizure '{ref}'"), ref=ref)
    return seizure


def pound_of(s: Session, seizure: Seizure) -> Pound:
    pound = s.get(Pound, seizure.pound_id)
    if pound is None:
        raise NotFound(N_("no pound {pound_id}"), said={"pound_id": seizure.pound_id})
    return pound
