"""Who is told: one message to one person as an outbox row, to a seizure's people and officers.

Each row is written in the act's own transaction (transactional outbox) through
office/records/outbox.py, once per person and cause (its dedupe key), in the person's language, on
the channel he last wrote on (office/records/reach.py); a notice that binds him goes as a voice call
too, if he asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import partial

from sqlmodel import Session, select

from models import District, Outbox, Person, Pound, RoleGrant, Seizure, Unit
from office.access.roles import Role
from office.district import DistrictContext
from office.notify.unsolicited import unsolicited_hold
from office.records import outbox, outbox_delivery
from office.records.reach import VOICE, channel_for

CLAIM_REMINDER = "claim_reminder"
COMPLAINT_REMINDER = "complaint_reminder"
# The notices that bind the owner: to a person who asked to be called (`Person.voice`) they
# also go as a voice call, an outbox row of its own (docs/channels.md, "Voice").
CALLED_TEMPLATES = frozenset({"claim_notice", "notice_posted", COMPLAINT_REMINDER})


def language(person: Person, district: District | None) -> str:
    """The person's own choice, else the district's first language, else English."""
    if person.language:
        return person.language
    return str(district.languages[0]) if district is not None and district.languages else "en"


def enqueue(
    s: Session,
    *,
    person_id: int,
    template: str,
    params: Mapping[str, object],
    key: str,
    due_at: datetime,
    now: datetime,
    private: bool = True,
    seizure_ref: str | None = None,
    district_id: int | None = None,
    caused_by: int | None = None,
    unsolicited_per_day: int | None = None,
) -> Outbox | None:
    """One message to one person, in the caller's transaction; None if he cannot be reached.

    `key` is the dedupe key: a repeated cause finds its first row and writes nothing (the rows
    of the cause are locked by its act, so the look-up is safe; the unique index is the last
    word).

    `caused_by` is the person whose act causes it (by default the actor of the unit of work,
    models/unit.py). With `unsolicited_per_day`, a message that person's act would send to a number
    the office has never heard from is written `held` once he has had it message that many
    such numbers in 24 hours (`unsolicited_hold`).
    """
    existing = outbox.find(s, key[:200])
    if existing is not None:
        return existing
    person = s.get(Person, person_id)
    if person is None:
        return None
    reach = channel_for(s, person)  # the channel he last wrote on (office/records/reach.py)
    if reach is None:
        return None
    channel, address = reach
    if district_id is None and seizure_ref is not None:
        district_id = s.exec(select(Seizure.district_id).where(Seizure.ref == seizure_ref)).first()
    # By default the person who acts in the unit of work `s` serves causes the message.
    by = caused_by if caused_by is not None else getattr(Unit.of(s), "actor_id", None)
    per_day = unsolicited_per_day
    held = None if per_day is None else unsolicited_hold(s, by, person, district_id, now, per_day)
    # The message, and the call that reads it out: the same but for how each reaches him.
    queue = partial(
        outbox_delivery.queue,
        s,
        person_id=person_id,
        template=template,
        params=params,
        seizure_ref=seizure_ref,
        due_at=due_at,
        now=now,
        held=held,
        caused_by=by,
    )
    district = s.get(District, district_id) if district_id is not None else None
    said_in = language(person, district)
    row = queue(dedupe_key=key, channel=channel, address=address, language=said_in, private=private)
    call_key = f"voice|{key}"[:200]
    if (
        template in CALLED_TEMPLATES
        and person.voice
        and person.phone
        and outbox.find(s, call_key) is None
    ):
        # A call waits out the quiet hours like any private message (G11).
        queue(
            dedupe_key=call_key,
            channel=VOICE,
            address=person.phone,
            language=said_in,
            private=True,
        )
    return row


def officers(s: Session, district_id: int, role: Role, place: str | None = None) -> list[int]:
    """Everyone holding `role` (at `place`) in the district, in a stable order."""
    q = select(RoleGrant.person_id).where(
        RoleGrant.district_id == district_id, RoleGrant.role == role.value
    )
    if place is not None:
        q = q.where(RoleGrant.place == place)
    return sorted(set(s.exec(q).all()))


def send(
    s: Session,
    seizure: Seizure | None,
    ctx: DistrictContext,
    person_id: int | None,
    template: str,
    *,
    params: Mapping[str, object],
    key: str,
    now: datetime,
    due_at: datetime | None = None,
    private: bool = True,
    caused_by: int | None = None,
    unsolicited_per_day: int | None = None,
) -> Outbox | None:
    """One message to one person, once per template, cause (`key`) and person; of the seizure's,
    or (None) of a case's recovery (office/recovery.py)."""
    if person_id is None:
        return None
    ref = seizure.ref if seizure is not None else None
    return enqueue(
        s,
        person_id=person_id,
        template=template,
        params=params,
        key=":".join(str(p) for p in (template, ref, key, person_id) if p is not None),
        due_at=due_at or now,
        now=now,
        private=private,
        seizure_ref=ref,
        district_id=ctx.id,
        caused_by=caused_by,
        unsolicited_per_day=unsolicited_per_day,
    )


def send_each(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    told: Iterable[tuple[int | None, str]],
    *,
    params: Mapping[str, object],
    key: str,
    now: datetime,
) -> None:
    """The same params to each person of `told`, with the template he is sent (`send`)."""
    for person_id, template in told:
        send(s, seizure, ctx, person_id, template, params=params, key=key, now=now)


def tell_officers(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    role: Role,
    template: str,
    *,
    params: Mapping[str, object],
    key: str,
    now: datetime,
    caused_by: int | None = None,
) -> None:
    """Everyone holding `role` over the seizure: the Magistrates of its district, the keepers of
    its pound, the police or the Darogah of its pound's thana."""
    place = None
    if role is not Role.MAGISTRATE:
        pound = s.get(Pound, seizure.pound_id)
        place = (pound.code if role is Role.KEEPER else pound.thana) if pound else ""
    # Officers hear of work in office hours too; quiet hours (G11) are for private people.
    for person_id in officers(s, ctx.id, role, place):
        send(
            s,
            seizure,
            ctx,
            person_id,
            template,
            params=params,
            key=key,
            now=now,
            private=False,
            caused_by=caused_by,
        )
