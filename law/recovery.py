"""Recovery of a Sec XVII fine by sale of the cattle: which lots are needed, where the money goes.

Sec XVII: "any fine which shall be so adjudged may be recovered by sale of the Cattle by which
the trespass was committed, or any portion of them". Sec XVIII, last paragraph: "All sums
recovered under this and the last preceding Section may be appropriated in whole or in part to
compensate the complainant for damage proved".

Rulings where the Act is silent (stated in docs/act.md):

* Only as many lots as are needed ("or any portion of them"): the lots are taken in the order the
  officer lists them, and a lot is refused when the lots before it already fetched the unpaid
  fine and the expenses of sale (as for a Sec IX sale).
* The proceeds pay the expenses of sale first, then the fine (as from any sale, Sec XI); what is
  left goes back to the owner of the cattle, who need not be the person convicted.
* Of the fine recovered, the compensation ordered is paid to the complainant first and the fund
  (Sec XII) has the rest: the compensation is an appropriation of "sums recovered", so the first
  sums recovered go to it until it is paid. A shortfall stays unpaid against the case; nothing is
  invented to fill it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from law.errors import N_, Conflict, InvalidInput, NoRecoveryBySale, RecoveryCovered
from law.grounds import MAX_HEADS
from law.guards import not_negative
from law.money_split import apply_in_order, first_lot_not_needed


def check_cattle_named(counts: Sequence[int], place: str) -> None:
    """Sec XVII: the order names the cattle to be sold, by kind and number, and where they are."""
    if not counts:
        raise InvalidInput(N_("name the cattle to be sold: kind and number"), section="XVII")
    if any(count < 1 for count in counts):
        raise InvalidInput(N_("each count must be at least 1"))
    if sum(counts) > MAX_HEADS:
        raise InvalidInput(N_("at most {most} head in one order"), said={"most": MAX_HEADS})
    if not place.strip():
        raise InvalidInput(N_("say where the cattle are"), section="XVII")
    if len(place) > 500:
        raise InvalidInput(N_("place is at most 500 characters"))


def check_recoverable(
    case_id: int, *, pigs: bool, adjudged: bool, unpaid: int, order_waiting: bool
) -> None:
    """Sec XVII: only a fine adjudged under it (not a Sec XVIII fine for pigs), still unpaid, is
    recovered by sale of the cattle, one order at a time."""
    if pigs:
        raise NoRecoveryBySale(
            N_(
                "recovery by sale of the cattle is for a fine adjudged under Sec XVII; a fine "
                "for damage by pigs (Sec XVIII) is not recovered so"
            ),
            case_id=case_id,
        )
    if not adjudged:
        raise Conflict(
            N_("no fine is adjudged in case {case_id}"), section="XVII", said={"case_id": case_id}
        )
    if unpaid <= 0:
        raise Conflict(
            N_("the fine in case {case_id} is recovered in full"),
            section="XVII",
            said={"case_id": case_id},
        )
    if order_waiting:
        raise Conflict(
            N_("a recovery order in case {case_id} is still waiting for its sale"),
            section="XVII",
            said={"case_id": case_id},
        )


def check_heads_ordered(numbers: Sequence[int], ordered: Collection[int]) -> None:
    """Sec XVII: only the cattle the order names are sold."""
    missing = [n for n in numbers if n not in ordered]
    if missing:
        raise InvalidInput(
            N_("no head numbered {lots} in the recovery order"), section="XVII", lots=missing
        )


def check_lots_needed(prices: Sequence[int], fine_due: int, expenses: int) -> None:
    """Sec XVII "or any portion of them": refuse the first lot offered after the lots before it
    already cover the unpaid fine and the expenses of sale (lots counted from 1)."""
    not_negative(fine_due, "the fine due")
    not_negative(expenses, "expenses of sale")
    dues = fine_due + expenses
    index = first_lot_not_needed(prices, dues)
    if index is not None:
        fetched = sum(prices[:index])
        raise RecoveryCovered(
            N_(
                "lot {lot} is not needed: the lots before it fetched {fetched}, which "
                "covers the fine and the expenses of sale ({dues})"
            ),
            lot=index + 1,
            fetched=fetched,
            dues=dues,
        )


def covered(prices: Sequence[int], fine_due: int, expenses: int) -> bool:
    """Whether the lots so far cover the unpaid fine and the expenses: no further lot is needed."""
    return sum(prices) >= fine_due + expenses


@dataclass(frozen=True)
class RecoveryAccount:
    """The account of a sale for a fine (Sec XVII) and how its proceeds were applied.

    proceeds == expenses_paid + fine_paid + balance_to_owner;
    fine_paid == to_complainant + to_fund;
    fine_due == fine_paid + fine_unpaid; expenses == expenses_paid + expenses_unpaid.
    """

    fine_due: int
    compensation_due: int
    expenses: int
    number_sold: int
    proceeds: int
    expenses_paid: int
    fine_paid: int
    to_complainant: int
    to_fund: int
    balance_to_owner: int
    fine_unpaid: int
    expenses_unpaid: int

    @property
    def compensation_unpaid(self) -> int:
        return self.compensation_due - self.to_complainant


def recovery_account(
    *, prices: Sequence[int], fine_due: int, compensation_due: int, expenses: int
) -> RecoveryAccount:
    """Apply the proceeds of the lots to the expenses of sale, then to the unpaid fine (of which
    the unpaid compensation first goes to the complainant, Sec XVIII), the rest to the owner."""
    if not prices:
        raise InvalidInput(N_("a sale has at least one lot"))
    not_negative(compensation_due, "compensation due")
    if compensation_due > fine_due:
        raise InvalidInput(
            N_("the compensation still due cannot exceed the fine still due"),
            compensation_due=compensation_due,
            fine_due=fine_due,
        )
    check_lots_needed(prices, fine_due, expenses)
    proceeds = sum(prices)
    (expenses_paid, fine_paid), balance = apply_in_order(proceeds, (expenses, fine_due))
    (to_complainant,), to_fund = apply_in_order(fine_paid, (compensation_due,))
    return RecoveryAccount(
        fine_due=fine_due,
        compensation_due=compensation_due,
        expenses=expenses,
        number_sold=len(prices),
        proceeds=proceeds,
        expenses_paid=expenses_paid,
        fine_paid=fine_paid,
        to_complainant=to_complainant,
        to_fund=to_fund,
        balance_to_owner=balance,
        fine_unpaid=fine_due - fine_paid,
        expenses_unpaid=expenses - expenses_paid,
    )
