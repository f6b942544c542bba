"""The messages each act sends: outbox rows written in the act's own transaction (transactional
outbox), one per person and cause, rendered and sent later by the sender (`bot/sender.py`).

Params are plain JSON, written in the reader's language only when the message is rendered
(`bot/notices.py`): amounts as ints of the profile's smallest unit (`*_amount`, with the money
system's name under `money`), dates as ISO strings (`*_date`), kinds as `{kind: count}`
(`*_kinds`), people as `{"name", "residence"}`, and always `ref` and, where the message states
the law, its `section`. No text is written here in any language but the names people gave.
Every template named here is in `bot.notices.TEMPLATES`; `docs/messages.md` says who gets which,
and when.

The params written here are the picture at the act. What a message says when it goes out is
worked out again at the send from the record as it then stands, and a message whose cause is
gone by then is cancelled (practice G16): `office/messages_now.py` holds that table, and a new
template that depends on the record needs its entry there. The cancellations below only clear
the queue early; the check at the send is the one that counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime, timedelta

from sqlmodel import Session, col, select

from law.lifecycle import AnimalStatus, SeizureStatus
from law.periods import local_date, local_datetime, reminder_days
from models import (
    Animal,
    Complaint,
    Conversation,
    District,
    InboundMessage,
    KindOrder,
    Outbox,
    Person,
    Pound,
    RoleGrant,
    Seizure,
    SurplusDeposit,
    Village,
)
from office import acting
from office.charges import due_on
from office.common import DistrictContext
from office.reach import VOICE, channel_for
from office.roles import Role
from office.state import animals_of

QUEUED = "queued"
CANCELLED = "cancelled"
HELD = "held"
# How many numbers the office has never heard from one private person's acts may have it
# message in any 24 hours (POUND_UNSOLICITED_PER_DAY sets it); the rest are held, not sent.
UNSOLICITED_PER_DAY = 5
UNSOLICITED_WINDOW = timedelta(days=1)
CLAIM_REMINDER = "claim_reminder"
COMPLAINT_REMINDER = "complaint_reminder"
# The notices that bind the owner: to a person who asked to be called (`Person.voice`) they
# also go as a voice call, an outbox row of its own (docs/channels.md, "Voice").
CALLED_TEMPLATES = frozenset({"claim_notice", "notice_posted", COMPLAINT_REMINDER})


# --- The outbox itself ------------------------------------------------------------------------


def _language(s: Session, person: Person, district_id: int | None) -> str:
    """The person's own choice, else the district's first language, else English."""
    if person.language:
        return person.language
    if district_id is not None:
        district = s.get(District, district_id)
        if district is not None and district.languages:
            return district.languages[0]
    return "en"


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

    `key` is the dedupe key: a repeated cause finds its first row and writes nothing (the
    writer lock makes the look-up safe; the unique index is the last word).

    `caused_by` is the person whose act causes it (by default the actor of the act being
    recorded). With `unsolicited_per_day`, a message that person's act would send to a number
    the office has never heard from is written `held` once he has had it message that many
    such numbers in 24 hours (`unsolicited_hold`).
    """
    existing = s.exec(select(Outbox).where(Outbox.dedupe_key == key)).first()
    if existing is not None:
        return existing
    person = s.get(Person, person_id)
    if person is None:
        return None
    reach = channel_for(s, person)  # the channel he last wrote on (office/reach.py)
    if reach is None:
        return None
    channel, address = reach
    if district_id is None and seizure_ref is not None:
        district_id = s.exec(select(Seizure.district_id).where(Seizure.ref == seizure_ref)).first()
    by = caused_by if caused_by is not None else acting.actor(s)
    held = (
        unsolicited_hold(
            s,
            caused_by=by,
            person=person,
            district_id=district_id,
            now=now,
            per_day=unsolicited_per_day,
        )
        if unsolicited_per_day is not None
        else None
    )
    row = Outbox(
        dedupe_key=key[:200],
        channel=channel,
        address=address,
        person_id=person_id,
        language=_language(s, person, district_id),
        template=template,
        params=dict(params),
        private=private,
        seizure_ref=seizure_ref,
        due_at=due_at,
        state=HELD if held else QUEUED,
        failed_reason=held,
        created_at=now,
        caused_by=by,
    )
    s.add(row)
    s.flush()
    if by is None:
        acting.attribute_later(s, row)
    if template in CALLED_TEMPLATES and person.voice and person.phone:
        call = Outbox(
            dedupe_key=f"voice|{key}"[:200],
            channel=VOICE,
            address=person.phone,
            person_id=person_id,
            language=row.language,
            template=template,
            params=dict(params),
            private=True,  # a call waits out the quiet hours like any private message (G11)
            seizure_ref=seizure_ref,
            due_at=due_at,
            state=row.state,
            failed_reason=row.failed_reason,
            created_at=now,
            caused_by=by,
        )
        if s.exec(select(Outbox.id).where(Outbox.dedupe_key == call.dedupe_key)).first() is None:
            s.add(call)
            s.flush()
            if by is None:
                acting.attribute_later(s, call)
    return row


