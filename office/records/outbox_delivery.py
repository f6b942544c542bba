"""A queued message's life at the sender: claimed, sent, failed over to another channel,
delivered or released (docs/messages.md)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, update
from sqlmodel import Session, col, select

from models import OptOut, Outbox, Person
from models.enums import OutboxState
from office.records.outbox import (
    CANCELLED,
    DELIVERED,
    FAILED,
    HELD,
    QUEUED,
    SENDING,
    SENT,
    TRANSITIONS,
    IllegalTransition,
    _move,
    find,
    request_id_of,
)


def _in(state: OutboxState, *, to: OutboxState) -> ColumnElement[bool]:
    """The guard of a statement that moves rows in `state` to `to` (an edge, or refused)."""
    if (state, to) not in TRANSITIONS:
        raise IllegalTransition(None, state.value, to)
    return col(Outbox.state) == state.value


def _mine(row_id: int, worker: str, *, to: OutboxState) -> ColumnElement[bool]:
    # Guard every write with the claim: a row reclaimed by another worker is no longer ours.
    return and_(col(Outbox.id) == row_id, _in(SENDING, to=to), col(Outbox.claimed_by) == worker)


def queue(
    s: Session,
    *,
    dedupe_key: str,
    channel: str,
    address: str,
    person_id: int | None,
    language: str,
    template: str,
    params: Mapping[str, object],
    due_at: datetime,
    now: datetime,
    private: bool = True,
    seizure_ref: str | None = None,
    caused_by: int | None = None,
    held: str | None = None,
    body: str | None = None,
    options: Sequence[Mapping[str, object]] = (),
    fallback_from: int | None = None,
    request_id: str | None = None,
) -> Outbox:
    """Write one row in session `s`: `queued`, or `held` with the reason `held` (never sent).

    The caller has looked the dedupe key up (`find`)."""
    row = Outbox(
        dedupe_key=dedupe_key[:200],
        channel=channel,
        address=address,
        person_id=person_id,
        language=language,
        template=template,
        params=dict(params),
        body=body,
        options=[dict(o) for o in options],
        private=private,
        seizure_ref=seizure_ref,
        due_at=due_at,
        state=HELD if held else QUEUED,
        failed_reason=held,
        fallback_from=fallback_from,
        created_at=now,
        caused_by=caused_by,
        request_id=request_id or request_id_of(s),
    )
    s.add(row)
    s.flush()
    return row


def depth(s: Session) -> dict[tuple[str, str], int]:
    """How many rows stand in each (state, channel)."""
    q = select(Outbox.state, Outbox.channel, func.count()).group_by(
        col(Outbox.state), col(Outbox.channel)
    )
    return {(state, channel): int(n) for state, channel, n in s.exec(q).all()}


def oldest_due(s: Session, now: datetime) -> dict[str, datetime]:
    """By channel, the due time of the oldest queued row due by `now` (the longest waiting)."""
    q = (
        select(Outbox.channel, func.min(Outbox.due_at))
        .where(_in(QUEUED, to=SENDING), col(Outbox.due_at) <= now)
        .group_by(col(Outbox.channel))
    )
    return {channel: due for channel, due in s.exec(q).all() if due is not None}


def claim(
    s: Session,
    *,
    now: datetime,
    worker: str,
    channels: Sequence[str],
    limit: int,
    lease: timedelta,
    grace: timedelta,
    skip_locked: bool,
) -> list[Outbox]:
    """Mark up to `limit` due rows `sending` for `worker` and return them, earliest due first:
    first those whose claim lapsed, then queued ones due by `now` (and by their
    `next_attempt_at`, if any).

    A row left in `sending` longer than `lease` + `grace` belongs to a worker that died or lost
    the database. The grace is the time that worker (or the one taking over its journal,
    bot/journal.py) has to record an acceptance it holds; after it the person may get the
    message twice (docs/worker.md)."""
    queued = and_(
        _in(QUEUED, to=SENDING),
        col(Outbox.due_at) <= now,
        or_(col(Outbox.next_attempt_at).is_(None), col(Outbox.next_attempt_at) <= now),
    )
    stale = and_(_in(SENDING, to=SENDING), col(Outbox.claimed_at) < now - lease - grace)
    rows: list[Outbox] = []
    for where in (stale, queued):
        want = limit - len(rows)
        if want <= 0:
            break
        q = (
            select(Outbox)
            .where(where, col(Outbox.channel).in_(list(channels)))
            .order_by(col(Outbox.due_at), col(Outbox.id))
            .limit(want)
            .with_for_update(skip_locked=skip_locked)
        )
        rows.extend(s.exec(q).all())
    if rows:
        s.execute(
            update(Outbox)
            .where(col(Outbox.id).in_([r.id for r in rows]))
            .values(state=SENDING.value, claimed_by=worker, claimed_at=now)
        )
    return rows


def sent(
    s: Session,
    *,
    row_id: int,
    worker: str,
    provider_id: str,
    body: str,
    sent_at: datetime,
    params: dict[str, object] | None = None,
    language: str | None = None,
    sent_via: str | None = None,
    via_reason: str | None = None,
    rest: str | None = None,
) -> bool:
    """The provider took the row `worker` claims; False when it is no longer his.

    `rest`: what the provider was not given of a text too long for one message (bot/lengths.py),
    queued in the same transaction as a reply row due with this one, so it follows it."""
    values: dict[str, object] = {
        "state": SENT.value,
        "provider_id": provider_id[:64],
        "body": body[:BODY_CHARS],
        "sent_at": sent_at,
        # claimed_by stays: which worker sent it (a lapsed claim would have changed it).
    }
    if sent_via is not None:
        values["sent_via"] = sent_via[:24]
    if via_reason is not None:
        values["via_reason"] = via_reason[:300]
    if params is not None:
        values["params"] = params
    if language is not None:
        values["language"] = language[:8]
    # Core, not the ORM: this runs once per message, and is the worker's hottest write.
    res = s.connection().execute(
        update(Outbox).where(_mine(row_id, worker, to=SENT)).values(**values)
    )
    if res.rowcount and rest:
        _continue(s, row_id, rest, now=sent_at)
    return bool(res.rowcount)


# What a keyboard needs, kept on the part that carries it (the last).
_KEYBOARD = ("request_contact", "request_location", "first_number")


BODY_CHARS = 4000  # the body column (models/messaging.py)


def _continue(s: Session, row_id: int, rest: str, *, now: datetime) -> None:
    """The rest of a long text as a reply row of its own, right behind the part just sent:
    sent, recorded and retried like any message; never held by quiet hours (the start of the
    message has gone). It carries the options, with the last part."""
    row = s.get(Outbox, row_id)
    if row is None:  # pragma: no cover - the row was just updated
        return
    params: dict[str, object] = {
        k: v for k, v in (row.params or {}).items() if k in _KEYBOARD and row.template == "reply"
    }
    # The reply's text is its body, or its params' `body` where it is longer than the column.
    params["body"] = rest
    body = rest if len(rest) <= BODY_CHARS else None
    _follow(s, row, "more", now=now, template="reply", params=params, body=body, private=False)


# A row no worker claims any more.
_UNCLAIMED = {"claimed_by": None, "claimed_at": None}


def cancel_claimed(s: Session, *, row_id: int, worker: str, reason: str, now: datetime) -> int:
    """The row `worker` claims ends `cancelled` with `reason` (practice G16); 1, or 0 when it
    is no longer his."""
    res = s.connection().execute(
        update(Outbox)
        .where(_mine(row_id, worker, to=CANCELLED))
        .values(
            state=CANCELLED.value,
            failed_reason=f"cancelled at {now.isoformat()}: {reason}"[:500],
            **_UNCLAIMED,
        )
    )
    return int(res.rowcount)


def release(
    s: Session,
    *,
    row_ids: Sequence[int],
    worker: str,
    until: datetime | None,
    reason: str | None = None,
    count_error: bool = False,
) -> int:
    """Give the rows `worker` claims back to the queue, to be tried at `until`."""
    values: dict[str, object] = {"state": QUEUED.value, "next_attempt_at": until, **_UNCLAIMED}
    if reason is not None:
        values["failed_reason"] = reason[:500]
    if count_error:
        values["error_count"] = col(Outbox.error_count) + 1
    res = s.execute(
        update(Outbox)
        .where(
            col(Outbox.id).in_(list(row_ids)),
            _in(SENDING, to=QUEUED),
            col(Outbox.claimed_by) == worker,
        )
        .values(**values)
    )
    return int(res.rowcount)  # type: ignore[attr-defined]


def fail_claimed(
    s: Session, *, row_id: int, worker: str, reason: str, now: datetime, count_error: bool
) -> int | None:
    """The row `worker` claims ends `failed`; the id of its fallback row, if one was queued."""
    row = s.exec(select(Outbox).where(_mine(row_id, worker, to=FAILED)).with_for_update()).first()
    if row is None:
        return None
    if count_error:
        row.error_count += 1
    return failed(s, row, reason=reason, now=now)


def failed(
    s: Session,
    row: Outbox,
    *,
    reason: str,
    now: datetime,
    outcome: str | None = None,
    keep_claim: bool = False,
) -> int | None:
    """`row` (locked by the caller) ends `failed` with `reason`, and the message is queued on
    the person's other channel if he has one; returns that row's id. `keep_claim`: the row
    keeps which worker sent it (a call's outcome)."""
    _move(row, FAILED)
    row.failed_reason = reason[:500]
    if outcome is not None:
        row.outcome = outcome[:32]
    if not keep_claim:
        row.claimed_by = None
        row.claimed_at = None
    s.add(row)
    other = _fallback_address(s, row)
    if other is None:
        return None
    channel, address = other
    fallback = _follow(
        s,
        row,
        f"fallback:{channel}",
        now=now,
        channel=channel,
        address=address,
        body=row.body if row.template == "reply" else None,
        due_at=now,
        fallback_from=row.id,
        caused_by=None,
    )
    return fallback.id if fallback is not None else None


def delivered(
    s: Session, row: Outbox, *, now: datetime, outcome: str, via_reason: str | None = None
) -> None:
    """`row` (locked by the caller) is reported delivered (a call: answered)."""
    _move(row, DELIVERED)
    row.delivered_at = now
    row.outcome = outcome[:32]
    if via_reason is not None:
        row.via_reason = via_reason[:300]
    s.add(row)


# What a row that follows from another (a fallback, the rest of a text) keeps of it.
_KEPT = ("channel", "address", "person_id", "language", "template", "private", "seizure_ref")
_KEPT_CAUSE = ("due_at", "caused_by", "request_id")  # when it is due, and what caused it


def _follow(
    s: Session, row: Outbox, suffix: str, *, now: datetime, **changed: Any
) -> Outbox | None:
    """The row that follows from `row`, keyed after it with `suffix`, unless one is written
    already: `row`'s message and address but what is `changed`."""
    key = f"{row.dedupe_key}|{suffix}"
    if len(key) > 200:
        key = f"{suffix}:{hashlib.sha256(key.encode()).hexdigest()}"
    if find(s, key) is not None:
        return None
    kept = {name: getattr(row, name) for name in (*_KEPT, *_KEPT_CAUSE)}
    kept.update(params=row.params or {}, options=row.options or [])
    return queue(s, dedupe_key=key, now=now, **{**kept, **changed})


def _fallback_address(s: Session, row: Outbox) -> tuple[str, str] | None:
    """The person's other channel and address, if there is one and it may be used.

    Telegram falls back to SMS, SMS to Telegram; WhatsApp to SMS to the same phone (unless the
    number said STOP to SMS), else Telegram. A call is an extra to a message that went as well:
    it has no fallback.
    """
    if row.person_id is None or row.fallback_from is not None or row.channel == "voice":
        return None  # a fallback does not fall back again: no ping-pong between channels
    person = s.get(Person, row.person_id)
    if person is None:
        return None
    sms_ok = bool(person.phone) and (
        s.exec(
            select(OptOut.id).where(OptOut.channel == "sms", OptOut.address == person.phone)
        ).first()
        is None
    )
    if row.channel in ("telegram", "whatsapp") and sms_ok and person.phone:
        return ("sms", person.phone)
    if row.channel in ("sms", "whatsapp") and person.telegram_id is not None:
        return ("telegram", str(person.telegram_id))
    return None
