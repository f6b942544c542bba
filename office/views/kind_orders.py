"""The animals outside the Sec VI scale waiting for the Magistrate's order (practice G4), and
the kinds ordered at a village."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date

from sqlmodel import col, func, select

from law import lifecycle
from law.errors import N_, NotFound
from law.kinds import SECTION, order_kind
from law.lifecycle import SeizureStatus
from models import Animal, District, KindOrder, Pound, Seizure, Village
from models.db import Reader
from office.access.roles import Role, require_role
from office.district import district_context, names_of
from office.records.register import seizure_by_ref
from office.state import animals_of


def awaiting_order(animal: Animal) -> bool:
    """Whether this head waits for the Magistrate's order (law/kinds.py `awaiting_order`)."""
    return lifecycle.awaiting_order(animal.kind, animal.order_id, animal.status)


@dataclass(frozen=True)
class AwaitingItem:
    """A seizure with animals outside the scale awaiting the Magistrate's order (G4)."""

    ref: str
    kinds: dict[str, int]
    pound_code: str
    pound_name: str
    village: str
    place: str
    seized_on: date
    # The pound's and the village's names in other scripts, by language.
    pound_names: tuple[tuple[str, str], ...] = ()
    village_names: tuple[tuple[str, str], ...] = ()


def awaiting_orders(
    db: Reader, *, district_id: int, actor_id: int | None = None
) -> list[AwaitingItem]:
    """Seizures of the district whose cattle wait for a Magistrate's order (G4), oldest first."""
    with db.lagging() as s:
        if actor_id is not None:
            require_role(s, actor_id, district_id, Role.MAGISTRATE, None, section=SECTION)
        seizures = s.exec(
            select(Seizure)
            .where(
                Seizure.district_id == district_id,
                Seizure.status == SeizureStatus.SEIZED.value,
            )
            .order_by(col(Seizure.seized_at), col(Seizure.id))
        ).all()
        out = []
        for seizure in seizures:
            kinds = dict(Counter(a.kind for a in animals_of(s, seizure) if awaiting_order(a)))
            if not kinds:
                continue
            pound = s.get(Pound, seizure.pound_id)
            village = s.get(Village, seizure.village_id)
            out.append(
                AwaitingItem(
                    ref=seizure.ref,
                    kinds=kinds,
                    pound_code=pound.code if pound else "",
                    pound_name=pound.name if pound else "",
                    village=village.name if village else "",
                    place=seizure.place,
                    seized_on=seizure.seized_on,
                    pound_names=names_of(pound),
                    village_names=names_of(village),
                )
            )
        return out


def district_pounds(
    db: Reader, *, district_id: int, actor_id: int
) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """The pounds (code, name, names in other scripts by language) of a district, for its
    Magistrate making a standing order."""
    with db.reading() as s:
        require_role(s, actor_id, district_id, Role.MAGISTRATE, None, section=SECTION)
        rows = s.exec(
            select(Pound).where(Pound.district_id == district_id).order_by(col(Pound.code))
        ).all()
        return [(p.code, p.name, names_of(p)) for p in rows]


def kind_for_order(
    db: Reader, *, text: str, ref: str | None = None, pound: str | None = None
) -> str:
    """The kind an order would be made for, read with the district's own aliases (G4)."""
    with db.reading() as s:
        if ref is not None:
            district_id = seizure_by_ref(s, ref).district_id
        else:
            row = s.exec(select(Pound).where(Pound.code == (pound or "").strip().upper())).first()
            if row is None:
                raise NotFound(N_("no pound '{pound}'"), section="III", said={"pound": pound})
            district_id = row.district_id
        return order_kind(text, district_context(s, district_id).profile.aliases)


def kinds_ordered_at(db: Reader, *, village: str, district: str | None = None) -> set[str]:
    """The kinds outside the scale that standing orders of the village's pound name (G4)."""
    with db.reading() as s:
        q = select(Village.pound_id).where(
            func.lower(Village.name) == " ".join(village.split()).lower()
        )
        if district:
            q = q.join(District, col(District.id) == col(Village.district_id)).where(
                District.code == district.strip().upper()
            )
        pound_ids = [i for i in s.exec(q).all() if i is not None]
        if len(pound_ids) != 1:
            return set()
        return set(s.exec(select(KindOrder.kind).where(KindOrder.pound_id == pound_ids[0])).all())