def _addresses(person: Person) -> list[str]:
    found = []
    if person.phone:
        found += [person.phone, f"whatsapp:{person.phone}"]
    if person.telegram_id is not None:
        found.append(str(person.telegram_id))
    return found


def heard_from(s: Session, person: Person, district_id: int | None) -> bool:
    """Whether the office knows this person's number: a message ever came from it (by SMS,
    WhatsApp or Telegram), or he is an officer in the district's file."""
    if person.id is not None and district_id is not None:
        grant = s.exec(
            select(RoleGrant.id).where(
                RoleGrant.person_id == person.id, RoleGrant.district_id == district_id
            )
        ).first()
        if grant is not None:
            return True
    addresses = _addresses(person)
    if not addresses:
        return False
    inbound = s.exec(
        select(InboundMessage.id).where(col(InboundMessage.address).in_(addresses)).limit(1)
    ).first()
    if inbound is not None:
        return True
    # The console and a chat before its first logged update leave a conversation, not a log.
    chat = s.exec(
        select(Conversation.id).where(col(Conversation.address).in_(addresses)).limit(1)
    ).first()
    return chat is not None


def unsolicited_hold(
    s: Session,
    *,
    caused_by: int | None,
    person: Person,
    district_id: int | None,
    now: datetime,
    per_day: int,
) -> str | None:
    """Why a message to `person` caused by `caused_by`'s act is held, or None to send it.

    Only a private person's act is limited, and only its messages to numbers the office has
    never heard from: an officer of the district answers for whom he names, and nobody is
    limited in messages to himself or to people who have written to the office. Such a person
    may have the office message `per_day` unknown numbers in any 24 hours; a number already
    messaged in that time keeps getting its messages (and one held stays held).
    """
    if caused_by is None or person.id is None or person.id == caused_by:
        return None
    if district_id is not None:
        officer = s.exec(
            select(RoleGrant.id).where(
                RoleGrant.person_id == caused_by, RoleGrant.district_id == district_id
            )
        ).first()
        if officer is not None:
            return None
    if heard_from(s, person, district_id):
        return None
    recent = s.exec(
        select(Outbox.person_id, Outbox.state).where(
            Outbox.caused_by == caused_by,
            col(Outbox.created_at) > now - UNSOLICITED_WINDOW,
            col(Outbox.person_id).is_not(None),
            Outbox.person_id != caused_by,
        )
    ).all()
    reason = (
        f"held: a private person may have the office message {per_day} numbers it has not "
        "heard from in 24 hours; this one was not sent"
    )
    mine = {state for pid, state in recent if pid == person.id}
    if mine:
        return reason if mine == {HELD} else None
    messaged = {pid for pid, state in recent if state != HELD and pid != person.id}
    unknown = 0
    for pid in sorted(p for p in messaged if p is not None):
        other = s.get(Person, pid)
        if other is not None and not heard_from(s, other, district_id):
            unknown += 1
    return reason if unknown >= per_day else None


def cancel(
    s: Session,
    *,
    seizure_ref: str,
    templates: Iterable[str],
    now: datetime,
    person_id: int | None = None,
    reason: str = "no longer true",
) -> int:
    """Cancel the queued messages of a seizure that are no longer true (a claim reminder after
    the cattle were claimed). Rows already being sent are left to the sender."""
    q = select(Outbox).where(
        Outbox.seizure_ref == seizure_ref,
        Outbox.state == QUEUED,
        col(Outbox.template).in_(list(templates)),
    )
    if person_id is not None:
        q = q.where(Outbox.person_id == person_id)
    rows = s.exec(q).all()
    for row in rows:
        row.state = CANCELLED
        row.failed_reason = f"cancelled at {now.isoformat()}: {reason}"[:500]
        s.add(row)
    return len(rows)


