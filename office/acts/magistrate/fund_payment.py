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
from datetime import datetime

from sqlmodel import Session, select

from law.errors import N_, InvalidInput, NotFound
from law.fund import SECTION, FundPurpose, check_payment, check_purpose
from models import FundPayment, Person, Pound, Unit
from models.columns import id_of
from office.access.roles import Role, has_role
from office.acts.alike import magistrate, named
from office.district import DistrictContext, district_by_code
from office.inputs import Amount, PersonIn
from office.people import person_by_phone
from office.records import ledger
from office.records.memos import PAID_OTHER, PAID_POUND, PAID_SALARY, Memo, memo
from office.views.amounts import read_amount
from office.views.fund_statement import fund_entries


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
    amount: Amount,
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
    what = check_purpose(purpose, pound=pound, keeper=keeper_phone, stated=stated)
    if not order.strip():
        raise InvalidInput(N_("give the text of the Magistrate's order"), section=SECTION)
    with u.act() as s:
        row = district_by_code(s, district, lock=True)
        m = magistrate(s, u, id_of(row), SECTION, occurred_at)
        ctx = m.ctx
        amount = read_amount(amount, ctx.profile.money)
        the_pound = _pound(s, ctx, pound) if pound else None
        keeper = _keeper(s, ctx, the_pound, keeper_phone) if the_pound and keeper_phone else None
        if payee is not None:
            paid_to = named(s, payee, u.now)
        elif keeper is not None:
            paid_to = keeper  # a salary is paid to the keeper himself unless another is named
        else:
            raise InvalidInput(N_("name the payee"), section=SECTION)
        after = check_payment(amount, occurred_at, fund_entries(s, ctx.id), ctx.profile.money)
        place = the_pound.code if the_pound else ""
        said = _memo(paid_to, what, the_pound, keeper, stated)
        txn = m.post(
            None,
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
            ordered_by=u.actor(),
            occurred_at=occurred_at,
            recorded_at=u.now,
            txn_id=txn.id,
        )
        s.add(payment)
        s.flush()
        m.event(
            "fund_payment",
            f"district:{ctx.district.code}",
            SECTION,
            payment_id=payment.id,
            purpose=what.value,
            pound=place or None,
            keeper_id=payment.keeper_id,
            stated=payment.stated,
            payee_id=payment.payee_id,
            amount=amount,
            order=payment.order_text,
            balance_after=after,
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
