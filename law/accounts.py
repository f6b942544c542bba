"""The account of a sale (Sec IX, R12) and the disposal of its proceeds (Sec XI, G5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from law.errors import InvalidInput
from law.feeding import feeding_days
from law.money import MoneySystem
from law.money_split import LotCharge, LotDistribution, apply_in_order, distribute_sale

_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


@dataclass(frozen=True)
class SaleAccount:
    """The six items Sec IX requires, with the proceeds applied over the whole seizure.

    proceeds == expenses_paid + fines_paid + feeding_paid + balance_to_owner_or_surplus, and
    expenses + fines_charged + feeding_charged == expenses_paid + fines_paid + feeding_paid
    + shortfall. `lots` is the lot-by-lot distribution for the auction record (R11).
    """

    number_seized: int
    impounded_from: date
    impounded_until: date
    fines_charged: int
    feeding_charged: int
    expenses: int
    number_sold: int
    proceeds: int
    expenses_paid: int
    fines_paid: int
    feeding_paid: int
    balance_to_owner_or_surplus: int
    shortfall: int
    unclaimed: bool = False
    lots: tuple[LotDistribution, ...] = ()

    @property
    def days_impounded(self) -> int:
        """Days or parts of days in the pound, as feeding is charged (G9)."""
        return feeding_days(self.impounded_from, self.impounded_until)

    @property
    def charged(self) -> int:
        return self.expenses + self.fines_charged + self.feeding_charged


def sale_account(
    *,
    lots: Sequence[LotCharge],
    expenses: int,
    number_seized: int,
    impounded_from: date,
    impounded_until: date,
    unsold_fines: int = 0,
    unsold_feeding: int = 0,
    unclaimed: bool = False,
) -> SaleAccount:
    """The account of a sale under Sec VIII (`unclaimed`) or Sec IX.

    Under Sec IX the cattle are sold "for the recovery of such fines and expenses": the fines
    and feeding of the animals handed back unsold (`unsold_fines`, `unsold_feeding`) are
    recovered from the proceeds too. The proceeds are one sum for the seizure, applied in the
    order of practice G5 (expenses of sale, fines, feeding); a shortfall stays unpaid against
    the seizure. The balance goes to the owner (Sec IX) or, for unclaimed cattle, into
    deposit with the Magistrate (Sec XI).
    """
    if unsold_fines < 0 or unsold_feeding < 0:
        raise InvalidInput("charges cannot be negative")
    if len(lots) > number_seized:
        raise InvalidInput(
            "more cattle sold than were seized", sold=len(lots), seized=number_seized
        )
    if impounded_until < impounded_from:
        raise InvalidInput("the impounding cannot end before it began")
    distribution = distribute_sale(lots, expenses)
    proceeds = sum(lot.price for lot in lots)
    fines = sum(lot.fine for lot in lots) + unsold_fines
    feeding = sum(lot.feeding for lot in lots) + unsold_feeding
    (expenses_paid, fines_paid, feeding_paid), balance = apply_in_order(
        proceeds, (expenses, fines, feeding)
    )
    return SaleAccount(
        number_seized=number_seized,
        impounded_from=impounded_from,
        impounded_until=impounded_until,
        fines_charged=fines,
        feeding_charged=feeding,
        expenses=expenses,
        number_sold=len(lots),
        proceeds=proceeds,
        expenses_paid=expenses_paid,
        fines_paid=fines_paid,
        feeding_paid=feeding_paid,
        balance_to_owner_or_surplus=balance,
        shortfall=expenses + fines + feeding - expenses_paid - fines_paid - feeding_paid,
        unclaimed=unclaimed,
        lots=tuple(distribution),
    )


def long_date(day: date) -> str:
    """1 March 1857, whatever the machine's locale."""
    return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def account_lines(account: SaleAccount, money: MoneySystem) -> list[str]:
    """The six items of the Sec IX account, in plain English, amounts in `money`'s notation."""
    fmt = money.format
    days = account.days_impounded
    applied = (
        f"expenses of sale {fmt(account.expenses_paid)}, fines {fmt(account.fines_paid)}, "
        f"feeding {fmt(account.feeding_paid)}"
    )
    if account.unclaimed:
        applied += (
            f"; surplus {fmt(account.balance_to_owner_or_surplus)} "
            "held in deposit by the Magistrate"
        )
    else:
        applied += f"; balance to the owner {fmt(account.balance_to_owner_or_surplus)}"
    if account.shortfall:
        applied += f"; still unpaid {fmt(account.shortfall)}"
    return [
        f"1. Cattle seized: {account.number_seized}",
        f"2. Time impounded: {_count(days, 'day', 'days')}, "
        f"{long_date(account.impounded_from)} to {long_date(account.impounded_until)}",
        f"3. Charged: fines {fmt(account.fines_charged)}, "
        f"feeding {fmt(account.feeding_charged)}, expenses of sale {fmt(account.expenses)}; "
        f"in all {fmt(account.charged)}",
        f"4. Cattle sold: {account.number_sold}",
        f"5. Proceeds of sale: {fmt(account.proceeds)}",
        f"6. Proceeds applied: {applied}",
    ]
