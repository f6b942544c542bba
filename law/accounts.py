"""The account of a sale (Sec IX) and the disposal of its proceeds (Sec XI, G5, G6, G13)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from law.errors import N_, InvalidInput, LotNotNeeded
from law.feeding import feeding_days
from law.money import MoneySystem
from law.money_split import (
    Allocation,
    Charges,
    LotCharge,
    LotDistribution,
    allocate_sale,
    first_lot_not_needed,
    outstanding,
)

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


def check_lots_needed(lots: Sequence[LotCharge], animal_ids: Sequence[int], due: int) -> None:
    """Sec IX, practice G13: "as many as may be necessary". The lots are taken in the order the
    Darogah lists them; a lot is refused when the prices of the lots before it already cover
    `due` (the dues and the expenses of sale)."""
    if len(lots) != len(animal_ids):
        raise InvalidInput(N_("name one animal for every lot"))
    index = first_lot_not_needed([lot.price for lot in lots], due)
    if index is not None:
        animal = animal_ids[index]
        raise LotNotNeeded(
            N_(
                "the lots before animal {animal} already cover the dues and the expenses of "
                "sale; no more cattle may be sold"
            ),
            animal=animal,
            due=due,
            covered_by=sum(lot.price for lot in lots[:index]),
        )


@dataclass(frozen=True)
class SaleAccount:
    """The account of one sale (the six items of Sec IX), from the one allocation of its proceeds.

    `charged` is what the seizure owes under each head as of the sale day (for Sec IX: the
    fines and feeding of every head sold or still held, and the expenses of every sale under
    it); `paid_before` what earlier sales paid of it. The sale met `allocation.due` (the rest):
    allocation.due.total == paid + still_due + shortfall and
    proceeds == expenses_paid + fines_paid + feeding_paid + balance_to_owner_or_surplus.
    Each figure is the sum of the same figure over `lots`.
    """

    number_seized: int
    impounded_from: date
    impounded_until: date
    charged_heads: Charges
    paid_before: Charges
    sold_before: int
    allocation: Allocation
    handed_back: tuple[int, ...] = ()
    still_held: tuple[int, ...] = ()
    unclaimed: bool = False

    @property
    def lots(self) -> tuple[LotDistribution, ...]:
        return self.allocation.lots

    @property
    def days_impounded(self) -> int:
        """Days or parts of days in the pound, as feeding is charged (G9)."""
        return feeding_days(self.impounded_from, self.impounded_until)

    @property
    def fines_charged(self) -> int:
        return self.charged_heads.fines

    @property
    def feeding_charged(self) -> int:
        return self.charged_heads.feeding

    @property
    def expenses(self) -> int:
        """The expenses of sale charged: this sale's and those of earlier sales."""
        return self.charged_heads.expenses

    @property
    def charged(self) -> int:
        return self.charged_heads.total

    @property
    def number_sold(self) -> int:
        return len(self.lots)

    @property
    def proceeds(self) -> int:
        return self.allocation.proceeds

    @property
    def expenses_paid(self) -> int:
        return self.allocation.paid.expenses

    @property
    def fines_paid(self) -> int:
        return self.allocation.paid.fines

    @property
    def feeding_paid(self) -> int:
        return self.allocation.paid.feeding

    @property
    def balance_to_owner_or_surplus(self) -> int:
        return self.allocation.balance

    @property
    def still_due(self) -> int:
        return self.allocation.still_due

    @property
    def shortfall(self) -> int:
        return self.allocation.shortfall

    @property
    def covered(self) -> bool:
        return self.allocation.covered

    @property
    def surplus_deposited(self) -> bool:
        """Sec XI, practice G8: the surplus of unclaimed cattle is held by the Magistrate."""
        return self.unclaimed and self.balance_to_owner_or_surplus > 0

    @property
    def delivered_to_owner(self) -> bool:
        """Sec IX: once the proceeds cover the dues, "the remaining Cattle and the balance of the
        purchase money if any shall be delivered to the owner", who grants a receipt."""
        return (
            not self.unclaimed
            and self.covered
            and bool(self.handed_back or self.balance_to_owner_or_surplus)
        )


