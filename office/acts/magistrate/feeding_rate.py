"""The feeding rates of a district as the Magistrate fixes them from time to time (Sec VII): the
rates in force and those to come, and a new rate from a date.

The district file loads rates too (office/jurisdiction/rates.py); a rate fixed here is a row of
the same table, so the schedule posted at each pound (office/views/lookup.py `pound_rates`) and
every charge (law/feeding.py) read it from its date on.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import select

from law.errors import N_, Conflict
from law.feeding import SECTION, check_new_rate
from law.feeding import FeedingRate as Rate
from law.kinds import resolve_kind
from law.periods import local_date
from models import FeedingRate, Unit
from models.columns import id_of
from office.acts.alike import magistrate
from office.district import district_by_code
from office.inputs import Amount
from office.views.amounts import read_amount


@dataclass(frozen=True)
class RateFixed:
    rate_id: int
    district: str
    kind: str
    per_day: int
    per_day_text: str
    valid_from: date


def fix_feeding_rate(
    u: Unit,
    *,
    district: str,
    kind: str,
    per_day: Amount,
    valid_from: date,
    occurred_at: datetime,
) -> RateFixed:
    """The Magistrate of the district fixes the feeding of a kind of the Sec VI scale per head
    per day from `valid_from`, today or later (Sec VII, G9). Animals outside the scale are fed
    at the rate of a Magistrate's order for them (office/acts/magistrate/kind_order.py, practice
    G4)."""
    with u.act() as s:
        row = district_by_code(s, district)
        m = magistrate(s, u, id_of(row), SECTION, occurred_at)
        ctx = m.ctx
        per_day = read_amount(per_day, ctx.profile.money)
        ctx.check_started(occurred_at)
        word = resolve_kind(kind, ctx.profile.aliases).value
        check_new_rate(valid_from, local_date(occurred_at, ctx.tz))
        # Refuses a negative rate, as law/feeding.py does for every rate.
        Rate(kinds=frozenset({word}), per_day=per_day, valid_from=valid_from)
        taken = s.exec(
            select(FeedingRate).where(
                FeedingRate.district_id == ctx.id,
                FeedingRate.kind == word,
                FeedingRate.valid_from == valid_from,
            )
        ).first()
        if taken is not None:
            raise Conflict(
                N_("a feeding rate for {kind} from {valid_from} is already fixed"),
                section=SECTION,
                kind=word,
                valid_from=valid_from.isoformat(),
            )
        rate = FeedingRate(district_id=ctx.id, kind=word, per_day=per_day, valid_from=valid_from)
        s.add(rate)
        s.flush()
        m.event(
            "feeding_rate_fixed",
            f"district:{ctx.district.code}",
            SECTION,
            rate_id=rate.id,
            kind=word,
            per_day=per_day,
            valid_from=valid_from.isoformat(),
        )
        return RateFixed(
            id_of(rate), ctx.district.code, word, per_day, ctx.fmt(per_day), valid_from
        )
