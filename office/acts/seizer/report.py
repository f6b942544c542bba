"""The seizer's acts: he reports his seizure (Sec II, XV, XVI) and may call on the police of the
pound's thana for aid (II); and who a report names (a person writing for the first time, the
cattle, the village). The police confirm the conveyance (office/acts/police/conveyance.py); an
opposition or rescue is recorded in office/acts/whoever/opposition.py (XIII)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session

from law.errors import N_, InvalidInput
from law.grounds import (
    Ground,
    check_in_operation,
    check_named_seizer,
    check_owner_named,
    check_owner_not_seizer,
    check_report,
    ground_of,
    office_of_named_seizer,
    offices_to_seize,
    pound_notified,
)
from law.guards import check_report_for
from law.kinds import FINE_CLASS, AnimalKind, OutsideScale, fine_for, kind_of
from law.lifecycle import AnimalStatus, SeizureStatus
from law.periods import complaint_until, local_date
from models import Animal, Person, Pound, Seizure, Unit, Village
from models.columns import id_of
from office import notify
from office.access.roles import has_role, offices_at, require_role
from office.acts.alike import InDistrict, named
from office.acts.magistrate.kind_order import apply_orders
from office.acts.seizer.police_aid import _add_aid_request
from office.district import DistrictContext, district_context, find_village, names_of
from office.inputs import AnimalsIn, PersonIn
from office.people import (
    gain_residence,
    get_person,
    person_acting,
    stated_apart,
)
from office.phones import normalise_phone
from office.records.register import add_with_fresh_ref, new_ref
from office.spelling import plain
from office.times import check_times


@dataclass(frozen=True)
class SeizureReported:
    ref: str
    seizure_id: int
    pound_code: str
    pound_name: str
    heads: int
    fine: int
    complaint_until: str
    pound_names: tuple[tuple[str, str], ...]  # in other scripts, by language
    aid_requested: bool
    notes: list[str] = field(default_factory=list)
    # Practice G4: kinds outside the scale still awaiting the Magistrate's order; the keeper
    # registers the arrival only once it is made.
    awaiting_order: list[str] = field(default_factory=list)
    seizer_id: int = 0
    # The seizer's name when the keeper or police reported for him ("reported by X for Y").
    reported_for: str | None = None
    # The owner's messages: "queued", "held" (over the unsolicited limit), None (none written).
    owner_messages: str | None = None


UNSOLICITED_HELD = (
    "the owner's number has never written to the office and you have named {limit} such "
    "numbers in 24 hours: the office will not message him; the seizure is recorded"
)


def report_seizure(
    u: Unit,
    *,
    ground: str,
    village: str,
    place: str,
    damage: str,
    seizer: PersonIn | None,
    owner: PersonIn | None,
    animals: list[AnimalsIn],
    occurred_at: datetime,
    police_aid: bool = False,
    district: str | None = None,
    photo: str | None = None,
    unsolicited_per_day: int = notify.UNSOLICITED_PER_DAY,
    reporter: PersonIn | None = None,
) -> SeizureReported:
    """A seizure by a cultivator (II), a road or canal officer (XV), or strays by police (XVI).

    The reporter is the unit's actor, a person the office knows, or a `PersonIn` writing to it
    for the first time (`reporter`, `person_acting`), who is then the unit's actor. `seizer`
    left out, or naming the reporter himself, makes the reporter the seizer. Naming someone
    else is for the keeper of the pound and the police of its thana, who report for the seizer
    (`OwnSeizureOnly` for anyone else). A person named by a phone the office knows is that
    person, his record unchanged. The owner's messages are held, not sent, when a private
    reporter has had the office message `unsolicited_per_day` numbers it has never heard from
    in 24 hours (`SeizureReported.owner_messages`).
    """
    actor_id: int | PersonIn = reporter if reporter is not None else u.actor()
    check_times(occurred_at, u.now)
    grnd = ground_of(ground)
    check_report(grnd, counts=[g.count for g in animals], damage=damage)
    _check_place(place, damage)
    with u.act() as s:
        vill, pound, ctx = _village_and_pound(s, village, district, occurred_at)
        kinds = _kinds_named(ctx, pound, animals)
        actor = id_of(person_acting(s, actor_id, u.now))
        u.acts_as(actor)
        parties = _parties(s, ctx, pound, grnd, actor, actor_id, seizer, owner, u.now)
        seized_on = local_date(occurred_at, ctx.tz)
        seizure = Seizure(
            ref=new_ref(s),
            district_id=ctx.id,
            ground=grnd.value,
            village_id=id_of(vill),
            pound_id=id_of(pound),
            place=place.strip(),
            damage=damage.strip(),
            seized_at=occurred_at,
            seized_on=seized_on,
            seizer_id=id_of(parties.seizer),
            owner_id=parties.owner.id if parties.owner else None,
            seizer_residence=parties.seizer_residence,
            owner_residence=parties.owner_residence,
            reporter_id=actor,
            status=SeizureStatus.SEIZED,
            police_aid_requested=police_aid,
            complaint_until=complaint_until(seized_on, ctx.profile),
            last_event_at=occurred_at,
            created_at=u.now,
            photo=photo,
        )
        add_with_fresh_ref(s, seizure)
        # One row per head, numbered in the order named, fined by the Sec VI scale.
        rows: list[Animal] = []
        for group, kind in zip(animals, kinds, strict=True):
            for _ in range(group.count):
                rows.append(
                    Animal(
                        seizure_id=id_of(seizure),
                        district_id=ctx.id,
                        number=len(rows) + 1,
                        kind=_word(kind),
                        stated_kind=group.kind.strip().lower()[:32],
                        description=group.description.strip()[:500],
                        status=AnimalStatus.SEIZED,
                        # Outside the scale, the fine is the one a Magistrate's order sets (G4).
                        fine=fine_for(kind, ctx.profile.fine_schedule)
                        if isinstance(kind, AnimalKind)
                        else 0,
                    )
                )
        s.add_all(rows)
        awaiting = apply_orders(s, seizure, rows, ctx, local_date(u.now, ctx.tz))
        InDistrict(s, u, ctx, occurred_at).event(
            "seizure_reported",
            seizure.ref,
            grnd.section,
            ground=grnd.value,
            village=vill.name,
            pound=pound.code,
            place=seizure.place,
            damage=seizure.damage,
            seizer_id=seizure.seizer_id,
            reporter_id=actor,
            owner_id=seizure.owner_id,
            animals=[
                {"kind": _word(k), "stated": g.kind, "count": g.count, "description": g.description}
                for g, k in zip(animals, kinds, strict=True)
            ],
            fine_class=[FINE_CLASS[k].value if isinstance(k, AnimalKind) else None for k in kinds],
            awaiting_order=sorted(set(awaiting)),
        )
        if police_aid:
            _add_aid_request(s, u, seizure, pound, occurred_at)
        # Messages: the keeper expects the cattle; the owner, if known, the complaint reminders
        # (held when the reporter has had the office message too many unknown numbers today).
        owner_messages = notify.seizure_reported(
            s, seizure, ctx, u.now, caused_by=actor, unsolicited_per_day=unsolicited_per_day
        )
        if awaiting:
            # The Magistrates: the keeper waits for their order (G4).
            waiting = {k: awaiting.count(k) for k in sorted(set(awaiting))}
            notify.kind_order_needed(s, seizure, ctx, kinds=waiting, now=u.now)
        return SeizureReported(
            ref=seizure.ref,
            seizure_id=id_of(seizure),
            pound_code=pound.code,
            pound_name=pound.name,
            pound_names=names_of(pound),
            heads=len(rows),
            fine=sum(a.fine for a in rows),
            complaint_until=seizure.complaint_until.isoformat(),
            aid_requested=police_aid,
            awaiting_order=sorted(set(awaiting)),
            seizer_id=id_of(parties.seizer),
            reported_for=parties.seizer.name if parties.for_another else None,
            owner_messages=owner_messages,
            notes=[UNSOLICITED_HELD.format(limit=unsolicited_per_day)]
            if owner_messages == notify.HELD
            else [],
        )


@dataclass(frozen=True)
class _Parties:
    seizer: Person
    owner: Person | None
    for_another: bool  # the keeper or police report for the seizer: "reported by X for Y"
    # Sec V: where the report says they live ("" when it says nothing).
    seizer_residence: str = ""
    owner_residence: str = ""


def _check_place(place: str, damage: str) -> None:
    if not place.strip():
        raise InvalidInput(N_("say where the cattle were seized"))
    if len(place) > 500 or len(damage) > 2000:
        raise InvalidInput(N_("place is at most 500 characters and damage at most 2000"))


def _village_and_pound(
    s: Session, village: str, district: str | None, occurred_at: datetime
) -> tuple[Village, Pound, DistrictContext]:
    """The village seized in, under the Act (XX), and the pound notified for it (III)."""
    vill = find_village(s, village, district)
    ctx = district_context(s, vill.district_id)
    ctx.check_started(occurred_at)
    check_in_operation(vill.name, excluded=vill.excluded, reason=vill.excluded_reason)
    pound = s.get(Pound, vill.pound_id) if vill.pound_id is not None else None
    return vill, pound_notified(vill.name, pound), ctx


def _kinds_named(
    ctx: DistrictContext, pound: Pound, animals: list[AnimalsIn]
) -> list[AnimalKind | OutsideScale]:
    # Practice G4: an animal outside the scale is taken as it is named; its pound's
    # standing orders name more kinds than the office knows by itself.
    ordered = {o.order.kind for o in ctx.kind_orders if o.pound_id == pound.id}
    return [kind_of(g.kind, ctx.profile.aliases, ordered) for g in animals]


def _parties(
    s: Session,
    ctx: DistrictContext,
    pound: Pound,
    grnd: Ground,
    actor_id: int,
    acting: int | PersonIn,
    seizer: PersonIn | None,
    owner: PersonIn | None,
    now: datetime,
) -> _Parties:
    """Who seized and whose cattle they are; the law says who may report a seizure on the
    ground (II, XV, XVI) and for whom (V). `acting` is the reporter as the act was told of him.

    Sec V: the residences the report states, for the register's entry: the seizer's as it
    names him (or as the reporter, writing for the first time, gives his own), the owner's as it
    names him. A seizer's record with none gains it (`gain_residence`)."""
    actor = get_person(s, actor_id)
    for_another = seizer is not None and not _is_self(actor, seizer)
    check_report_for(
        offices_at(s, actor_id, district_id=ctx.id, pound_code=pound.code, thana=pound.thana),
        for_another=for_another,
    )
    offices = offices_to_seize(grnd)
    if offices and not for_another:
        require_role(s, actor_id, ctx.id, offices, pound.thana)
    check_owner_named(grnd, owner_named=owner is not None)
    # Whoever is named is found by his phone or added; a known person's record stays as it is.
    seizer_person = named(s, seizer, now) if seizer is not None and for_another else actor
    office = office_of_named_seizer(grnd)
    if for_another and office is not None:
        check_named_seizer(grnd, holds_office=has_role(s, id_of(seizer_person), ctx.id, office))
    owner_person = named(s, owner, now) if owner is not None else None
    same = owner_person is not None and owner_person.id == seizer_person.id
    check_owner_not_seizer(same_person=same)
    said = seizer if seizer is not None else acting if isinstance(acting, PersonIn) else None
    seizer_residence = said.residence if said else ""
    gain_residence(s, seizer_person, seizer_residence)
    owner_residence = owner.residence if owner else ""
    if owner_person is not None:
        gain_residence(s, owner_person, owner_residence)
    return _Parties(
        seizer_person,
        owner_person,
        for_another,
        seizer_residence=stated_apart(seizer_person, seizer_residence),
        owner_residence=stated_apart(owner_person, owner_residence),
    )


def _is_self(actor: Person, named: PersonIn) -> bool:
    """Whether the seizer a report names is the reporter: by phone, or without one by name."""
    if named.phone:
        return actor.phone is not None and normalise_phone(named.phone) == actor.phone
    return plain(named.name) == plain(actor.name)


def _word(kind: AnimalKind | OutsideScale) -> str:
    return kind.value if isinstance(kind, AnimalKind) else kind.word
