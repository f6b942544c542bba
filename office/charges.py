"""What is due on a seizure on a given day: fines (Sec VI) and feeding (Sec VII, G9)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from law.feeding import feeding_charge, rate_on
from law.kinds import AnimalKind
from law.lifecycle import AnimalStatus
from models import Animal, Seizure
from office.common import DistrictContext


@dataclass(frozen=True)
class AnimalCharge:
    number: int
    fine: int
    feeding: int

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


def charge_for(animal: Animal, seizure: Seizure, ctx: DistrictContext, on: date) -> AnimalCharge:
    """Fine once per head; feeding for each day or part of a day since arrival (G9)."""
    feeding = 0
    if seizure.impounded_on is not None:
        until = animal.left_on if animal.left_on is not None else on
        until = max(until, seizure.impounded_on)
        feeding = feeding_charge(AnimalKind(animal.kind), seizure.impounded_on, until, ctx.rates)
    return AnimalCharge(animal.number, animal.fine, feeding)


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
        per_day = sum(rate_on(AnimalKind(a.kind), on, ctx.rates) for a in held)
    return Due(
        fine=sum(c.fine for c in charges),
        feeding=sum(c.feeding for c in charges),
        per_day=per_day,
        animals=charges,
    )
