"""Several workers on one PostgreSQL database: each due message is sent exactly once."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, insert, select

from models import Database, Outbox
from tests.databases import PostgresTemplate
from tests.fakes.telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = 10_000
WORKERS = 4


def queue_many(db: Database, count: int, due_at: datetime) -> None:
    rows = [
        {
            "dedupe_key": f"load:{i}",
            "channel": "telegram",
            "address": str(100_000 + i),
            "language": "en",
            "template": "reply",
            "params": {},
            "body": f"m{i}",
            "options": [],
            "private": False,
            "due_at": due_at,
            "state": "queued",
            "error_count": 0,
            "created_at": due_at,
        }
        for i in range(count)
    ]
    with db.engine.begin() as conn:
        conn.execute(insert(Outbox), rows)


@pytest.fixture
def pg(postgres_template: PostgresTemplate) -> Iterator[Database]:
    """SQLite runs one worker (docs/worker.md): sharing the outbox is PostgreSQL's part alone."""
    with postgres_template.fresh() as database:
        yield database


@pytest.mark.slow
@pytest.mark.postgres
def test_four_workers_deliver_ten_thousand_messages_each_exactly_once(pg: Database) -> None:
    db = pg
    due = datetime(2026, 3, 2, 4, 30, tzinfo=UTC)
    queue_many(db, MESSAGES, due)
    with FakeTelegram() as telegram:
        env = {
            **os.environ,
            "POUND_DATABASE_URL": db.url.replace("+psycopg", ""),
            "POUND_TELEGRAM_TOKEN": "123:LOAD",
            "POUND_TELEGRAM_API_URL": telegram.api_url,
            "POUND_TELEGRAM_GLOBAL_PER_SECOND": "100000",
            "POUND_TELEGRAM_PER_CHAT_PER_SECOND": "100000",
            "POUND_OUTBOX_BATCH": "100",
            "POUND_OUTBOX_CONCURRENCY": "4",
            "POUND_LOG_LEVEL": "warning",
        }
        at = (due + timedelta(minutes=1)).isoformat()
        started = time.monotonic()
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "pound", "worker", "--once", "--at", at],
                env=env,
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(WORKERS)
        ]
        outputs = [p.communicate(timeout=300) for p in procs]
        elapsed = time.monotonic() - started
        texts = Counter(str(c.params.get("text")) for c in telegram.calls_to("sendMessage"))

    for proc, (_out, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err[-3000:]
    assert len(texts) == MESSAGES
    assert set(texts.values()) == {1}, "a message was sent twice"
    with db.engine.connect() as conn:
        by_state = dict(
            conn.execute(select(Outbox.state, func.count()).group_by(Outbox.state)).all()
        )
        by_worker = dict(
            conn.execute(select(Outbox.claimed_by, func.count()).group_by(Outbox.claimed_by)).all()
        )
    assert by_state == {"sent": MESSAGES}
    assert len(by_worker) == WORKERS, by_worker  # the work was shared
    # The bound only catches a stuck worker; the time depends on the machine and its load.
    assert elapsed < 240, f"{MESSAGES} messages took {elapsed:.0f} s"
