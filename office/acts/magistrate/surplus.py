"""Surplus from selling unclaimed cattle: claimed within 3 months, or to the fund (Sec XI, XII)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlmodel import Session, col, select

from law.errors import N_, Conflict, NotFound
from law.guards import check_surplus_claim
from law.periods import local_date
from models import Database, Seizure, SurplusDeposit, Unit
from models.columns import id_of
from models.enums import DepositStatus
from office.access.roles import Role, require_role
from office.acts.alike import InDistrict, magistrate, named
from office.district import district_by_code, district_context
from office.inputs import PersonIn
from office.records import ledger
from office.records.memos import SURPLUS_CLAIMED, SURPLUS_TO_FUND, memo

BATCH = 500  # deposits moved in one transaction
Batch = tuple[list[int], Sequence[SurplusDeposit]]  # the ids moved, the deposits read


@dataclass(frozen=True)
class SurplusPaid:
    deposit_id: int
    amount: int
    claimant_id: int


def claim_surplus(
    u: Unit,
    *,
    deposit_id: int,
    claimant: PersonIn,
    evidence: str,
    occurred_at: datetime,
) -> SurplusPaid:
    """The Magistrate finds a claim to the surplus preferred and established within 3 months."""
    with u.act() as s:
        deposit = s.get(SurplusDeposit, deposit_id)
        if deposit is None:
            raise NotFound(N_("no surplus deposit {deposit_id}"), said={"deposit_id": deposit_id})
        m = magistrate(s, u, deposit.district_id, "XI", occurred_at)
        ctx = m.ctx
        if deposit.status != "deposited":
            raise Conflict(
                N_("this surplus is already {status}"),
                section="XI",
                said={"status": str(deposit.status)},
            )
        on = local_date(occurred_at, ctx.tz)
        check_surplus_claim(on, deposit.deposited_on, ctx.profile)
        person = named(s, claimant, u.now)
        seizure = s.get(Seizure, deposit.seizure_id)
        ref = seizure.ref if seizure else str(deposit.seizure_id)
        deposit.status = DepositStatus.CLAIMED
        deposit.claimant_id = person.id
        deposit.closed_at = occurred_at
        deposit.closed_by = u.actor()
        s.add(deposit)
        m.post(
            deposit.seizure_id,
            memo=memo(SURPLUS_CLAIMED, ref=ref),
            section="XI",
            lines=[(ledger.DEPOSIT, deposit.amount), (ledger.owner_payable(ref), -deposit.amount)],
        )
        m.event(
            "surplus_claimed",
            ref,
            "XI",
            deposit_id=deposit_id,
            amount=deposit.amount,
            claimant_id=person.id,
            evidence=evidence.strip()[:2000],
        )
        return SurplusPaid(deposit_id, deposit.amount, id_of(person))


def transfer_unclaimed_surplus(u: Unit, *, district: str) -> list[int]:
    """The Magistrate moves every deposit of his district whose 3 months have run to the fund."""
    with u.reading() as s:
        district_id = id_of(district_by_code(s, district))
        require_role(s, u.actor(), district_id, Role.MAGISTRATE, None, section="XII")
    return _batches(lambda after: _move_batch(u, district_id, _latest(u.now), after, BATCH), BATCH)


def _batches(move: Callable[[int], Batch], batch: int) -> list[int]:
    """The deposits moved by `move`, a batch after another, each after the last id of the one
    before, until a batch is not full."""
    moved: list[int] = []
    after = 0
    while True:
        done, rows = move(after)
        moved += done
        if len(rows) < batch:
            return moved
        after = id_of(rows[-1])


def _latest(now: datetime) -> date:
    """The last claim_until that may have run out: no district's local day is more than one day
    ahead of UTC, and a deposit runs out after its claim_until (the exact check is `_to_fund`'s)."""
    return now.astimezone(UTC).date()


def move_unclaimed_surplus(
    db: Database,
    *,
    now: datetime,
    districts: Collection[int] | None = None,
    batch: int = BATCH,
) -> list[int]:
    """Every deposit whose 3 months have run goes into the Sec XII fund, by the office's own
    clock; running twice moves nothing twice.

    District by district (those of `districts`, or all), a batch of deposits a unit of work
    (this pass opens and commits each): the deposits locked `FOR UPDATE SKIP LOCKED` (another
    worker's are left to it) and read again under the lock, the district read once for the batch.
    """
    latest = _latest(now)
    with db.lagging() as s:
        q = (
            select(SurplusDeposit.district_id)
            .where(SurplusDeposit.status == "deposited", col(SurplusDeposit.claim_until) <= latest)
            .distinct()
        )
        if districts is not None:
            q = q.where(col(SurplusDeposit.district_id).in_(sorted(districts)))
        found = sorted(s.exec(q).all())
    moved: list[int] = []
    for district in found:

        def committed(after: int, district: int = district) -> Batch:
            with db.unit(now=now) as u:
                done = _move_batch(u, district, latest, after, batch)
                u.commit()
            return done

        moved += _batches(committed, batch)
    return moved


def _move_batch(u: Unit, district: int, latest: date, after: int, batch: int) -> Batch:
    """One batch of the district's deposits run out, after id `after`, into the fund."""
    with u.act() as s:
        rows = s.exec(
            select(SurplusDeposit)
            .where(
                SurplusDeposit.district_id == district,
                SurplusDeposit.status == "deposited",
                col(SurplusDeposit.claim_until) <= latest,
                col(SurplusDeposit.id) > after,
            )
            .order_by(col(SurplusDeposit.id))
            .limit(batch)
            .with_for_update(skip_locked=True)
        ).all()
        done = _to_fund(s, u, rows) if rows else []
    return done, rows


def _to_fund(s: Session, u: Unit, deposits: Sequence[SurplusDeposit]) -> list[int]:
    """Sec XII: the deposits of one district whose claim period has run, into the fund."""
    now = u.now
    m = InDistrict(s, u, district_context(s, deposits[0].district_id), now)
    today = local_date(now, m.ctx.tz)
    ids = sorted({d.seizure_id for d in deposits})
    refs = dict(s.exec(select(Seizure.id, Seizure.ref).where(col(Seizure.id).in_(ids))).all())
    moved: list[int] = []
    for deposit in deposits:
        if deposit.status != "deposited" or today <= deposit.claim_until:
            continue
        ref = refs.get(deposit.seizure_id) or str(deposit.seizure_id)
        deposit.status = DepositStatus.TO_FUND
        deposit.closed_at = now
        s.add(deposit)
        m.post(
            deposit.seizure_id,
            memo=memo(SURPLUS_TO_FUND, ref=ref),
            section="XII",
            lines=[(ledger.DEPOSIT, deposit.amount), (ledger.FUND_SURPLUS, -deposit.amount)],
        )
        m.event("surplus_to_fund", ref, "XII", deposit_id=deposit.id, amount=deposit.amount)
        moved.append(id_of(deposit))
    return moved
