"""Bridge between the stored seizure and the pure lifecycle in `law.lifecycle`."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime

from sqlmodel import Session, col, select

from law.errors import N_, InvalidInput
from law.lifecycle import AnimalStatus, SeizureState, SeizureStatus, apply
from law.lifecycle import Event as LawEvent
from law.periods import local_date
from models import Animal, Seizure
from office.district import DistrictContext


def animals_of(s: Session, seizure: Seizure) -> list[Animal]:
    return list(
        s.exec(
            select(Animal).where(Animal.seizure_id == seizure.id).order_by(col(Animal.number))
        ).all()
    )


def held_numbers(animals: list[Animal]) -> list[int]:
    """The numbers of the head in the pound."""
    return [a.number for a in animals if a.status == AnimalStatus.IMPOUNDED.value]


def chosen_numbers(animals: list[Animal], numbers: list[int] | None) -> list[int]:
    """The head an act names (`numbers`), or every head in the pound (None)."""
    if numbers is None:
        return held_numbers(animals)
    unknown = sorted(set(numbers) - {a.number for a in animals})
    if unknown:
        raise InvalidInput(N_("no animal numbered {animals}"), said={"animals": str(unknown)})
    return sorted(set(numbers))


def clear_due_if_closed(seizure: Seizure) -> None:
    """A seizure closed by a release or a loss has no step of the clock left."""
    if seizure.status == SeizureStatus.CLOSED.value:
        seizure.next_due_at = None


def load_state(seizure: Seizure, animals: list[Animal], ctx: DistrictContext) -> SeizureState:
    return SeizureState(
        status=SeizureStatus(seizure.status),
        animals={a.number: AnimalStatus(a.status) for a in animals},
        seized_on=seizure.seized_on,
        impounded_on=seizure.impounded_on,
        noticed_on=seizure.noticed_on,
        complaints_pending=seizure.complaints_pending,
        owner_refused=seizure.owner_refused_at is not None,
        profile=ctx.profile,
        reported_on=local_date(seizure.reported_unclaimed_at, ctx.tz)
        if seizure.reported_unclaimed_at
        else None,
    )


def advance(
    s: Session,
    seizure: Seizure,
    animals: list[Animal],
    ctx: DistrictContext,
    event: LawEvent,
    *,
    at: datetime,
    on: date,
    reason: str | None = None,
    reasons: Mapping[AnimalStatus, str] | None = None,
) -> SeizureState:
    """Apply one event under the law's guards and write the new statuses back; an animal that
    leaves custody gets `reasons[its new status]`, else `reason`."""
    before = load_state(seizure, animals, ctx)
    after = apply(before, event)
    seizure.status = after.status
    seizure.complaints_pending = after.complaints_pending
    for animal in animals:
        new = after.animals[animal.number]
        if new.value != animal.status:
            animal.status = new
            if new not in (AnimalStatus.SEIZED, AnimalStatus.IMPOUNDED):
                animal.left_at = at
                animal.left_on = on
                animal.left_reason = (reasons or {}).get(new, reason)
            s.add(animal)
    seizure.last_event_at = max(seizure.last_event_at, at)
    s.add(seizure)
    return after
