"""What the messages say about a seizure: its params as plain JSON, in no language, by the rules
of office/notify/__init__.py; they are written in the reader's language when rendered
(bot/notices.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from sqlmodel import Session

from law.lifecycle import AnimalStatus
from models import Animal, Person, Pound, Seizure, Village
from office.charges import due_on
from office.district import DistrictContext
from office.state import animals_of
from office.views.seizure import iso_date

# What every message about a seizure names (`basics`), as a message's params start.
Named = Mapping[str, object]


def kinds(animals: Iterable[Animal]) -> dict[str, int]:
    return dict(Counter(a.kind for a in animals))


def heads(animals: list[Animal]) -> dict[str, object]:
    """How many head, and how many of each kind."""
    return {"heads": len(animals), "animals_kinds": kinds(animals)}


def in_pound(animals: Iterable[Animal]) -> list[Animal]:
    return [a for a in animals if a.status == AnimalStatus.IMPOUNDED.value]


def person_param(s: Session, person_id: int | None) -> dict[str, object] | None:
    """A person as a message names him: his name and where he lives, said per language."""
    person = s.get(Person, person_id) if person_id is not None else None
    if person is None:
        return None
    return {"name": person.name, "residence": person.residence or None}


def party_param(s: Session, person_id: int | None, stated: str) -> dict[str, object] | None:
    """A party to a seizure as its register entry names him (Sec V): his name, and where the
    act that named him said he lives, or, if it said nothing, where his record says."""
    found = person_param(s, person_id)
    if found is not None and stated:
        found["residence"] = stated
    return found


def amounts(ctx: DistrictContext, **values: int) -> dict[str, object]:
    """Amounts as message params: `fine=12` -> `fine_amount: 12`, with the money system's name
    (`money`) so the renderer writes them as the reader writes money."""
    return {"money": ctx.profile.money.name, **{f"{k}_amount": v for k, v in values.items()}}


def place_params(key: str, place: Village | Pound | None) -> dict[str, object]:
    """A village or pound as message params: the register's name under `key` and the district
    file's names in other scripts under `{key}_names`, which write it in the reader's script
    (bot/i18n.py `names_written`)."""
    return {
        key: place.name if place else "",
        f"{key}_names": dict(place.names) if place else {},
    }


def seizure_params(s: Session, seizure: Seizure, ctx: DistrictContext) -> dict[str, object]:
    return basics(seizure, s.get(Pound, seizure.pound_id), s.get(Village, seizure.village_id))


def basics(seizure: Seizure, pound: Pound | None, village: Village | None) -> dict[str, object]:
    """What every message about a seizure names."""
    return {
        "ref": seizure.ref,
        **place_params("pound", pound),
        **place_params("village", village),
        "place": seizure.place,
        "seized_date": seizure.seized_on.isoformat(),
    }


# The params of the messages of the road to a sale (office/notify/sale.py), from the rows they
# name: the acts read those rows one by one, the clock's batches
# (office/acts/clock/deadline_acts.py) once for a batch, and both say the same.


def notice_data(
    seizure: Seizure, pound: Pound | None, village: Village | None, animals: Iterable[Animal]
) -> dict[str, Any]:
    """The notice of Sec VIII as data: the number and description of the cattle held, where
    seized, where impounded. The bot writes it in each reader's language (`bot/notices.py`)."""
    held = in_pound(animals)
    described = any(a.description for a in held)
    return {
        "ref": seizure.ref,
        **heads(held),
        "entry_animals": [
            {"number": a.number, "kind": a.kind, "description": a.description} for a in held
        ]
        if described
        else [],
        "place": seizure.place,
        **place_params("village", village),
        "seized_date": seizure.seized_on.isoformat(),
        **place_params("pound", pound),
    }


def notice_params(s: Session, seizure: Seizure, pound: Pound) -> dict[str, Any]:
    """The notice of Sec VIII as data (`notice_data`), its village and cattle read from `s`."""
    return notice_data(seizure, pound, s.get(Village, seizure.village_id), animals_of(s, seizure))


def unclaimed_report_params(
    seizure: Seizure,
    named: Mapping[str, object],
    animals: Iterable[Animal],
    notice: Mapping[str, object],
) -> dict[str, object]:
    """The Darogah asked to post the notice (Sec VIII); `named` is the seizure's `basics`."""
    return {
        **named,
        **heads(in_pound(animals)),
        "claim_date": seizure.claim_until.isoformat() if seizure.claim_until else None,
        "notice": dict(notice),
        "section": "VIII",
    }


def sale_due_params(
    seizure: Seizure, named: Mapping[str, object], animals: Iterable[Animal], section: str
) -> dict[str, object]:
    """The Darogah told the sale may be held: the notice has run (Sec VIII) or the owner
    refused to pay (Sec IX)."""
    return {
        **named,
        **heads(in_pound(animals)),
        "notice_date": seizure.noticed_on.isoformat() if seizure.noticed_on else None,
        "section": section,
    }


def sale_due_owner_params(
    seizure: Seizure, named: Named, animals: list[Animal], ctx: DistrictContext, on: date
) -> dict[str, object]:
    """The owner warned that his cattle may be sold, with what he owes `on` (Sec VIII)."""
    return {
        **named,
        "sale_date": seizure.sale_not_before.isoformat() if seizure.sale_not_before else None,
        **due_params(seizure, animals, ctx, on),
        "section": "VIII",
    }


def claim_notice_params(
    seizure: Seizure, named: Named, animals: list[Animal], ctx: DistrictContext, on: date
) -> dict[str, object]:
    """The owner told his cattle are in the pound (Sec VII): until when he may claim them and
    complain, and what is due on the day they came, or `on` a later day."""
    return {
        **named,
        **heads(in_pound(animals)),
        "impounded_date": iso_date(seizure.impounded_on),
        "claim_date": iso_date(seizure.claim_until),
        "complaint_date": seizure.complaint_until.isoformat(),
        **due_params(seizure, animals, ctx, on),
        "section": "VII",
    }


def claim_reminder_params(
    seizure: Seizure, named: Named, animals: list[Animal], ctx: DistrictContext, on: date
) -> dict[str, object]:
    """The owner reminded `on` that he may claim his cattle until the claim date (Sec VIII)."""
    return {
        **named,
        "claim_date": iso_date(seizure.claim_until),
        "on_date": on.isoformat(),
        **due_params(seizure, animals, ctx, on),
        "section": "VIII",
    }


def notice_posted_params(
    seizure: Seizure, named: Named, animals: list[Animal], ctx: DistrictContext, on: date
) -> dict[str, object]:
    """The owner told the notice is posted (Sec VIII): he may claim until the sale's eve."""
    sale = seizure.sale_not_before
    return {
        **named,
        "notice_date": iso_date(seizure.noticed_on),
        "claim_date": iso_date(sale.fromordinal(sale.toordinal() - 1) if sale else None),
        "sale_date": iso_date(sale),
        **due_params(seizure, animals, ctx, on),
        "section": "VIII",
    }


def due_params(
    seizure: Seizure, animals: list[Animal], ctx: DistrictContext, on: date
) -> dict[str, object]:
    due = due_on(seizure, animals, ctx, on)
    return amounts(ctx, fine=due.fine, feeding=due.feeding, per_day=due.per_day, total=due.total)