def officers(s: Session, district_id: int, role: Role, place: str | None = None) -> list[int]:
    """Everyone holding `role` (at `place`) in the district, in a stable order."""
    q = select(RoleGrant.person_id).where(
        RoleGrant.district_id == district_id, RoleGrant.role == role.value
    )
    if place is not None:
        q = q.where(RoleGrant.place == place)
    return sorted(set(s.exec(q).all()))


# --- What the messages say about a seizure ----------------------------------------------------


def _kinds(animals: Iterable[Animal]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for a in animals:
        counted[a.kind] = counted.get(a.kind, 0) + 1
    return counted


def _held(animals: Iterable[Animal]) -> list[Animal]:
    return [a for a in animals if a.status == AnimalStatus.IMPOUNDED.value]


def person_param(s: Session, person_id: int | None) -> dict[str, object] | None:
    """A person as a message names him: his name and where he lives, said per language."""
    person = s.get(Person, person_id) if person_id is not None else None
    if person is None:
        return None
    return {"name": person.name, "residence": person.residence or None}


def _name_only(s: Session, person_id: int | None) -> str | None:
    person = s.get(Person, person_id) if person_id is not None else None
    return person.name if person is not None else None


def amounts(ctx: DistrictContext, **values: int) -> dict[str, object]:
    """Amounts as message params: `fine=12` -> `fine_amount: 12`, with the money system's name
    (`money`) so the renderer writes them as the reader writes money."""
    return {"money": ctx.profile.money.name, **{f"{k}_amount": v for k, v in values.items()}}


def _basics(s: Session, seizure: Seizure, ctx: DistrictContext) -> dict[str, object]:
    pound = s.get(Pound, seizure.pound_id)
    village = s.get(Village, seizure.village_id)
    return {
        "ref": seizure.ref,
        "pound": pound.name if pound else "",
        "village": village.name if village else "",
        "place": seizure.place,
        "seized_date": seizure.seized_on.isoformat(),
    }


def _due_params(
    seizure: Seizure, animals: list[Animal], ctx: DistrictContext, on: date
) -> dict[str, object]:
    due = due_on(seizure, animals, ctx, on)
    return amounts(ctx, fine=due.fine, feeding=due.feeding, per_day=due.per_day, total=due.total)


def _send(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    person_id: int | None,
    template: str,
    params: Mapping[str, object],
    key: str,
    now: datetime,
    due_at: datetime | None = None,
    private: bool = True,
    caused_by: int | None = None,
    unsolicited_per_day: int | None = None,
) -> Outbox | None:
    if person_id is None:
        return None
    return enqueue(
        s,
        person_id=person_id,
        template=template,
        params=params,
        key=f"{template}:{seizure.ref}:{key}:{person_id}",
        due_at=due_at or now,
        now=now,
        private=private,
        seizure_ref=seizure.ref,
        district_id=ctx.id,
        caused_by=caused_by,
        unsolicited_per_day=unsolicited_per_day,
    )


def _tell_officers(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    role: Role,
    place: str | None,
    *,
    template: str,
    params: Mapping[str, object],
    key: str,
    now: datetime,
    caused_by: int | None = None,
) -> None:
    # Officers hear of work in office hours too; quiet hours (G11) are for private people.
    for person_id in officers(s, ctx.id, role, place):
        _send(
            s,
            seizure,
            ctx,
            person_id=person_id,
            template=template,
            params=params,
            key=key,
            now=now,
            private=False,
            caused_by=caused_by,
        )


def _complaint_reminders(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    now: datetime,
    *,
    caused_by: int | None = None,
    unsolicited_per_day: int | None = None,
) -> list[Outbox]:
    """Practice: remind the owner before the ten days of Sec XIV run out, at 09:00 local."""
    written: list[Outbox] = []
    if seizure.owner_id is None or seizure.ground == "stray":
        return written
    params = {
        **_basics(s, seizure, ctx),
        "complaint_date": seizure.complaint_until.isoformat(),
        "section": "XIV",
    }
    for day in reminder_days(seizure.complaint_until, ctx.profile.complaint_reminder_days_before):
        due = local_datetime(day, ctx.profile.next_step_hour, ctx.tz)
        if due > now:
            row = _send(
                s,
                seizure,
                ctx,
                person_id=seizure.owner_id,
                template=COMPLAINT_REMINDER,
                params=params,
                key=day.isoformat(),
                now=now,
                due_at=due,
                caused_by=caused_by,
                unsolicited_per_day=unsolicited_per_day,
            )
            if row is not None:
                written.append(row)
    return written


# --- One function per act ---------------------------------------------------------------------


def seizure_reported(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    now: datetime,
    *,
    caused_by: int | None = None,
    unsolicited_per_day: int | None = None,
) -> str | None:
    """The keeper learns what is coming to his pound; the owner, when to complain by.

    Answers what became of the owner's messages: `queued`, `held` (an unsolicited number over
    the reporter's limit, `unsolicited_hold`), or None when none was written."""
    rows = animals_of(s, seizure)
    pound = s.get(Pound, seizure.pound_id)
    params = {
        **_basics(s, seizure, ctx),
        "heads": len(rows),
        "animals_kinds": _kinds(rows),
        "seizer": person_param(s, seizure.seizer_id),
        "section": "V",
    }
    _tell_officers(
        s,
        seizure,
        ctx,
        Role.KEEPER,
        pound.code if pound else "",
        template="arrival_expected",
        params=params,
        key="reported",
        now=now,
    )
    to_owner = _complaint_reminders(
        s, seizure, ctx, now, caused_by=caused_by, unsolicited_per_day=unsolicited_per_day
    )
    if not to_owner:
        return None
    return HELD if all(r.state == HELD for r in to_owner) else QUEUED


def aid_requested(
    s: Session, seizure: Seizure, ctx: DistrictContext, *, request_id: int, now: datetime
) -> None:
    """The police of the pound's thana are asked to help the seizer (Sec II)."""
    rows = animals_of(s, seizure)
    pound = s.get(Pound, seizure.pound_id)
    params = {
        **_basics(s, seizure, ctx),
        "heads": len(rows),
        "animals_kinds": _kinds(rows),
        "seizer": person_param(s, seizure.seizer_id),
        "section": "II",
    }
    _tell_officers(
        s,
        seizure,
        ctx,
        Role.POLICE,
        pound.thana if pound else "",
        template="aid_requested",
        params=params,
        key=str(request_id),
        now=now,
    )


def arrival_registered(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    register_no: str,
    now: datetime,
) -> None:
    """The seizer gets his copy of the entry (Sec V); the owner his claim notice and reminders."""
    rows = animals_of(s, seizure)
    live = _held(rows)
    basics = _basics(s, seizure, ctx)
    brought = (seizure.impounded_at or now).astimezone(ctx.tz)
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.seizer_id,
        template="register_copy",
        params={
            **basics,
            "register_no": register_no,
            "brought_date": brought.date().isoformat(),
            "brought_time": f"{brought:%H:%M}",
            "heads": len(live),
            "entry_animals": [
                {"number": a.number, "kind": a.kind, "description": a.description} for a in live
            ],
            "seizer_name": _name_only(s, seizure.seizer_id),
            "owner_name": _name_only(s, seizure.owner_id),
            "section": "V",
        },
        key=register_no,
        now=now,
    )
    if seizure.owner_id is None or seizure.impounded_on is None or seizure.claim_until is None:
        return
    today = local_date(now, ctx.tz)
    notice = {
        **basics,
        "heads": len(live),
        "animals_kinds": _kinds(live),
        "impounded_date": seizure.impounded_on.isoformat(),
        "claim_date": seizure.claim_until.isoformat(),
        "complaint_date": seizure.complaint_until.isoformat(),
        **_due_params(seizure, rows, ctx, max(today, seizure.impounded_on)),
        "section": "VII",
    }
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.owner_id,
        template="claim_notice",
        params=notice,
        key="arrival",
        now=now,
    )
    for day in reminder_days(seizure.claim_until, ctx.profile.claim_reminder_days_before):
        due = local_datetime(day, ctx.profile.next_step_hour, ctx.tz)
        if due <= now:
            continue
        _send(
            s,
            seizure,
            ctx,
            person_id=seizure.owner_id,
            template=CLAIM_REMINDER,
            params={
                **basics,
                "claim_date": seizure.claim_until.isoformat(),
                "on_date": day.isoformat(),
                **_due_params(seizure, rows, ctx, day),
                "section": "VIII",
            },
            key=day.isoformat(),
            now=now,
            due_at=due,
        )
    _complaint_reminders(s, seizure, ctx, now)


