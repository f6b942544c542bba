"""A pound's register as Sec V enters it: one row a seizure, read by who may read it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, col, select

from law.access import check_may_read
from law.periods import local_date
from models import Payment, Pound, RegisterEntry, Seizure, Village
from models.db import Reader
from office.access.roles import district_standing
from office.district import district_context, names_of, pound_by_code
from office.notify.params import kinds
from office.people import person_line, person_said
from office.state import animals_of
from office.views.documents.kinds import entry_animals
from office.views.seizure import iso_date


@dataclass(frozen=True)
class RegisterRow:
    """One entry of the Sec V register: the number and description of the animals, the seizer's
    and the owner's name and residence as the register holds them, the day they were brought
    in; the fines of the heads entered (Sec VI) and what was paid for them (Sec VII), in units."""

    number: int
    year: int
    entered_on: date
    ref: str
    animals: str
    seizer: str
    owner: str
    status: str
    register_no: str = ""
    seized_on: date | None = None
    village: str = ""
    heads: int = 0
    seizer_name: str = ""
    seizer_residence: str = ""
    owner_name: str = ""
    owner_residence: str = ""
    fine: int = 0
    paid: int = 0
    kinds: dict[str, int] = field(default_factory=dict)  # heads of each kind
    village_names: tuple[tuple[str, str], ...] = ()  # in other scripts, by language


@dataclass(frozen=True)
class PoundRegister:
    pound_code: str
    pound_name: str
    rows: list[RegisterRow] = field(default_factory=list)
    unit: str = ""  # the money system's smallest unit (pie, paisa): `fine`, `paid` count them

    def as_dict(self) -> dict[str, Any]:
        return {
            "pound_code": self.pound_code,
            "pound_name": self.pound_name,
            "unit": self.unit,
            "rows": [
                # The API's rows name the village as the register does, in no other script.
                {k: v for k, v in asdict(r).items() if k != "village_names"}
                | {"entered_on": r.entered_on.isoformat(), "seized_on": iso_date(r.seized_on)}
                for r in self.rows
            ],
        }


def register_rows(
    s: Session, pound: Pound, *, newest_first: bool = False, year: int | None = None
) -> Iterator[RegisterRow]:
    """The rows of the pound's Sec V register, entry by entry, oldest first (or newest), of one
    year if given."""
    ctx = district_context(s, pound.district_id)
    q = (
        select(RegisterEntry, Seizure)
        .join(Seizure, col(Seizure.id) == col(RegisterEntry.seizure_id))
        .where(RegisterEntry.pound_id == pound.id)
    )
    if year is not None:
        q = q.where(RegisterEntry.year == year)
    order = [col(RegisterEntry.year), col(RegisterEntry.number)]
    for entry, seizure in s.exec(q.order_by(*(c.desc() if newest_first else c for c in order))):
        animals = animals_of(s, seizure)
        counts = kinds(animals)
        seizer = registered_person(s, seizure.seizer_id, seizure.seizer_residence)
        owner = registered_person(s, seizure.owner_id, seizure.owner_residence)
        # The heads the entry registered (every head of the seizure if it names none).
        entered = {int(str(a["number"])) for a in entry_animals(entry) if "number" in a}
        heads = [a for a in animals if a.number in entered] if entered else animals
        place = s.get(Village, seizure.village_id)
        payments = s.exec(select(Payment).where(Payment.seizure_id == seizure.id)).all()
        yield RegisterRow(
            number=entry.number,
            year=entry.year,
            entered_on=local_date(entry.entered_at, ctx.tz),
            ref=seizure.ref,
            animals=", ".join(f"{n} {k}" for k, n in counts.items()),
            seizer=person_line(seizer),
            owner=person_line(owner) if owner else "not known",
            status=seizure.status,
            register_no=f"{pound.code}/{entry.year}/{entry.number}",
            seized_on=local_date(seizure.seized_at, ctx.tz),
            village=place.name if place else "",
            heads=len(heads),
            seizer_name=seizer["name"] if seizer else "",
            seizer_residence=seizer["residence"] if seizer else "",
            owner_name=owner["name"] if owner else "",
            owner_residence=owner["residence"] if owner else "",
            kinds=counts,
            fine=sum(a.fine for a in heads),
            paid=sum(p.total for p in payments),
            village_names=names_of(place),
        )


def pound_register(
    db: Reader,
    *,
    pound_code: str,
    year: int | None = None,
    month: int | None = None,
    now: datetime,
) -> PoundRegister:
    """The Sec V register of one pound, entry by entry, oldest first: of one year if given,
    and of one month of it (the local month the entry was made in) if given too."""
    with db.lagging() as s:
        pound = pound_by_code(s, pound_code)
        rows = [
            r
            for r in register_rows(s, pound, year=year)
            if month is None
            or (r.entered_on.month == month and (year is None or r.entered_on.year == year))
        ]
        unit = district_context(s, pound.district_id).profile.money.unit
        return PoundRegister(pound.code, pound.name, rows, unit=unit)


def registered_person(s: Session, person_id: int | None, stated: str) -> dict[str, str] | None:
    """A person as the register enters him (Sec V): his name, and the residence the act that
    named him stated, or, where it stated none, the one his record holds."""
    found = person_said(s, person_id)
    if found is None:
        return None
    return {"name": found["name"], "residence": stated or found["residence"]}


def pound_register_read(
    db: Reader,
    *,
    pound_code: str,
    year: int | None,
    viewer_id: int,
    now: datetime,
    month: int | None = None,
) -> PoundRegister:
    """The Sec V register of a pound (of a year, and a month of it), for the officers of its
    district (`RecordNotOpen` for anyone else)."""
    with db.reading() as s:
        pound = pound_by_code(s, pound_code)
        check_may_read(district_standing(s, viewer_id, pound.district_id), "pound register")
    return pound_register(db, pound_code=pound_code, year=year, month=month, now=now)
