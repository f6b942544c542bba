"""A police officer of the thana confirms the cattle reached the pound (Sec II, XVI): the seizer's
call for aid, if any, is answered."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import col, select

from law.errors import N_, Conflict
from law.grounds import Ground
from law.lifecycle import SeizureStatus
from models import AidRequest, Conveyance, Unit
from models.columns import id_of
from office.access.roles import Role
from office.acts.alike import on_seizure


def confirm_conveyance(
    u: Unit,
    *,
    ref: str,
    occurred_at: datetime,
    note: str = "",
) -> None:
    """A police officer of the thana confirms the cattle reached the pound (Sec II, XVI)."""
    with u.act() as s:
        a = on_seizure(s, u, ref, occurred_at, (Role.POLICE, Role.DAROGAH), since_seized=True)
        seizure = a.seizure
        if s.exec(select(Conveyance).where(Conveyance.seizure_id == seizure.id)).first():
            raise Conflict(N_("conveyance is already confirmed"), section="II")
        if seizure.status != SeizureStatus.SEIZED.value:
            raise Conflict(N_("the cattle are already registered at the pound"), section="V")
        s.add(
            Conveyance(
                seizure_id=id_of(seizure),
                district_id=seizure.district_id,
                officer_id=u.actor(),
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
            req.answered_by = u.actor()
            req.answered_at = occurred_at
            s.add(req)
        section = "XVI" if seizure.ground == Ground.STRAY else "II"
        a.event("conveyance_confirmed", section, pound=a.pound.code, note=note.strip()[:1000])
