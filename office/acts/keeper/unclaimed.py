"""Cattle not claimed within the first period: the keeper reports them to the Darogah, who is to
post the notice and have it proclaimed (Sec VIII). The office's clock reports for him when the
period ends (office/acts/clock/deadlines.py)."""

from __future__ import annotations

from datetime import datetime

from law.lifecycle import ReportUnclaimed
from models import Unit
from office import notify
from office.access.roles import Role
from office.acts.alike import on_seizure
from office.notify.params import notice_params


def report_unclaimed(u: Unit, *, ref: str, occurred_at: datetime) -> None:
    """Not claimed within 7 days of impounding: the keeper reports to the Darogah (Sec VIII).

    The unit's actor None is the office's own clock acting for the keeper.
    """
    keeper = Role.KEEPER if u.actor_id is not None else None
    with u.act() as s:
        a = on_seizure(s, u, ref, occurred_at, keeper, "VIII")
        seizure = a.seizure
        a.advance(ReportUnclaimed(on=a.on))
        seizure.reported_unclaimed_at = occurred_at
        seizure.next_due_at = None
        s.add(seizure)
        claim = seizure.claim_until.isoformat() if seizure.claim_until else None
        a.event("reported_unclaimed", "VIII", claim_until=claim)
        # Messages: the Darogah is asked to post the notice and have it proclaimed (Sec VIII).
        notice = notice_params(s, seizure, a.pound)
        notify.unclaimed_reported(s, seizure, a.ctx, notice=notice, now=u.now)
