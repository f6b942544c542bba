"""The outbox table's one owner: a message's states, the moves between them, every write of a row.

A row is written `queued` with its cause (transactional outbox), or `held` (an unsolicited
message over the limit, office/notify/). The sender claims it (`sending`), and it ends `sent`
(then `delivered` or `failed` as the provider reports), back in `queued` to wait, `failed`
(perhaps with a new row on the person's other channel) or `cancelled`. No other module inserts
or updates a row: each function here takes its caller's session and moves a row only along
`TRANSITIONS`, refusing any other move (`IllegalTransition`). docs/worker.md charts them
("A message's life"); a test holds the chart to this table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session, col, select

from models import Outbox, deferred
from models.enums import OutboxState
from models.unit import Unit

QUEUED, SENDING, SENT = OutboxState.QUEUED, OutboxState.SENDING, OutboxState.SENT
DELIVERED, FAILED = OutboxState.DELIVERED, OutboxState.FAILED
CANCELLED, HELD = OutboxState.CANCELLED, OutboxState.HELD

# The states a row is written in.
BEGINS: frozenset[OutboxState] = frozenset({QUEUED, HELD})
# The moves a row may make, and no others.
TRANSITIONS: frozenset[tuple[OutboxState, OutboxState]] = frozenset(
    {
        (QUEUED, SENDING),  # claimed by a worker
        (QUEUED, CANCELLED),  # an act made it untrue
        (SENDING, SENDING),  # its claim lapsed: claimed again by another worker
        (SENDING, SENT),  # the provider took it
        (SENDING, QUEUED),  # waits: quiet hours, a rate limit, a transient failure
        (SENDING, FAILED),  # a permanent failure, or too many tries
        (SENDING, CANCELLED),  # its cause is gone at its turn (practice G16)
        (SENT, DELIVERED),  # the provider reports it delivered (a call: answered)
        (SENT, FAILED),  # the provider reports it undelivered (a call: not answered)
    }
)
# The states a row may stay in for good (a Telegram message has no delivery report: `sent`).
RESTS: frozenset[OutboxState] = frozenset({SENT, DELIVERED, FAILED, CANCELLED, HELD})


class IllegalTransition(ValueError):
    """A write that would move an outbox row along no edge of `TRANSITIONS`."""

    def __init__(self, row_id: int | None, state: str | None, to: OutboxState) -> None:
        super().__init__(f"outbox row {row_id}: {state} -> {to.value} is not a transition")


def may_move(state: str | None, to: OutboxState) -> bool:
    """Whether a row in `state` may move to `to` (a state is its text: OutboxState is a StrEnum)."""
    return (state, to) in TRANSITIONS


def _move(row: Outbox, to: OutboxState) -> None:
    if not may_move(row.state, to):
        raise IllegalTransition(row.id, row.state, to)
    row.state = to


def request_id_of(s: Session) -> str | None:
    """The id of the request whose unit of work `s` is (None: the worker's own acts, the CLI)."""
    u = Unit.of(s)
    return u.request_id if u is not None else None


def find(s: Session, dedupe_key: str) -> Outbox | None:
    """The row already written under this dedupe key, if any."""
    return s.exec(select(Outbox).where(Outbox.dedupe_key == dedupe_key)).first()


def taken_keys(s: Session, keys: Sequence[str], chunk: int = 500) -> set[str]:
    """Which of these dedupe keys have a row written already."""
    found: set[str] = set()
    for start in range(0, len(keys), chunk):
        part = keys[start : start + chunk]
        found.update(s.exec(select(Outbox.dedupe_key).where(col(Outbox.dedupe_key).in_(part))))
    return found


_INSERT = insert(Outbox.__table__)  # type: ignore[attr-defined]


def _queued(s: Session, rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    request_id = request_id_of(s)
    return [{**values, "state": QUEUED.value, "request_id": request_id} for values in rows]


def queue_at_commit(s: Session, rows: Iterable[Mapping[str, Any]]) -> int:
    """Queued rows (column values, no state) written together at the commit
    (models/deferred.py); a second row under a dedupe key replaces the first one waiting."""
    queued = _queued(s, rows)
    for row in queued:
        deferred.defer(s, _INSERT, row["dedupe_key"], row)
    return len(queued)


def queue_many(s: Session, rows: Sequence[Mapping[str, Any]]) -> int:
    """Write queued rows (column values, no state) in one INSERT now: a batch of the office's
    own clock (office/acts/clock/deadline_acts.py), whose dedupe keys the caller has looked up."""
    if rows:
        s.execute(_INSERT, _queued(s, rows))
    return len(rows)


def cancel_queued(
    s: Session,
    seizure_ref: str,
    template: str,
    now: datetime,
    reason: str,
    person_id: int | None = None,
) -> int:
    """Cancel the queued messages of a seizure that are no longer true (a claim reminder after
    the cattle were claimed). Rows already being sent are left to the sender."""
    q = select(Outbox).where(
        Outbox.seizure_ref == seizure_ref,
        Outbox.state == QUEUED.value,
        Outbox.template == template,
    )
    if person_id is not None:
        q = q.where(Outbox.person_id == person_id)
    rows = s.exec(q).all()
    for row in rows:
        _move(row, CANCELLED)
        row.failed_reason = f"cancelled at {now.isoformat()}: {reason}"[:500]
    return len(rows)
