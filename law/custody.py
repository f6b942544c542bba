"""The pound's custody of cattle: what the keeper's register (Sec V), a release on payment (VII)
or by order (VI), the owner's refusal (IX) and a death or escape (practice G7) require."""

from __future__ import annotations

from collections.abc import Collection

from law.errors import N_, Conflict, InvalidInput, NotAuthorised, ReleaseWithoutFine
from law.grounds import Ground
from law.money import MoneySystem
from law.money_split import Charges

LOSSES = ("died", "escaped")


def check_all_arrived(reported: int, arrived: int | None) -> None:
    """Sec V: the keeper registers the head the seizer reported; one missing is accounted for
    first (a rescue or escape under Sec XIII) or the report corrected. `arrived` None: not
    counted at the gate."""
    if arrived is not None and arrived != reported:
        raise Conflict(
            N_(
                "{reported} head were reported seized but {arrived} arrived: record the rescue "
                "or escape of the missing ones first (Sec XIII), or correct the report"
            ),
            section="V",
            reported=reported,
            arrived=arrived,
        )


def check_owner_named(*, already_named: bool, ground: Ground) -> None:
    """Practice G14: the keeper names the owner at arrival once; a stray's is not known (XVI)."""
    if already_named:
        raise Conflict(N_("the owner is already recorded"))
    if ground == Ground.STRAY:
        raise InvalidInput(N_("strays have no known owner (Sec XVI)"), section="XVI")


def check_claimant(*, is_owner: bool, owner_name: str) -> None:
    """Sec VII, practice G10: only the owner on record, or his agent named by him, claims."""
    if not is_owner:
        raise NotAuthorised(
            N_("the owner on record is {owner}; only the owner or his named agent may claim"),
            section="VII",
            said={"owner": owner_name},
        )


def check_some_in_pound(numbers: Collection[int]) -> None:
    """Sec VII: a payment takes back head that are in the pound."""
    if not numbers:
        raise Conflict(N_("no animal of this seizure is in the pound"), section="VII")


def check_some_held(numbers: Collection[int]) -> None:
    """Sec VI: an order releases head that are held."""
    if not numbers:
        raise Conflict(N_("no animal of this seizure is held"), section="VI")


def check_all_taken_after_part_sale(
    *, part_sold: bool, taken: Collection[int], held: Collection[int]
) -> None:
    """Sec IX, practice G13: after a part sale the owner pays what the sale left due and takes
    back every head still held together."""
    if part_sold and set(taken) != set(held):
        raise InvalidInput(
            N_(
                "after a part sale (Sec IX) the owner pays what the sale left due and takes "
                "back all {held} head still held"
            ),
            section="IX",
            said={"held": len(held)},
        )


def check_paid_exactly(paid: int, due: Charges, money: MoneySystem) -> None:
    """Sec VI, VII: no release by the keeper without the fine and feeding (and the expenses a
    part sale left, IX); he takes exactly what is due, no more."""
    total = due.total
    if paid < total:
        raise ReleaseWithoutFine(
            N_(
                "{due_text} is due (fine {fine_text}, feeding {feeding_text}, expenses of sale "
                "{expenses_text}); {paid_text} is not enough"
            )
            if due.expenses
            else N_(
                "{due_text} is due (fine {fine_text}, feeding {feeding_text}); "
                "{paid_text} is not enough"
            ),
            due=total,
            paid=paid,
            said={
                "due_text": money.format(total),
                "fine_text": money.format(due.fines),
                "feeding_text": money.format(due.feeding),
                "expenses_text": money.format(due.expenses),
                "paid_text": money.format(paid),
            },
        )
    if paid > total:
        raise InvalidInput(
            N_("{due_text} is due; take exactly that, not {paid_text}"),
            section="VII",
            said={"due_text": money.format(total), "paid_text": money.format(paid)},
        )


def check_release_reason(reason: str) -> None:
    """Sec VI: an order of release without fine states why."""
    if not reason.strip():
        raise InvalidInput(N_("a release order states its reason"), section="VI")


def check_loss(what: str, reason: str) -> None:
    """Practice G7: a head lost from custody died or escaped, for a reason the keeper gives."""
    if what not in LOSSES:
        raise InvalidInput(N_("say whether the animal died or escaped"))
    if not reason.strip():
        raise InvalidInput(N_("give the reason or circumstances"), section="practice G7")
