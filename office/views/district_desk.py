"""What the Magistrate of a district looks at on his desk besides the worklists: the district
as its file set it up (pounds, villages, officers), the release orders made, the cases of Sec
XVII and XVIII, the feeding rates as they stand and as they were (Sec VII). Read-only.

Each read first checks the actor is the Magistrate of the district (NotAuthorised otherwise),
as the acts themselves do."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session, col, select

from law.feeding import SECTION
from law.kinds import AnimalKind
from law.periods import local_date
from models import (
    Case,
    District,
    FeedingRate,
    Person,
    Pound,
    ReleaseOrder,
    RoleGrant,
    Seizure,
    Village,
)
from models.columns import id_of
from models.db import Reader
from office.access.roles import Role, require_role
from office.district import district_by_code, district_context, names_of

# A desk list is read on a phone: the latest few.
LIMIT = 50


def district_of(
    db: Reader, *, code: str, actor_id: int
) -> tuple[int, str, str, tuple[tuple[str, str], ...]]:
    """The district (id, code, name, its names in other scripts) whose Magistrate the actor
    is."""
    with db.reading() as s:
        row = _magistrates(s, code, actor_id)
        return id_of(row), row.code, row.name, names_of(row)


def _magistrates(s: Session, code: str, actor_id: int) -> District:
    """The district by its code, if the actor is its Magistrate (NotAuthorised otherwise)."""
    row = district_by_code(s, code)
    require_role(s, actor_id, id_of(row), Role.MAGISTRATE, None)
    return row


# --- The district file ---------------------------------------------------------------------------


@dataclass(frozen=True)
class OfficerLine:
    name: str
    residence: str
    phone: str | None
    roles: list[str]  # "keeper:TPR", "darogah:TESTPUR", "magistrate"


# A place as the register names it, with its names in other scripts by language (`names_of`).
Named = tuple[str, tuple[tuple[str, str], ...]]


@dataclass(frozen=True)
class PoundFile:
    code: str
    name: str
    thana: str
    villages: list[Named]
    keepers: list[str]
    names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


@dataclass(frozen=True)
class DistrictFile:
    code: str
    name: str
    timezone: str
    profile: str
    languages: list[str]
    start_on: date
    loaded_at: datetime
    pounds: list[PoundFile]
    excluded: list[tuple[Named, str]]  # (village, reason): Sec XX
    officers: list[OfficerLine]
    names: tuple[tuple[str, str], ...] = ()  # the district's in other scripts, by language


def district_file(db: Reader, *, district: str, actor_id: int) -> DistrictFile:
    """The district as its file set it up: pounds with their thana, villages and keepers (Sec
    III, IV), the tracts excluded (XX), every officer and his offices; for its Magistrate."""
    with db.reading() as s:
        row = _magistrates(s, district, actor_id)
        grants = s.exec(
            select(RoleGrant, Person)
            .join(Person, col(Person.id) == col(RoleGrant.person_id))
            .where(RoleGrant.district_id == row.id)
            .order_by(col(Person.name), col(RoleGrant.id))
        ).all()
        officers: dict[int, OfficerLine] = {}
        keepers: dict[str, list[str]] = {}
        for g, p in grants:
            line = officers.setdefault(id_of(p), OfficerLine(p.name, p.residence, p.phone, []))
            line.roles.append(f"{g.role}:{g.place}" if g.place else g.role)
            if g.role == Role.KEEPER.value:
                keepers.setdefault(g.place, []).append(p.name)
        villages = s.exec(
            select(Village).where(Village.district_id == row.id).order_by(col(Village.name))
        ).all()
        pounds = [
            PoundFile(
                code=p.code,
                name=p.name,
                thana=p.thana,
                villages=[
                    (v.name, names_of(v)) for v in villages if v.pound_id == p.id and not v.excluded
                ],
                keepers=keepers.get(p.code, []),
                names=names_of(p),
            )
            for p in s.exec(
                select(Pound).where(Pound.district_id == row.id).order_by(col(Pound.code))
            ).all()
        ]
        return DistrictFile(
            code=row.code,
            name=row.name,
            timezone=row.timezone,
            profile=row.profile,
            languages=list(row.languages),
            start_on=row.start_on,
            loaded_at=row.loaded_at,
            pounds=pounds,
            excluded=[
                ((v.name, names_of(v)), v.excluded_reason or "") for v in villages if v.excluded
            ],
            officers=list(officers.values()),
            names=names_of(row),
        )


# --- Release orders ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReleaseLine:
    id: int
    ref: str
    pound_code: str
    authority: str
    reason: str
    animals: list[int]
    occurred_at: datetime
    complaint_id: int | None  # made on a complaint's decision (Sec XIV), else by order (VI)


def release_orders(db: Reader, *, district: str, actor_id: int) -> list[ReleaseLine]:
    """The releases without fine ordered in the district (Sec VI, XIV), the latest first."""
    with db.lagging() as s:
        row = _magistrates(s, district, actor_id)
        rows = s.exec(
            select(ReleaseOrder, Seizure, Pound)
            .join(Seizure, col(Seizure.id) == col(ReleaseOrder.seizure_id))
            .join(Pound, col(Pound.id) == col(Seizure.pound_id))
            .where(Seizure.district_id == row.id)
            .order_by(col(ReleaseOrder.occurred_at).desc(), col(ReleaseOrder.id).desc())
            .limit(LIMIT)
        ).all()
        return [
            ReleaseLine(
                id=id_of(o),
                ref=z.ref,
                pound_code=p.code,
                authority=o.authority,
                reason=o.reason,
                animals=list(o.animal_ids),
                occurred_at=o.occurred_at,
                complaint_id=o.complaint_id,
            )
            for o, z, p in rows
        ]


# --- Cases of Sec XVII and XVIII -----------------------------------------------------------------


@dataclass(frozen=True)
class CaseLine:
    id: int
    kind: str  # "mischief" (Sec XVII) or "pigs" (XVIII)
    status: str  # "pending", "convicted", "acquitted"
    complainant: str
    accused: str
    village: str
    filed_at: datetime
    decided_at: datetime | None
    village_names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


def district_cases(db: Reader, *, district: str, actor_id: int) -> list[CaseLine]:
    """The cases of the district, those awaiting a decision first, then the latest decided."""
    with db.lagging() as s:
        row = _magistrates(s, district, actor_id)
        rows = s.exec(
            select(Case)
            .where(Case.district_id == row.id)
            .order_by(col(Case.status) != "pending", col(Case.filed_at).desc(), col(Case.id).desc())
            .limit(LIMIT)
        ).all()
        out = []
        for c in rows:
            complainant = s.get(Person, c.complainant_id)
            accused = s.get(Person, c.accused_id)
            village = s.get(Village, c.village_id)
            out.append(
                CaseLine(
                    id=id_of(c),
                    kind=c.kind,
                    status=c.status,
                    complainant=complainant.name if complainant else "",
                    accused=accused.name if accused else "",
                    village=village.name if village else "",
                    filed_at=c.filed_at,
                    decided_at=c.decided_at,
                    village_names=names_of(village),
                )
            )
        return out


# --- Feeding rates (Sec VII) ---------------------------------------------------------------------


@dataclass(frozen=True)
class RateLine:
    """One kind's rate from a date: `in_force` the one charged today, `later` one to come."""

    kind: str
    per_day: int
    per_day_text: str
    valid_from: date
    in_force: bool
    later: bool


