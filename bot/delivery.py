"""The sender's units of work on the outbox: claim, sent, wait, retry, fail, delivery reports.

Each move itself is office/records/outbox.py's, the table's one owner; these open the transactions.
They are short `Database.row_transaction()`s, NOT units of work (which are for acts, and
seals audit events): several workers must share the outbox at once. On
PostgreSQL rows are claimed `FOR UPDATE SKIP LOCKED`, so two workers never claim the same row;
SQLite runs one worker and every write there begins IMMEDIATE after the process's write turn
(models/db.py), so the claim is serialised.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from datetime import datetime, timedelta
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from sqlalchemy import func
from sqlmodel import col, select

from bot.journal import Acceptance
from law.profile import StatuteProfile, get_profile
from models import Database, District, OptOut, Outbox, RoleGrant, Seizure
from office.records import outbox, outbox_delivery
from office.records.outbox import DELIVERED, FAILED, OutboxState
from office.records.reach import WHATSAPP, last_inbound

T = TypeVar("T")


@dataclass(frozen=True)
class Claimed:
    """A claimed outbox row, detached from its session: what the sender works from."""

    id: int
    dedupe_key: str
    channel: str
    address: str
    person_id: int | None
    language: str
    template: str
    params: dict[str, object]
    body: str | None
    options: list[dict[str, object]]
    private: bool
    seizure_ref: str | None
    due_at: datetime
    error_count: int
    fallback_from: int | None
    request_id: str | None = None  # the HTTP request whose act caused it


def _claimed(row: Outbox) -> Claimed:
    if row.id is None:  # pragma: no cover - a stored row has an id
        raise ValueError("an outbox row without an id")
    values = {f.name: getattr(row, f.name) for f in fields(Claimed)}
    return Claimed(
        **{**values, "params": dict(row.params or {}), "options": list(row.options or [])}
    )


def claim_due(
    db: Database,
    *,
    now: datetime,
    worker: str,
    channels: Sequence[str],
    limit: int,
    lease: timedelta,
    grace: timedelta = timedelta(0),
) -> list[Claimed]:
    """The rows `outbox_delivery.claim` marks `sending` for `worker`, as the sender works
    from them."""
    if not channels or limit <= 0:
        return []
    with db.row_transaction() as s:
        rows = outbox_delivery.claim(
            s,
            now=now,
            worker=worker,
            channels=channels,
            limit=limit,
            lease=lease,
            grace=grace,
            skip_locked=not db.is_sqlite,
        )
        return [_claimed(r) for r in rows]


def move(db: Database, step: Callable[..., T], /, **kwargs: Any) -> T:
    """One move of claimed rows (office/records/outbox_delivery.py: `release`, `fail_claimed`)
    in a short transaction of its own."""
    with db.row_transaction() as s:
        return step(s, **kwargs)


def mark_sent(db: Database, a: Acceptance, *, sent_via: str, via_reason: str | None) -> bool:
    """Record a send the provider took, and how it went and why; False when the row was no
    longer the worker's (it was reclaimed meanwhile)."""
    with db.row_transaction() as s:
        return outbox_delivery.sent(s, **asdict(a), sent_via=sent_via, via_reason=via_reason)


RECORDED = "recorded"  # the acceptance is on the row now
ALREADY = "already"  # the row had it (recorded before, by this or a taken-over journal)
LOST = "lost"  # the row was claimed again (or ended otherwise) before it could be recorded


def record_acceptances(db: Database, acceptances: Sequence[Acceptance]) -> dict[int, str]:
    """Record acceptances the provider gave while the database did not answer, each under the
    claim it was sent under (its worker's); answers RECORDED, ALREADY or LOST by row id."""
    outcomes: dict[int, str] = {}
    if not acceptances:
        return outcomes
    with db.row_transaction() as s:
        for a in acceptances:
            if outbox_delivery.sent(s, **asdict(a)):
                outcomes[a.row_id] = RECORDED
                continue
            now_has = s.exec(select(Outbox.provider_id).where(col(Outbox.id) == a.row_id)).first()
            outcomes[a.row_id] = ALREADY if now_has == a.provider_id[:64] else LOST
    return outcomes


