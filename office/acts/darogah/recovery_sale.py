"""The Darogah of the thana, or a police officer he deputes, holds the auction on the Magistrate's
recovery order (Sec XVII, VIII): the proceeds pay the expenses, then the fine (the complainant's
compensation first, XVIII, the rest to the fund, XII); the balance goes back to the owner of the
cattle; a shortfall stays unpaid against the case (`law/recovery.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlmodel import Session

from law.auction import check_auction_record
from law.guards import check_purchaser
from law.periods import local_date
from law.recovery import (
    RecoveryAccount,
    check_heads_ordered,
    recovery_account,
)
from models import Case, Person, RecoveryLot, RecoverySale, Unit
from models.columns import id_of
from office import notify
from office.access.roles import Role, require_role
from office.acts.alike import InDistrict, named, official_buyer, tell_parties
from office.acts.magistrate.case import compensation_payable, fine_receivable, fund_source
from office.district import DistrictContext, district_context
from office.inputs import Amount, PersonIn
from office.records import ledger
from office.records.memos import COMPENSATION, RECOVERY_SALE, memo
from office.recovery import (
    EXECUTED,
    locked_case,
    owner_balance,
    recovery_cash,
    recovery_expenses,
    waiting_order,
)
from office.times import check_times
from office.views.amounts import read_amount
from office.views.case import FIGURES, recovered


@dataclass(frozen=True)
class RecoveryLotIn:
    number: int  # the head's number in the order
    buyer: PersonIn
    price: Amount


@dataclass(frozen=True)
class RecoverySold:
    case_id: int
    sale_id: int
    proceeds: int
    expenses_paid: int
    fine_paid: int
    to_complainant: int
    to_fund: int
    balance_to_owner: int
    fine_unpaid: int
    expenses_unpaid: int
    account_text: str


def record_recovery_sale(
    u: Unit,
    *,
    case_id: int,
    lots: list[RecoveryLotIn],
    expenses: Amount,
    place: str,
    occurred_at: datetime,
) -> RecoverySold:
    """The public auction held on the case's recovery order by the Darogah of the thana or a
    police officer he deputes (Sec XVII, VIII). No police officer or pound-keeper may buy
    (Sec X). Lots are taken in the order given; one is refused once those before it cover the
    unpaid fine and the expenses of sale. The proceeds pay the expenses, then the fine (the
    compensation ordered to the complainant first, Sec XVIII, the rest to the fund, XII); the
    balance goes back to the owner of the cattle; a shortfall stays unpaid against the case.
    """
    numbers = [lot.number for lot in lots]
    with u.act() as s:
        case = locked_case(s, case_id)
        order = waiting_order(s, case_id)
        require_role(
            s, u.actor(), case.district_id, (Role.DAROGAH, Role.POLICE), order.thana, section="XVII"
        )
        check_times(occurred_at, u.now, order.ordered_at)
        m = InDistrict(s, u, district_context(s, case.district_id), occurred_at)
        ctx = m.ctx
        prices = [read_amount(lot.price, ctx.profile.money) for lot in lots]
        expenses = read_amount(expenses, ctx.profile.money)
        check_auction_record(animals=numbers, prices=prices, expenses=expenses, place=place)
        by_number = {int(str(c["number"])): c for c in order.cattle}
        check_heads_ordered(numbers, by_number)
        buyers = _buyers(s, lots, u.actor(), u.now)
        got = recovered(s, case_id)
        account = recovery_account(
            prices=prices,
            fine_due=case.fine - got.fine,
            compensation_due=case.compensation - got.compensation,
            expenses=expenses,
        )
        figures = {name: getattr(account, name) for name in FIGURES}
        on = local_date(occurred_at, ctx.tz)
        sale = RecoverySale(
            order_id=id_of(order),
            case_id=id_of(case),
            district_id=case.district_id,
            officer_id=u.actor(),
            held_at=occurred_at,
            held_on=on,
            place=place.strip()[:500],
            fine_due=account.fine_due,
            compensation_due=account.compensation_due,
            expenses=expenses,
            **figures,
        )
        s.add(sale)
        s.flush()
        for number, price, buyer in zip(numbers, prices, buyers, strict=True):
            s.add(
                RecoveryLot(
                    sale_id=id_of(sale),
                    district_id=sale.district_id,
                    number=number,
                    buyer_name=buyer.name,
                    buyer_residence=buyer.residence,
                    buyer_id=buyer.id,
                    price=price,
                )
            )
        order.status = EXECUTED
        s.add(order)
        _post(m, case, sale, account)
        bought = [
            {"number": number, "buyer": b.name, "price": price}
            for number, b, price in zip(numbers, buyers, prices, strict=True)
        ]
        m.event(
            "recovery_sale_recorded",
            f"case:{case.id}",
            "XVII",
            sale_id=sale.id,
            order_id=order.id,
            place=sale.place,
            lots=bought,
            expenses=sale.expenses,
            **figures,
        )
        # The convict, the complainant, and the owner of the cattle if another, hear the account.
        params = {
            "case_id": case.id,
            "sold_date": sale.held_on.isoformat(),
            "number_sold": account.number_sold,
            "convict": notify.person_param(s, case.accused_id),
            **notify.amounts(
                ctx,
                proceeds=account.proceeds,
                expenses_paid=account.expenses_paid,
                fine_paid=account.fine_paid,
                to_complainant=account.to_complainant,
                balance=account.balance_to_owner,
                fine_unpaid=account.fine_unpaid,
                compensation_unpaid=account.compensation_unpaid,
            ),
            "section": "XVII",
        }
        key = f"case:{case.id}:{sale.id}"
        tell_parties(s, ctx, case, order, "recovery_sold", params=params, key=key, now=u.now)
        sold = [{**by_number[n], **b} for n, b in zip(numbers, bought, strict=True)]
        text = _account_text(ctx, case, sale, on, sold, account)
        return RecoverySold(id_of(case), id_of(sale), **figures, account_text=text)


def _buyers(s: Session, lots: list[RecoveryLotIn], actor_id: int, now: datetime) -> list[Person]:
    """The buyers, recorded; none a police officer or pound-keeper, nor the officer (Sec X).

    A recovery sale is a sale under the Act: the buyer is known as at a Sec VIII or IX sale, by
    his phone or, without one, by his name and residence (`is_official_buyer`), and refused by
    the same rule (`check_purchaser`), before anyone is recorded."""
    for lot in lots:
        check_purchaser(official_buyer(s, lot.buyer, actor_id), lot.number)
    return [named(s, lot.buyer, now) for lot in lots]


def _post(m: InDistrict, case: Case, sale: RecoverySale, account: RecoveryAccount) -> None:
    """The proceeds to the expenses, the fine and the owner (XVII); the compensation out of the
    fine to the complainant (XVIII)."""
    sale_id = id_of(sale)
    m.post(
        case.seizure_id,
        memo=memo(RECOVERY_SALE, case=case.id),
        section="XVII",
        lines=[
            (recovery_cash(sale_id), account.proceeds),
            (recovery_expenses(sale_id), -account.expenses_paid),
            (fine_receivable(id_of(case)), -account.fine_paid),
            (owner_balance(sale_id), -account.balance_to_owner),
            # Sec XII: the fund's share of the fine is received now, and only now.
            *ledger.into_fund(fund_source(id_of(case)), account.to_fund),
        ],
    )
    m.post(
        case.seizure_id,
        memo=memo(COMPENSATION, case=case.id),
        section="XVIII",
        lines=[
            (compensation_payable(id_of(case)), account.to_complainant),
            (recovery_cash(sale_id), -account.to_complainant),
        ],
    )


def _account_text(
    ctx: DistrictContext,
    case: Case,
    sale: RecoverySale,
    on: date,
    sold: list[dict[str, Any]],
    account: RecoveryAccount,
) -> str:
    """The sale's account as the officer reads it back: each lot, then where the money went."""
    fmt = ctx.fmt
    return "\n".join(
        [
            f"Sale for the fine in case {case.id} (Sec XVII), {on.isoformat()}, at {sale.place}.",
            *(
                f"{c['number']}. {c['kind']}"
                + (f" ({c['description']})" if c["description"] else "")
                + f" to {c['buyer']} for {fmt(int(str(c['price'])))}"
                for c in sold
            ),
            f"Proceeds {fmt(account.proceeds)}: expenses of sale {fmt(account.expenses_paid)}, "
            f"fine {fmt(account.fine_paid)} (to the complainant {fmt(account.to_complainant)}, "
            f"to the fund {fmt(account.to_fund)}), balance to the owner "
            f"{fmt(account.balance_to_owner)}.",
            f"Still unpaid: fine {fmt(account.fine_unpaid)}, expenses of sale "
            f"{fmt(account.expenses_unpaid)}.",
        ]
    )
