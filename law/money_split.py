"""Exact splits of money: largest remainder (G6) and the deductions from a sale (XI, G5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from law.errors import InvalidInput


def largest_remainder(total: int, weights: Sequence[int]) -> list[int]:
    """Practice G6: shares of `total` in proportion to `weights` that add up to it exactly.

    Each share is first rounded down; the units left over go one each to the largest
    remainders, ties to the lower index. All-zero weights split equally by the same rule.
    """
    if total < 0:
        raise InvalidInput("the amount to split cannot be negative", total=total)
    if not weights:
        raise InvalidInput("there is nothing to split the amount over")
    if any(w < 0 for w in weights):
        raise InvalidInput("weights cannot be negative", weights=list(weights))
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
class LotCharge:
    """One lot at auction: its price and what is charged on the animal in it."""

    price: int
    fine: int
    feeding: int

    def __post_init__(self) -> None:
        if min(self.price, self.fine, self.feeding) < 0:
            raise InvalidInput("price, fine and feeding cannot be negative")


@dataclass(frozen=True)
class LotDistribution:
    """How one lot's price was applied.

    price == expenses_paid + fine_paid + feeding_paid + surplus, and
    expense_share + fine + feeding == expenses_paid + fine_paid + feeding_paid + shortfall.
    """

    price: int
    expense_share: int
    expenses_paid: int
    fine_paid: int
    feeding_paid: int
    surplus: int
    shortfall: int


def apply_in_order(amount: int, charges: Sequence[int]) -> tuple[list[int], int]:
    """Pay `charges` from `amount` one after another; returns what each got and what is left."""
    paid: list[int] = []
    left = amount
    for charge in charges:
        part = min(charge, left)
        paid.append(part)
        left -= part
    return paid, left


def distribute_sale(lots: Sequence[LotCharge], expenses: int) -> list[LotDistribution]:
    """Sec XI with practice G5 and G6, lot by lot.

    The expenses of sale are shared over the lots by price (G6). From each lot's price come,
    in order, its share of the expenses, the animal's fine, then its feeding (G5); what is left
    is surplus, and what the price does not cover is shortfall. Nothing is invented to fill it.
    """
    if not lots:
        raise InvalidInput("a sale has at least one lot")
    if expenses < 0:
        raise InvalidInput("expenses of sale cannot be negative", expenses=expenses)
    shares = largest_remainder(expenses, [lot.price for lot in lots])
    result = []
    for lot, share in zip(lots, shares, strict=True):
        (expenses_paid, fine_paid, feeding_paid), surplus = apply_in_order(
            lot.price, (share, lot.fine, lot.feeding)
        )
        result.append(
            LotDistribution(
                price=lot.price,
                expense_share=share,
                expenses_paid=expenses_paid,
                fine_paid=fine_paid,
                feeding_paid=feeding_paid,
                surplus=surplus,
                shortfall=share + lot.fine + lot.feeding - expenses_paid - fine_paid - feeding_paid,
            )
        )
    return result