def cancel(db: Database, *, reasons: Mapping[int, str], worker: str, now: datetime) -> int:
    """Claimed rows whose cause is gone end `cancelled`, each with its reason (practice G16).

    Only rows still `sending` and claimed by `worker` change; returns how many did.
    """
    if not reasons:
        return 0
    with db.row_transaction() as s:
        return sum(
            outbox_delivery.cancel_claimed(s, row_id=row_id, worker=worker, reason=reason, now=now)
            for row_id, reason in reasons.items()
        )


@dataclass(frozen=True)
class StatusResult:
    found: bool
    state: str | None = None


# Twilio's message statuses that end a message: delivered, or not.
_TWILIO_DONE: dict[str, OutboxState] = {
    "delivered": DELIVERED,
    "undelivered": FAILED,
    "failed": FAILED,
}


def apply_provider_status(
    db: Database, *, provider_id: str, status: str, error_code: str | None, now: datetime
) -> StatusResult:
    """A delivery report (Twilio's status callback) moves the row to delivered or failed.

    Intermediate statuses (queued, sending, sent) change nothing; a report moves only a row
    the table allows (`outbox.may_move`: a `sent` one), so never back, and a repeat changes
    nothing.
    """
    said = status.strip().lower()
    code = f"twilio-{error_code}" if error_code else f"twilio-{said}"
    reason = f"{code}: {status} reported by Twilio"
    return _report(db, provider_id, said, _TWILIO_DONE.get(said), now, reason=reason)


# A call's final statuses (Twilio's CallStatus at the `completed` event): answered, or not
# and why.
CALL_OUTCOMES: dict[str, tuple[OutboxState, str]] = {
    "completed": (DELIVERED, "answered"),
    "busy": (FAILED, "the line was busy"),
    "no-answer": (FAILED, "nobody answered"),
    "failed": (FAILED, "the call could not be placed"),
    "canceled": (FAILED, "the call was cancelled"),
}


def apply_call_status(
    db: Database, *, provider_id: str, status: str, now: datetime, duration: str | None = None
) -> StatusResult:
    """A call's status callback records its outcome on the row: `completed` (answered) makes
    it delivered; busy, no-answer, failed or canceled make it failed with that reason. A call
    has no fallback: the message it repeats went by its own channel. Progress statuses
    (queued, ringing, in-progress) change nothing; a repeat changes nothing."""
    said = status.strip().lower()
    answered = f"answered, {int(duration)} s" if duration and duration.isdigit() else None
    target, why = CALL_OUTCOMES.get(said, (None, ""))
    reason = f"call-{said}: {why}"
    return _report(db, provider_id, said, target, now, reason=reason, answered=answered, call=True)


def _report(
    db: Database,
    provider_id: str,
    said: str,
    target: OutboxState | None,
    now: datetime,
    *,
    reason: str,
    answered: str | None = None,
    call: bool = False,
) -> StatusResult:
    """The row the provider reports on moved to `target`. A report that moves nothing (of no row
    of ours, a progress status, a row that has already ended) changes nothing. A call keeps which
    worker placed it, and has no fallback."""
    with db.row_transaction() as s:
        row = s.exec(
            select(Outbox).where(Outbox.provider_id == provider_id).with_for_update()
        ).first()
        if row is None:
            return StatusResult(found=False)
        if target is None or not outbox.may_move(row.state, target):
            return StatusResult(found=True, state=row.state)
        if target == DELIVERED:
            outbox_delivery.delivered(s, row, now=now, outcome=said, via_reason=answered)
            return StatusResult(found=True, state=DELIVERED.value)
        outbox_delivery.failed(s, row, reason=reason, now=now, outcome=said, keep_claim=call)
        return StatusResult(found=True, state=FAILED.value)


