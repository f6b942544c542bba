"""The feeding rates of a district as they stand and as they were (Sec VII)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import col, select

from law.feeding import SECTION
from law.kinds import AnimalKind
from law.periods import local_date
from models import FeedingRate
from models.columns import id_of
from models.db import Reader
from office.access.roles import Role, require_role
from office.district import district_by_code, district_context


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