def released(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    how: str,
    key: str,
    numbers: list[int],
    at: datetime,
    now: datetime,
) -> None:
    """Cattle left the pound on payment (Sec VII) or by order (Sec VI): the seizer hears the
    outcome, the owner of an order; once none is held, the claim reminders are void."""
    params = {
        **_basics(s, seizure, ctx),
        "heads": len(numbers),
        "released_date": local_date(at, ctx.tz).isoformat(),
        "section": "VII" if how == "paid" else "VI",
    }
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.seizer_id,
        template=f"outcome_released_{how}",
        params=params,
        key=key,
        now=now,
    )
    if how == "by_order":
        _send(
            s,
            seizure,
            ctx,
            person_id=seizure.owner_id,
            template="owner_released_by_order",
            params=params,
            key=key,
            now=now,
        )
    closed(s, seizure, now)


def closed(s: Session, seizure: Seizure, now: datetime) -> None:
    """No head left in the pound: nothing remains to claim, so the claim reminders are void."""
    if seizure.status == SeizureStatus.CLOSED.value:
        cancel(
            s,
            seizure_ref=seizure.ref,
            templates=[CLAIM_REMINDER],
            now=now,
            reason="no cattle of this seizure are held any longer",
        )


def owner_refused(s: Session, seizure: Seizure, ctx: DistrictContext, now: datetime) -> None:
    """The owner appeared and would not pay: the Darogah may sell as many as needed (Sec IX)."""
    cancel(
        s,
        seizure_ref=seizure.ref,
        templates=[CLAIM_REMINDER],
        now=now,
        reason="the owner appeared and refused to pay",
    )
    if seizure.complaints_pending:
        return
    _sale_due_darogah(s, seizure, ctx, key="refused", section="IX", now=now)


