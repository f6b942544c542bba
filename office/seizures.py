"""Seizing cattle and getting them to the pound: report (Sec II, XV, XVI), police aid, conveyance,
and forcible opposition or rescue (Sec XIII)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from law.errors import N_, Conflict, ExcludedTract, InvalidInput, NotFound
from law.guards import check_offence_recorder, check_report_for
from law.kinds import FINE_CLASS, AnimalKind, OutsideScale, fine_for, kind_of
from law.lifecycle import AnimalStatus, Rescue, SeizureStatus
from law.periods import complaint_until, local_date
from models import (
    AidRequest,
    Animal,
    Conveyance,
    Database,
    Offence,
    Person,
    Pound,
    Seizure,
    Village,
)
from office import audit, notify
from office.common import (
    check_times,
    district_context,
    find_or_add_person,
    get_person,
    has_role,
    normalise_phone,
    pound_of,
    require_role,
    seizure_by_ref,
)
from office.kind_orders import apply_orders
from office.roles import Role, offices_at, seizure_standing
from office.state import advance, animals_of

# Unambiguous on a phone keypad and when read aloud: no 0/O, 1/I/L, U.
REF_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
REF_LENGTH = 6
MAX_HEADS = 500


class Ground(StrEnum):
    TRESPASS = "trespass"  # Sec II: cultivator or occupier, damage to land or crop
    ROAD = "road"  # Sec XV: damage to roads, canals, embankments
    STRAY = "stray"  # Sec XVI: straying, owner unknown, brought by police


GROUND_SECTION = {Ground.TRESPASS: "II", Ground.ROAD: "XV", Ground.STRAY: "XVI"}


@dataclass(frozen=True)
class PersonIn:
    name: str
    residence: str = ""
    phone: str | None = None


@dataclass(frozen=True)
class AnimalsIn:
    kind: str
    count: int = 1
    description: str = ""


@dataclass(frozen=True)
class SeizureReported:
    ref: str
    seizure_id: int
    pound_code: str
    pound_name: str
    heads: int
    fine: int
    complaint_until: str
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


def find_village(s: Session, name: str, district_code: str | None = None) -> Village:
    """The village by name (case and spacing ignored); ambiguous names need the district."""
    from models import District

    wanted = " ".join(name.split()).lower()
    if not wanted:
        raise InvalidInput(N_("the village is missing"))
    q = select(Village)
    if district_code:
        district = s.exec(select(District).where(District.code == district_code)).first()
        if district is None:
            raise NotFound(N_("no district '{district}'"), said={"district": district_code})
        q = q.where(Village.district_id == district.id)
    matches = [v for v in s.exec(q).all() if v.name.lower() == wanted]
    if not matches:
        raise NotFound(N_("no village called '{village}' is known"), section="III", village=name)
    if len(matches) > 1:
        raise InvalidInput(
            N_("several districts have a village '{village}': name the district"),
            said={"village": name},
        )
    return matches[0]


def new_ref(s: Session) -> str:
    while True:
        ref = "".join(secrets.choice(REF_ALPHABET) for _ in range(REF_LENGTH))
        if s.exec(select(Seizure.id).where(Seizure.ref == ref)).first() is None:
            return ref


def add_with_fresh_ref(s: Session, seizure: Seizure) -> None:
    """Write the new seizure; should another transaction have taken its ref meanwhile (the ref
    is unique), draw another and write it again, in a savepoint, so the act goes on."""
    while True:
        try:
            with s.begin_nested():
                s.add(seizure)
                s.flush()
            return
        except IntegrityError:
            if s.exec(select(Seizure.id).where(Seizure.ref == seizure.ref)).first() is None:
                raise  # not the ref
            seizure.id = None
            seizure.ref = new_ref(s)


def report_seizure(
    db: Database,
    *,
    actor_id: int,
    ground: str,
    village: str,
    place: str,
    damage: str,
    seizer: PersonIn | None,
    owner: PersonIn | None,
    animals: list[AnimalsIn],
    occurred_at: datetime,
    now: datetime,
    police_aid: bool = False,
    district: str | None = None,
    photo: str | None = None,
    unsolicited_per_day: int = notify.UNSOLICITED_PER_DAY,
) -> SeizureReported:
    """A seizure by a cultivator (II), a road or canal officer (XV), or strays by police (XVI).

    `seizer` left out, or naming the reporter himself, makes the reporter the seizer. Naming
    someone else is for the keeper of the pound and the police of its thana, who report for
    the seizer (`OwnSeizureOnly` for anyone else). A person named by a phone the office knows
    is that person, his record unchanged. The owner's messages are held, not sent, when a
    private reporter has had the office message `unsolicited_per_day` numbers it has never
    heard from in 24 hours (`SeizureReported.owner_messages`).
    """
    check_times(occurred_at, now)
    try:
        grnd = Ground(ground)
    except ValueError:
        raise InvalidInput(
            N_("ground must be one of {grounds}"),
            said={"grounds": ", ".join(g.value for g in Ground)},
        ) from None
    if not animals:
        raise InvalidInput(N_("at least one animal must be named (Sec V: number and description)"))
    heads = 0
    for group in animals:
        if group.count < 1:
            raise InvalidInput(N_("each count must be at least 1"))
        heads += group.count
    if heads > MAX_HEADS:
        raise InvalidInput(N_("at most {most} head in one seizure"), said={"most": MAX_HEADS})
    if grnd is not Ground.STRAY and not damage.strip():
        raise InvalidInput(
            N_(
                "say what damage the cattle were doing: Sec II allows seizing only cattle "
                "doing damage"
            ),
            section=GROUND_SECTION[grnd],
        )
    if not place.strip():
        raise InvalidInput(N_("say where the cattle were seized"))
    if len(place) > 500 or len(damage) > 2000:
        raise InvalidInput(N_("place is at most 500 characters and damage at most 2000"))
    with db.transaction() as s:
        vill = find_village(s, village, district)
        ctx = district_context(s, vill.district_id)
        ctx.check_started(occurred_at)
        if vill.excluded:
            raise ExcludedTract(
                N_("{village} is excluded from the operation of the Act: {reason}")
                if vill.excluded_reason
                else N_("{village} is excluded from the operation of the Act"),
                village=vill.name,
                said={"reason": vill.excluded_reason or ""},
            )
        if vill.pound_id is None:
            raise NotFound(
                N_("no pound is notified for {village}"), section="III", said={"village": vill.name}
            )
        pound = s.get(Pound, vill.pound_id)
        if pound is None:
            raise NotFound(
                N_("no pound is notified for {village}"), section="III", said={"village": vill.name}
            )
        # Practice G4: an animal outside the scale is taken as it is named; its pound's
        # standing orders name more kinds than the office knows by itself.
        ordered = {o.order.kind for o in ctx.kind_orders if o.pound_id == pound.id}
        kinds = [kind_of(g.kind, ctx.profile.aliases, ordered) for g in animals]
        actor = get_person(s, actor_id)
        # Sec II, V: a private person reports his own seizure; the keeper of the pound or the
        # police of its thana may write one down for the seizer, "reported by X for Y".
        for_another = seizer is not None and not _is_self(actor, seizer)
        check_report_for(
            offices_at(s, actor_id, district_id=ctx.id, pound_code=pound.code, thana=pound.thana),
            for_another=for_another,
        )
        if grnd is Ground.ROAD and not for_another:
            require_role(s, actor_id, ctx.id, Role.ROAD_OFFICER, None)
        if grnd is Ground.STRAY:
            if not for_another:
                require_role(s, actor_id, ctx.id, (Role.POLICE, Role.DAROGAH), pound.thana)
            if owner is not None:
                raise InvalidInput(
                    N_(
                        "strays are cattle whose owners are unknown (Sec XVI); "
                        "a known owner's cattle are seized for damage under Sec II"
                    ),
                    section="XVI",
                )
        # Whoever is named is found by his phone or added; a known person's record stays as it is.
        seizer_person = (
            find_or_add_person(
                s, name=seizer.name, residence=seizer.residence, phone=seizer.phone, now=now
            )
            if seizer is not None and for_another
            else actor
        )
        if (
            grnd is Ground.ROAD
            and for_another
            and not has_role(s, seizer_person.id or 0, ctx.id, Role.ROAD_OFFICER)
        ):
            raise InvalidInput(
                N_(
                    "a seizure under Sec XV is made by a person in charge of the road, canal or "
                    "embankment: name him as the seizer"
                ),
                section="XV",
            )
        owner_person = (
            find_or_add_person(
                s, name=owner.name, residence=owner.residence, phone=owner.phone, now=now
            )
            if owner is not None
            else None
        )
        if owner_person is not None and owner_person.id == seizer_person.id:
            raise InvalidInput(N_("the owner cannot be the seizer"))
        seized_on = local_date(occurred_at, ctx.tz)
        seizure = Seizure(
            ref=new_ref(s),
            district_id=ctx.id,
            ground=grnd.value,
            village_id=vill.id or 0,
            pound_id=pound.id or 0,
            place=place.strip(),
            damage=damage.strip(),
            seized_at=occurred_at,
            seized_on=seized_on,
            seizer_id=seizer_person.id or 0,
            owner_id=owner_person.id if owner_person else None,
            reporter_id=actor_id,
            status=SeizureStatus.SEIZED.value,
            police_aid_requested=police_aid,
            complaint_until=complaint_until(seized_on, ctx.profile),
            last_event_at=occurred_at,
            created_at=now,
            photo=photo,
        )
        add_with_fresh_ref(s, seizure)
        number = 0
        rows: list[Animal] = []
        for group, kind in zip(animals, kinds, strict=True):
            for _ in range(group.count):
                number += 1
                row = Animal(
                    seizure_id=seizure.id or 0,
                    number=number,
                    kind=kind.value if isinstance(kind, AnimalKind) else kind.word,
                    stated_kind=group.kind.strip().lower()[:32],
                    description=group.description.strip()[:500],
                    status=AnimalStatus.SEIZED.value,
                    # Outside the scale, the fine is the one a Magistrate's order sets (G4).
                    fine=fine_for(kind, ctx.profile.fine_schedule)
                    if isinstance(kind, AnimalKind)
                    else 0,
                )
                s.add(row)
                rows.append(row)
        awaiting = apply_orders(s, seizure, rows, ctx, local_date(now, ctx.tz))
        fine_total = sum(a.fine for a in rows)
        audit.append(
            s,
            action="seizure_reported",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section=GROUND_SECTION[grnd],
            payload={
                "ground": grnd.value,
                "village": vill.name,
                "pound": pound.code,
                "place": seizure.place,
                "damage": seizure.damage,
                "seizer_id": seizer_person.id,
                "reporter_id": actor_id,
                "owner_id": owner_person.id if owner_person else None,
                "animals": [
                    {
                        "kind": _word(k),
                        "stated": g.kind,
                        "count": g.count,
                        "description": g.description,
                    }
                    for g, k in zip(animals, kinds, strict=True)
                ],
                "fine_class": [
                    FINE_CLASS[k].value if isinstance(k, AnimalKind) else None for k in kinds
                ],
                "awaiting_order": sorted(set(awaiting)),
            },
        )
        if police_aid:
            _add_aid_request(s, seizure, pound, actor_id, occurred_at, now)
        # Messages: the keeper expects the cattle; the owner, if known, the complaint reminders
        # (held when the reporter has had the office message too many unknown numbers today).
        owner_messages = notify.seizure_reported(
            s, seizure, ctx, now, caused_by=actor_id, unsolicited_per_day=unsolicited_per_day
        )
        if awaiting:
            # The Magistrates: the keeper waits for their order (G4).
            waiting = {k: awaiting.count(k) for k in sorted(set(awaiting))}
            notify.kind_order_needed(s, seizure, ctx, kinds=waiting, now=now)
        return SeizureReported(
            ref=seizure.ref,
            seizure_id=seizure.id or 0,
            pound_code=pound.code,
            pound_name=pound.name,
            heads=number,
            fine=fine_total,
            complaint_until=seizure.complaint_until.isoformat(),
            aid_requested=police_aid,
            awaiting_order=sorted(set(awaiting)),
            seizer_id=seizer_person.id or 0,
            reported_for=seizer_person.name if for_another else None,
            owner_messages=owner_messages,
            notes=[UNSOLICITED_HELD.format(limit=unsolicited_per_day)]
            if owner_messages == notify.HELD
            else [],
        )


def _is_self(actor: Person, named: PersonIn) -> bool:
    """Whether the seizer a report names is the reporter: by phone, or without one by name."""
    if named.phone:
        return actor.phone is not None and normalise_phone(named.phone) == actor.phone
    return " ".join(named.name.split()).casefold() == " ".join(actor.name.split()).casefold()


def _word(kind: AnimalKind | OutsideScale) -> str:
    return kind.value if isinstance(kind, AnimalKind) else kind.word


def _add_aid_request(
    s: Session, seizure: Seizure, pound: Pound, actor_id: int, at: datetime, now: datetime
) -> AidRequest:
    req = AidRequest(
        seizure_id=seizure.id or 0,
        thana=pound.thana,
        requested_by=actor_id,
        requested_at=at,
    )
    s.add(req)
    seizure.police_aid_requested = True
    s.add(seizure)
    audit.append(
        s,
        action="police_aid_requested",
        subject=seizure.ref,
        occurred_at=at,
        now=now,
        actor_id=actor_id,
        district_id=seizure.district_id,
        section="II",
        payload={"thana": pound.thana},
    )
    # Messages: the police of the thana are asked for aid.
    s.flush()
    notify.aid_requested(
        s, seizure, district_context(s, seizure.district_id), request_id=req.id or 0, now=now
    )
    return req


def request_police_aid(
    db: Database, *, actor_id: int, ref: str, occurred_at: datetime, now: datetime
) -> int:
    """The seizer calls on the police of the pound's thana for aid (Sec II)."""
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        check_times(occurred_at, now, seizure.seized_at)
        if actor_id not in (seizure.seizer_id, seizure.reporter_id):
            from law.errors import NotAuthorised

            raise NotAuthorised(N_("only the seizer may call for police aid"), section="II")
        if seizure.status != SeizureStatus.SEIZED.value:
            raise Conflict(N_("the cattle are already at the pound"), section="II")
        open_req = s.exec(
            select(AidRequest).where(
                AidRequest.seizure_id == seizure.id, col(AidRequest.answered_at).is_(None)
            )
        ).first()
        if open_req is not None:
            return open_req.id or 0
        req = _add_aid_request(s, seizure, pound_of(s, seizure), actor_id, occurred_at, now)
        s.flush()
        return req.id or 0


