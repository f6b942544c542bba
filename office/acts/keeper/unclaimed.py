"""Cattle not claimed within the first period: the keeper reports them to the Darogah, who is to
post the notice and have it proclaimed (Sec VIII). The office's clock reports for him when the
period ends (office/acts/clock/deadlines.py)."""

from __future__ import annotations

from datetime import datetime

from law.lifecycle import ReportUnclaimed
from law.periods import local_date
from models import Unit
from office import notify
from office.acts.alike import event
from office.acts.keeper.parties import kept_by
from office.district import district_context
from office.notify.params import notice_params
from office.records.register import pound_of, seizure_by_ref
from office.state import advance, animals_of
from office.times import check_times


def report_unclaimed(u: Unit, *, ref: str, occurred_at: datetime) -> None:
    """Not claimed within 7 days of impounding: the keeper reports to the Darogah (Sec VIII).

    `actor_id` None is the office's own clock acting for the keeper.
    """
    actor_id = u.actor_id
    with u.act() as s:
        seizure = seizure_by_ref(s, ref, lock=True)
        if actor_id is not None:
            kept_by(s, actor_id, seizure, section="VIII")
        check_times(occurred_at, u.now, seizure.last_event_at)
        ctx = district_context(s, seizure.district_id)
        rows = animals_of(s, seizure)
        on = local_date(occurred_at, ctx.tz)
        advance(s, seizure, rows, ctx, ReportUnclaimed(on=on), at=occurred_at, on=on)
        seizure.reported_unclaimed_at = occurred_at
        seizure.next_due_at = None
        s.add(seizure)
        claim = seizure.claim_until.isoformat() if seizure.claim_until else None
        event(
            s,
            u,
            "reported_unclaimed",
            seizure.ref,
            occurred_at,
            seizure.district_id,
            "VIII",
            claim_until=claim,
        )
        # Messages: the Darogah is asked to post the notice and have it proclaimed (Sec VIII).
        notice = notice_params(s, seizure, pound_of(s, seizure))
        notify.unclaimed_reported(s, seizure, ctx, notice=notice, now=u.now)
