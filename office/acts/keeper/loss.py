"""A head died or escaped in the pound: the keeper records why; fine and feeding stop then, none
is asked of the owner for it, and the keeper's feeding of it is written off (practice G7)."""

from __future__ import annotations

from datetime import datetime

from law.custody import check_loss
from law.lifecycle import Die, Escape
from models import Unit
from office import notify
from office.access.roles import Role
from office.acts.alike import on_seizure
from office.charges import charge_for
from office.records import ledger
from office.records.memos import LOST_DIED, LOST_ESCAPED, memo
from office.state import clear_due_if_closed


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
        a = on_seizure(s, u, ref, occurred_at, Role.KEEPER, "practice G7")
        seizure, ctx, code = a.seizure, a.ctx, a.pound.code
        a.advance(
            (Die if what == "died" else Escape)(on=a.on, animal_id=animal),
            reason=reason.strip()[:500],
        )
        lost = next(x for x in a.rows if x.number == animal)
        # The keeper's feeding of the lost head is written off in the ledger, visibly (G7).
        written_off = charge_for(lost, seizure, ctx, a.on).written_off
        a.post(
            memo=memo(
                LOST_DIED if what == "died" else LOST_ESCAPED, number=lost.number, ref=seizure.ref
            ),
            section="practice G7",
            lines=[
                (ledger.writeoff_feeding(code), written_off),
                (ledger.keeper_feeding(code), -written_off),
            ],
        )
        a.event(
            f"animal_{what}",
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
