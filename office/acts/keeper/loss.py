"""A head died or escaped in the pound: the keeper records why; fine and feeding stop then, none
is asked of the owner for it, and the keeper's feeding of it is written off (practice G7)."""

from __future__ import annotations

from datetime import datetime

from law.custody import check_loss
from law.lifecycle import Die, Escape
from law.periods import local_date
from models import Unit
from office import notify
from office.acts.alike import event
from office.acts.keeper.parties import kept_by
from office.charges import charge_for
from office.district import district_context
from office.records import ledger
from office.records.memos import LOST_DIED, LOST_ESCAPED, memo
from office.records.register import seizure_by_ref
from office.state import advance, animals_of, clear_due_if_closed
from office.times import check_times


def record_loss(
    u: Unit,
    *,
    ref: str,
    animal: int,
    what: str,
    reason: str,
    occurred_at: datetime,
) -> None:
    """An animal died or escaped in the pound: fine and feeding stop then, and none is asked of
    the owner for it; the keeper's feeding of it is written off in the ledger (G7)."""
    check_loss(what, reason)
    with u.act() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        pound = kept_by(s, u.actor(), seizure, section="practice G7")
        check_times(occurred_at, u.now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        on = local_date(occurred_at, ctx.tz)
        loss = (Die if what == "died" else Escape)(on=on, animal_id=animal)
        advance(s, seizure, rows, ctx, loss, at=occurred_at, on=on, reason=reason.strip()[:500])
        lost = next(a for a in rows if a.number == animal)
        # The keeper's feeding of the lost head is written off in the ledger, visibly (G7).
        written_off = charge_for(lost, seizure, ctx, on).written_off
        ledger.post(
            s,
            district_id=ctx.id,
            seizure_id=seizure.id,
            occurred_at=occurred_at,
            memo=memo(
                LOST_DIED if what == "died" else LOST_ESCAPED, number=lost.number, ref=seizure.ref
            ),
            section="practice G7",
            lines=[
                (ledger.writeoff_feeding(pound.code), written_off),
                (ledger.keeper_feeding(pound.code), -written_off),
            ],
        )
        event(
            s,
            u,
            f"animal_{what}",
            seizure.ref,
            occurred_at,
            seizure.district_id,
            "practice G7",
            animal=animal,
            reason=reason.strip()[:500],
            feeding_written_off=written_off,
        )
        clear_due_if_closed(seizure)
        # Messages: the owner is told (G7).
        notify.animal_lost(
            s,
            seizure,
            ctx,
            number=animal,
            what=what,
            reason=reason.strip(),
            at=occurred_at,
            now=u.now,
        )
