"""The pound's and district's returns: the feeding rates in force (Sec VII), the monthly
return of the register (V), the fund's statement (XII)."""

from __future__ import annotations

from calendar import monthrange
from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session, col, select

from law.errors import N_, InvalidInput
from law.periods import YEAR_MAX, YEAR_MIN, local_date
from models import Payment, Pound, RegisterEntry, Sale, Seizure
from models.columns import id_of
from models.db import Reader
from office.district import (
    DistrictContext,
    district_by_code,
    district_context,
    names_of,
    pound_by_code,
)
from office.records import ledger
from office.state import animals_of
from office.views import lookup
from office.views.documents.kinds import Document, Kind, entry_animals, head_of
from office.views.fund_statement import feeding_written_off, fund_statement


@dataclass(frozen=True)
class RateLine:
    kinds: tuple[str, ...]
    fine: int
    per_day: int


@dataclass(frozen=True)
class Rates(Document):
    """Sec VII (with VI): the schedule of fines and feeding rates posted at the pound."""

    rows: tuple[RateLine, ...] = ()


@dataclass(frozen=True)
class ReturnLine:
    register_no: str
    entered_on: str
    heads: int
    kinds: tuple[str, ...]
    status: str


@dataclass(frozen=True)
class MonthlyReturn(Document):
    """Sec IV: the keeper's return of his pound for one month."""

    month: str = ""
    entries: tuple[ReturnLine, ...] = ()
    heads_in: int = 0
    # Heads that left the pound in the month, by how (released_paid, sold, died ...).
    heads_out: tuple[tuple[str, int], ...] = ()
    held_at_end: int = 0
    fines_received: int = 0
    feeding_received: int = 0
    expenses_received: int = 0
    sales: int = 0
    proceeds: int = 0


@dataclass(frozen=True)
class FundLine:
    on: str
    memo: str
    section: str
    amount_in: int
    amount_out: int
    balance: int


@dataclass(frozen=True)
class FundStatement(Document):
    """Sec XII: the pound fund: fines and unclaimed surplus in, payments out, the balance."""

    lines: tuple[FundLine, ...] = ()
    received: int = 0
    paid_out: int = 0
    balance: int = 0
    owed: int = 0  # Sec XII: fines adjudged or charged and not yet received, outside the fund
    deposits_held: int = 0
    written_off: int = 0
    # The names in other scripts of the district's pounds its lines may name, by the register's
    # name; like `names`, not what the statement states.
    pound_names: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()


def rates(s: Session, db: Reader, code: str, now: datetime) -> Rates:
    pound = pound_by_code(s, code)
    ctx = district_context(s, pound.district_id)
    schedule = lookup.pound_rates(db, pound_code=pound.code, now=now)
    return Rates(
        **head_of(Kind.RATES, ctx, pound.code, pound=pound, dated=_rates_from(ctx, schedule.on)),
        rows=tuple(RateLine(tuple(r.kinds), r.fine, r.per_day) for r in schedule.rows),
    )


def _rates_from(ctx: DistrictContext, on: str) -> str:
    """The day the rates in force on `on` took effect: the latest rate that began by then."""
    today = date.fromisoformat(on)
    started = [r.valid_from for r in ctx.rates if r.valid_from <= today]
    return max(started).isoformat() if started else ctx.district.start_on.isoformat()


def parse_month(text: str | None) -> tuple[int, int]:
    """`YYYY-MM` as (year, month), from 1857-01 to 2999-12."""
    try:
        year, month = (int(p) for p in (text or "").strip().split("-"))
        date(year, month, 1)
        if not YEAR_MIN <= year <= YEAR_MAX:
            raise ValueError(year)
    except ValueError:
        raise InvalidInput(
            N_("give the month as YYYY-MM, from 1857-01 to 2999-12, e.g. 2026-03"),
            said={"month": text or ""},
        ) from None
    return year, month


