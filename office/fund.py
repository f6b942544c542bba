"""Payments out of the Sec XII fund on the Magistrate's order, and the fund's running statement.

Sec XII: the fines and the unclaimed proceeds of sales "shall form a fund which shall be
available for the payment of any salaries which may be allowed to pound-keepers ..., or of
expenses incurred for the construction and maintenance of pounds, or for any other purpose
connected with the execution of this Act". The Magistrate of the district, who controls the
pounds (Sec IV) and receives the fines (Sec XI), orders each payment; it is refused if the
fund, as its ledger stands, does not hold it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session, col, select

from law.errors import N_, InvalidInput, NotFound
from law.fund import FundEntry, FundPurpose, check_payment, check_purpose, statement
from law.money import MoneySystem
from law.periods import local_date
from models import District, FundPayment, Person, Pound, RoleGrant, Unit
from models.columns import id_of
from models.db import Reader
from office import audit, ledger
from office.common import (
    DistrictContext,
    check_times,
    district_context,
    find_or_add_person,
    get_person,
    has_role,
    names_of,
    person_by_phone,
    require_role,
)
from office.memos import PAID_OTHER, PAID_POUND, PAID_SALARY, Memo, memo
from office.roles import Role
from office.seizures import PersonIn

SECTION = "XII"


def _district(s: Session, code: str, *, lock: bool = False) -> District:
    q = select(District).where(District.code == code.strip().upper())
    if lock:
        # The district's row is the lock two payments out of one fund take in turn. NO KEY
        # UPDATE: the district's other acts still insert rows that refer to it (docs/design.md).
        q = q.with_for_update(key_share=True)
    row = s.exec(q).first()
    if row is None or row.id is None:
        raise NotFound(N_("no district '{district}'"), said={"district": code})
    return row


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
        "total": total,
        "total_text": ctx.fmt(total),
        "by_source": [
            {"source": source, "amount": amount, "amount_text": ctx.fmt(amount)}
            for source, amount in sorted(owed.items())
        ],
    }


def _pound(s: Session, ctx: DistrictContext, code: str) -> Pound:
    pound = s.exec(
        select(Pound).where(Pound.code == code.strip().upper(), Pound.district_id == ctx.id)
    ).first()
    if pound is None:
        raise NotFound(
            N_("no pound '{pound}' in {district}"),
            section="III",
            said={"pound": code, "district": ctx.district.code},
        )
    return pound


def _keeper(s: Session, ctx: DistrictContext, pound: Pound, phone: str) -> Person:
    person = person_by_phone(s, phone)
    if (
        person is None
        or person.id is None
        or not has_role(s, person.id, ctx.id, Role.KEEPER, pound.code)
    ):
        raise InvalidInput(
            N_(
                "{keeper} is not a keeper of {pound}: the fund pays salaries allowed "
                "to pound-keepers"
            ),
            section=SECTION,
            keeper=phone,
            said={"pound": pound.name},
        )
    return person


@dataclass(frozen=True)
class FundPaid:
    payment_id: int
    district: str
    purpose: str
    amount: int
    amount_text: str
    payee: str
    balance_after: int
    balance_after_text: str
    # The system `amount` and `balance_after` count in, for writing them in the reader's language.
    money: str = ""


def pay_from_fund(
    u: Unit,
    *,
    district: str,
    purpose: str,
    amount: int,
    order: str,
    occurred_at: datetime,
    pound: str | None = None,
    keeper_phone: str | None = None,
    stated: str = "",
    payee: PersonIn | None = None,
) -> FundPaid:
    """The Magistrate of the district orders a payment out of the Sec XII fund: a keeper's
    salary (naming the keeper and his pound), the construction or maintenance of a pound
    (naming it), or another purpose of the Act (stated). Never more than the fund holds."""
    now = u.now
    actor_id = u.actor()
    what = check_purpose(purpose, pound=pound, keeper=keeper_phone, stated=stated)
    if not order.strip():
        raise InvalidInput(N_("give the text of the Magistrate's order"), section=SECTION)
    with u.act() as s:
        row = _district(s, district, lock=True)
        require_role(s, actor_id, id_of(row), Role.MAGISTRATE, None, section=SECTION)
        check_times(occurred_at, now)
        ctx = district_context(s, id_of(row))
        the_pound = _pound(s, ctx, pound) if pound else None
        keeper = _keeper(s, ctx, the_pound, keeper_phone) if the_pound and keeper_phone else None
        if payee is not None:
            paid_to = find_or_add_person(
                s, name=payee.name, residence=payee.residence, phone=payee.phone, now=now
            )
        elif keeper is not None:
            paid_to = keeper  # a salary is paid to the keeper himself unless another is named
        else:
            raise InvalidInput(N_("name the payee"), section=SECTION)
        after = check_payment(amount, occurred_at, fund_entries(s, ctx.id), ctx.profile.money)
        place = the_pound.code if the_pound else ""
        said = _memo(paid_to, what, the_pound, keeper, stated)
        txn = ledger.post(
            s,
            district_id=ctx.id,
            occurred_at=occurred_at,
            memo=said,
            section=SECTION,
            lines=[(ledger.FUND_PAID, amount), (ledger.fund_payee(what.value, place), -amount)],
        )
        if txn is None or txn.id is None:
            raise InvalidInput(N_("the payment was not posted"), section=SECTION)
        payment = FundPayment(
            district_id=ctx.id,
            purpose=what.value,
            pound_id=the_pound.id if the_pound else None,
            keeper_id=keeper.id if keeper else None,
            stated=stated.strip()[:500],
            payee_id=id_of(paid_to),
            amount=amount,
            order_text=order.strip()[:2000],
            ordered_by=actor_id,
            occurred_at=occurred_at,
            recorded_at=now,
            txn_id=txn.id,
        )
        s.add(payment)
        s.flush()
        audit.append(
            s,
            action="fund_payment",
            subject=f"district:{ctx.district.code}",
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=ctx.id,
            section=SECTION,
            payload={
                "payment_id": payment.id,
                "purpose": what.value,
                "pound": place or None,
                "keeper_id": payment.keeper_id,
                "stated": payment.stated,
                "payee_id": payment.payee_id,
                "amount": amount,
                "order": payment.order_text,
                "balance_after": after,
            },
        )
        return FundPaid(
            payment_id=id_of(payment),
            district=ctx.district.code,
            purpose=what.value,
            amount=amount,
            amount_text=ctx.fmt(amount),
            payee=paid_to.name,
            balance_after=after,
            balance_after_text=ctx.fmt(after),
            money=ctx.profile.money.name,
        )


def _memo(
    paid_to: Person, what: FundPurpose, pound: Pound | None, keeper: Person | None, stated: str
) -> Memo:
    if what is FundPurpose.SALARY and pound is not None and keeper is not None:
        return memo(PAID_SALARY, payee=paid_to.name, keeper=keeper.name, pound=pound.name)
    if what is FundPurpose.POUND and pound is not None:
        return memo(PAID_POUND, payee=paid_to.name, pound=pound.name)
    return memo(PAID_OTHER, payee=paid_to.name, stated=stated.strip())


# --- What the Magistrate sees before he orders --------------------------------------------------


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
    with db.reading() as s:
        require_role(s, actor_id, district_id, Role.MAGISTRATE, None, section=SECTION)
        ctx = district_context(s, district_id)
        balance = sum(e.amount for e in fund_entries(s, district_id) if e.at <= now)
        pounds = []
        for pound in s.exec(
            select(Pound).where(Pound.district_id == district_id).order_by(col(Pound.code))
        ).all():
            grants = s.exec(
                select(RoleGrant)
                .where(
                    RoleGrant.district_id == district_id,
                    RoleGrant.role == Role.KEEPER.value,
                    RoleGrant.place == pound.code,
                )
                .order_by(col(RoleGrant.id))
            ).all()
            keepers = []
            for grant in grants:
                person = get_person(s, grant.person_id)
                if person.phone:
                    keepers.append(KeeperLine(person.name, person.phone))
            pounds.append(PoundLine(pound.code, pound.name, keepers, names_of(pound)))
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
) -> dict[str, object]:
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
        shown.append(
            {
                "at": m.occurred_at.astimezone(ctx.tz).isoformat(),
                "memo": m.memo,
                "section": m.section,
                "in": max(amount, 0),
                "out": max(-amount, 0),
                "balance": line.balance,
                "in_text": ctx.fmt(max(amount, 0)),
                "out_text": ctx.fmt(max(-amount, 0)),
                "balance_text": ctx.fmt(line.balance),
            }
        )
    return {
        "since": since.isoformat() if since else None,
        "opening_balance": opening,
        "opening_balance_text": ctx.fmt(opening),
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
                "amount": p.amount,
                "amount_text": ctx.fmt(p.amount),
                "order": p.order_text,
                "ordered_by": get_person(s, p.ordered_by).name,
            }
        )
    return out


def feeding_written_off(s: Session, ctx: DistrictContext) -> dict[str, object]:
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
            "amount": m.net,
            "amount_text": ctx.fmt(m.net),
        }
        for m in ledger.movements(s, ctx.id, prefix)
        if m.net
    ]
    total = sum(by_pound.values())
    return {
        "by_pound": by_pound,
        "total": total,
        "total_text": ctx.fmt(total),
        "entries": entries,
    }
