"""What is waiting for each officer: aid requests, arrivals, unclaimed reports, sales, complaints.

Read-only. Given `actor_id`, each list first checks that the actor holds the office at that place
(NotAuthorised otherwise), so a conversation re-checks role and place on every step.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from sqlmodel import Session, col, select

from law.complaint import OPEN
from law.errors import N_, NotFound
from law.lifecycle import IN_CUSTODY, OPEN_IN_POUND, SeizureStatus
from law.periods import local_date
from models import (
    AidRequest,
    Complaint,
    Conveyance,
    Pound,
    Seizure,
    Village,
)
from models.columns import id_of
from models.db import Reader
from office.access.roles import Role, require_role
from office.charges import payable_on
from office.district import district_context, names_of, pound_by_code
from office.notify.params import kinds
from office.people import person_line, person_said
from office.records.register import seizure_by_ref
from office.state import animals_of, held_numbers
from office.views.documents.kinds import register_no_of

# A worklist on a phone is read, not scrolled: the oldest few come first.
LIMIT = 20


@dataclass(frozen=True)
class AnimalLine:
    number: int
    kind: str
    stated_kind: str
    description: str
    status: str


@dataclass(frozen=True)
class SeizureItem:
    """One seizure as an officer's list shows it."""

    ref: str
    status: str
    ground: str
    village: str
    place: str
    damage: str
    pound_code: str
    pound_name: str
    thana: str
    seized_at: datetime
    seized_on: date
    heads: int
    kinds: dict[str, int]  # {"cow": 2, "buffalo": 1}: the animals still in custody, by kind
    seizer: str
    owner: str | None
    aid_requested_at: datetime | None = None
    claim_until: date | None = None
    sale_not_before: date | None = None
    complaint_pending: bool = False
    owner_refused: bool = False
    # The seizer and owner as data (`{"name", "residence"}`), for the reader's language.
    seizer_person: dict[str, str] | None = None
    owner_person: dict[str, str] | None = None
    # The village's and the pound's names in other scripts, by language (the district file's).
    village_names: tuple[tuple[str, str], ...] = ()
    pound_names: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SeizureBrief:
    """A seizure with its animals and what is due today, for the officer acting on it."""

    item: SeizureItem
    animals: list[AnimalLine]
    held: list[int]
    register_no: str | None
    fine_text: str
    feeding_text: str
    total: int
    total_text: str
    per_day_text: str
    on: date
    # The same amounts as ints of the profile's unit, for the bot to write per language.
    fine: int = 0
    feeding: int = 0
    per_day: int = 0
    money: str = "paise"


@dataclass(frozen=True)
class ComplaintItem:
    """A complaint against a seizure (Sec XIV) awaiting the Magistrate."""

    id: int
    ref: str
    complainant: str
    agent: str | None
    mode: str
    filed_at: datetime
    text: str
    status: str
    seizure: SeizureItem
    animals: list[AnimalLine] = field(default_factory=list)
    standing: str = "owner_of_record"  # or "claiming_owner" (practice G14)
    hearing: str = ""  # when and where the summary enquiry is held, once admitted
    complainant_person: dict[str, str] | None = None  # as data, for the reader's language


def _item(s: Session, seizure: Seizure, aid_at: datetime | None = None) -> SeizureItem:
    pound = s.get(Pound, seizure.pound_id)
    village = s.get(Village, seizure.village_id)
    rows = animals_of(s, seizure)
    custody = [a for a in rows if a.status in IN_CUSTODY]
    seizer = person_said(s, seizure.seizer_id)
    owner = person_said(s, seizure.owner_id)
    return SeizureItem(
        ref=seizure.ref,
        status=seizure.status,
        ground=seizure.ground,
        village=village.name if village else "",
        place=seizure.place,
        damage=seizure.damage,
        pound_code=pound.code if pound else "",
        pound_name=pound.name if pound else "",
        pound_names=names_of(pound),
        village_names=names_of(village),
        thana=pound.thana if pound else "",
        seized_at=seizure.seized_at,
        seized_on=seizure.seized_on,
        heads=len(custody),
        kinds=kinds(custody),
        seizer=person_line(seizer),
        owner=person_line(owner) if owner else None,
        aid_requested_at=aid_at,
        claim_until=seizure.claim_until,
        sale_not_before=seizure.sale_not_before,
        complaint_pending=seizure.complaints_pending > 0,
        owner_refused=seizure.owner_refused_at is not None,
        seizer_person=seizer,
        owner_person=owner,
    )