def animal_lost(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    number: int,
    what: str,
    reason: str,
    at: datetime,
    now: datetime,
) -> None:
    """Practice G7: the owner is told of a death or escape in the pound."""
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.owner_id,
        template=f"animal_{what}",
        params={
            **_basics(s, seizure, ctx),
            "number": number,
            "reason": reason[:300],
            "on_date": local_date(at, ctx.tz).isoformat(),
            "section": "practice G7",
        },
        key=str(number),
        now=now,
    )
    closed(s, seizure, now)


def unclaimed_reported(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    notice: Mapping[str, object],
    now: datetime,
) -> None:
    """The Darogah of the thana is asked to post the notice and have it proclaimed (Sec VIII)."""
    pound = s.get(Pound, seizure.pound_id)
    rows = _held(animals_of(s, seizure))
    _tell_officers(
        s,
        seizure,
        ctx,
        Role.DAROGAH,
        pound.thana if pound else "",
        template="unclaimed_report",
        params={
            **_basics(s, seizure, ctx),
            "heads": len(rows),
            "animals_kinds": _kinds(rows),
            "claim_date": seizure.claim_until.isoformat() if seizure.claim_until else None,
            "notice": dict(notice),
            "section": "VIII",
        },
        key="reported",
        now=now,
    )


def notice_posted(s: Session, seizure: Seizure, ctx: DistrictContext, now: datetime) -> None:
    """The owner hears the notice is up and when the sale may be held (Sec VIII)."""
    if seizure.noticed_on is None or seizure.sale_not_before is None:
        return
    rows = animals_of(s, seizure)
    today = local_date(now, ctx.tz)
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.owner_id,
        template="notice_posted",
        params={
            **_basics(s, seizure, ctx),
            "notice_date": seizure.noticed_on.isoformat(),
            "claim_date": seizure.sale_not_before.fromordinal(
                seizure.sale_not_before.toordinal() - 1
            ).isoformat(),
            "sale_date": seizure.sale_not_before.isoformat(),
            **_due_params(seizure, rows, ctx, today),
            "section": "VIII",
        },
        key="notice",
        now=now,
    )


def _sale_due_darogah(
    s: Session, seizure: Seizure, ctx: DistrictContext, *, key: str, section: str, now: datetime
) -> None:
    pound = s.get(Pound, seizure.pound_id)
    rows = _held(animals_of(s, seizure))
    _tell_officers(
        s,
        seizure,
        ctx,
        Role.DAROGAH,
        pound.thana if pound else "",
        template="sale_due_refused" if section == "IX" else "sale_due",
        params={
            **_basics(s, seizure, ctx),
            "heads": len(rows),
            "animals_kinds": _kinds(rows),
            "notice_date": seizure.noticed_on.isoformat() if seizure.noticed_on else None,
            "section": section,
        },
        key=key,
        now=now,
    )


