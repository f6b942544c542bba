"""The Sec XII fund as the Magistrate reads it: what is owed to it, what was paid out of it,
the feeding written off, his desk's lines by pound and keeper."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, col, select

from law.access import View, check_may_read, view_of
from law.errors import N_, NotFound
from law.fund import SECTION, FundEntry, statement
from law.money import MoneySystem
from law.periods import local_date
from models import District, FundPayment, Person, Pound, RoleGrant
from models.columns import id_of
from models.db import Reader
from office.access.roles import Role, district_standing, require_role
from office.district import (
    DistrictContext,
    district_by_code,
    district_context,
    names_of,
)
from office.people import get_person
from office.records import ledger


def fund_entries(s: Session, district_id: int) -> list[FundEntry]:
    """Every movement of the district's fund as its ledger stands: in positive, out negative."""
    return [
        FundEntry(at=m.occurred_at, amount=-m.net, seq=m.txn_id)
        for m in ledger.movements(s, district_id, ledger.FUND_PREFIX)
        if m.net
    ]


def owed_to_fund(s: Session, ctx: DistrictContext) -> dict[str, object]:
    """Sec XII: fines adjudged (XIII, XVII, XVIII) and charged to seizers (XIV) that the fund is
    owed and has not received, by whose fine it is; none of it is in the fund."""
    owed = {
        account.removeprefix(ledger.OWED_TO_FUND_PREFIX): -amount
        for account, amount in ledger.balances(s, ctx.id, ledger.OWED_TO_FUND_PREFIX).items()
        if amount
    }
    total = sum(owed.values())
    return {
        **ctx.amounts(total=total),
        "by_source": [
            {"source": source, **ctx.amounts(amount=amount)}
            for source, amount in sorted(owed.items())
        ],
    }


@dataclass(frozen=True)
class KeeperLine:
    name: str
    phone: str


@dataclass(frozen=True)
class PoundLine:
    code: str
    name: str
    keepers: list[KeeperLine]
    names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


@dataclass(frozen=True)
class FundDesk:
    """One district's fund as the Magistrate sees it before ordering a payment (Sec XII)."""

    district_id: int
    code: str
    name: str
    balance: int
    balance_text: str
    money: MoneySystem
    pounds: list[PoundLine]
    names: tuple[tuple[str, str], ...] = ()  # the district's in other scripts, by language


def fund_desk(db: Reader, *, district_id: int, actor_id: int, now: datetime) -> FundDesk:
    """The fund's balance now, and the pounds and keepers a payment may name."""
    with db.lagging() as s:
        require_role(s, actor_id, district_id, Role.MAGISTRATE, None, section=SECTION)
        ctx = district_context(s, district_id)
        balance = sum(e.amount for e in fund_entries(s, district_id) if e.at <= now)
        pounds = []
        for pound in s.exec(
            select(Pound).where(Pound.district_id == district_id).order_by(col(Pound.code))
        ).all():
            keepers = s.exec(
                select(Person)
                .join(RoleGrant, col(RoleGrant.person_id) == col(Person.id))
                .where(
                    RoleGrant.district_id == district_id,
                    RoleGrant.role == Role.KEEPER.value,
                    RoleGrant.place == pound.code,
                )
                .order_by(col(RoleGrant.id))
            ).all()
            lines = [KeeperLine(p.name, p.phone) for p in keepers if p.phone]
            pounds.append(PoundLine(pound.code, pound.name, lines, names_of(pound)))
        return FundDesk(
            district_id=district_id,
            code=ctx.district.code,
            name=ctx.district.name,
            balance=balance,
            balance_text=ctx.fmt(balance),
            money=ctx.profile.money,
            pounds=pounds,
            names=names_of(ctx.district),
        )


# --- The statement ------------------------------------------------------------------------------


def fund_statement(
    s: Session, ctx: DistrictContext, *, since: date | None = None
) -> dict[str, Any]:
    """Receipts in and payments out of the fund, oldest first, each with the balance after it
    (from `since`, a local date, with the balance brought forward)."""
    movements = [m for m in ledger.movements(s, ctx.id, ledger.FUND_PREFIX) if m.net]
    by_txn = {m.txn_id: m for m in movements}
    lines = statement([FundEntry(at=m.occurred_at, amount=-m.net, seq=m.txn_id) for m in movements])
    opening = 0
    shown = []
    for line in lines:
        if since is not None and local_date(line.entry.at, ctx.tz) < since:
            opening = line.balance
            continue
        m = by_txn[line.entry.seq]
        amount = line.entry.amount
        moved = {"in": max(amount, 0), "out": max(-amount, 0), "balance": line.balance}
        shown.append(
            {
                "at": m.occurred_at.astimezone(ctx.tz).isoformat(),
                "memo": m.memo,
                "section": m.section,
                **ctx.amounts(**moved),
            }
        )
    return {
        "since": since.isoformat() if since else None,
        **ctx.amounts(opening_balance=opening),
        "lines": shown,
    }


