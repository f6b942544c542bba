"""When an act happened: not in the future, not before the last event."""

from __future__ import annotations

from datetime import datetime, timedelta

from law.errors import N_, EventInFuture, EventOutOfOrder, InvalidInput

# A clock on a phone or a server may run a little ahead; more than this is a mistake.
CLOCK_SKEW = timedelta(minutes=5)


def check_aware(at: datetime, name: str) -> None:
    if at.tzinfo is None or at.utcoffset() is None:
        raise InvalidInput(
            N_("{name} must carry a time zone (UTC or an offset)"), said={"name": name}
        )


def check_times(occurred_at: datetime, now: datetime, after: datetime | None = None) -> None:
    """An act is recorded when it happened: not in the future, not before the last event."""
    check_aware(occurred_at, "occurred_at")
    check_aware(now, "now")
    if occurred_at > now + CLOCK_SKEW:
        raise EventInFuture(
            N_("occurred_at {occurred_at} is in the future"),
            occurred_at=occurred_at.isoformat(),
        )
    if after is not None and occurred_at < after:
        raise EventOutOfOrder(
            N_("occurred_at {occurred_at} is before the last recorded event ({last_event_at})"),
            last_event_at=after.isoformat(),
            said={"occurred_at": occurred_at.isoformat()},
        )
