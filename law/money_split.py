"""Exact splits of money: largest remainder (G6) and the allocation of a sale's proceeds over
its charges and its lots (XI, G5, G6).

`allocate_sale` is the one allocation of a sale: the account's figures are the sums of its
lots' shares, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from law.errors import N_, InvalidInput


def largest_remainder(total: int, weights: Sequence[int]) -> list[int]:
    """Practice G6: shares of `total` in proportion to `weights` that add up to it exactly.

    Each share is first rounded down; the units left over go one each to the largest
    remainders, ties to the lower index. All-zero weights split equally by the same rule.
    """
    if total < 0:
        raise InvalidInput(N_("the amount to split cannot be negative"), total=total)
    if not weights:
        raise InvalidInput(N_("there is nothing to split the amount over"))
    if any(w < 0 for w in weights):
        raise InvalidInput(N_("weights cannot be negative"), weights=list(weights))
    if sum(weights) == 0:
        weights = [1] * len(weights)
    whole = sum(weights)
    shares = [total * w // whole for w in weights]
    remainders = [total * w % whole for w in weights]
    left = total - sum(shares)
    for index in sorted(range(len(weights)), key=lambda i: (-remainders[i], i))[:left]:
        shares[index] += 1
    return shares


@dataclass(frozen=True)
class Charges:
    """Amounts under the three heads of Sec XI, in the order of practice G5."""

    expenses: int = 0
    fines: int = 0
    feeding: int = 0

    def __post_init__(self) -> None:
        if min(self.expenses, self.fines, self.feeding) < 0:
            raise InvalidInput(
                N_("charges cannot be negative"),
                expenses=self.expenses,
                fines=self.fines,
                feeding=self.feeding,
            )

    @property
    def total(self) -> int:
        return self.expenses + self.fines + self.feeding

    def __add__(self, other: Charges) -> Charges:
        return Charges(
            self.expenses + other.expenses, self.fines + other.fines, self.feeding + other.feeding
        )


def outstanding(charged: Charges, paid: Charges) -> Charges:
    """What is still owed of `charged` after `paid`, head by head.

    Where more was paid under one head than is now charged under it (a head whose fine an
    earlier sale paid has since died, and G7 demands nothing for it), the excess counts as paid
    towards the other heads in the order of G5.
    """
    owed = [
        charged.expenses - paid.expenses,
        charged.fines - paid.fines,
        charged.feeding - paid.feeding,
    ]
    credit = -sum(x for x in owed if x < 0)
    result = []
    for x in owed:
        x = max(x, 0)
        used = min(x, credit)
        credit -= used
        result.append(x - used)
    return Charges(*result)


@dataclass(frozen=True)
class LotCharge:
    """One lot at auction: its price and what is charged on the animal in it."""

    price: int
    fine: int
    feeding: int

    def __post_init__(self) -> None:
        if min(self.price, self.fine, self.feeding) < 0:
            raise InvalidInput(N_("price, fine and feeding cannot be negative"))


@dataclass(frozen=True)
class LotDistribution:
    """One lot's part in the allocation of its sale.

    price == expenses_paid + fine_paid + feeding_paid + surplus. `expense_share` is the lot's
    share of this sale's bill (G6); `expenses_paid`, `fine_paid` and `feeding_paid` are what its
    price paid under each head (its own animal's charges first, then the dues of others);
    `surplus` is what is left of its price (the balance); `shortfall` is its share of an unpaid
    balance recorded against the seizure.
    """

    price: int
    expense_share: int
    expenses_paid: int
    fine_paid: int
    feeding_paid: int
    surplus: int
    shortfall: int


@dataclass(frozen=True)
class Allocation:
    """A sale's proceeds applied to what it had to meet (`due`), and each lot's part of it.

    Every figure is the sum of the lots' parts. `unpaid` is what the proceeds did not meet: a
    shortfall when `final` (nothing is left to sell), else still due on the seizure.
    """

    lots: tuple[LotDistribution, ...]
    bill: int
    due: Charges
    final: bool

    @property
    def proceeds(self) -> int:
        return sum(lot.price for lot in self.lots)

    @property
    def paid(self) -> Charges:
        return Charges(
            sum(lot.expenses_paid for lot in self.lots),
            sum(lot.fine_paid for lot in self.lots),
            sum(lot.feeding_paid for lot in self.lots),
        )

    @property
    def balance(self) -> int:
        return sum(lot.surplus for lot in self.lots)

    @property
    def unpaid(self) -> int:
        return self.due.total - self.paid.total

    @property
    def covered(self) -> bool:
        """The proceeds met everything due."""
        return self.unpaid == 0

    @property
    def shortfall(self) -> int:
        return sum(lot.shortfall for lot in self.lots)

    @property
    def still_due(self) -> int:
        return 0 if self.final else self.unpaid


def first_lot_not_needed(prices: Sequence[int], due: int) -> int | None:
    """The index of the first lot offered after the lots before it already fetched `due`, or
    None when every lot is needed: a sale "for the recovery of" a sum sells as many as may be
    necessary and no more, lots taken in the order listed (Sec IX with G13, Sec XVII)."""
    fetched = 0
    for index, price in enumerate(prices):
        if price < 0:
            raise InvalidInput(N_("a price cannot be negative"), price=price)
        if fetched >= due:
            return index
        fetched += price
    return None


def apply_in_order(amount: int, charges: Sequence[int]) -> tuple[list[int], int]:
    """Pay `charges` from `amount` one after another; returns what each got and what is left."""
    paid: list[int] = []
    left = amount
    for charge in charges:
        part = min(charge, left)
        paid.append(part)
        left -= part
    return paid, left


def _pour(total: int, own: Sequence[int], room: list[int]) -> list[int]:
    """Take `total` from the lots' `room`: each lot's own charge first, in lot order, then
    whatever is still to be taken, from what is left of the lots in lot order."""
    taken = [0] * len(room)
    # The second round takes from each lot as much as is left to take, whatever its charge.
    for i, charge in [*enumerate(own), *enumerate([total] * len(room))]:
        part = min(charge, room[i], total)
        taken[i] += part
        room[i] -= part
        total -= part
    if total:
        raise InvalidInput(N_("the proceeds cannot pay what was allocated to them"))
    return taken


def allocate_sale(
    lots: Sequence[LotCharge], *, expenses: int, due: Charges, final: bool = True
) -> Allocation:
    """Sec XI with practice G5 and G6: the one allocation of a sale, lot by lot.

    `due` is what the sale has to meet under each head: its own bill of `expenses`, expenses
    of earlier sales left unpaid, and the fines and feeding still owed (for a Sec IX sale, of
    every head of the seizure; for Sec VIII, of the head sold). The rule:

    1. The proceeds are one sum, applied to `due` in the order of G5: expenses of sale, then
       fines, then feeding. This fixes how much the sale pays under each head.
    2. The expenses paid are shared over the lots in proportion to their prices (G6).
    3. The fines paid come first from each lot's own animal's fine, in the order the lots were
       listed, then from what is left of the lots' prices, in that order (the fines of head not
       in this sale, or of a lot whose price fell short); then the feeding in the same way.
    4. What is left of a lot's price is its surplus (the balance). If `final` and something
       is unpaid, that shortfall is shared over the lots in proportion to their own charges
       (their share of the bill, fine and feeding; G6); otherwise it stays due on the seizure.
    """
    if not lots:
        raise InvalidInput(N_("a sale has at least one lot"))
    if expenses < 0:
        raise InvalidInput(N_("expenses of sale cannot be negative"), expenses=expenses)
    if due.expenses < expenses:
        raise InvalidInput(N_("what is due includes this sale's expenses"), expenses=expenses)
    prices = [lot.price for lot in lots]
    proceeds = sum(prices)
    (expenses_paid, fines_paid, feeding_paid), _ = apply_in_order(
        proceeds, (due.expenses, due.fines, due.feeding)
    )
    shares = largest_remainder(expenses, prices)
    lot_expenses = largest_remainder(expenses_paid, prices)
    room = [p - e for p, e in zip(prices, lot_expenses, strict=True)]
    lot_fines = _pour(fines_paid, [lot.fine for lot in lots], room)
    lot_feeding = _pour(feeding_paid, [lot.feeding for lot in lots], room)
    unpaid = due.total - expenses_paid - fines_paid - feeding_paid
    shortfalls = [0] * len(lots)
    if final and unpaid:
        own = [s + lot.fine + lot.feeding for s, lot in zip(shares, lots, strict=True)]
        shortfalls = largest_remainder(unpaid, own)
    return Allocation(
        lots=tuple(
            LotDistribution(
                price=lot.price,
                expense_share=shares[i],
                expenses_paid=lot_expenses[i],
                fine_paid=lot_fines[i],
                feeding_paid=lot_feeding[i],
                surplus=room[i],
                shortfall=shortfalls[i],
            )
            for i, lot in enumerate(lots)
        ),
        bill=expenses,
        due=due,
        final=final,
    )
