"""Deadline passes run by several workers at once, as `pound worker` processes would."""

from __future__ import annotations

import threading
from datetime import datetime

from office.acts.clock.deadlines import PassReport, advance_deadlines
from tests.world import World


def run_at_once(world: World, instant: datetime, count: int = 2) -> list[PassReport]:
    """`count` passes as of `instant` started together in threads; their reports, once all have
    ended without an error."""
    reports: list[PassReport] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            reports.append(advance_deadlines(world.db, now=instant, batch=2))
        except BaseException as exc:  # the test reports it below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert len(reports) == count
    return reports
