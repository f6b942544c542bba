"""The owner appears and refuses or omits to pay: the keeper records it, and the cattle may be
sold for what is due (Sec IX)."""

from __future__ import annotations

from datetime import datetime

from law.lifecycle import Refuse
from law.periods import local_date
from models import Refusal, Unit
from models.columns import id_of
from office import notify
from office.acts.alike import event
from office.acts.keeper.parties import claimant, kept_by
from office.district import district_context
from office.inputs import PersonIn
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
    with u.act() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = kept_by(s, u.actor(), seizure, section="IX")
        check_times(occurred_at, u.now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        person = claimant(s, seizure, owner, u.now)
        on = local_date(occurred_at, ctx.tz)
        advance(s, seizure, rows, ctx, Refuse(on=on), at=occurred_at, on=on)
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
        event(
            s,
            u,
            "owner_refused",
            seizure.ref,
            occurred_at,
            seizure.district_id,
            "IX",
            owner_id=person.id,
            pound=pound.code,
            note=note.strip()[:1000],
        )
        # Messages: the Darogah may sell as many as needed (Sec IX).
        notify.owner_refused(s, seizure, ctx, u.now)
