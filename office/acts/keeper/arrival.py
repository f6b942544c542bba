"""The keeper registers the cattle brought in and gives the seizer a copy of the entry (Sec V)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from sqlmodel import Session

from law.custody import check_all_arrived, check_owner_named
from law.errors import N_, InvalidInput
from law.grounds import Ground
from law.kinds import check_registrable
from law.lifecycle import AnimalStatus, Arrive
from law.periods import claim_until, next_step_due
from models import Animal, Person, Pound, RegisterEntry, Seizure, Unit
from models.columns import id_of
from office import notify
from office.access.roles import Role
from office.acts.alike import OnSeizure, named, on_seizure
from office.acts.magistrate.kind_order import apply_orders
from office.inputs import PersonIn
from office.people import get_person, stated_apart
from office.records.counters import next_register_number

COPY_MAX = 4000  # RegisterEntry.copy_text


@dataclass(frozen=True)
class Arrival:
    """`copy_text` is the copy as the register keeps it; `copy` the same entry as data (the
    pound, when brought in, the heads and animals, seizer and owner as people), for the reader's
    language."""

    ref: str
    register_no: str
    copy_text: str
    claim_until: str
    copy: dict[str, object] = field(default_factory=dict)


def register_arrival(
    u: Unit,
    *,
    ref: str,
    occurred_at: datetime,
    count: int | None = None,
    descriptions: dict[int, str] | None = None,
    owner: PersonIn | None = None,
) -> Arrival:
    """The keeper enters the cattle in his register and gives the seizer a copy (Sec V)."""
    with u.act() as s:
        a = on_seizure(s, u, ref, occurred_at, Role.KEEPER, "V")
        seizure, pound, ctx, rows = a.seizure, a.pound, a.ctx, a.rows
        check_all_arrived(sum(x.status == AnimalStatus.SEIZED.value for x in rows), count)
        _describe_heads(a, descriptions or {})
        if owner is not None:
            _name_owner(s, seizure, owner, u.now)
        on = _impound(a)
        number = next_register_number(s, id_of(pound), on.year)
        register_no = f"{pound.code}/{on.year}/{number}"
        entry = _entry(a)
        copy_text = _copy_text(a, register_no, entry)
        s.add(
            RegisterEntry(
                pound_id=id_of(pound),
                year=on.year,
                number=number,
                seizure_id=id_of(seizure),
                district_id=seizure.district_id,
                keeper_id=u.actor(),
                entered_at=occurred_at,
                entry=entry,
                copy_text=copy_text,
            )
        )
        s.add(seizure)
        a.event("arrival_registered", "V", register_no=register_no, entry=entry)
        # Messages: the seizer's copy of the entry (V); the owner's claim notice and reminders.
        notify.arrival_registered(s, seizure, ctx, register_no=register_no, now=u.now)
        return _arrival(seizure, pound, register_no, entry, copy_text)


def _describe_heads(a: OnSeizure, descriptions: dict[int, str]) -> None:
    """The keeper's own description of a head, by its number."""
    for number, text in descriptions.items():
        match = [x for x in a.rows if x.number == number]
        if not match:
            raise InvalidInput(
                N_("there is no animal number {number} in {ref}"),
                said={"number": number, "ref": a.seizure.ref},
            )
        match[0].description = text.strip()[:500]
        a.s.add(match[0])


def _name_owner(s: Session, seizure: Seizure, owner: PersonIn, now: datetime) -> None:
    """The owner, known at the gate, is recorded (practice G14)."""
    check_owner_named(already_named=seizure.owner_id is not None, ground=Ground(seizure.ground))
    person = named(s, owner, now)
    seizure.owner_id = person.id
    seizure.owner_residence = stated_apart(person, owner.residence)


