"""The office's own clock: one pass over what has fallen due as of `now` (Sec VIII, XI, XII).

A pass (a) reports cattle unclaimed when the first claim period has run (Sec VIII), and asks
the Darogah to post the notice; (b) marks the auction due once the notice's seven days have run
with no complaint pending (Sec VIII, practice G3) and tells the Darogah and the owner; (c) moves
surplus deposits whose three months have run into the pound fund (Sec XI, XII).

It works district by district, in batches: one transaction takes up to `batch` of a district's
seizures whose `next_due_at` has come (read by the index on district and due time), locked
`FOR UPDATE SKIP LOCKED`, reads the district once and takes them all one step
(office/acts/clock/deadline_acts.py). On PostgreSQL a batch first claims its district for the
deadline pass (`pg_try_advisory_xact_lock`): a worker finding the district claimed by another goes
on to the next, so several workers split the districts between them. A worker that has no unclaimed
district left helps in those others hold: it takes their batches without the claim, the rows
another worker has locked skipped, so two workers in one district split its seizures and take
turns only at its audit chain's head when they commit. On SQLite each batch runs in the
process's write turn under the file lock. Each row is read again under its lock, so a pass run
twice, or by two workers at once, changes nothing twice.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass, fields
from datetime import datetime

from sqlalchemy import text
from sqlmodel import Session, col, or_, select

from models import Database, Seizure, Unit
from models.db import Reader
from office.acts.clock.deadline_acts import BatchCounts, act_on_batch
from office.acts.magistrate.surplus import move_unclaimed_surplus
from office.district import district_context
from office.times import check_aware

log = logging.getLogger(__name__)

BATCH = 500  # seizures a transaction; its chain's head is held only while it commits
# The advisory lock class of "this district's deadline pass" (pg_try_advisory_xact_lock(int, int)).
DEADLINE_LOCK = 0x446C6E  # "Dln"


@dataclass
class PassReport(BatchCounts):
    """What one pass did (its batches' counts, and the surplus moved): counts only, so a repeated
    pass reports zeros."""

    surplus_moved: int = 0

    @property
    def changed(self) -> int:
        return self.reported_unclaimed + self.sales_due + self.surplus_moved + self.cleared


def advance_deadlines(
    db: Database,
    *,
    now: datetime,
    batch: int = BATCH,
    districts: Collection[int] | None = None,
) -> PassReport:
    """One pass of the clock as of `now` (tz-aware) over every district, or over `districts`
    (their ids) only; idempotent."""
    check_aware(now, "now")
    report = PassReport()
    held = [
        district_id
        for district_id in _due_districts(db, now, districts)
        if not _district_pass(db, district_id, now, batch, report, claim=True)
    ]
    for district_id in held:
        # Another worker holds it: take what it has not locked yet (docs/design.md).
        _district_pass(db, district_id, now, batch, report, claim=False)
    moved = move_unclaimed_surplus(db, now=now, districts=districts, batch=batch)
    report.surplus_moved = len(moved)
    return report


def _due_districts(db: Reader, now: datetime, districts: Collection[int] | None) -> list[int]:
    """The districts with a seizure due as of `now` (a range of the due-time index)."""
    with db.lagging() as s:
        q = select(Seizure.district_id).where(col(Seizure.next_due_at) <= now).distinct()
        if districts is not None:
            q = q.where(col(Seizure.district_id).in_(list(districts)))
        return sorted(s.exec(q).all())


def claim_district(u: Unit, s: Session, district_id: int) -> bool:
    """Whether this unit may work the district's deadlines: on PostgreSQL, unless another
    worker's batch holds it now; on SQLite the write turn has made it ours."""
    if u.is_sqlite:
        return True
    got = s.execute(
        text("SELECT pg_try_advisory_xact_lock(:c, :d)"), {"c": DEADLINE_LOCK, "d": district_id}
    ).scalar()
    return bool(got)


def _district_pass(
    db: Database, district_id: int, now: datetime, batch: int, report: PassReport, *, claim: bool
) -> bool:
    """The district's due seizures, a batch a unit of work (which this pass opens and commits),
    until none is left (True); with
    `claim`, False as soon as another worker holds the district. Without it the batches are
    taken whoever holds the district, with the rows it has locked left to it."""
    after: tuple[datetime, int] | None = None
    while True:
        with db.unit(now=now) as u:
            with u.act() as s:
                if claim and not claim_district(u, s, district_id):
                    log.debug(
                        "district %s: its deadlines are in another worker's hands", district_id
                    )
                    return False
                q = select(Seizure).where(
                    Seizure.district_id == district_id, col(Seizure.next_due_at) <= now
                )
                if after is not None:
                    # Keyset paging on (next_due_at, id): rows left due (stayed, refused) are not
                    # read again in this pass.
                    q = q.where(
                        col(Seizure.next_due_at) >= after[0],
                        or_(col(Seizure.next_due_at) > after[0], col(Seizure.id) > after[1]),
                    )
                q = q.order_by(col(Seizure.next_due_at), col(Seizure.id)).limit(batch)
                rows = s.exec(q.with_for_update(skip_locked=True)).all()
                if not rows:
                    return True
                last = (rows[-1].next_due_at, rows[-1].id)
                ctx = district_context(s, district_id)
                done = act_on_batch(s, ctx, rows, now=now)
            u.commit()
        for count in fields(done):
            setattr(report, count.name, getattr(report, count.name) + getattr(done, count.name))
        if len(rows) < batch or last[0] is None or last[1] is None:
            return True
        after = (last[0], last[1])