def whatsapp_last_inbound(db: Database, addresses: Iterable[str]) -> dict[str, datetime]:
    """When each of these numbers last wrote on WhatsApp (the 24-hour session,
    bot/channels/twilio/whatsapp.py)."""
    with db.reading() as s:
        return last_inbound(s, WHATSAPP, addresses)


# --- what the quiet hours need: the district a row's person lives under --------------------------


@dataclass(frozen=True)
class Zone:
    profile: StatuteProfile
    tz: ZoneInfo


def zones_for(db: Database, rows: Sequence[Claimed]) -> dict[int, Zone]:
    """Each row's district rules (profile, time zone), by row id.

    The seizure's district when the row names one, else the district of the person's first
    role, else the first district: quiet hours (G11) are local hours of that district.
    """
    with db.reading() as s:
        q0 = select(District.id, District.profile, District.timezone).order_by(col(District.id))
        districts = {did: (profile, tz) for did, profile, tz in s.exec(q0).all()}
        refs = {r.seizure_ref for r in rows if r.seizure_ref}
        by_ref: dict[str, int] = {}
        if refs:
            q = select(Seizure.ref, Seizure.district_id).where(col(Seizure.ref).in_(refs))
            by_ref = {ref: did for ref, did in s.exec(q).all()}
        people = {r.person_id for r in rows if r.person_id is not None}
        by_person: dict[int, int] = {}
        if people:
            q2 = (
                select(RoleGrant.person_id, RoleGrant.district_id)
                .where(col(RoleGrant.person_id).in_(people))
                .order_by(col(RoleGrant.id))
            )
            for pid, did in s.exec(q2).all():
                by_person.setdefault(pid, did)
    default = next(iter(districts), None)
    found = {
        r.id: by_ref.get(r.seizure_ref or "") or by_person.get(r.person_id or -1) or default
        for r in rows
    }
    zones = {
        did: Zone(get_profile(profile), ZoneInfo(tz))
        for did, (profile, tz) in districts.items()
        if did in found.values()
    }
    return {row_id: zones[did] for row_id, did in found.items() if did in zones}


def opted_out(db: Database, channel: str, addresses: Iterable[str]) -> set[str]:
    """Which of these addresses said STOP on `channel`."""
    wanted = list(set(addresses))
    if not wanted:
        return set()
    with db.reading() as s:
        q = select(OptOut.address).where(OptOut.channel == channel, col(OptOut.address).in_(wanted))
        return set(s.exec(q).all())


# --- figures for /metrics ------------------------------------------------------------------------


# The channels a message goes out on (a call is `voice`).
OUTBOX_CHANNELS = ("telegram", "sms", "whatsapp", "voice")


@dataclass(frozen=True)
class OutboxFigures:
    depth: dict[tuple[str, str], int]  # (state, channel): rows
    failures: dict[str, int]  # failed rows by reason code
    oldest_due: dict[str, datetime]  # by channel: the due time of the oldest queued row due


def outbox_figures(db: Database, *, now: datetime) -> OutboxFigures:
    """Rows by state and channel, failed rows by reason code, and the longest waiting."""
    with db.lagging() as s:
        depth = outbox_delivery.depth(s)
        # Every state of every channel shown, at 0 when no row stands in it.
        channels = set(OUTBOX_CHANNELS) | {channel for _, channel in depth}
        for state in OutboxState:
            for channel in channels:
                depth.setdefault((state.value, channel), 0)
        failures: Counter[str] = Counter()
        q = (
            select(Outbox.failed_reason, func.count())
            .where(Outbox.state == FAILED.value)
            .group_by(col(Outbox.failed_reason))
        )
        for reason, n in s.exec(q).all():
            failures[reason_code(reason)] += int(n)
        oldest = outbox_delivery.oldest_due(s, now)
    return OutboxFigures(depth, dict(failures), oldest)


def reason_code(reason: str | None) -> str:
    """The stable part of a failure reason (before the first colon), fit for a metric label."""
    return (reason or "").split(":", 1)[0].strip()[:64] or "unknown"
