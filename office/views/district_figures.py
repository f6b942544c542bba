"""The district at a glance: the figures its charts draw, for a month or a year, from the register.

One read for the Magistrate's charts (docs/desk.md), the public board's (docs/board.md, counts
alone) and nothing else: seizures by pound and month, how the heads of those seizures ended,
how many days they were held, the fund's receipts, payments and balance month by month (the
same entries as its statement, office/views/fund_statement.py `fund_entries`), and the complaints
filed and decided (Sec XIV). A seizure, a payment or a complaint belongs to the month of its local
date in the district's time zone: a seizure at 23:00 IST on 30 November is November's.
"""

from __future__ import annotations

from calendar import monthrange
from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlmodel import Session, col, select

from law.complaint import ComplaintStatus
from law.errors import N_, InvalidInput
from law.lifecycle import IN_CUSTODY, AnimalStatus
from law.periods import YEAR_MAX, YEAR_MIN, local_date
from law.profile import StatuteProfile
from models import Animal, Complaint, Pound, Seizure
from models.columns import id_of
from models.db import Reader
from office.district import district_by_code, district_context, names_of
from office.views.fund_statement import fund_entries

# How a head of a seizure ended, in the order the charts show them.
CLAIMED = "claimed"
SOLD = "sold"
RELEASED_BY_ORDER = "released_by_order"
ILLEGAL = "illegal"
STILL_HELD = "still_held"
OTHER = "other"  # died, escaped, rescued
ENDINGS = (CLAIMED, SOLD, RELEASED_BY_ORDER, ILLEGAL, STILL_HELD, OTHER)
_ENDING_OF = {
    AnimalStatus.RELEASED_PAID.value: CLAIMED,
    AnimalStatus.RELEASED_AFTER_PART_SALE.value: CLAIMED,
    AnimalStatus.SOLD.value: SOLD,
    AnimalStatus.RELEASED_BY_ORDER.value: RELEASED_BY_ORDER,
}
_HELD = frozenset(s.value for s in IN_CUSTODY)

Band = tuple[str, int, int | None]  # its name, its first and last day (None: no last)


def day_bands(profile: StatuteProfile) -> tuple[Band, ...]:
    """The bands of days a head was held (from the day impounded to the day it left, or to the
    last day counted while it is still there), cut where the Act's periods end: the claim period
    of Sec VIII (seven days), the notice's seven more, a month, and longer (a complaint, Sec XIV,
    may hold a head past the sale's day)."""
    claim = profile.claim_days
    sale = claim + profile.notice_days
    month = max(30, sale + 1)
    return (
        (f"0-{claim}", 0, claim),
        (f"{claim + 1}-{sale}", claim + 1, sale),
        (f"{sale + 1}-{month}", sale + 1, month),
        (f"{month + 1}+", month + 1, None),
    )


@dataclass(frozen=True)
class PoundSeizures:
    """One pound's seizures in each month of the period (`DistrictFigures.months`)."""

    code: str
    name: str
    names: tuple[tuple[str, str], ...]
    by_month: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.by_month)


@dataclass(frozen=True)
class FundMonth:
    """The fund in one month: what came in, what went out, the balance at the month's end."""

    month: str
    received: int
    paid_out: int
    balance: int


@dataclass(frozen=True)
class ComplaintMonth:
    month: str
    filed: int
    decided: int


@dataclass(frozen=True)
class DistrictFigures:
    """The figures of one district for `period` (`YYYY-MM` or `YYYY`)."""

    code: str
    name: str
    names: tuple[tuple[str, str], ...]
    period: str
    months: tuple[str, ...]  # YYYY-MM of each month of the period
    today: date  # the district's day the figures were read on
    money: str  # the district's money system, for writing the fund's amounts
    pounds: tuple[PoundSeizures, ...]
    endings: tuple[tuple[str, int], ...]  # (ending, heads), in ENDINGS order
    days_held: tuple[tuple[str, int], ...]  # (band, heads), in day_bands' order
    fund: tuple[FundMonth, ...]  # each month of the period's year up to its end
    complaints: tuple[ComplaintMonth, ...]  # each month of the period

    @property
    def seizures(self) -> int:
        return sum(p.total for p in self.pounds)


def parse_period(text: str) -> tuple[int, int | None]:
    """`YYYY-MM` as (year, month), `YYYY` as (year, None), from 1857 to 2999."""
    parts = text.strip().split("-")
    try:
        year = int(parts[0])
        month = int(parts[1]) if len(parts) == 2 else None
        if len(parts) > 2 or not YEAR_MIN <= year <= YEAR_MAX:
            raise ValueError(text)
        if month is not None:
            date(year, month, 1)
    except (ValueError, IndexError):
        raise InvalidInput(
            N_("give the month as YYYY-MM or the year as YYYY, e.g. 2026-03 or 2026"),
            said={"period": text[:20]},
        ) from None
    return year, month