def sale_due(s: Session, seizure: Seizure, ctx: DistrictContext, now: datetime) -> None:
    """The notice has run unclaimed: the Darogah may hold the auction, the owner is warned."""
    _sale_due_darogah(s, seizure, ctx, key="notice", section="VIII", now=now)
    rows = animals_of(s, seizure)
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.owner_id,
        template="sale_due_owner",
        params={
            **_basics(s, seizure, ctx),
            "sale_date": seizure.sale_not_before.isoformat() if seizure.sale_not_before else None,
            **_due_params(seizure, rows, ctx, local_date(now, ctx.tz)),
            "section": "VIII",
        },
        key="notice",
        now=now,
    )


def sale_recorded(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    sale_id: int,
    kind: str,
    numbers: dict[str, int],
    held_on: date,
    impounded_from: date,
    deposit_id: int | None,
    now: datetime,
    handed_back: Iterable[int] = (),
    still_held: Iterable[int] = (),
) -> None:
    """After an auction: the owner's account (Sec IX) and the surplus he may claim (XI); the
    seizer's outcome. `numbers` holds the account's amounts and counts. Under Sec IX the
    account says what became of the head not sold: handed back with the balance, or still
    held with a further sale to follow (practice G13), or nothing left to sell."""
    basics = _basics(s, seizure, ctx)
    section = "IX" if kind == "non_payment" else "VIII"
    rows = {a.number: a for a in animals_of(s, seizure)}
    returned = [rows[n] for n in handed_back if n in rows]
    held = [rows[n] for n in still_held if n in rows]
    account = {
        **basics,
        "number_seized": numbers["number_seized"],
        "number_sold": numbers["number_sold"],
        "from_date": impounded_from.isoformat(),
        "until_date": held_on.isoformat(),
        "returned": len(returned),
        "returned_kinds": _kinds(returned),
        "held": len(held),
        "held_kinds": _kinds(held),
        **amounts(
            ctx,
            **{
                k: numbers.get(k, 0)
                for k in (
                    "fines",
                    "feeding",
                    "expenses",
                    "proceeds",
                    "paid_before",
                    "fines_paid",
                    "feeding_paid",
                    "expenses_paid",
                    "balance",
                    "still_due",
                    "shortfall",
                )
            },
            # What the seizure was charged: fines, feeding and the expenses of the sale.
            charged=sum(numbers.get(k, 0) for k in ("fines", "feeding", "expenses")),
        ),
        "section": "IX",
    }
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.owner_id,
        template=_sale_account_template(kind, numbers, returned),
        params=account,
        key=str(sale_id),
        now=now,
    )
    deposit = s.get(SurplusDeposit, deposit_id) if deposit_id is not None else None
    if deposit is not None:
        _send(
            s,
            seizure,
            ctx,
            person_id=seizure.owner_id,
            template="surplus_claimable",
            params={
                **basics,
                "deposit_id": deposit.id,
                **amounts(ctx, surplus=deposit.amount),
                "until_date": deposit.claim_until.isoformat(),
                "section": "XI",
            },
            key=str(deposit.id),
            now=now,
        )
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.seizer_id,
        template="outcome_sold",
        params={
            **basics,
            "heads": numbers["number_sold"],
            "sold_date": held_on.isoformat(),
            "section": section,
        },
        key=str(sale_id),
        now=now,
    )
    # Sold cattle can no longer be claimed. The owner may still complain within the ten days
    # (practice G12: the seizer then repays the fines and charges taken from the proceeds), so
    # the complaint reminder stands.
    cancel(
        s,
        seizure_ref=seizure.ref,
        templates=[CLAIM_REMINDER],
        now=now,
        reason="the cattle were sold",
    )


def _sale_account_template(kind: str, numbers: Mapping[str, int], returned: list[Animal]) -> str:
    if kind != "non_payment":
        return "sale_account_unclaimed"
    if numbers.get("shortfall"):
        return "sale_account_shortfall"  # nothing left to sell (G5, G13)
    if numbers.get("still_due"):
        return "sale_account_short"  # the rest stay in the pound (G13)
    return "sale_account" if returned else "sale_account_all_sold"


