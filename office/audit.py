"""Append events to the hash-chained audit log and verify the chain."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, col, select

from models import AuditEvent, Database
from office import acting

GENESIS = "0" * 64


def canonical_time(at: datetime) -> str:
    """One text for one instant: in UTC, whatever offset it was given with.

    An act dated `2026-03-04T10:00:00+05:30` is stored and read back as `04:30:00+00:00` (both
    databases keep the instant, not the offset); hashing the text as received would make the
    chain fail to verify on data that was never touched.
    """
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"an audited time carries its offset: {at!r}")
    return at.astimezone(UTC).isoformat()


def _canonical(value: Any) -> Any:
    if isinstance(value, datetime):
        return canonical_time(value)
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def event_hash(
    *,
    seq: int,
    prev_hash: str,
    occurred_at: datetime,
    recorded_at: datetime,
    actor_id: int | None,
    action: str,
    subject: str,
    section: str,
    payload: dict[str, Any],
) -> str:
    body = {
        "seq": seq,
        "prev": prev_hash,
        "occurred_at": canonical_time(occurred_at),
        "recorded_at": canonical_time(recorded_at),
        "actor": actor_id,
        "action": action,
        "subject": subject,
        "section": section,
        "payload": _canonical(payload),
    }
    blob = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def append(
    s: Session,
    *,
    action: str,
    subject: str,
    occurred_at: datetime,
    now: datetime,
    actor_id: int | None,
    section: str = "",
    payload: dict[str, Any] | None = None,
) -> AuditEvent:
    """Add one event at the end of the chain (the caller holds the writer lock)."""
    acting.note_actor(s, actor_id)  # the act's messages name who caused them
    data = _canonical(payload or {})
    last = s.exec(select(AuditEvent).order_by(col(AuditEvent.seq).desc()).limit(1)).first()
    seq = 1 if last is None else last.seq + 1
    prev = GENESIS if last is None else last.hash
    ev = AuditEvent(
        seq=seq,
        occurred_at=occurred_at,
        recorded_at=now,
        actor_id=actor_id,
        action=action,
        subject=subject,
        section=section,
        payload=data,
        prev_hash=prev,
        hash=event_hash(
            seq=seq,
            prev_hash=prev,
            occurred_at=occurred_at,
            recorded_at=now,
            actor_id=actor_id,
            action=action,
            subject=subject,
            section=section,
            payload=data,
        ),
    )
    s.add(ev)
    s.flush()
    return ev


@dataclass(frozen=True)
class ChainReport:
    checked: int
    broken_seq: int | None = None
    reason: str = ""

    @property
    def ok(self) -> bool:
        return self.broken_seq is None


def _events(s: Session, batch: int = 2000) -> Iterator[AuditEvent]:
    after = 0
    while True:
        rows = s.exec(
            select(AuditEvent)
            .where(AuditEvent.seq > after)
            .order_by(col(AuditEvent.seq))
            .limit(batch)
        ).all()
        if not rows:
            return
        yield from rows
        after = rows[-1].seq


def verify_chain(db: Database) -> ChainReport:
    """Recompute every hash in order; report the first event that does not match."""
    prev = GENESIS
    expected_seq = 1
    checked = 0
    with db.reading() as s:
        for ev in _events(s):
            if ev.seq != expected_seq:
                return ChainReport(checked, ev.seq, f"sequence jumps from {expected_seq - 1}")
            if ev.prev_hash != prev:
                return ChainReport(checked, ev.seq, "prev_hash does not match the event before")
            recomputed = event_hash(
                seq=ev.seq,
                prev_hash=ev.prev_hash,
                occurred_at=ev.occurred_at,
                recorded_at=ev.recorded_at,
                actor_id=ev.actor_id,
                action=ev.action,
                subject=ev.subject,
                section=ev.section,
                payload=dict(ev.payload),
            )
            if recomputed != ev.hash:
                return ChainReport(checked, ev.seq, "content does not match its hash")
            prev = ev.hash
            expected_seq += 1
            checked += 1
    return ChainReport(checked)
