"""What the cattle leaving the pound tell: released on payment or by order, dead or escaped;
once none is held, the claim reminders are void."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from law.lifecycle import SeizureStatus
from law.periods import local_date
from models import Seizure
from office.district import DistrictContext
from office.notify.params import seizure_params
from office.notify.queueing import CLAIM_REMINDER, send, send_each
from office.records import outbox


def released(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    how: str,
    key: str,
    numbers: list[int],
    at: datetime,
    now: datetime,
) -> None:
    """Cattle left the pound on payment (Sec VII) or by order (Sec VI): the seizer hears the
    outcome, the owner of an order; once none is held, the claim reminders are void."""
    params = {
        **seizure_params(s, seizure, ctx),
        "heads": len(numbers),
        "released_date": local_date(at, ctx.tz).isoformat(),
        "section": "VII" if how == "paid" else "VI",
    }
    told: list[tuple[int | None, str]] = [(seizure.seizer_id, f"outcome_released_{how}")]
    if how == "by_order":
        told.append((seizure.owner_id, "owner_released_by_order"))
    send_each(s, seizure, ctx, told, params=params, key=key, now=now)
    closed(s, seizure, now)


def closed(s: Session, seizure: Seizure, now: datetime) -> None:
    """No head left in the pound: nothing remains to claim, so the claim reminders are void."""
    if seizure.status == SeizureStatus.CLOSED.value:
        outbox.cancel_queued(
            s, seizure.ref, CLAIM_REMINDER, now, "no cattle of this seizure are held any longer"
        )


def animal_lost(
    s: Session,
    seizure: Seizure,
    ctx: DistrictContext,
    *,
    number: int,
    what: str,
    reason: str,
    at: datetime,
    now: datetime,
) -> None:
    """Practice G7: the owner is told of a death or escape in the pound."""
    params = {
        **seizure_params(s, seizure, ctx),
        "number": number,
        "reason": reason[:300],
        "on_date": local_date(at, ctx.tz).isoformat(),
        "section": "practice G7",
    }
    send(
        s, seizure, ctx, seizure.owner_id, f"animal_{what}", params=params, key=str(number), now=now
    )
    closed(s, seizure, now)
