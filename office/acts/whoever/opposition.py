"""Forcible opposition to a seizure, or a rescue from the seizer or the pound (Sec XIII), recorded
by one who stood there: the seizer, the keeper of the pound or the police of its thana. The
offence goes to the police of the thana; the Magistrate decides it
(office/acts/magistrate/offence.py)."""

from __future__ import annotations

from datetime import datetime

from law.guards import OffenceKind, check_offence_recorder, offence_said
from law.lifecycle import AnimalStatus, Rescue
from law.periods import local_date
from models import Offence, Unit
from models.columns import id_of
from office.access.roles import seizure_standing
from office.acts.alike import event
from office.district import district_context
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
    okind = offence_said(kind, description)
    with u.act() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        check_offence_recorder(seizure_standing(s, u.actor(), seizure))
        pound = pound_of(s, seizure)
        check_times(occurred_at, u.now, seizure.seized_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        if okind is OffenceKind.RESCUE:
            # The head rescued (`animals`, or every one in custody) leave custody.
            numbers = animals or [
                a.number
                for a in rows
                if a.status in (AnimalStatus.SEIZED.value, AnimalStatus.IMPOUNDED.value)
            ]
            on = local_date(occurred_at, ctx.tz)
            rescue = Rescue(on=on, animal_ids=tuple(numbers))
            reason = f"rescued: {description.strip()[:400]}"
            advance(s, seizure, rows, ctx, rescue, at=occurred_at, on=on, reason=reason)
        offence = Offence(
            seizure_id=seizure.id,
            district_id=seizure.district_id,
            kind=okind.value,
            offenders=offenders.strip()[:1000],
            description=description.strip()[:4000],
            occurred_at=occurred_at,
            reported_by=u.actor(),
            thana=pound.thana,
        )
        s.add(offence)
        s.flush()
        event(
            s,
            u,
            f"offence_{okind.value}",
            seizure.ref,
            occurred_at,
            seizure.district_id,
            "XIII",
            offence_id=offence.id,
            offenders=offence.offenders,
            description=offence.description,
            animals=animals or [],
            thana=pound.thana,
        )
        return id_of(offence)