def complaint_filed(
    s: Session, seizure: Seizure, ctx: DistrictContext, complaint: Complaint, now: datetime
) -> None:
    """The Magistrates of the district have a complaint waiting (Sec XIV); the complainant
    needs no more reminders to complain (another person's reminder stands)."""
    _tell_officers(
        s,
        seizure,
        ctx,
        Role.MAGISTRATE,
        None,
        template="complaint_waiting",
        params={
            **_basics(s, seizure, ctx),
            "complaint_id": complaint.id,
            "complainant": person_param(s, complaint.complainant_id),
            "filed_date": local_date(complaint.filed_at, ctx.tz).isoformat(),
            "text": complaint.text[:300],
            "section": "XIV",
        },
        key=str(complaint.id),
        now=now,
    )
    cancel(
        s,
        seizure_ref=seizure.ref,
        templates=[COMPLAINT_REMINDER],
        now=now,
        person_id=complaint.complainant_id,
        reason="a complaint was filed",
    )


def complaint_admitted(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    complaint: Complaint,
    *,
    hearing: str,
    now: datetime,
) -> None:
    """The seizer is summoned to the summary enquiry, and the complainant told (Sec XIV)."""
    params = {
        **_basics(s, seizure, ctx),
        "complaint_id": complaint.id,
        "complainant": person_param(s, complaint.complainant_id),
        "hearing": hearing or "-",
        "section": "XIV",
    }
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.seizer_id,
        template="summons",
        params=params,
        key=str(complaint.id),
        now=now,
    )
    _send(
        s,
        seizure,
        ctx,
        person_id=complaint.complainant_id,
        template="complaint_admitted",
        params=params,
        key=str(complaint.id),
        now=now,
    )


def complaint_decided(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    complaint: Complaint,
    *,
    seizer_pays: int,
    now: datetime,
) -> None:
    """The complainant and the seizer hear the Magistrate's decision (Sec XIV)."""
    decided = local_date(complaint.decided_at or now, ctx.tz).isoformat()
    params = {
        **_basics(s, seizure, ctx),
        "complaint_id": complaint.id,
        "decided_date": decided,
        **amounts(
            ctx,
            damages=complaint.damages,
            expenses=complaint.expenses,
            seizer_pays=seizer_pays,
        ),
        "section": "XIV",
    }
    _send(
        s,
        seizure,
        ctx,
        person_id=complaint.complainant_id,
        template=f"complaint_{complaint.status}",
        params=params,
        key=str(complaint.id),
        now=now,
    )
    _send(
        s,
        seizure,
        ctx,
        person_id=seizure.seizer_id,
        template="outcome_seizure_illegal"
        if complaint.status == "illegal"
        else "outcome_seizure_upheld",
        params=params,
        key=str(complaint.id),
        now=now,
    )
    closed(s, seizure, now)


def kind_order_needed(
    s: Session, seizure: Seizure, ctx: DistrictContext, *, kinds: Mapping[str, int], now: datetime
) -> None:
    """Practice G4: the district's Magistrates hear that a seizure brought in animals outside
    the Sec VI scale, which the keeper can register only on their order."""
    _tell_officers(
        s,
        seizure,
        ctx,
        Role.MAGISTRATE,
        None,
        template="kind_order_needed",
        params={**_basics(s, seizure, ctx), "animals_kinds": dict(kinds), "section": "G4"},
        key="reported",
        now=now,
    )


def kind_ordered(
    s: Session, seizure: Seizure, ctx: DistrictContext, *, order_id: int, now: datetime
) -> None:
    """Practice G4: the keeper hears that the Magistrate has ordered the fine and feeding of
    the animals outside the scale, so he may now register the seizure (Sec V)."""
    rows = [a for a in animals_of(s, seizure) if a.order_id == order_id]
    pound = s.get(Pound, seizure.pound_id)
    # Queued before the order's audit event: caused by the Magistrate who made the order.
    order = s.get(KindOrder, order_id)
    _tell_officers(
        s,
        seizure,
        ctx,
        Role.KEEPER,
        pound.code if pound else "",
        template="kind_ordered",
        params={**_basics(s, seizure, ctx), "animals_kinds": _kinds(rows), "section": "G4"},
        key=f"order{order_id}",
        now=now,
        caused_by=order.ordered_by if order is not None else None,
    )