def _impound(a: OnSeizure) -> date:
    """The head are in the pound from the act: the first period for a claim runs (Sec VII,
    VIII)."""
    seizure, ctx, on = a.seizure, a.ctx, a.on
    # Practice G4: a head outside the scale is registered only on a Magistrate's order.
    check_registrable(apply_orders(a.s, seizure, a.rows, ctx, on))
    a.advance(Arrive(on=on))
    seizure.impounded_at = a.at
    seizure.impounded_on = on
    seizure.claim_until = claim_until(on, ctx.profile)
    seizure.next_due_at = next_step_due(seizure.claim_until, ctx.profile, ctx.tz)
    return on


def _entry(a: OnSeizure) -> dict[str, Any]:
    """The register's entry as data: the heads in the pound, seizer, owner and the times.

    Sec V: each is entered with the residence the act that named him stated, or, where it
    stated none, the one his record holds."""
    seizure = a.seizure
    seizer = get_person(a.s, seizure.seizer_id)
    owner = a.s.get(Person, seizure.owner_id) if seizure.owner_id else None
    live = _live(a)
    return {
        "number_of_animals": len(live),
        "animals": [
            {"number": x.number, "kind": x.kind, "description": x.description} for x in live
        ],
        "seizer": {
            "name": seizer.name,
            "residence": seizure.seizer_residence or seizer.residence,
        },
        "owner": {"name": owner.name, "residence": seizure.owner_residence or owner.residence}
        if owner
        else None,
        "brought_at": a.at.astimezone(a.ctx.tz).isoformat(),
        "seized_at": seizure.seized_at.astimezone(a.ctx.tz).isoformat(),
    }


def _live(a: OnSeizure) -> list[Animal]:
    return [x for x in a.rows if x.status == AnimalStatus.IMPOUNDED.value]


def _copy_text(a: OnSeizure, register_no: str, entry: dict[str, Any]) -> str:
    """The copy of the entry as the register keeps it, cut to the column's length."""
    live = _live(a)
    head = (
        f"Copy of entry {register_no} in the register of {a.pound.name} (Sec V). "
        f"Brought in {a.at.astimezone(a.ctx.tz):%d %b %Y %H:%M}. {len(live)} head: "
    )
    tail = (
        f". Seizer: {_person_line(entry['seizer'])}. Owner: {_person_line(entry['owner'])}. "
        f"Ref {a.seizure.ref}."
    )
    return head + _fit(_describe(live), COPY_MAX - len(head) - len(tail)) + tail


def _describe(animals: list[Animal]) -> str:
    """Heads alike and numbered in a row are written once: "1-500. cow"."""
    runs: list[tuple[int, int, str]] = []
    for a in animals:
        what = (
            a.kind
            + (f" ({a.stated_kind})" if a.stated_kind != a.kind else "")
            + (f", {a.description}" if a.description else "")
        )
        if runs and runs[-1][2] == what and runs[-1][1] == a.number - 1:
            runs[-1] = (runs[-1][0], a.number, what)
        else:
            runs.append((a.number, a.number, what))
    return "; ".join(f"{lo}. {w}" if lo == hi else f"{lo}-{hi}. {w}" for lo, hi, w in runs)


def _fit(described: str, room: int) -> str:
    """The description cut to `room` characters; the register's entry keeps every head."""
    if len(described) <= room:
        return described
    more = " ... (every head is in the register)"
    return described[: max(room - len(more), 0)] + more


def _person_line(p: dict[str, Any] | None) -> str:
    if p is None:
        return "not known"
    return f"{p['name']} of {p['residence']}" if p["residence"] else p["name"]


def _arrival(
    seizure: Seizure, pound: Pound, register_no: str, entry: dict[str, Any], copy_text: str
) -> Arrival:
    copy = {
        "register_no": register_no,
        **notify.place_params("pound", pound),
        "brought_at": entry["brought_at"],
        "heads": entry["number_of_animals"],
        "animals": entry["animals"],
        "seizer": entry["seizer"],
        "owner": entry["owner"],
        "ref": seizure.ref,
    }
    claim = seizure.claim_until.isoformat() if seizure.claim_until else ""
    return Arrival(seizure.ref, register_no, copy_text, claim, copy)