def _animal_lines(s: Session, seizure: Seizure) -> list[AnimalLine]:
    return [
        AnimalLine(a.number, a.kind, a.stated_kind, a.description, a.status)
        for a in animals_of(s, seizure)
    ]


def _pounds_of_thana(
    s: Session, thana: str, actor_id: int | None, roles: tuple[Role, ...]
) -> list[Pound]:
    pounds = list(
        s.exec(select(Pound).where(Pound.thana == thana.strip()).order_by(col(Pound.id))).all()
    )
    if not pounds:
        raise NotFound(N_("no pound is at thana '{thana}'"), section="III", said={"thana": thana})
    if actor_id is not None:
        for district_id in sorted({p.district_id for p in pounds}):
            require_role(s, actor_id, district_id, roles, pounds[0].thana)
    return pounds


def _pound(s: Session, code: str, actor_id: int | None) -> Pound:
    pound = pound_by_code(s, code)
    if actor_id is not None:
        require_role(s, actor_id, pound.district_id, Role.KEEPER, pound.code)
    return pound


def _at(pounds: Iterable[Pound]) -> Any:
    return col(Seizure.pound_id).in_([id_of(p) for p in pounds])


def _seizures(
    s: Session, *where: Any, held: Iterable[SeizureStatus], by: Any = Seizure.seized_at
) -> list[Seizure]:
    """The first `LIMIT` seizures `where`, in one of the statuses `held`, oldest first `by`."""
    return list(
        s.exec(
            select(Seizure)
            .where(*where, col(Seizure.status).in_([st.value for st in held]))
            .order_by(col(by), col(Seizure.id))
            .limit(LIMIT)
        ).all()
    )


def open_aid_requests(db: Reader, *, thana: str, actor_id: int | None = None) -> list[SeizureItem]:
    """Seizers' calls for police aid not yet answered, for the police of `thana` (Sec II)."""
    with db.lagging() as s:
        pounds = _pounds_of_thana(s, thana, actor_id, (Role.POLICE, Role.DAROGAH))
        rows = s.exec(
            select(AidRequest, Seizure)
            .join(Seizure, col(Seizure.id) == col(AidRequest.seizure_id))
            .where(
                _at(pounds),
                col(AidRequest.answered_at).is_(None),
                Seizure.status == SeizureStatus.SEIZED.value,
            )
            .order_by(col(AidRequest.requested_at), col(AidRequest.id))
            .limit(LIMIT)
        ).all()
        first: dict[str, tuple[Seizure, datetime]] = {}
        for req, seizure in rows:
            first.setdefault(seizure.ref, (seizure, req.requested_at))
        return [_item(s, z, at) for z, at in first.values()]


def awaiting_conveyance(
    db: Reader, *, thana: str, actor_id: int | None = None
) -> list[SeizureItem]:
    """Seizures for the pounds of `thana` whose conveyance no officer has confirmed yet."""
    with db.lagging() as s:
        pounds = _pounds_of_thana(s, thana, actor_id, (Role.POLICE, Role.DAROGAH))
        conveyed = col(Seizure.id).not_in(select(Conveyance.seizure_id))
        rows = _seizures(s, _at(pounds), conveyed, held=[SeizureStatus.SEIZED])
        return [_item(s, seizure) for seizure in rows]


