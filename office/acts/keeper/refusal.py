"""The owner appears and refuses or omits to pay: the keeper records it, and the cattle may be
sold for what is due (Sec IX)."""

from __future__ import annotations

from datetime import datetime

from law.lifecycle import Refuse
from law.periods import local_date
from models import Refusal, Unit
from models.columns import id_of
from office import notify
from office.acts.keeper.parties import claimant, kept_by
from office.district import district_context
from office.inputs import PersonIn
from office.records import audit
from office.records.register import seizure_by_ref
from office.state import advance, animals_of
from office.times import check_times


def record_refusal(
    u: Unit,
    *,
    ref: str,
    occurred_at: datetime,
    owner: PersonIn | None = None,
    note: str = "",
) -> None:
    """The owner appeared and refused or omitted to pay: the cattle may be sold (Sec IX)."""
    now = u.now
    actor_id = u.actor()
    with u.act() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = kept_by(s, actor_id, seizure, section="IX")
        check_times(occurred_at, now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        person = claimant(s, seizure, owner, now)
        on = local_date(occurred_at, ctx.tz)
        advance(s, seizure, rows, ctx, Refuse(on=on), at=occurred_at, on=on)
        seizure.owner_refused_at = occurred_at
        s.add(seizure)
        s.add(
            Refusal(
                seizure_id=id_of(seizure),
                district_id=seizure.district_id,
                owner_id=id_of(person),
                keeper_id=actor_id,
                occurred_at=occurred_at,
                note=note.strip()[:1000],
            )
        )
        audit.append(
            s,
            action="owner_refused",
            subject=seizure.ref,
            occurred_at=occurred_at,
            now=now,
            actor_id=actor_id,
            district_id=seizure.district_id,
            section="IX",
            payload={"owner_id": person.id, "pound": pound.code, "note": note.strip()[:1000]},
        )
        # Messages: the Darogah may sell as many as needed (Sec IX).
        notify.owner_refused(s, seizure, ctx, now)
