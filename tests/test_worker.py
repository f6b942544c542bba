"""`pound worker`: one pass as of an instant, forever until told to stop, inside `pound serve`."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from sqlmodel import select

from bot.sender import PassReport, Sender
from models import Database, Outbox
from office.acts.clock.deadlines import PassReport as DeadlineReport
from office.acts.keeper.arrival import register_arrival
from pound.cli import main
from pound.settings import Settings
from pound.worker import PassDone, Worker, make_worker
from pound.worker_command import parse_at
from tests.fakes.telegram import FakeTelegram
from tests.units import act, tx
from tests.world import World, at
from webhook.metrics import Metrics

ROOT = Path(__file__).resolve().parent.parent
CHAT = "555000111"


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


def pound(db: Database, *args: str, telegram: FakeTelegram | None = None, **env: str) -> Result:
    environment: dict[str, str | None] = {
        "POUND_DATABASE_URL": db.url,
        "POUND_JURISDICTION": None,
        "POUND_TELEGRAM_TOKEN": "123:TOKEN" if telegram else None,
        "POUND_TELEGRAM_API_URL": telegram.api_url if telegram else None,
        "POUND_LOG_LEVEL": "warning",
        **env,
    }
    return CliRunner().invoke(main, list(args), env=environment, catch_exceptions=False)


def queue(db: Database, key: str, due_at: datetime, *, private: bool, person_id: int) -> None:
    with tx(db) as s:
        s.add(
            Outbox(
                dedupe_key=key,
                channel="telegram",
                address=CHAT,
                person_id=person_id,
                language="en",
                template="reply",
                body=f"message {key}",
                private=private,
                due_at=due_at,
                state="queued",
                created_at=due_at,
            )
        )


def states(db: Database) -> dict[str, str]:
    """The rows these tests queue (not the Magistrate's daily audit head, docs/audit.md)."""
    with db.reading() as s:
        rows = s.exec(select(Outbox).where(Outbox.template != "audit_head")).all()
        return {r.dedupe_key: r.state for r in rows}


def test_once_at_an_instant_sends_what_is_due_then_and_holds_the_night_for_the_morning(
    world: World, telegram: FakeTelegram
) -> None:
    evening = at(date(2026, 3, 2), 20)
    queue(world.db, "notice", evening, private=True, person_id=world.owner)
    queue(world.db, "tomorrow", at(date(2026, 3, 3), 9), private=True, person_id=world.owner)

    night = pound(world.db, "worker", "--once", "--at", "2026-03-02T22:00+05:30", telegram=telegram)
    assert night.exit_code == 0, night.output
    assert "quiet hours 1" in night.output
    assert telegram.sent_to(CHAT) == []

    morning = pound(world.db, "worker", "--once", "--at", "2026-03-03T02:30Z", telegram=telegram)
    assert morning.exit_code == 0, morning.output
    assert telegram.sent_to(CHAT) == ["message notice"]
    assert states(world.db) == {"notice": "sent", "tomorrow": "queued"}


def test_at_needs_a_time_zone_and_once(world: World) -> None:
    naive = pound(world.db, "worker", "--once", "--at", "2026-03-02T22:00")
    alone = pound(world.db, "worker", "--at", "2026-03-02T22:00Z")
    garbled = pound(world.db, "worker", "--once", "--at", "yesterday")

    assert naive.exit_code == 2 and "time zone" in naive.output
    assert alone.exit_code == 2 and "--at needs --once" in alone.output
    assert garbled.exit_code == 2 and "not an ISO time" in garbled.output


def test_parse_at_gives_utc() -> None:
    assert parse_at("2026-03-02T22:00+05:30") == datetime(2026, 3, 2, 16, 30, tzinfo=UTC)


def test_a_pass_advances_the_deadlines_at_its_instant_before_sending(world: World) -> None:
    seen: list[tuple[str, datetime]] = []
    sender = Sender(world.db, {}, worker="w")

    def advance(db: Database, now: datetime) -> object:
        seen.append(("deadlines", now))
        return None

    worker = Worker(db=world.db, sender=sender, clock=lambda: world.now, advance_deadlines=advance)
    instant = at(date(2026, 3, 20), 9)

    asyncio.run(worker.once(instant))

    assert seen == [("deadlines", instant)]


def test_once_runs_the_offices_deadlines(world: World) -> None:
    result = pound(world.db, "worker", "--once", "--at", "2026-04-01T09:00+05:30")

    assert result.exit_code == 0, result.output
    assert "pass as of 2026-04-01T03:30:00+00:00" in result.output


def test_serve_runs_a_worker_inside_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[Any] = []

    def fake_run(app: object, **kwargs: Any) -> None:
        import threading

        threads.extend(t for t in threading.enumerate() if t.name == "pound-worker")

    monkeypatch.setattr("uvicorn.run", fake_run)
    db = Database(f"sqlite:///{tmp_path / 'serve.db'}")

    with_worker = pound(db, "serve", "--port", "8124")
    alive_after = [t for t in threads if t.is_alive()]
    threads.clear()
    without = pound(db, "serve", "--port", "8124", "--no-worker")

    assert with_worker.exit_code == 0, with_worker.output
    assert "worker: running inside" in with_worker.output
    assert alive_after == []  # stopped when the server stopped
    assert without.exit_code == 0
    assert "worker: running inside" not in without.output
    assert threads == []
    db.dispose()


def test_a_running_worker_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'w.db'}"
    env = {**os.environ, "POUND_DATABASE_URL": url, "POUND_WORKER_POLL_SECONDS": "0.2"}
    subprocess.run([sys.executable, "-m", "pound", "db", "upgrade"], env=env, cwd=ROOT, check=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pound", "worker"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert "Ctrl-C stops" in first
        time.sleep(0.5)  # a few passes
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "worker stopped" in out


def test_a_wake_sends_a_reply_at_once_not_at_the_next_poll(
    world: World, telegram: FakeTelegram
) -> None:
    from pound.settings import Settings
    from pound.worker import WorkerThread, make_worker

    settings = Settings(
        database_url=world.db.url,
        telegram_token="123:TOKEN",
        telegram_api_url=telegram.api_url,
        worker_poll_seconds=60,
    )
    background = WorkerThread(make_worker(world.db, settings, clock=lambda: world.now))
    background.start()
    try:
        time.sleep(0.5)  # the first full pass, with nothing to send
        queue(world.db, "reply", world.now, private=False, person_id=world.owner)
        started = time.monotonic()
        background.wake()
        # Woken, it sends at once; asleep, it would wait for its 60 s poll and the 10 s here
        # would end with nothing sent.
        while telegram.sent_to(CHAT) == [] and time.monotonic() - started < 10:
            time.sleep(0.05)
        assert telegram.sent_to(CHAT) == ["message reply"]
    finally:
        background.stop()


def two_unclaimed(world: World) -> None:
    """Two seizures whose cattle arrived on 1 March: unclaimed when 8 March has run (Sec VIII)."""
    for hour in (8, 9):
        ref = world.seize(when=world.on(date(2026, 3, 1), hour))
        act(
            world.db,
            register_arrival,
            actor_id=world.keeper,
            ref=ref,
            occurred_at=world.on(date(2026, 3, 1), hour + 2),
            now=world.now,
        )


def test_once_says_what_the_clock_did_by_kind_and_what_the_messages_did(world: World) -> None:
    two_unclaimed(world)

    result = pound(world.db, "worker", "--once", "--at", "2026-03-09T09:00+05:30")

    assert result.exit_code == 0, result.output
    (line,) = [x for x in result.output.splitlines() if x.startswith("pass as of")]
    assert "deadlines reported unclaimed 2, sales due 0, surplus moved to the fund 0" in line
    assert re.search(r"messages claimed \d+, sent 0, held for quiet hours \d+, waiting \d+", line)
    assert "cancelled 0, failed 0" in line


def test_the_line_and_the_metrics_count_the_same_pass(world: World) -> None:
    two_unclaimed(world)
    metrics = Metrics()
    worker = make_worker(
        world.db, Settings(database_url=world.db.url), clock=lambda: world.now, metrics=metrics
    )

    done = asyncio.run(worker.once(at(date(2026, 3, 9), 9)))

    def sample(name: str, **labels: str) -> float:
        return metrics.registry.get_sample_value(name, labels) or 0.0

    assert done.deadlines is not None and done.deadlines.reported_unclaimed == 2
    assert "reported unclaimed 2" in done.line()
    assert sample("pound_deadline_steps_total", kind="reported_unclaimed") == 2
    assert sample("pound_deadline_acts_total") == done.acts
    assert sample("pound_worker_passes_total") == 1


def test_a_pass_that_did_nothing_writes_no_line_at_info(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="pound.worker")
    worker = make_worker(world.db, Settings(database_url=world.db.url), clock=lambda: world.now)
    instant = at(date(2026, 3, 2), 9)

    worker.log_pass(PassDone(instant, PassReport(), DeadlineReport(), 0.001))
    worker.log_pass(PassDone(instant, PassReport(claimed=1, sent=1), DeadlineReport(), 0.001))

    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert lines == [
        f"pass as of {instant.isoformat()}: deadlines reported unclaimed 0, sales due 0, "
        "surplus moved to the fund 0, cleared 0; messages claimed 1, sent 1, held for quiet "
        "hours 0, waiting 0, retried 0, cancelled 0, failed 0; deadlines took 1 ms"
    ]
