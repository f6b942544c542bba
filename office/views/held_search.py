"""Cattle held now, found without a reference: the seizures a person is recorded owner of, and
the cattle held in the pounds that serve a village and its neighbours (practice G18), each with
where it is, since when, what is due today and the next deadline.

Read only. What it tells is what the notice of Sec VIII shows (the number and description of
the cattle, where seized, where impounded, the dates) and what the posted schedule of Sec VII
makes of it (the amount due): never a name, a home or a phone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache, partial

from sqlmodel import Session, col, select

from law.errors import NotFound
from law.grounds import Ground
from law.kinds import AnimalKind, kind_of
from law.lifecycle import AnimalStatus, SeizureStatus
from law.periods import local_date
from models import Animal, District, Pound, Seizure, Village
from models.db import Reader
from office.charges import due_said, payable_on
from office.district import DistrictContext, district_context, names_of
from office.people import person_by_phone
from office.spelling import fold
from office.state import animals_of
from office.views.lookup import VillagePlace, match_village

HELD = (AnimalStatus.SEIZED.value, AnimalStatus.IMPOUNDED.value)
# How many seizures one search answers at most (a chat shows fewer: bot/flows/owner.py).
MAX_FOUND = 50
# How many of a person's own seizures are listed, newest first.
MAX_OWNED = 10


@dataclass(frozen=True)
class HeldGroup:
    """Head of one kind and description held in one seizure."""

    kind: str
    description: str
    count: int


@dataclass(frozen=True)
class DueNow:
    """What the owner pays today to take back every head of the seizure still held: the Sec VI
    fines and the Sec VII feeding to today (and, after a part sale, what it left unpaid)."""

    fine: int
    feeding: int
    expenses: int
    total: int
    per_day: int  # the feeding that each further day adds, while they are in the pound
    fine_text: str
    feeding_text: str
    total_text: str
    per_day_text: str
    unit: str


@dataclass(frozen=True)
class HeldSeizure:
    """One seizure as the search tells it: no names, homes or phones."""

    ref: str
    district: str
    status: str
    ground: str
    pound_code: str
    pound_name: str
    thana: str
    village: str  # where the cattle were seized, as the register writes it
    pound_names: tuple[tuple[str, str], ...]
    village_names: tuple[tuple[str, str], ...]
    seized_on: date
    impounded_on: date | None
    noticed_on: date | None
    in_pound: bool
    groups: tuple[HeldGroup, ...]
    heads: int
    due: DueNow
    claim_until: date | None
    complaint_until: date | None  # None for strays (Sec XVI): no complaint against them
    sale_not_before: date | None
    complaint_pending: bool
    next_deadline: tuple[str, date] | None  # ("claim" | "complaint" | "sale", the day)
    as_of: date

    def village_in(self, lang: str) -> str:
        return dict(self.village_names).get(lang, self.village)

    def held_of(self, kind: str) -> int:
        return sum(g.count for g in self.groups if g.kind == kind)


@dataclass(frozen=True)
class HeldSearch:
    """The answer to "is anything of mine held near my village?"."""

    place: VillagePlace
    # (code, name, thana, names in other scripts by language) of the pounds searched
    pounds: tuple[tuple[str, str, str, tuple[tuple[str, str], ...]], ...]
    kind: str | None
    number: int | None
    found: tuple[HeldSeizure, ...]
    more: int  # how many more matched than `found` holds
    as_of: date


def held_animals(s: Session, seizure: Seizure) -> list[Animal]:
    """The head of the seizure held now: seized on the way, or in the pound."""
    return [a for a in animals_of(s, seizure) if a.status in HELD]


def _next_deadline(
    today: date, seizure: Seizure, complaint_until: date | None
) -> tuple[str, date] | None:
    """The first day still to come that matters to the owner: the last day to claim before the
    cattle are reported unclaimed (Sec VIII), to complain (XIV), or the first day of a sale."""
    days = [(seizure.claim_until, "claim")] if seizure.noticed_on is None else []
    days += [(complaint_until, "complaint"), (seizure.sale_not_before, "sale")]
    first = min(((d, what) for d, what in days if d is not None and d >= today), default=None)
    return (first[1], first[0]) if first else None


def _summary(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    today: date,
    pound: Pound,
    village: Village | None,
) -> HeldSeizure:
    animals = animals_of(s, seizure)
    held = [a for a in animals if a.status in HELD]
    groups = Counter((a.kind, a.description) for a in held)
    due = payable_on(s, seizure, animals, ctx, today)
    stray = seizure.ground == Ground.STRAY
    complaint_until = None if stray else seizure.complaint_until
    return HeldSeizure(
        ref=seizure.ref,
        district=ctx.district.code,
        status=seizure.status,
        ground=seizure.ground,
        pound_code=pound.code,
        pound_name=pound.name,
        pound_names=names_of(pound),
        thana=pound.thana,
        village=village.name if village else "",
        village_names=names_of(village),
        seized_on=seizure.seized_on,
        impounded_on=seizure.impounded_on,
        noticed_on=seizure.noticed_on,
        in_pound=seizure.impounded_on is not None,
        groups=tuple(HeldGroup(k, d, n) for (k, d), n in groups.items()),
        heads=len(held),
        due=DueNow(**due_said(due, ctx)),
        claim_until=seizure.claim_until,
        complaint_until=complaint_until,
        sale_not_before=seizure.sale_not_before,
        complaint_pending=seizure.complaints_pending > 0,
        next_deadline=_next_deadline(today, seizure, complaint_until) if held else None,
        as_of=today,
    )


def _summaries(s: Session, seizures: Sequence[Seizure], now: datetime) -> list[HeldSeizure]:
    context = cache(partial(district_context, s))
    out = []
    for seizure in seizures:
        ctx = context(seizure.district_id)
        pound = s.get(Pound, seizure.pound_id)
        if pound is None:
            continue
        village = s.get(Village, seizure.village_id)
        out.append(_summary(s, seizure, ctx, local_date(now, ctx.tz), pound, village))
    return out


# --- his own: the seizures he is recorded owner of -------------------------------------------


def seizures_owned(
    db: Reader, *, person_id: int | None, phone: str | None, now: datetime
) -> list[HeldSeizure]:
    """The seizures whose owner of record (practice G14) is this person (by his id, as a chat
    knows him) or has this phone: those with cattle still held first, newest first."""
    with db.reading() as s:
        owner_id = person_id
        if owner_id is None and phone:
            person = person_by_phone(s, phone)
            owner_id = person.id if person is not None else None
        if owner_id is None:
            return []
        rows = s.exec(
            select(Seizure)
            .where(Seizure.owner_id == owner_id)
            .order_by(col(Seizure.seized_at).desc(), col(Seizure.id).desc())
            .limit(MAX_OWNED * 2)
        ).all()
        found = _summaries(s, rows, now)
    found.sort(key=lambda h: h.heads == 0)  # stable: newest first within each
    return found[:MAX_OWNED]


# --- anyone's: the cattle held near a village ------------------------------------------------


def pounds_near(s: Session, village: Village) -> list[Pound]:
    """Practice G18: the pounds that serve a village and its neighbours. A village's neighbours
    are the villages served by the same pound or by another pound at the same thana (the
    district file says nothing nearer); a village no pound serves (excluded, Sec XX, or left
    out of the file) has every village of its district for neighbour."""
    pound = s.get(Pound, village.pound_id) if village.pound_id else None
    q = select(Pound).where(Pound.district_id == village.district_id)
    if pound is not None:
        q = q.where(Pound.thana == pound.thana)
    pounds = list(s.exec(q.order_by(col(Pound.code))).all())
    # Only pounds that serve some village now (one left out of a re-loaded file serves none);
    # the village's own pound first.
    served = set(
        s.exec(
            select(Village.pound_id).where(
                col(Village.pound_id).in_([p.id for p in pounds]),
            )
        ).all()
    )
    pounds = [p for p in pounds if p.id in served]
    return sorted(pounds, key=lambda p: (pound is None or p.id != pound.id, p.code))


def kind_wanted(kind: str | None, ctx: DistrictContext) -> str | None:
    """The register's kind for what was asked (`cows`, `heifer` -> `cow`, G4); pigs are refused
    (Sec XVIII), a word nobody knows too."""
    if kind is None or not kind.strip():
        return None
    found = kind_of(kind, ctx.profile.aliases, ())
    return found.value if isinstance(found, AnimalKind) else found.word


def _rank(
    held: HeldSeizure, kind: str | None, number: int | None, words: frozenset[str]
) -> tuple[int, int]:
    """Closest first: as many head of the kind as he lost, then the most of his description's
    words in theirs; newest first after that (the order they come in)."""
    count = held.held_of(kind) if kind else held.heads
    off = abs(count - number) if number else 0
    described = " ".join(fold(g.description) for g in held.groups if kind in (None, g.kind))
    shared = sum(1 for w in words if w and w in described.split())
    return (off, -shared)


def search_held(
    db: Reader,
    *,
    village: str,
    now: datetime,
    district: str | None = None,
    kind: str | None = None,
    number: int | None = None,
    description: str = "",
    limit: int = MAX_FOUND,
) -> HeldSearch:
    """The cattle held now (seized on the way, or in the pound; not released, sold, dead,
    escaped or rescued) in the pounds that serve `village` and its neighbours (G18), of `kind`
    if given; the closest to `number` head and `description` first.

    `village` is read as `match_village` reads it (any script, typo-tolerant); a name that is
    not one village is NotFound with the close ones in its details. `kind` is read as the
    register reads it (plurals, G4 names); pigs are refused (Sec XVIII)."""
    place, close = match_village(db, village, district=district)
    if place is None:
        raise NotFound(
            f"no village {village[:120]!r}" + (f" in district {district}" if district else ""),
            village=village[:120],
            district=district,
            close=[{"name": p.name, "district": p.district_code} for p in close],
        )
    with db.reading() as s:
        row = s.exec(
            select(Village)
            .join(District, col(District.id) == col(Village.district_id))
            .where(District.code == place.district_code, Village.name == place.name)
        ).one()
        ctx = district_context(s, row.district_id)
        today = local_date(now, ctx.tz)
        wanted = kind_wanted(kind, ctx)
        pounds = pounds_near(s, row)
        q = (
            select(Seizure)
            .where(
                col(Seizure.pound_id).in_([p.id for p in pounds]),
                Seizure.status != SeizureStatus.CLOSED.value,
            )
            .order_by(col(Seizure.seized_at).desc(), col(Seizure.id).desc())
        )
        held_ids = select(Animal.seizure_id).where(col(Animal.status).in_(HELD))
        if wanted is not None:
            held_ids = held_ids.where(Animal.kind == wanted)
        q = q.where(col(Seizure.id).in_(held_ids))
        found = _summaries(s, s.exec(q).all(), now)
        searched = tuple((p.code, p.name, p.thana, names_of(p)) for p in pounds)
    words = frozenset(fold(description).split())
    found.sort(key=lambda h: _rank(h, wanted, number, words))
    bounded = max(1, min(limit, MAX_FOUND))
    return HeldSearch(
        place=place,
        pounds=searched,
        kind=wanted,
        number=number,
        found=tuple(found[:bounded]),
        more=max(0, len(found) - bounded),
        as_of=today,
    )