@dataclass(frozen=True)
class DistrictRates:
    district: str
    name: str
    on: date
    unit: str
    lines: list[RateLine]
    kinds: list[str]  # the kinds of the Sec VI scale a rate may be fixed for


def district_rates(db: Reader, *, district: str, actor_id: int, now: datetime) -> DistrictRates:
    """Every rate of the district by kind, oldest first, marking the one in force today and those
    fixed from a later day; for its Magistrate."""
    with db.reading() as s:
        row = district_by_code(s, district)
        require_role(s, actor_id, id_of(row), Role.MAGISTRATE, None, section=SECTION)
        ctx = district_context(s, id_of(row))
        today = local_date(now, ctx.tz)
        rows = s.exec(
            select(FeedingRate)
            .where(FeedingRate.district_id == ctx.id)
            .order_by(col(FeedingRate.kind), col(FeedingRate.valid_from))
        ).all()
        current: dict[str, date] = {}
        for r in rows:
            if r.valid_from <= today:
                current[r.kind] = max(current.get(r.kind, r.valid_from), r.valid_from)
        lines = [
            RateLine(
                kind=r.kind,
                per_day=r.per_day,
                per_day_text=ctx.fmt(r.per_day),
                valid_from=r.valid_from,
                in_force=current.get(r.kind) == r.valid_from,
                later=r.valid_from > today,
            )
            for r in rows
        ]
        return DistrictRates(
            district=ctx.district.code,
            name=ctx.district.name,
            on=today,
            unit=ctx.profile.money.unit,
            lines=lines,
            kinds=[k.value for k in AnimalKind],
        )