def expected_arrivals(
    db: Reader, *, pound_code: str, actor_id: int | None = None
) -> list[SeizureItem]:
    """Cattle reported seized for this pound and not yet registered (Sec V)."""
    with db.lagging() as s:
        pound = _pound(s, pound_code, actor_id)
        return [_item(s, z) for z in _seizures(s, _at([pound]), held=[SeizureStatus.SEIZED])]


def in_pound(db: Reader, *, pound_code: str, actor_id: int | None = None) -> list[SeizureItem]:
    """Seizures with cattle held at this pound: registered, reported unclaimed or noticed."""
    with db.lagging() as s:
        pound = _pound(s, pound_code, actor_id)
        rows = _seizures(s, _at([pound]), held=OPEN_IN_POUND, by=Seizure.impounded_at)
        return [_item(s, z) for z in rows]


def awaiting_notice(db: Reader, *, thana: str, actor_id: int | None = None) -> list[SeizureItem]:
    """Seizures reported unclaimed to the Darogah of `thana`, awaiting notice (Sec VIII)."""
    with db.lagging() as s:
        pounds = _pounds_of_thana(s, thana, actor_id, (Role.DAROGAH,))
        rows = _seizures(s, _at(pounds), held=[SeizureStatus.REPORTED_UNCLAIMED])
        return [_item(s, z) for z in rows]


def sales_due(
    db: Reader, *, thana: str, now: datetime, actor_id: int | None = None
) -> list[SeizureItem]:
    """Seizures the Darogah of `thana` may now sell: noticed and the seven days run (Sec VIII),
    or the owner refused to pay (Sec IX); never while a complaint is pending (IX, G3)."""
    with db.lagging() as s:
        pounds = _pounds_of_thana(s, thana, actor_id, (Role.DAROGAH,))
        today = local_date(now, district_context(s, pounds[0].district_id).tz)
        noticed = [
            z
            for z in _seizures(s, _at(pounds), held=[SeizureStatus.NOTICED])
            if z.sale_not_before is not None and z.sale_not_before <= today
        ]
        impounded = _seizures(s, _at(pounds), held=[SeizureStatus.IMPOUNDED])
        refused = [z for z in impounded if z.owner_refused_at is not None]
        return [_item(s, z) for z in noticed + refused if z.complaints_pending == 0]


def _complaint_item(s: Session, complaint: Complaint, seizure: Seizure) -> ComplaintItem:
    complainant = person_said(s, complaint.complainant_id)
    return ComplaintItem(
        id=id_of(complaint),
        ref=seizure.ref,
        complainant=person_line(complainant),
        complainant_person=complainant,
        agent=complaint.agent_name,
        mode=complaint.mode,
        filed_at=complaint.filed_at,
        text=complaint.text,
        status=complaint.status,
        seizure=_item(s, seizure),
        animals=_animal_lines(s, seizure),
        standing=complaint.standing,
        hearing=complaint.hearing,
    )


def pending_complaints(
    db: Reader, *, district_id: int, actor_id: int | None = None
) -> list[ComplaintItem]:
    """Complaints against seizures in the district not yet decided, oldest first (Sec XIV)."""
    with db.lagging() as s:
        if actor_id is not None:
            require_role(s, actor_id, district_id, Role.MAGISTRATE, None)
        rows = s.exec(
            select(Complaint, Seizure)
            .join(Seizure, col(Seizure.id) == col(Complaint.seizure_id))
            .where(Seizure.district_id == district_id, col(Complaint.status).in_(sorted(OPEN)))
            .order_by(col(Complaint.filed_at), col(Complaint.id))
            .limit(LIMIT)
        ).all()
        return [_complaint_item(s, c, z) for c, z in rows]