def confirm_conveyance(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    occurred_at: datetime,
    now: datetime,
    note: str = "",
) -> None:
    """A police officer of the thana confirms the cattle reached the pound (Sec II, XVI)."""
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = pound_of(s, seizure)
        require_role(s, actor_id, seizure.district_id, (Role.POLICE, Role.DAROGAH), pound.thana)
        check_times(occurred_at, now, seizure.seized_at)
        if s.exec(select(Conveyance).where(Conveyance.seizure_id == seizure.id)).first():
            raise Conflict(N_("conveyance is already confirmed"), section="II")
        if seizure.status != SeizureStatus.SEIZED.value:
            raise Conflict(N_("the cattle are already registered at the pound"), section="V")
        s.add(
            Conveyance(
                seizure_id=seizure.id or 0,
                officer_id=actor_id,
                occurred_at=occurred_at,
                note=note.strip()[:1000],
            )
        )
        seizure.conveyed_at = occurred_at
        seizure.last_event_at = max(seizure.last_event_at, occurred_at)
        s.add(seizure)
        for req in s.exec(
            select(AidRequest).where(
                AidRequest.seizure_id == seizure.id, col(AidRequest.answered_at).is_(None)
            )
        ).all():
            req.answered_by = actor_id
            req.answered_at = occurred_at
            s.add(req)
        audit.append(
            s,
            action="conveyance_confirmed",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section="XVI" if seizure.ground == Ground.STRAY.value else "II",
            payload={"pound": pound.code, "note": note.strip()[:1000]},
        )


