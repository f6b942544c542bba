"""Forcible opposition to a seizure, or a rescue from the seizer or the pound (Sec XIII), recorded
by one who stood there: the seizer, the keeper of the pound or the police of its thana. The
offence goes to the police of the thana; the Magistrate decides it
(office/acts/magistrate/offence.py)."""

from __future__ import annotations

from datetime import datetime

from law.guards import OffenceKind, check_offence_recorder, offence_said
from law.lifecycle import AnimalStatus, Rescue
from models import Offence, Seizure, Unit
from models.columns import id_of
from office.access.roles import seizure_standing
from office.acts.alike import on_seizure


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

        def recorder(seizure: Seizure) -> None:
            check_offence_recorder(seizure_standing(s, u.actor(), seizure))

        a = on_seizure(s, u, ref, occurred_at, since_seized=True, then=recorder)
        seizure, thana = a.seizure, a.pound.thana
        if okind is OffenceKind.RESCUE:
            # The head rescued (`animals`, or every one in custody) leave custody.
            held = (AnimalStatus.SEIZED.value, AnimalStatus.IMPOUNDED.value)
            numbers = animals or [x.number for x in a.rows if x.status in held]
            reason = f"rescued: {description.strip()[:400]}"
            a.advance(Rescue(on=a.on, animal_ids=tuple(numbers)), reason=reason)
        offence = Offence(
            seizure_id=seizure.id,
            district_id=seizure.district_id,
            kind=okind.value,
            offenders=offenders.strip()[:1000],
            description=description.strip()[:4000],
            occurred_at=occurred_at,
            reported_by=u.actor(),
            thana=thana,
        )
        s.add(offence)
        s.flush()
        a.event(
            f"offence_{okind.value}",
            "XIII",
            offence_id=offence.id,
            offenders=offence.offenders,
            description=offence.description,
            animals=animals or [],
            thana=thana,
        )
        return id_of(offence)