def complaint_detail(
    db: Reader, *, complaint_id: int, actor_id: int | None = None
) -> ComplaintItem:
    """One complaint with its seizure, for the Magistrate examining it (Sec XIV)."""
    with db.reading() as s:
        complaint = s.get(Complaint, complaint_id)
        if complaint is None:
            raise NotFound(N_("no complaint {complaint_id}"), said={"complaint_id": complaint_id})
        seizure = s.get(Seizure, complaint.seizure_id)
        if seizure is None:
            raise NotFound(
                N_("no seizure for complaint {complaint_id}"), said={"complaint_id": complaint_id}
            )
        if actor_id is not None:
            require_role(s, actor_id, seizure.district_id, Role.MAGISTRATE, None)
        return _complaint_item(s, complaint, seizure)


def seizure_brief(
    db: Reader,
    *,
    ref: str,
    now: datetime,
    actor_id: int | None = None,
    roles: tuple[Role, ...] = (Role.KEEPER,),
    section: str | None = None,
) -> SeizureBrief:
    """A seizure for the officer acting on it, after checking he holds one of `roles` there:
    a keeper at its pound, police or a Darogah at its pound's thana (refused citing `section`,
    the section of the act he is about to do)."""
    with db.reading() as s:
        seizure = seizure_by_ref(s, ref)
        pound = s.get(Pound, seizure.pound_id)
        if pound is None:
            raise NotFound(N_("no pound for {ref}"), said={"ref": seizure.ref})
        if actor_id is not None:
            place = pound.code if roles == (Role.KEEPER,) else pound.thana
            require_role(s, actor_id, seizure.district_id, roles, place, section=section)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        today = local_date(now, ctx.tz)
        due = payable_on(s, seizure, rows, ctx, today)
        return SeizureBrief(
            item=_item(s, seizure),
            animals=_animal_lines(s, seizure),
            held=held_numbers(rows),
            register_no=register_no_of(s, seizure, pound) or None,
            fine_text=ctx.fmt(due.fine),
            feeding_text=ctx.fmt(due.feeding),
            total=due.total,
            total_text=ctx.fmt(due.total),
            per_day_text=ctx.fmt(due.per_day),
            on=today,
            fine=due.fine,
            feeding=due.feeding,
            per_day=due.per_day,
            money=ctx.profile.money.name,
        )


def villages_of_thana(db: Reader, *, thana: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """The villages served by the pounds of `thana` (Sec III), excluded tracts left out (XX),
    each as (name, its names in other scripts by language)."""
    with db.reading() as s:
        pounds = _pounds_of_thana(s, thana, None, ())
        rows = s.exec(
            select(Village)
            .where(
                col(Village.pound_id).in_([p.id for p in pounds]), col(Village.excluded).is_(False)
            )
            .order_by(col(Village.name))
        ).all()
        return [(v.name, names_of(v)) for v in rows]


def notices_posted(
    db: Reader, *, thana: str, now: datetime, actor_id: int | None = None
) -> list[SeizureItem]:
    """Seizures whose notice the Darogah of `thana` has posted and whose seven days have not yet
    run (Sec VIII): the sales to come, the soonest first."""
    with db.lagging() as s:
        pounds = _pounds_of_thana(s, thana, actor_id, (Role.DAROGAH,))
        today = local_date(now, district_context(s, pounds[0].district_id).tz)
        waiting = [
            z
            for z in _seizures(s, _at(pounds), held=[SeizureStatus.NOTICED])
            if z.sale_not_before is None or z.sale_not_before > today
        ]
        waiting.sort(key=lambda z: (z.sale_not_before or today, id_of(z)))
        return [_item(s, z) for z in waiting]


def held_in_district(
    db: Reader, *, district_id: int, actor_id: int | None = None
) -> list[SeizureItem]:
    """Seizures of the district with cattle on the way to a pound or held in one, oldest first:
    those the Magistrate may release by order (Sec VI)."""
    with db.lagging() as s:
        if actor_id is not None:
            require_role(s, actor_id, district_id, Role.MAGISTRATE, None)
        held = [SeizureStatus.SEIZED, *OPEN_IN_POUND]
        rows = _seizures(s, Seizure.district_id == district_id, held=held)
        return [_item(s, z) for z in rows]