def fund_payments(s: Session, ctx: DistrictContext) -> list[dict[str, object]]:
    """Every payment out of the district's fund, with what it was for and on whose order."""
    rows = s.exec(
        select(FundPayment)
        .where(FundPayment.district_id == ctx.id)
        .order_by(col(FundPayment.occurred_at), col(FundPayment.id))
    ).all()
    out: list[dict[str, object]] = []
    for p in rows:
        pound = s.get(Pound, p.pound_id) if p.pound_id else None
        keeper = s.get(Person, p.keeper_id) if p.keeper_id else None
        payee = s.get(Person, p.payee_id)
        out.append(
            {
                "id": p.id,
                "at": p.occurred_at.astimezone(ctx.tz).isoformat(),
                "purpose": p.purpose,
                "pound": pound.code if pound else None,
                "keeper": keeper.name if keeper else None,
                "stated": p.stated,
                "payee": payee.name if payee else None,
                **ctx.amounts(amount=p.amount),
                "order": p.order_text,
                "ordered_by": get_person(s, p.ordered_by).name,
            }
        )
    return out


def feeding_written_off(s: Session, ctx: DistrictContext) -> dict[str, Any]:
    """Practice G7: the keepers' feeding of heads that died or escaped, asked of nobody, by
    pound, and each write-off."""
    prefix = ledger.writeoff_feeding("")
    by_pound = {
        account.removeprefix(prefix): amount
        for account, amount in ledger.balances(s, ctx.id, prefix).items()
    }
    entries = [
        {
            "at": m.occurred_at.astimezone(ctx.tz).isoformat(),
            "memo": m.memo,
            **ctx.amounts(amount=m.net),
        }
        for m in ledger.movements(s, ctx.id, prefix)
        if m.net
    ]
    total = sum(by_pound.values())
    return {
        "by_pound": by_pound,
        **ctx.amounts(total=total),
        "entries": entries,
    }


def fund_view(
    db: Reader, *, district: str | None = None, since: date | None = None
) -> dict[str, Any]:
    """The Sec XII fund: fines and unclaimed surplus in, payments out on the Magistrate's orders,
    the running balance; the deposits still held (Sec XI); the feeding written off (G7)."""
    with db.lagging() as s:
        q = select(District)
        if district:
            q = q.where(District.code == district.strip().upper())
        districts = s.exec(q.order_by(col(District.id))).all()
        if district and not districts:
            raise NotFound(N_("no district '{district}'"), said={"district": district})
        out = []
        for d in districts:
            ctx = district_context(s, id_of(d))
            bal = ledger.balances(s, id_of(d))
            fines = -bal.get(ledger.FUND_FINES, 0)
            surplus = -bal.get(ledger.FUND_SURPLUS, 0)
            paid = bal.get(ledger.FUND_PAID, 0)
            held = bal.get(ledger.DEPOSIT, 0)
            received = fines + surplus
            total = received - paid
            owed = owed_to_fund(s, ctx)
            out.append(
                {
                    "district": d.code,
                    "fines": fines,
                    "unclaimed_surplus": surplus,
                    **ctx.amounts(received=received),
                    **ctx.amounts(paid_out=paid),
                    **ctx.amounts(balance=total),
                    # Sec XII: owed to the fund and not received, so not in it.
                    "owed": owed["total"],
                    "owed_text": owed["total_text"],
                    "owed_by": owed["by_source"],
                    **ctx.amounts(deposits_held=-held),
                    "unit": ctx.profile.money.unit,
                    "statement": fund_statement(s, ctx, since=since),
                    "payments": fund_payments(s, ctx),
                    "feeding_written_off": feeding_written_off(s, ctx),
                    "accounts": bal,
                    # The names in other scripts of the pounds its lines may name, by the
                    # register's name (office/records/memos.py).
                    "pound_names": {
                        p.name: dict(names_of(p))
                        for p in s.exec(select(Pound).where(Pound.district_id == d.id)).all()
                        if p.names
                    },
                }
            )
        return {"districts": out}


def fund_view_as(
    db: Reader, *, viewer_id: int, district: str | None = None, since: date | None = None
) -> dict[str, Any]:
    """The Sec XII fund of `district`, or of every district the viewer is an officer of, for
    the officers of that district."""
    with db.lagging() as s:
        if district:
            row = district_by_code(s, district)
            check_may_read(district_standing(s, viewer_id, id_of(row)), "fund")
            codes = [row.code]
        else:
            codes = [
                d.code
                for d in s.exec(select(District).order_by(col(District.id))).all()
                if view_of(district_standing(s, viewer_id, id_of(d))) is View.OFFICIAL
            ]
            if not codes:
                check_may_read(district_standing(s, viewer_id, 0), "fund")
    return {
        "districts": [
            entry
            for code in codes
            for entry in fund_view(db, district=code, since=since)["districts"]
        ]
    }
