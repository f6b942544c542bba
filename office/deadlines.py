"""The office's own clock: one pass over what has fallen due as of `now` (Sec VIII, XI, XII).

A pass (a) reports cattle unclaimed when the first claim period has run (Sec VIII), and asks
the Darogah to post the notice; (b) marks the auction due once the notice's seven days have run
with no complaint pending (Sec VIII, practice G3) and tells the Darogah and the owner; (c) moves
surplus deposits whose three months have run into the pound fund (Sec XI, XII).

It reads only the seizures whose `next_due_at` has come (an indexed column), in batches, and
handles each in its own transaction that reads the seizure again under the writer lock: so a
pass run twice, or by two workers at once, changes nothing twice.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, or_, select

from law.errors import PoundError
from law.lifecycle import SeizureStatus
from law.periods import local_date
from models import Database, Seizure
from office import audit, notify
from office.common import check_aware, district_context
from office.pound_acts import report_unclaimed
from office.surplus import move_unclaimed_surplus

log = logging.getLogger(__name__)

BATCH = 500


@dataclass
class PassReport:
    """What one pass did: counts only, so a repeated pass reports zeros."""

    reported_unclaimed: int = 0
    sales_due: int = 0
    surplus_moved: int = 0
    stayed: int = 0  # due, but a complaint is pending (Sec IX proviso, G3)
    cleared: int = 0  # nothing left for the clock to do (claimed, refused, closed)
    refused: int = 0  # the law refused the step; tried again on the next pass

    @property
    def changed(self) -> int:
        return self.reported_unclaimed + self.sales_due + self.surplus_moved + self.cleared


def advance_deadlines(db: Database, *, now: datetime, batch: int = BATCH) -> PassReport:
    """One pass of the clock as of `now` (tz-aware); idempotent."""
    check_aware(now, "now")
    report = PassReport()
    after: tuple[datetime, int] | None = None
    while True:
        with db.reading() as s:
            q = select(
                Seizure.id, Seizure.next_due_at, Seizure.status, Seizure.complaints_pending
            ).where(col(Seizure.next_due_at) <= now)
            if after is not None:
                # Keyset paging on (next_due_at, id): rows left as they were are not seen again.
                q = q.where(
                    col(Seizure.next_due_at) >= after[0],
                    or_(col(Seizure.next_due_at) > after[0], col(Seizure.id) > after[1]),
                )
            rows = s.exec(q.order_by(col(Seizure.next_due_at), col(Seizure.id)).limit(batch)).all()
        for seizure_id, _due, status, pending in rows:
            if status == SeizureStatus.NOTICED.value and pending:
                report.stayed += 1
                continue
            _one(db, seizure_id or 0, now, report)
        if len(rows) < batch:
            break
        last = rows[-1]
        if last[1] is None or last[0] is None:
            break
        after = (last[1], last[0])
    report.surplus_moved = len(move_unclaimed_surplus(db, now=now))
    return report


def _one(db: Database, seizure_id: int, now: datetime, report: PassReport) -> None:
    with db.transaction() as s:
        seizure = s.exec(select(Seizure).where(Seizure.id == seizure_id).with_for_update()).first()
        # Another pass or worker may have been here first: then there is nothing to do.
        if seizure is None or seizure.next_due_at is None or seizure.next_due_at > now:
            return
        if seizure.status == SeizureStatus.IMPOUNDED.value:
            if seizure.owner_refused_at is not None:
                # The owner appeared: the cattle are not unclaimed; a Sec IX sale is the way on.
                seizure.next_due_at = None
                s.add(seizure)
                report.cleared += 1
                return
            try:
                report_unclaimed(db, actor_id=None, ref=seizure.ref, occurred_at=now, now=now)
            except PoundError as exc:
                log.warning("seizure %s not reported unclaimed: %s", seizure.ref, exc.message)
                report.refused += 1
                return
            report.reported_unclaimed += 1
            return
        if seizure.status == SeizureStatus.NOTICED.value:
            if seizure.complaints_pending:
                report.stayed += 1
                return
            ctx = district_context(s, seizure.district_id)
            if seizure.sale_not_before is None or local_date(now, ctx.tz) < seizure.sale_not_before:
                report.refused += 1
                return
            seizure.next_due_at = None
            s.add(seizure)
            audit.append(
                s,
                action="sale_due",
                subject=seizure.ref,
                occurred_at=now,
                now=now,
                actor_id=None,
                district_id=seizure.district_id,
                section="VIII",
                payload={"sale_not_before": seizure.sale_not_before.isoformat()},
            )
            notify.sale_due(s, seizure, ctx, now)
            report.sales_due += 1
            return
        # Reported (awaiting the Darogah's notice), closed or still on the way: no clock step.
        seizure.next_due_at = None
        s.add(seizure)
        report.cleared += 1
