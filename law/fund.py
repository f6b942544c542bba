"""The Sec XII fund: what it is available for, its running balance, payments that never overdraw it.

Sec XII: "The sums received on account of fines and the unclaimed proceeds of the sale of
unclaimed Cattle shall form a fund which shall be available for the payment of any salaries
which may be allowed to pound-keepers ... or of expenses incurred for the construction and
maintenance of pounds, or for any other purpose connected with the execution of this Act."
A fund is available only for what it holds: a payment out of it never takes it below zero, on
the day it is made or on any later day already on the books.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from law.errors import N_, FundInsufficient, InvalidInput
from law.money import MoneySystem

# The section of the fund and of every payment out of it.
SECTION = "XII"


class FundPurpose(StrEnum):
    """The three things Sec XII makes the fund available for."""

    SALARY = "salary"  # salaries allowed to pound-keepers, under the local Government's orders
    POUND = "pound"  # expenses of constructing and maintaining pounds
    OTHER = "other"  # any other purpose connected with the execution of this Act


def check_purpose(
    purpose: str, *, pound: str | None, keeper: str | None, stated: str
) -> FundPurpose:
    """Sec XII: a payment names what it is for: a keeper's salary names the keeper and his
    pound, a pound's construction or maintenance names the pound, any other purpose of the Act
    is stated in words."""
    try:
        what = FundPurpose(purpose.strip().lower())
    except ValueError:
        raise InvalidInput(
            N_(
                "the fund pays a pound-keeper's salary, the construction or maintenance of a "
                "pound, or another purpose of the Act: purpose is salary, pound or other"
            ),
            section="XII",
            purpose=purpose,
        ) from None
    if what is not FundPurpose.OTHER and not pound:
        raise InvalidInput(N_("name the pound the payment is for"), section="XII")
    if what is FundPurpose.SALARY and not keeper:
        raise InvalidInput(N_("name the pound-keeper whose salary is paid"), section="XII")
    if what is not FundPurpose.SALARY and keeper:
        raise InvalidInput(N_("a keeper is named only for his salary"), section="XII")
    if what is FundPurpose.OTHER and (pound or not stated.strip()):
        raise InvalidInput(
            N_("state the purpose connected with the execution of the Act (and no pound)"),
            section="XII",
        )
    return what


@dataclass(frozen=True)
class FundEntry:
    """One movement of the fund: `amount` in (positive) or out (negative), at `at`.

    `seq` orders entries of the same moment (the order they were recorded in).
    """

    at: datetime
    amount: int
    seq: int = 0


@dataclass(frozen=True)
class StatementLine:
    entry: FundEntry
    balance: int  # the fund after this entry


def statement(entries: Sequence[FundEntry], opening: int = 0) -> list[StatementLine]:
    """The fund's entries in the order they happened, each with the balance after it."""
    lines = []
    balance = opening
    for entry in sorted(entries, key=lambda e: (e.at, e.seq)):
        balance += entry.amount
        lines.append(StatementLine(entry, balance))
    return lines


def balance_at(entries: Sequence[FundEntry], at: datetime) -> int:
    """What the fund held at `at`: everything in and out up to that moment."""
    return sum(e.amount for e in entries if e.at <= at)


def check_payment(
    amount: int, at: datetime, entries: Sequence[FundEntry], money: MoneySystem
) -> int:
    """Sec XII: `amount` may be paid out of the fund at `at`, given its `entries` so far.

    The fund must hold the amount at that moment, and still hold it after every entry already
    recorded later (a payment dated back must not overdraw one made since). Returns the
    balance just after the payment.
    """
    if amount <= 0:
        raise InvalidInput(N_("a payment out of the fund is of a positive amount"), section="XII")
    held = balance_at(entries, at)
    if held < amount:
        raise FundInsufficient(
            N_("the fund held {balance_text} then; {amount_text} cannot be paid out of it"),
            balance=held,
            amount=amount,
            said={"balance_text": money.format(held), "amount_text": money.format(amount)},
        )
    lowest = held
    for line in statement([e for e in entries if e.at > at], opening=held):
        lowest = min(lowest, line.balance)
    if lowest < amount:
        raise FundInsufficient(
            N_(
                "payments already made since leave only {balance_text} in the fund; "
                "{amount_text} cannot be paid out of it"
            ),
            balance=lowest,
            amount=amount,
            said={"balance_text": money.format(lowest), "amount_text": money.format(amount)},
        )
    return held - amount
