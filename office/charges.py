"""What is due on a seizure on a given day: fines (Sec VI) and feeding (Sec VII, G9); nothing for a
head that died or escaped (G7); the Magistrate's fine and rate for one outside the scale (G4)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from law.dues import head_charge
from law.feeding import FeedingRate, rate_on
from law.kinds import is_scale_kind, ordered_rates
from law.lifecycle import AnimalStatus
from models import Animal, Seizure
from office.common import DistrictContext


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
    animals: tuple[AnimalCharge, ...]

    @property
    def total(self) -> int:
        return self.fine + self.feeding


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
    return Due(
        fine=sum(c.fine for c in charges),
        feeding=sum(c.feeding for c in charges),
        per_day=per_day,
        animals=charges,
    )