def monthly_return(s: Session, code: str, month: str | None) -> MonthlyReturn:
    pound = pound_by_code(s, code)
    ctx = district_context(s, pound.district_id)
    year, number = parse_month(month)
    first, last = date(year, number, 1), date(year, number, monthrange(year, number)[1])

    def within(at: datetime | None) -> bool:
        return at is not None and first <= local_date(at, ctx.tz) <= last

    seizures = s.exec(
        select(Seizure).where(Seizure.pound_id == pound.id).order_by(col(Seizure.id))
    ).all()
    entries = []
    out: Counter[str] = Counter()  # heads that left in the month, by how
    sums: Counter[str] = Counter()
    for seizure in seizures:
        rows = animals_of(s, seizure)
        entry = s.exec(select(RegisterEntry).where(RegisterEntry.seizure_id == seizure.id)).first()
        if entry is not None and within(entry.entered_at):
            entries.append(
                ReturnLine(
                    register_no=f"{pound.code}/{entry.year}/{entry.number}",
                    entered_on=local_date(entry.entered_at, ctx.tz).isoformat(),
                    heads=len(entry_animals(entry)) or len(rows),
                    kinds=tuple(sorted({a.kind for a in rows})),
                    status=seizure.status,
                )
            )
        if entry is None or local_date(entry.entered_at, ctx.tz) > last:
            continue
        out.update(a.status for a in rows if a.left_on is not None and first <= a.left_on <= last)
        sums["held"] += sum(1 for a in rows if a.left_on is None or a.left_on > last)
        for p in s.exec(select(Payment).where(Payment.seizure_id == seizure.id)).all():
            if within(p.occurred_at):
                sums.update(fines=p.fine, feeding=p.feeding, expenses=p.expenses)
        for sale in s.exec(select(Sale).where(Sale.seizure_id == seizure.id)).all():
            if first <= sale.held_on <= last:
                sums.update(sales=1, proceeds=sale.proceeds)
    period = f"{year:04d}-{number:02d}"
    return MonthlyReturn(
        **head_of(
            Kind.RETURN,
            ctx,
            pound.code,
            pound=pound,
            dated=last.isoformat(),
            params=period,
        ),
        month=period,
        entries=tuple(entries),
        heads_in=sum(line.heads for line in entries),
        heads_out=tuple(sorted(out.items())),
        held_at_end=sums["held"],
        fines_received=sums["fines"],
        feeding_received=sums["feeding"],
        expenses_received=sums["expenses"],
        sales=sums["sales"],
        proceeds=sums["proceeds"],
    )


def fund(s: Session, code: str) -> FundStatement:
    ctx = district_context(s, id_of(district_by_code(s, code)))
    bal = ledger.balances(s, ctx.id)
    received = -bal.get(ledger.FUND_FINES, 0) - bal.get(ledger.FUND_SURPLUS, 0)
    paid = bal.get(ledger.FUND_PAID, 0)
    lines = tuple(
        FundLine(
            on=line["at"][:10],
            memo=line["memo"],
            section=line["section"],
            amount_in=line["in"],
            amount_out=line["out"],
            balance=line["balance"],
        )
        for line in fund_statement(s, ctx)["lines"]
    )
    return FundStatement(
        **head_of(
            Kind.FUND,
            ctx,
            ctx.district.code,
            pound=None,
            dated=lines[-1].on if lines else ctx.district.start_on.isoformat(),
        ),
        lines=lines,
        received=received,
        paid_out=paid,
        balance=received - paid,
        owed=-sum(v for k, v in bal.items() if k.startswith(ledger.OWED_TO_FUND_PREFIX)),
        deposits_held=-bal.get(ledger.DEPOSIT, 0),
        written_off=feeding_written_off(s, ctx)["total"],
        pound_names=tuple(
            (p.name, names_of(p))
            for p in s.exec(select(Pound).where(Pound.district_id == ctx.id)).all()
            if p.names
        ),
    )
