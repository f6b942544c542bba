"""What is due on a seizure on a given day: fines (Sec VI) and feeding (Sec VII, G9); nothing for a
head that died or escaped (G7); the Magistrate's fine and rate for one outside the scale (G4); and
after a part sale under Sec IX what the sales have left unpaid (G13)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlmodel import Session, col, select

from law.auction import SaleKind
from law.dues import head_charge
from law.feeding import FeedingRate, rate_on
from law.kinds import is_scale_kind, ordered_rates
from law.lifecycle import AnimalStatus
from law.money_split import Charges, outstanding
from models import Animal, Sale, SaleLot, Seizure
from models.columns import id_of
from office.district import DistrictContext


@dataclass(frozen=True)
class AnimalCharge:
    number: int
    fine: int
    feeding: int
    written_off: int = 0  # G7: the keeper's feeding of a head that died or escaped

    @property
    def total(self) -> int:
        return self.fine + self.feeding


@dataclass(frozen=True)
class Due:
    fine: int
    feeding: int
    per_day: int
    expenses: int = 0  # expenses of sale a part sale under Sec IX left unpaid

    @property
    def total(self) -> int:
        return self.fine + self.feeding + self.expenses


def due_said(due: Due, ctx: DistrictContext) -> dict[str, Any]:
    """What is due as a view states it: each amount, and each written in the district's money."""
    return {
        "fine": due.fine,
        "feeding": due.feeding,
        "expenses": due.expenses,
        "total": due.total,
        "per_day": due.per_day,
        **{f"{k}_text": ctx.fmt(getattr(due, k)) for k in ("fine", "feeding", "total", "per_day")},
        "unit": ctx.profile.money.unit,
    }


def rates_for(animal: Animal, seizure: Seizure, ctx: DistrictContext) -> tuple[FeedingRate, ...]:
    """The feeding rates of this head: the Magistrate's rates for the scale's kinds (Sec VII),
    the rates his orders set for an animal outside it (G4)."""
    if is_scale_kind(animal.kind):
        return ctx.rates
    return ordered_rates(animal.kind, ctx.orders_for(seizure))


def _in_pound_from(animal: Animal, seizure: Seizure) -> date | None:
    """The day this head was brought to the pound, or None if it never got there (it left the
    seizer's custody first, or the cattle have not arrived)."""
    if seizure.impounded_on is None or seizure.impounded_at is None:
        return None
    if animal.left_at is not None and animal.left_at < seizure.impounded_at:
        return None
    return seizure.impounded_on


def charge_for(animal: Animal, seizure: Seizure, ctx: DistrictContext, on: date) -> AnimalCharge:
    """Fine once per head; feeding for each day or part of a day since arrival (G9); nothing
    asked for a head that died or escaped, its feeding written off (G7)."""
    charge = head_charge(
        kind=animal.kind,
        fine=animal.fine,
        status=AnimalStatus(animal.status),
        rates=rates_for(animal, seizure, ctx),
        in_pound_from=_in_pound_from(animal, seizure),
        until_on=animal.left_on if animal.left_on is not None else on,
    )
    return AnimalCharge(animal.number, charge.fine, charge.feeding, charge.written_off)


def due_on(
    seizure: Seizure,
    animals: list[Animal],
    ctx: DistrictContext,
    on: date,
    numbers: set[int] | None = None,
) -> Due:
    """The amount due today for the animals still held (or for `numbers` of them)."""
    held = [
        a
        for a in animals
        if a.status in (AnimalStatus.SEIZED.value, AnimalStatus.IMPOUNDED.value)
        and (numbers is None or a.number in numbers)
    ]
    charges = tuple(charge_for(a, seizure, ctx, on) for a in held)
    per_day = 0
    if seizure.impounded_on is not None:
        per_day = sum(rate_on(a.kind, on, rates_for(a, seizure, ctx)) for a in held)
    return Due(sum(c.fine for c in charges), sum(c.feeding for c in charges), per_day)


@dataclass(frozen=True)
class SalesSoFar:
    """A seizure under Sec IX as of a day: what it owes under each head for every head sold at
    its sales or still held (G13), and what those sales paid.

    `charged.expenses` is the sum of the earlier sales' bills; `bills` lists them, oldest first.
    """

    charged: Charges
    paid: Charges
    sold: int
    proceeds: int
    bills: tuple[tuple[int, int], ...] = field(default=())

    @property
    def any(self) -> bool:
        return bool(self.bills)

    @property
    def owed(self) -> Charges:
        return outstanding(self.charged, self.paid)


def sales_so_far(
    s: Session, seizure: Seizure, animals: list[Animal], ctx: DistrictContext, on: date
) -> SalesSoFar:
    """The fines and feeding (to `on`) of the head held and of those sold under Sec IX, the
    bills of those sales, and what the sales paid of them."""
    sales = s.exec(
        select(Sale)
        .where(Sale.seizure_id == seizure.id, Sale.kind == SaleKind.NON_PAYMENT.value)
        .order_by(col(Sale.id))
    ).all()
    lots = select(SaleLot.animal_id).where(col(SaleLot.sale_id).in_([x.id for x in sales]))
    sold_ids = set(s.exec(lots).all())
    counted = [a for a in animals if a.status == AnimalStatus.IMPOUNDED.value or a.id in sold_ids]
    charges = [charge_for(a, seizure, ctx, on) for a in counted]
    return SalesSoFar(
        charged=Charges(
            expenses=sum(x.expenses for x in sales),
            fines=sum(c.fine for c in charges),
            feeding=sum(c.feeding for c in charges),
        ),
        paid=Charges(
            expenses=sum(x.expenses_paid for x in sales),
            fines=sum(x.fines_paid for x in sales),
            feeding=sum(x.feeding_paid for x in sales),
        ),
        sold=len(sold_ids),
        proceeds=sum(x.proceeds for x in sales),
        bills=tuple((id_of(x), x.expenses) for x in sales),
    )


def payable_on(
    s: Session,
    seizure: Seizure,
    animals: list[Animal],
    ctx: DistrictContext,
    on: date,
    numbers: set[int] | None = None,
) -> Due:
    """What the owner must pay on `on` to take back the head held (or `numbers` of them).

    After a part sale under Sec IX it is what the sales left unpaid of the whole seizure's
    dues and expenses of sale (G13), and only all the head held together can be taken back.
    """
    so_far = sales_so_far(s, seizure, animals, ctx, on) if seizure.owner_refused_at else None
    if so_far is None or not so_far.any:
        return due_on(seizure, animals, ctx, on, numbers)
    owed, per_day = so_far.owed, due_on(seizure, animals, ctx, on).per_day
    return Due(owed.fines, owed.feeding, per_day, owed.expenses)
