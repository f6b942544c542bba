"""The database fails while the worker sends: what the provider took is not sent again.

A database outage sent 91 Telegram messages twice: Telegram took them, recording them `sent`
failed, the claims lapsed and the next pass sent them again. The guarantee now (docs/worker.md):
a worker that lives records every acceptance once the database answers, and nothing is sent
twice; a worker killed outright repeats at most the messages it had in flight, those whose
acceptance it had not yet written to its journal.

Messages are counted as the fake Telegram server received them.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import insert
from sqlalchemy.exc import OperationalError
from sqlmodel import col, select

from bot.channels.telegram.send import TelegramTransport
from bot.journal import Acceptance, Journal
from bot.sender import PassReport, Sender, SendPolicy
from models import Database, Outbox
from tests.databases import PG_ADMIN_URL
from tests.fakes.telegram import FakeTelegram
from tests.units import tx
from tests.world import World

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "123456:FAULTS"
FIRST_CHAT = 7_400_100_000
LEASE = timedelta(minutes=5)
GRACE = timedelta(minutes=5)


class HookedTelegram(FakeTelegram):
    """The fake Bot API, calling `on_send(n)` as the n-th sendMessage arrives, before it
    answers. The calls are one at a time: a send arriving meanwhile is answered only after
    `on_send` returns, so what it starts (an outage, a kill) precedes every later answer."""

    def __init__(self) -> None:
        super().__init__()
        self.on_send: Callable[[int], None] = lambda n: None
        self._count = 0
        self._count_lock = threading.Lock()

    def answer(self, method: str, token: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if method.lower() == "sendmessage":
            with self._count_lock:
                self._count += 1
                self.on_send(self._count)
        return super().answer(method, token, params)

    def received(self) -> Counter[str]:
        """How many times each message text arrived. A request the kill cut short carries no
        text: Telegram would have refused it, so it is no message."""
        return Counter(
            str(c.params["text"])
            for c in self.calls_to("sendMessage")
            if c.params.get("text") is not None
        )


@pytest.fixture
def telegram() -> Iterator[HookedTelegram]:
    with HookedTelegram() as fake:
        yield fake


def queue_messages(db: Database, count: int, due: datetime) -> list[str]:
    """`count` replies to as many chats, due at `due`; answers their texts."""
    texts = [f"message {i}" for i in range(count)]
    rows = [
        {
            "dedupe_key": f"fault:{i}",
            "channel": "telegram",
            "address": str(FIRST_CHAT + i),
            "language": "en",
            "template": "reply",
            "params": {},
            "body": text,
            "options": [],
            "private": False,
            "due_at": due,
            "state": "queued",
            "error_count": 0,
            "created_at": due,
        }
        for i, text in enumerate(texts)
    ]
    with db.engine.begin() as conn:
        conn.execute(insert(Outbox), rows)
    return texts


def outbox(db: Database) -> list[Outbox]:
    """The rows these tests queue (not the Magistrate's daily audit head, docs/audit.md)."""
    with db.reading() as s:
        found = list(
            s.exec(
                select(Outbox).where(Outbox.template != "audit_head").order_by(col(Outbox.id))
            ).all()
        )
        s.expunge_all()
        return found


class Outage:
    """The database stops taking the sender's writes (every `row_transaction` fails as a lost
    connection does) while `down`; `times` limits how many fail."""

    def __init__(self, db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
        self.down = False
        self.times: int | None = None
        self.failed = 0
        real = db.row_transaction

        def row_transaction() -> Any:
            if self.down and (self.times is None or self.failed < self.times):
                self.failed += 1
                raise OperationalError(
                    "UPDATE outbox SET state=...",
                    {},
                    ConnectionError("server closed the connection unexpectedly"),
                )
            return real()

        monkeypatch.setattr(db, "row_transaction", row_transaction)


def make_sender(db: Database, telegram: FakeTelegram, journal: Journal | None = None) -> Sender:
    transport = TelegramTransport(
        TOKEN,
        api_url=telegram.api_url,
        global_per_second=1000.0,
        per_chat_per_second=100.0,
        timeout=5.0,
    )
    return Sender(
        db,
        {"telegram": transport},
        worker="worker-a",
        policy=SendPolicy(lease=LEASE, grace=GRACE, concurrency=4),
        journal=journal,
    )


def one_pass(sender: Sender, now: datetime) -> PassReport | Exception:
    """One pass as `pound worker` runs it: a failed pass is logged and the worker goes on."""

    async def run() -> PassReport:
        await sender.start()
        try:
            return await sender.run_pass(now)
        finally:
            await sender.stop()

    try:
        return asyncio.run(run())
    except Exception as exc:
        return exc


def test_an_outage_longer_than_the_lease_sends_nothing_twice_while_the_worker_lives(
    world: World, telegram: HookedTelegram, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    texts = queue_messages(world.db, 12, now)
    outage = Outage(world.db, monkeypatch)

    def database_goes_down(n: int) -> None:
        outage.down = True  # from the first message Telegram takes

    telegram.on_send = database_goes_down
    sender = make_sender(world.db, telegram, Journal(tmp_path, scope="t", worker="worker-a"))

    during = one_pass(sender, now)
    stuck = [r.state for r in outbox(world.db)]
    outage.down = False
    # The database is back only after lease + grace: the claims have lapsed by then.
    after = one_pass(sender, now + LEASE + GRACE + timedelta(minutes=1))

    assert telegram.received() == Counter(texts)  # each once
    assert isinstance(during, PassReport), during
    assert during.sent == 12 and during.unrecorded == 12
    assert stuck == ["sending"] * 12
    assert isinstance(after, PassReport), after
    assert after.recorded_late == 12 and after.claimed == 0
    rows = outbox(world.db)
    assert [r.state for r in rows] == ["sent"] * 12
    sent_ids = {
        f"{c.params['chat_id']}:{n}" for n, c in enumerate(telegram.calls_to("sendMessage"), 1)
    }
    assert {r.provider_id for r in rows} == sent_ids
    assert list(tmp_path.iterdir()) == []  # the journal went with its worker, all recorded


def test_a_few_failed_records_are_made_good_in_the_same_pass(
    world: World, telegram: HookedTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    texts = queue_messages(world.db, 8, now)
    outage = Outage(world.db, monkeypatch)
    outage.times = 3  # three writes fail, then the database answers again

    def flaky_from_the_first_send(n: int) -> None:
        outage.down = True

    telegram.on_send = flaky_from_the_first_send
    sender = make_sender(world.db, telegram)

    first = one_pass(sender, now)
    later = one_pass(sender, now + LEASE + GRACE + timedelta(minutes=1))

    assert telegram.received() == Counter(texts)
    assert outage.failed == 3
    assert isinstance(first, PassReport), first
    assert first.recorded_late == 3 and first.unrecorded == 0
    assert isinstance(later, PassReport) and later.claimed == 0
    assert [r.state for r in outbox(world.db)] == ["sent"] * 8


def test_nothing_new_is_claimed_while_acceptances_wait_for_the_database(
    world: World, telegram: HookedTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = world.on(date(2026, 3, 2), 10)
    queue_messages(world.db, 3, now)
    outage = Outage(world.db, monkeypatch)
    telegram.on_send = lambda n: setattr(outage, "down", True)
    sender = make_sender(world.db, telegram)
    one_pass(sender, now)
    outage.down, outage.failed = True, 0
    outage.times = 1  # recording fails once more: this pass must not claim anything

    blocked = one_pass(sender, now + timedelta(minutes=1))
    sent_before = len(telegram.calls_to("sendMessage"))

    assert isinstance(blocked, PassReport), blocked
    assert (blocked.claimed, blocked.unrecorded) == (0, 3)
    assert sent_before == 3


def test_a_lapsed_claim_is_taken_again_only_after_lease_and_grace(
    world: World, telegram: HookedTelegram
) -> None:
    """The grace is the dead (or cut off) worker's time to record what it holds; pound's
    settings give five minutes of it beyond the five-minute lease."""
    from pound.settings import Settings
    from pound.worker import send_policy

    now = world.on(date(2026, 3, 2), 10)
    texts = queue_messages(world.db, 1, now)
    with tx(world.db) as s:
        stuck = s.exec(select(Outbox)).one()
        stuck.state, stuck.claimed_by, stuck.claimed_at = "sending", "cut-off:1", now
        s.add(stuck)
    sender = make_sender(world.db, telegram)

    within_grace = one_pass(sender, now + LEASE + GRACE - timedelta(seconds=1))
    after_grace = one_pass(sender, now + LEASE + GRACE + timedelta(seconds=1))

    assert isinstance(within_grace, PassReport) and within_grace.claimed == 0
    assert isinstance(after_grace, PassReport) and after_grace.sent == 1
    assert telegram.received() == Counter(texts)
    policy = send_policy(Settings(database_url=world.db.url))
    assert (policy.lease, policy.grace) == (LEASE, GRACE)


@contextmanager
def connections_refused(db: Database) -> Iterator[Callable[[], None]]:
    """PostgreSQL stops answering this database: its sessions are terminated and new ones are
    refused until the block ends. Yields the function that starts it."""
    name = db.engine.url.database
    admin = psycopg.connect(PG_ADMIN_URL, autocommit=True)

    def refuse() -> None:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')  # type: ignore[arg-type]
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        )

    try:
        yield refuse
    finally:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')  # type: ignore[arg-type]
        admin.close()


def test_postgresql_going_away_mid_batch_sends_nothing_twice(
    world: World, telegram: HookedTelegram, tmp_path: Path
) -> None:
    if world.db.is_sqlite:
        pytest.skip("an embedded database has no server sessions to end (the outage above)")
    now = world.on(date(2026, 3, 2), 10)
    texts = queue_messages(world.db, 10, now)
    sender = make_sender(world.db, telegram, Journal(tmp_path, scope="t", worker="worker-a"))
    with connections_refused(world.db) as refuse:
        telegram.on_send = lambda n: refuse() if n == 1 else None
        during = one_pass(sender, now)
    after = one_pass(sender, now + LEASE + GRACE + timedelta(minutes=1))

    assert telegram.received() == Counter(texts)
    assert isinstance(during, PassReport), during
    assert during.unrecorded == 10
    assert isinstance(after, PassReport), after
    assert (after.recorded_late, after.claimed) == (10, 0)
    assert [r.state for r in outbox(world.db)] == ["sent"] * 10


# --- kill -9 ------------------------------------------------------------------------------------


def worker_env(db: Database, telegram: FakeTelegram, journal: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("POUND_")}
    env.update(
        {
            "POUND_DATABASE_URL": db.url.replace("+psycopg", ""),
            "POUND_TELEGRAM_TOKEN": TOKEN,
            "POUND_TELEGRAM_API_URL": telegram.api_url,
            "POUND_TELEGRAM_GLOBAL_PER_SECOND": "1000",
            "POUND_TELEGRAM_PER_CHAT_PER_SECOND": "1000",
            "POUND_OUTBOX_CONCURRENCY": "1",
            "POUND_WORKER_POLL_SECONDS": "0.2",
            "POUND_OUTBOX_JOURNAL_DIR": str(journal),
            "POUND_LOG_LEVEL": "warning",
        }
    )
    return env


def journaled(journal: Path) -> set[int]:
    """The rows the worker's journal file holds (docs/worker.md), as far as written."""
    rows: set[int] = set()
    for path in journal.glob("outbox-*.jsonl"):
        for line in path.read_bytes().splitlines():
            with suppress(ValueError, TypeError, KeyError):  # a line being written
                rows.add(Acceptance.parse(line).row_id)
    return rows


@contextmanager
def writes_held(db: Database) -> Iterator[Callable[[], None]]:
    """SQLite takes no write while another connection holds its write lock; the worker waits
    for it. Yields the function that takes the lock."""
    path = db.engine.url.database
    assert path is not None
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    held = threading.Event()

    def hold() -> None:
        if not held.is_set():
            conn.execute("BEGIN IMMEDIATE")
            held.set()

    try:
        yield hold
    finally:
        if held.is_set():
            conn.execute("ROLLBACK")
        conn.close()


def test_a_worker_killed_while_sending_repeats_at_most_the_message_in_flight(
    world: World, telegram: HookedTelegram, tmp_path: Path
) -> None:
    """kill -9 while the database holds the records back; the next worker takes over the
    journal. Repeated may be only what was in flight (POUND_OUTBOX_CONCURRENCY=1: one message)
    and not yet in the journal."""
    journal = tmp_path / "journal"
    due = datetime.now(UTC) - timedelta(minutes=1)
    texts = queue_messages(world.db, 12, due)
    row_of = {r.body: r.id for r in outbox(world.db)}
    env = worker_env(world.db, telegram, journal)
    outage = connections_refused(world.db) if not world.db.is_sqlite else writes_held(world.db)
    with outage as go_down:
        telegram.on_send = lambda n: go_down() if n == 1 else None
        proc = subprocess.Popen(
            [sys.executable, "-m", "pound", "worker"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            # PostgreSQL refused: sending goes on, each acceptance journaled. SQLite held: the
            # worker waits on its first record, its acceptance journaled.
            wanted = 1 if world.db.is_sqlite else 4
            started = time.monotonic()
            while len(journaled(journal)) < wanted and time.monotonic() - started < 30:
                time.sleep(0.01)
            in_journal = journaled(journal)
        finally:
            proc.send_signal(signal.SIGKILL)
            _, err = proc.communicate(timeout=30)
        in_flight = {str(c.params.get("text")) for c in telegram.calls_to("sendMessage")} - {
            text for text in texts if row_of[text] in in_journal
        }
    assert proc.returncode == -signal.SIGKILL, err
    assert len(in_journal) >= wanted, f"the worker journaled {len(in_journal)}: {err}"

    later = (datetime.now(UTC) + LEASE * 2 + timedelta(minutes=30)).isoformat()
    again = subprocess.run(
        [sys.executable, "-m", "pound", "worker", "--once", "--at", later],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert again.returncode == 0, again.stderr
    received = telegram.received()
    repeats = {text for text, n in received.items() if n > 1}
    assert set(received) == set(texts)  # everything went out in the end
    assert max(received.values()) <= 2
    assert not repeats & {t for t in texts if row_of[t] in in_journal}
    assert repeats <= in_flight and len(repeats) <= 1
    assert [r.state for r in outbox(world.db)] == ["sent"] * 12
    assert list(journal.glob("outbox-*.jsonl")) == []


def test_a_journal_line_cut_short_by_a_kill_is_skipped_and_the_rest_taken_over(
    tmp_path: Path,
) -> None:
    sent_at = datetime(2026, 3, 2, 4, 30, tzinfo=UTC)
    alive = Journal(tmp_path, scope="db1", worker="alive")
    alive.open()
    alive.accepted(Acceptance(9, "alive", "555:9", "message 9", sent_at))
    good = [Acceptance(i, "dead:1", f"555:{i}", f"message {i}", sent_at) for i in (7, 8)]
    dead = tmp_path / "outbox-db1-dead_1.jsonl"
    dead.write_bytes(b"".join(a.line() for a in good) + good[0].line()[:20])
    other_database = tmp_path / "outbox-db2-dead_2.jsonl"
    other_database.write_bytes(good[0].line())

    heir = Journal(tmp_path, scope="db1", worker="heir")
    taken = heir.open()

    assert taken == 2
    assert sorted(a.row_id for a in heir.pending()) == [7, 8]
    assert not dead.exists()
    assert other_database.exists()  # another database's journal is not ours to record
    assert [a.row_id for a in alive.pending()] == [9]  # a live worker's file is left alone
    heir.recorded([7, 8])
    heir.close()
    alive.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "outbox-db1-alive.jsonl",
        "outbox-db2-dead_2.jsonl",
    ]
