"""The daily witness: the audit chain's head goes to each district's Magistrates once a day.

A Magistrate who keeps the message holds, outside the database, the `SEQ:HASH` the chain had
that day: a chain later cut short, or rewritten with every hash computed again, no longer has
that event with that hash (`pound audit verify --expect-head SEQ:HASH`). Each head sent is also
kept in `auditwitness`, which `pound audit verify` checks on its own.

The head goes at the first worker pass on or after the profile's `next_step_hour` (09:00 local,
practice G1), with the morning's other messages; once per district and local day (the unique
row and the outbox's dedupe key), however many passes or workers run. Today there is one chain
for the whole database, so every district's Magistrates receive the same head.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from sqlmodel import col, select

from law.periods import local_date, local_datetime
from law.profile import get_profile
from models import AuditWitness, Database, District, RoleGrant
from office import notify
from office.audit import Head, chain_head_in
from office.common import check_aware
from office.roles import Role

log = logging.getLogger(__name__)

TEMPLATE = "audit_head"


@dataclass(frozen=True)
class Witnessed:
    """A head sent to a district's Magistrates (person ids) for a local day."""

    district: str
    on_date: date
    head: Head
    sent_to: tuple[int, ...]


def _due(db: Database, now: datetime) -> list[tuple[int, date]]:
    """The districts whose head for today is due and not yet sent (a read, no lock)."""
    with db.reading() as s:
        due: list[tuple[int, date]] = []
        for district_id, tz_name, profile in s.exec(
            select(District.id, District.timezone, District.profile)
        ).all():
            tz = ZoneInfo(tz_name)
            today = local_date(now, tz)
            if district_id is None or now < local_datetime(
                today, get_profile(profile).next_step_hour, tz
            ):
                continue
            due.append((district_id, today))
        if not due:
            return []
        done = set(
            s.exec(
                select(col(AuditWitness.district_id), col(AuditWitness.on_date)).where(
                    col(AuditWitness.on_date).in_({day for _, day in due})
                )
            ).all()
        )
    return [d for d in due if d not in done]


def witness_heads(db: Database, *, now: datetime) -> list[Witnessed]:
    """Send today's chain head to each district's Magistrates, where not yet sent today."""
    check_aware(now, "now")
    todo = _due(db, now)
    if not todo:
        return []
    sent: list[Witnessed] = []
    with db.transaction() as s:
        head = chain_head_in(s)
        if head.seq == 0:
            return []  # nothing recorded yet, nothing to witness
        for district_id, today in todo:
            district = s.get(District, district_id)
            if district is None:
                continue
            again = s.exec(
                select(AuditWitness.id).where(
                    AuditWitness.district_id == district_id, AuditWitness.on_date == today
                )
            ).first()
            if again is not None:  # another worker was here first
                continue
            magistrates = sorted(
                set(
                    s.exec(
                        select(RoleGrant.person_id).where(
                            RoleGrant.district_id == district_id,
                            RoleGrant.role == Role.MAGISTRATE.value,
                        )
                    ).all()
                )
            )
            reached: list[int] = []
            for person_id in magistrates:
                row = notify.enqueue(
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
                if row is not None:
                    reached.append(person_id)
            if not reached:
                log.warning(
                    "district %s: no Magistrate can be reached; audit head %s kept unsent",
                    district.code,
                    head,
                )
            s.add(
                AuditWitness(
                    district_id=district_id,
                    on_date=today,
                    seq=head.seq,
                    hash=head.hash,
                    sent_to=reached,
                    sent_at=now,
                )
            )
            sent.append(Witnessed(district.code, today, head, tuple(reached)))
    return sent
