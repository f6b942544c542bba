"""What the messages say about a seizure: its params as plain JSON, in no language.

Amounts as ints of the profile's smallest unit (`*_amount`, with the money system's name under
`money`), dates as ISO strings (`*_date`), kinds as `{kind: count}` (`*_kinds`), people as
`{"name", "residence"}`; they are written in the reader's language when rendered (bot/notices.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from sqlmodel import Session

from law.lifecycle import AnimalStatus
from models import Animal, Person, Pound, Seizure, Village
from office.charges import due_on
from office.common import DistrictContext


def kinds(animals: Iterable[Animal]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for a in animals:
        counted[a.kind] = counted.get(a.kind, 0) + 1
    return counted


def in_pound(animals: Iterable[Animal]) -> list[Animal]:
    return [a for a in animals if a.status == AnimalStatus.IMPOUNDED.value]


def person_param(s: Session, person_id: int | None) -> dict[str, object] | None:
    """A person as a message names him: his name and where he lives, said per language."""
    person = s.get(Person, person_id) if person_id is not None else None
    if person is None:
        return None
    return {"name": person.name, "residence": person.residence or None}


def name_only(s: Session, person_id: int | None) -> str | None:
    person = s.get(Person, person_id) if person_id is not None else None
    return person.name if person is not None else None


def amounts(ctx: DistrictContext, **values: int) -> dict[str, object]:
    """Amounts as message params: `fine=12` -> `fine_amount: 12`, with the money system's name
    (`money`) so the renderer writes them as the reader writes money."""
    return {"money": ctx.profile.money.name, **{f"{k}_amount": v for k, v in values.items()}}


def seizure_params(s: Session, seizure: Seizure, ctx: DistrictContext) -> dict[str, object]:
    pound = s.get(Pound, seizure.pound_id)
    village = s.get(Village, seizure.village_id)
    return {
        "ref": seizure.ref,
        "pound": pound.name if pound else "",
        "village": village.name if village else "",
        "place": seizure.place,
        "seized_date": seizure.seized_on.isoformat(),
    }


def due_params(
    seizure: Seizure, animals: list[Animal], ctx: DistrictContext, on: date
) -> dict[str, object]:
    due = due_on(seizure, animals, ctx, on)
    return amounts(ctx, fine=due.fine, feeding=due.feeding, per_day=due.per_day, total=due.total)
