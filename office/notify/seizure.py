"""What a seizure's first acts tell: the keeper and the police what is coming, the seizer his
copy of the entry, the owner his claim notice and the reminders to claim and to complain."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from law.periods import local_date, local_datetime, reminder_days
from models import Outbox, Seizure
from office.access.roles import Role
from office.district import DistrictContext
from office.notify.params import (
    claim_notice_params,
    claim_reminder_params,
    heads,
    in_pound,
    party_param,
    person_param,
    seizure_params,
)
from office.notify.queueing import CLAIM_REMINDER, COMPLAINT_REMINDER, send, tell_officers
from office.records.outbox import HELD, QUEUED, OutboxState
from office.state import animals_of


def complaint_reminders(
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
        **seizure_params(s, seizure, ctx),
        "complaint_date": seizure.complaint_until.isoformat(),
        "section": "XIV",
    }
    for day in reminder_days(seizure.complaint_until, ctx.profile.complaint_reminder_days_before):
        due = local_datetime(day, ctx.profile.next_step_hour, ctx.tz)
        if due > now:
            row = send(
                s,
                seizure,
                ctx,
                seizure.owner_id,
                COMPLAINT_REMINDER,
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


def seizure_reported(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    now: datetime,
    *,
    caused_by: int | None = None,
    unsolicited_per_day: int | None = None,
) -> OutboxState | None:
    """The keeper learns what is coming to his pound; the owner, when to complain by.

    Answers what became of the owner's messages: `queued`, `held` (an unsolicited number over
    the reporter's limit, `unsolicited_hold`), or None when none was written."""
    _coming(s, seizure, ctx, Role.KEEPER, "arrival_expected", section="V", key="reported", now=now)
    to_owner = complaint_reminders(
        s, seizure, ctx, now, caused_by=caused_by, unsolicited_per_day=unsolicited_per_day
    )
    if not to_owner:
        return None
    return HELD if all(r.state == HELD for r in to_owner) else QUEUED


def aid_requested(
    s: Session, seizure: Seizure, ctx: DistrictContext, *, request_id: int, now: datetime
) -> None:
    """The police of the pound's thana are asked to help the seizer (Sec II)."""
    _coming(
        s, seizure, ctx, Role.POLICE, "aid_requested", section="II", key=str(request_id), now=now
    )


def _coming(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    role: Role,
    template: str,
    *,
    section: str,
    key: str,
    now: datetime,
) -> None:
    """The keeper of the seizure's pound, or the police of its thana, told what is coming: the
    head seized, by kind, and the seizer."""
    params = {
        **seizure_params(s, seizure, ctx),
        **heads(animals_of(s, seizure)),
        "seizer": person_param(s, seizure.seizer_id),
        "section": section,
    }
    tell_officers(s, seizure, ctx, role, template, params=params, key=key, now=now)


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
    live = in_pound(rows)
    basics = seizure_params(s, seizure, ctx)
    brought = (seizure.impounded_at or now).astimezone(ctx.tz)
    params = {
        **basics,
        "register_no": register_no,
        "brought_date": brought.date().isoformat(),
        "brought_time": f"{brought:%H:%M}",
        "heads": len(live),
        "entry_animals": [
            {"number": a.number, "kind": a.kind, "description": a.description} for a in live
        ],
        # Sec V: the copy names them with their residences, as the entry does.
        "seizer_name": party_param(s, seizure.seizer_id, seizure.seizer_residence),
        "owner_name": party_param(s, seizure.owner_id, seizure.owner_residence),
        "section": "V",
    }
    send(
        s, seizure, ctx, seizure.seizer_id, "register_copy", params=params, key=register_no, now=now
    )
    if seizure.owner_id is None or seizure.impounded_on is None or seizure.claim_until is None:
        return
    today = local_date(now, ctx.tz)
    params = claim_notice_params(seizure, basics, rows, ctx, max(today, seizure.impounded_on))
    send(s, seizure, ctx, seizure.owner_id, "claim_notice", params=params, key="arrival", now=now)
    for day in reminder_days(seizure.claim_until, ctx.profile.claim_reminder_days_before):
        due = local_datetime(day, ctx.profile.next_step_hour, ctx.tz)
        if due <= now:
            continue
        send(
            s,
            seizure,
            ctx,
            seizure.owner_id,
            CLAIM_REMINDER,
            params=claim_reminder_params(seizure, basics, rows, ctx, day),
            key=day.isoformat(),
            now=now,
            due_at=due,
        )
    complaint_reminders(s, seizure, ctx, now)
