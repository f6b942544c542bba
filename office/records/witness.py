"""The daily witness: each district's audit chain head goes to its Magistrates once a day.

A Magistrate who keeps the message holds, outside the database, the `SEQ:HASH` his district's
chain had that day: a chain later cut short, or rewritten with every hash computed again, no
longer has that event with that hash (`pound audit verify --district CODE --expect-head
SEQ:HASH`). Each head sent is also kept in `auditwitness`, which `pound audit verify` checks on
its own.

The head goes at the first worker pass on or after the profile's `next_step_hour` (09:00 local,
practice G1), with the morning's other messages; once per district and local day (the unique
row and the outbox's dedupe key), however many passes or workers run. Each district's head is
sent in a transaction of its own, which locks nothing of another district: the witness row's
unique (district, day) is what two workers meet on.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from law.periods import local_date, local_datetime
from law.profile import get_profile
from models import AuditWitness, Database, District, RoleGrant
from models.db import Reader
from office import notify
from office.access.roles import Role
from office.jurisdiction.spec import REMOVED
from office.records.audit_chains import Head, chain_head_in
from office.times import check_aware

log = logging.getLogger(__name__)

TEMPLATE = "audit_head"


@dataclass(frozen=True)
class Witnessed:
    """A head sent to a district's Magistrates (person ids) for a local day."""

    district: str
    on_date: date
    head: Head
    sent_to: tuple[int, ...]


def _due(db: Reader, now: datetime) -> list[tuple[int, date]]:
    """The districts whose head for today is due and not yet sent (a read, no lock)."""
    with db.lagging() as s:
        due: list[tuple[int, date]] = []
        for district_id, tz_name, profile in s.exec(
            select(District.id, District.timezone, District.profile).where(
                District.source_digest != REMOVED
            )
        ).all():
            tz = ZoneInfo(tz_name)
            today = local_date(now, tz)
            if district_id is not None and now >= local_datetime(
                today, get_profile(profile).next_step_hour, tz
            ):
                due.append((district_id, today))
        if not due:
            return []
        sent = select(col(AuditWitness.district_id), col(AuditWitness.on_date)).where(
            col(AuditWitness.on_date).in_({day for _, day in due})
        )
        done = set(s.exec(sent).all())
    return [d for d in due if d not in done]


def witness_heads(db: Database, *, now: datetime) -> list[Witnessed]:
    """Send today's head of each district's chain to its Magistrates, where not yet sent today
    (a district whose chain has no event yet has nothing to witness)."""
    check_aware(now, "now")
    sent = (_witness(db, district_id, today, now) for district_id, today in _due(db, now))
    return [done for done in sent if done is not None]


def _witness(db: Database, district_id: int, today: date, now: datetime) -> Witnessed | None:
    """One district's head sent, in a unit of work of this pass's own (committed when sent)."""
    with db.unit(now=now) as u:
        with u.act() as s:
            district = s.get(District, district_id)
            if district is None:
                return None
            head = chain_head_in(s, district_id)
            if head.seq == 0:
                return None
            row = AuditWitness(
                district_id=district_id,
                on_date=today,
                seq=head.seq,
                hash=head.hash,
                sent_to=[],
                sent_at=now,
            )
            try:
                # The unique (district, day) first: a second worker waits here for the first, and
                # stops when it committed.
                with s.begin_nested():
                    s.add(row)
                    s.flush()
            except IntegrityError:
                return None
            magistrates = select(RoleGrant.person_id).where(
                RoleGrant.district_id == district_id, RoleGrant.role == Role.MAGISTRATE.value
            )
            reached: list[int] = []
            for person_id in sorted(set(s.exec(magistrates).all())):
                queued = notify.enqueue(
                    s,
                    person_id=person_id,
                    template=TEMPLATE,
                    params={"on_date": today.isoformat(), "head": str(head)},
                    key=f"{TEMPLATE}:{district.code}:{today.isoformat()}:{person_id}",
                    due_at=now,
                    now=now,
                    private=False,
                    district_id=district_id,
                )
                if queued is not None:
                    reached.append(person_id)
            if not reached:
                log.warning(
                    "district %s: no Magistrate can be reached; audit head %s kept unsent",
                    district.code,
                    head,
                )
            row.sent_to = reached
        u.commit()
        return Witnessed(district.code, today, head, tuple(reached))
