"""Times as the field gives them: local wall-clock times with the IST offset (+05:30)."""

from __future__ import annotations

from datetime import date, datetime, time

from tests.world import IST, World


def ist(world: World, day: date, hour: int = 10, minute: int = 0) -> datetime:
    """Move the world's clock to this local time and return it with the +05:30 offset."""
    world.on(day, hour, minute)
    return datetime.combine(day, time(hour, minute), IST)


def ist_iso(day: date, hour: int = 10, minute: int = 0) -> str:
    """The same time as the API takes it: `2026-03-02T10:00:00+05:30`."""
    return datetime.combine(day, time(hour, minute), IST).isoformat()
