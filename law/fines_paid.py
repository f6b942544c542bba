"""Payment of what the Magistrate adjudged: a fine (Sec XIII, XVII, XVIII), or what a Sec XIV
decision charges the seizer; and where each pie of it goes.

Sec XII: the fund is "the sums received on account of fines"; a fine adjudged is owed to it
until it is paid, and only the part received enters it. Sec XVIII, last paragraph: "All sums
recovered under this and the last preceding Section may be appropriated in whole or in part to
compensate the complainant for damage proved": the compensation ordered out of a fine is paid
first from what is received of it, as from a recovery sale (`law/recovery.py`), the fund has
the rest.

Ruling (docs/act.md): a seizer's payment of what Sec XIV charges him goes first to the fines
and then the feeding of cattle still held (the charges on the cattle, "paid by the person who
made the seizure"), then to what he owes the owner who complained.
"""

from __future__ import annotations

from dataclasses import dataclass

from law.errors import N_, InvalidInput
from law.money import MoneySystem
from law.money_split import apply_in_order


def _check_amount(amount: int, unpaid: int, money: MoneySystem, section: str) -> None:
    if amount <= 0:
        raise InvalidInput(N_("the amount paid must be more than nothing"), section=section)
    if unpaid <= 0:
        raise InvalidInput(N_("nothing of it is unpaid"), section=section)
    if amount > unpaid:
        raise InvalidInput(
            N_("{amount_text} is more than the {unpaid_text} still unpaid"),
            section=section,
            amount=amount,
            unpaid=unpaid,
            said={"amount_text": money.format(amount), "unpaid_text": money.format(unpaid)},
        )


@dataclass(frozen=True)
class FineApplied:
    """A fine paid: to the complainant as compensation (XVIII), the rest to the fund (XII)."""

    to_complainant: int
    to_fund: int


def apply_fine_paid(
    amount: int, *, unpaid: int, compensation_unpaid: int, money: MoneySystem, section: str
) -> FineApplied:
    """Sec XII, XVIII: `amount` paid of a fine of which `unpaid` is still unpaid and
    `compensation_unpaid` of the compensation ordered out of it is not yet paid."""
    _check_amount(amount, unpaid, money, section)
    to_complainant = min(amount, max(compensation_unpaid, 0))
    return FineApplied(to_complainant, amount - to_complainant)


@dataclass(frozen=True)
class SeizerApplied:
    """What a seizer paid under Sec XIV: to the fund, to the keeper, to the owner."""

    to_fund: int  # fines of cattle still held
    to_keeper: int  # their feeding
    to_owner: int  # damages, expenses, fines and expenses repaid


def apply_seizer_paid(
    amount: int, *, fines: int, feeding: int, to_owner: int, money: MoneySystem
) -> SeizerApplied:
    """Sec XIV: `amount` paid by the seizer of what is still unpaid of the `fines` and `feeding`
    of cattle still held and of what he owes the owner (`to_owner`), in that order."""
    _check_amount(amount, fines + feeding + to_owner, money, "XIV")
    (fund, keeper), rest = apply_in_order(amount, (fines, feeding))
    return SeizerApplied(fund, keeper, rest)