def sale_account(
    *,
    lots: Sequence[LotCharge],
    animal_ids: Sequence[int],
    expenses: int,
    number_seized: int,
    impounded_from: date,
    impounded_until: date,
    held: Sequence[int] = (),
    charged: Charges | None = None,
    paid_before: Charges | None = None,
    sold_before: int = 0,
    unclaimed: bool = False,
) -> SaleAccount:
    """The account of a sale under Sec VIII (`unclaimed`) or Sec IX, and what becomes of the
    head `held` in the pound that are not in it.

    Under Sec VIII each sale answers for its own lots: their fines and feeding and its bill of
    `expenses`; a shortfall is recorded at once. Under Sec IX the cattle are sold "for the
    recovery of such fines and expenses" (practice G13): `charged` is the seizure's fines and
    feeding of every head sold or held as of the sale day and the expenses of earlier sales
    (this sale's bill is added here), `paid_before` what earlier sales paid. Lots are refused
    once the lots before them cover what is due (`check_lots_needed`). When the proceeds cover
    it, the head held are handed back with the balance; when they fall short, the head held
    stay in the pound and what is unpaid stays due, for a further sale; a shortfall is recorded
    only when no head is left to sell. The balance goes to the owner (Sec IX) or, for
    unclaimed cattle, into deposit with the Magistrate (Sec XI).
    """
    if len(lots) != len(animal_ids) or len(set(animal_ids)) != len(animal_ids):
        raise InvalidInput(N_("each lot is one animal, named once"))
    if set(animal_ids) & set(held):
        raise InvalidInput(N_("an animal sold is no longer held"))
    if len(lots) + len(held) + sold_before > number_seized:
        raise InvalidInput(
            N_("more cattle sold than were seized"), sold=len(lots), seized=number_seized
        )
    if impounded_until < impounded_from:
        raise InvalidInput(N_("the impounding cannot end before it began"))
    if expenses < 0:
        raise InvalidInput(N_("expenses of sale cannot be negative"), expenses=expenses)
    own = Charges(expenses, sum(lot.fine for lot in lots), sum(lot.feeding for lot in lots))
    if unclaimed or paid_before is None:
        paid_before = Charges()
    if unclaimed:
        heads = own
    else:
        if charged is None:
            raise InvalidInput(N_("a sale under Sec IX recovers the charges of the whole seizure"))
        heads = charged + Charges(expenses=expenses)
        if heads.fines < own.fines or heads.feeding < own.feeding:
            raise InvalidInput(N_("the seizure's charges include those of the cattle sold"))
    due = outstanding(heads, paid_before)
    if not unclaimed:
        check_lots_needed(lots, animal_ids, due.total)
    covered = sum(lot.price for lot in lots) >= due.total
    allocation = allocate_sale(
        lots, expenses=expenses, due=due, final=unclaimed or covered or not held
    )
    hand_back = not unclaimed and covered
    return SaleAccount(
        number_seized=number_seized,
        impounded_from=impounded_from,
        impounded_until=impounded_until,
        charged_heads=heads,
        paid_before=paid_before,
        sold_before=sold_before,
        allocation=allocation,
        handed_back=tuple(sorted(held)) if hand_back else (),
        still_held=() if hand_back else tuple(sorted(held)),
        unclaimed=unclaimed,
    )


def long_date(day: date) -> str:
    """1 March 1857, whatever the machine's locale."""
    return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def account_lines(account: SaleAccount, money: MoneySystem) -> list[str]:
    """The six items of the Sec IX account, in plain English, amounts in `money`'s notation,
    and a seventh saying what became of the cattle not sold (handed back, or still held)."""
    fmt = money.format
    days = account.days_impounded
    sold = f"4. Cattle sold: {account.number_sold}"
    proceeds = f"5. Proceeds of sale: {fmt(account.proceeds)}"
    if account.sold_before:
        sold += f" (and {account.sold_before} at earlier sales)"
        proceeds += f"; earlier sales paid {fmt(account.paid_before.total)} of the charges"
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
    if account.still_due:
        applied += f"; still due {fmt(account.still_due)}"
    if account.shortfall:
        applied += f"; still unpaid {fmt(account.shortfall)}"
    lines = [
        f"1. Cattle seized: {account.number_seized}",
        f"2. Time impounded: {_count(days, 'day', 'days')}, "
        f"{long_date(account.impounded_from)} to {long_date(account.impounded_until)}",
        f"3. Charged: fines {fmt(account.fines_charged)}, "
        f"feeding {fmt(account.feeding_charged)}, expenses of sale {fmt(account.expenses)}; "
        f"in all {fmt(account.charged)}",
        sold,
        proceeds,
        f"6. Proceeds applied: {applied}",
    ]
    if account.handed_back:
        lines.append(
            f"7. Cattle handed back to the owner: {len(account.handed_back)} "
            f"(no. {_numbers(account.handed_back)})"
        )
    elif account.still_held:
        held = f"7. Cattle still held in the pound: {len(account.still_held)} "
        held += f"(no. {_numbers(account.still_held)})"
        if not account.unclaimed:
            held += "; feeding runs on and a further sale may follow"
        lines.append(held)
    return lines
