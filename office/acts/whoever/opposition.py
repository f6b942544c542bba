"""Forcible opposition to a seizure, or a rescue from the seizer or the pound (Sec XIII), recorded
by one who stood there: the seizer, the keeper of the pound or the police of its thana. The
offence goes to the police of the thana; the Magistrate decides it
(office/acts/magistrate/offence.py)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from law.guards import OffenceKind, check_offence_recorder, offence_said
from law.lifecycle import AnimalStatus, Rescue
from law.periods import local_date
from models import Animal, Offence, Seizure, Unit
from models.columns import id_of
from office.access.roles import seizure_standing
from office.district import DistrictContext, district_context
from office.records import audit
from office.records.register import pound_of, seizure_by_ref
from office.state import advance, animals_of
from office.times import check_times


def record_offence(
    u: Unit,
    *,
    ref: str,
    kind: str,
    offenders: str,
    description: str,
    occurred_at: datetime,
    animals: list[int] | None = None,
) -> int:
    """Forcible opposition to a seizure, or a rescue from the seizer or the pound (Sec XIII).

    Recorded by the seizer, the keeper of the pound or the police of its thana (law/guards.py
    `check_offence_recorder`); the offence goes to the police of the thana, the Magistrate
    decides it (office/acts/magistrate/offence.py); rescued animals leave custody.
    """
    now = u.now
    actor_id = u.actor()
    okind = offence_said(kind, description)
    with u.act() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        check_offence_recorder(seizure_standing(s, actor_id, seizure))
        pound = pound_of(s, seizure)
        check_times(occurred_at, now, seizure.seized_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        if okind is OffenceKind.RESCUE:
            _rescued(s, seizure, rows, ctx, animals, occurred_at, description)
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
        return id_of(offence)


def _rescued(
    s: Session,
    seizure: Seizure,
    rows: list[Animal],
    ctx: DistrictContext,
    animals: list[int] | None,
    at: datetime,
    description: str,
) -> None:
    """The head rescued (`animals`, or every one in custody) leave custody."""
    numbers = animals or [
        a.number
        for a in rows
        if a.status in (AnimalStatus.SEIZED.value, AnimalStatus.IMPOUNDED.value)
    ]
    on = local_date(at, ctx.tz)
    rescue = Rescue(on=on, animal_ids=tuple(numbers))
    reason = f"rescued: {description.strip()[:400]}"
    advance(s, seizure, rows, ctx, rescue, at=at, on=on, reason=reason)
