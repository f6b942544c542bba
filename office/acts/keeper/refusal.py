"""The owner appears and refuses or omits to pay: the keeper records it, and the cattle may be
sold for what is due (Sec IX)."""

from __future__ import annotations

from datetime import datetime

from law.lifecycle import Refuse
from models import Refusal, Unit
from models.columns import id_of
from office import notify
from office.access.roles import Role
from office.acts.alike import on_seizure
from office.acts.keeper.parties import claimant
from office.inputs import PersonIn


def record_refusal(
    u: Unit,
    *,
    ref: str,
    occurred_at: datetime,
    owner: PersonIn | None = None,
    note: str = "",
) -> None:
    """The owner appeared and refused or omitted to pay: the cattle may be sold (Sec IX)."""
    with u.act() as s:
        a = on_seizure(s, u, ref, occurred_at, Role.KEEPER, "IX")
        seizure = a.seizure
        person = claimant(s, seizure, owner, u.now)
        a.advance(Refuse(on=a.on))
        seizure.owner_refused_at = occurred_at
        s.add(seizure)
        s.add(
            Refusal(
                seizure_id=id_of(seizure),
                district_id=seizure.district_id,
                owner_id=id_of(person),
                keeper_id=u.actor(),
                occurred_at=occurred_at,
                note=note.strip()[:1000],
            )
        )
        a.event(
            "owner_refused", "IX", owner_id=person.id, pound=a.pound.code, note=note.strip()[:1000]
        )
        # Messages: the Darogah may sell as many as needed (Sec IX).
        notify.owner_refused(s, seizure, a.ctx, u.now)