class OffenceKind(StrEnum):
    OPPOSITION = "opposition"
    RESCUE = "rescue"


def record_offence(
    db: Database,
    *,
    actor_id: int,
    ref: str,
    kind: str,
    offenders: str,
    description: str,
    occurred_at: datetime,
    now: datetime,
    animals: list[int] | None = None,
) -> int:
    """Forcible opposition to a seizure, or a rescue from the seizer or the pound (Sec XIII).

    Recorded by the seizer, the keeper of the pound or the police of its thana (law/guards.py
    `check_offence_recorder`); the offence goes to the police of the thana, the Magistrate
    decides it (office/offences.py); rescued animals leave custody.
    """
    try:
        okind = OffenceKind(kind)
    except ValueError:
        raise InvalidInput(N_("kind must be opposition or rescue")) from None
    if not description.strip():
        raise InvalidInput(N_("describe what happened"), section="XIII")
    with db.transaction() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        check_offence_recorder(seizure_standing(s, actor_id, seizure))
        pound = pound_of(s, seizure)
        check_times(occurred_at, now, seizure.seized_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        if okind is OffenceKind.RESCUE:
            numbers = animals or [
                a.number
                for a in rows
                if a.status in (AnimalStatus.SEIZED.value, AnimalStatus.IMPOUNDED.value)
            ]
            advance(
                s,
                seizure,
                rows,
                ctx,
                Rescue(on=local_date(occurred_at, ctx.tz), animal_ids=tuple(numbers)),
                at=occurred_at,
                on=local_date(occurred_at, ctx.tz),
                reason=f"rescued: {description.strip()[:400]}",
            )
        offence = Offence(
            seizure_id=seizure.id,
            district_id=seizure.district_id,
            kind=okind.value,
            offenders=offenders.strip()[:1000],
            description=description.strip()[:4000],
            occurred_at=occurred_at,
            reported_by=actor_id,
            thana=pound.thana,
        )
        s.add(offence)
        s.flush()
        audit.append(
            s,
            action=f"offence_{okind.value}",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section="XIII",
            payload={
                "offence_id": offence.id,
                "offenders": offence.offenders,
                "description": offence.description,
                "animals": animals or [],
                "thana": pound.thana,
            },
        )
        return offence.id or 0