def month_of(day: date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def _band(bands: tuple[Band, ...], days: int) -> str:
    inside = (name for name, low, high in bands if low <= days and (high is None or days <= high))
    return next(inside, bands[0][0])


def district_figures(
    db: Reader, *, district: str, period: str | None, now: datetime, whole_year: bool = False
) -> DistrictFigures:
    """The district's figures for `period` (if none, this month, or this year with
    `whole_year`), as the register stands; the district's day at `now` ends the days of heads
    still held and the months not yet come."""
    with db.lagging() as s:
        row = district_by_code(s, district)
        ctx = district_context(s, id_of(row))
        today = local_date(now, ctx.tz)
        this = str(today.year) if whole_year else month_of(today)
        year, only = parse_period(period or this)
        months = tuple(f"{year:04d}-{m:02d}" for m in ([only] if only else range(1, 13)))
        return DistrictFigures(
            code=row.code,
            name=row.name,
            names=names_of(row),
            period=months[0] if only else f"{year:04d}",
            months=months,
            today=today,
            money=ctx.profile.money.name,
            **_seizures(s, id_of(row), ctx.tz, months, today, day_bands(ctx.profile)),
            fund=_fund(s, id_of(row), ctx.tz, year, months[-1], today),
            complaints=_complaints(s, id_of(row), ctx.tz, months),
        )


def _seizures(
    s: Session,
    district_id: int,
    tz: ZoneInfo,
    months: tuple[str, ...],
    today: date,
    bands: tuple[Band, ...],
) -> dict[str, Any]:
    """The figures' `pounds`, `endings` and `days_held`."""
    pounds = s.exec(
        select(Pound).where(Pound.district_id == district_id).order_by(col(Pound.code))
    ).all()
    counts: Counter[tuple[int, str]] = Counter()
    ids: list[int] = []
    impounded: dict[int, date | None] = {}
    for seizure in s.exec(select(Seizure).where(Seizure.district_id == district_id)).all():
        month = month_of(local_date(seizure.seized_at, tz))
        if month in months:
            counts[(seizure.pound_id, month)] += 1
            ids.append(id_of(seizure))
            impounded[id_of(seizure)] = seizure.impounded_on
    illegal = set(
        s.exec(
            select(Complaint.seizure_id).where(
                col(Complaint.seizure_id).in_(ids),
                Complaint.status == ComplaintStatus.ILLEGAL.value,
            )
        ).all()
    )
    endings: Counter[str] = Counter()
    days: Counter[str] = Counter()
    last = min(today, _last_day(months[-1]))
    heads = s.exec(select(Animal).where(col(Animal.seizure_id).in_(ids))).all() if ids else []
    for head in heads:
        if head.status in _HELD:
            endings[STILL_HELD] += 1
        elif head.seizure_id in illegal:
            endings[ILLEGAL] += 1
        else:
            endings[_ENDING_OF.get(head.status, OTHER)] += 1
        since = impounded.get(head.seizure_id)
        if since is not None:
            until = head.left_on or last
            days[_band(bands, max((until - since).days, 0))] += 1
    return {
        "pounds": tuple(
            PoundSeizures(p.code, p.name, names_of(p), tuple(counts[(id_of(p), m)] for m in months))
            for p in pounds
        ),
        "endings": tuple((e, endings[e]) for e in ENDINGS),
        "days_held": tuple((name, days[name]) for name, _low, _high in bands),
    }


def _last_day(month: str) -> date:
    year, number = (int(p) for p in month.split("-"))
    return date(year, number, monthrange(year, number)[1])


def _fund(
    s: Session, district_id: int, tz: ZoneInfo, year: int, until: str, today: date
) -> tuple[FundMonth, ...]:
    """The fund month by month through the year, to the period's last month (never past
    today's): the entries of its statement, the balance carried from the years before."""
    entries = [(local_date(e.at, tz), e.amount) for e in fund_entries(s, district_id)]
    balance = sum(amount for on, amount in entries if on.year < year)
    out = []
    for number in range(1, int(until[5:]) + 1):
        month = f"{year:04d}-{number:02d}"
        if date(year, number, 1) > today:
            break
        moved = [amount for on, amount in entries if month_of(on) == month]
        balance += sum(moved)
        out.append(
            FundMonth(
                month=month,
                received=sum(a for a in moved if a > 0),
                paid_out=-sum(a for a in moved if a < 0),
                balance=balance,
            )
        )
    return tuple(out)


def _complaints(
    s: Session, district_id: int, tz: ZoneInfo, months: tuple[str, ...]
) -> tuple[ComplaintMonth, ...]:
    filed: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    for c in s.exec(select(Complaint).where(Complaint.district_id == district_id)).all():
        filed[month_of(local_date(c.filed_at, tz))] += 1
        if c.decided_at is not None:
            decided[month_of(local_date(c.decided_at, tz))] += 1
    return tuple(ComplaintMonth(m, filed[m], decided[m]) for m in months)
