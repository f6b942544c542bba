"""The worker by the numbers: one pass over a million seizures, and the sender against its limits.

Run by hand: `.venv/bin/python bench/scheduler.py [--seizures N] [--seconds S]`.

1. One worker pass (`office.deadlines.advance_deadlines` and a sender pass) over N synthetic
   seizures (default 1,000,000) of which 1% have just passed their claim period, so the pass
   reports each unclaimed to the Darogah (Sec VIII) and sends him the message, on SQLite and on
   PostgreSQL (when POUND_BENCH_POSTGRES, default postgresql://postgres@127.0.0.1:5432/test,
   answers): time, and the process's peak resident memory.
2. The sender against the fake Telegram and Twilio servers at the configured rate limits:
   messages (or segments) a second reached, and the most in any one-second window, beside the
   limit. Bounded: each figure runs for a few seconds, and the whole run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
from sqlalchemy import func, insert, inspect, select, text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.sender import Sender, SendPolicy  # noqa: E402
from bot.transports import Transport  # noqa: E402
from bot.transports.telegram import TelegramTransport  # noqa: E402
from bot.transports.twilio import TwilioTransport  # noqa: E402
from models import Database, District, Outbox, Person, Pound, Seizure, Village  # noqa: E402
from models.migrate import upgrade  # noqa: E402
from office.jurisdiction import load_jurisdiction  # noqa: E402
from pound.app import demo_path  # noqa: E402
from pound.settings import Settings  # noqa: E402
from tests.fakes.telegram import FakeTelegram  # noqa: E402
from tests.fakes.twilio import FakeTwilio  # noqa: E402

PG_ADMIN = os.environ.get("POUND_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
NOW = datetime(2026, 6, 1, 4, 30, tzinfo=UTC)  # 10:00 in Asia/Kolkata: outside quiet hours
CHUNK = 20_000


# --- databases -----------------------------------------------------------------------------------


@contextmanager
def sqlite_db() -> Iterator[Database]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{tmp}/bench.db")
        try:
            yield db
        finally:
            db.dispose()


@contextmanager
def postgres_db() -> Iterator[Database | None]:
    try:
        with psycopg.connect(PG_ADMIN, connect_timeout=3, autocommit=True) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        print(f"  PostgreSQL at {PG_ADMIN} does not answer ({type(exc).__name__}): skipped")
        yield None
        return
    name = f"pound_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    db = Database(PG_ADMIN.rsplit("/", 1)[0] + "/" + name)
    try:
        yield db
    finally:
        db.dispose()
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]


# --- synthetic seizures --------------------------------------------------------------------------


def seizure_rows(count: int, ids: dict[str, int], start: int = 0) -> Iterator[dict[str, object]]:
    """Seizures on the way through the Act; every hundredth one's claim period has just ended,
    so the pass must report it unclaimed to the Darogah (Sec VIII) with the notice text."""
    for i in range(start, start + count):
        due = i % 100 == 0
        seized = NOW - timedelta(days=9) if due else NOW - timedelta(days=2 + i % 5)
        yield {
            "ref": f"B{i:09d}",
            "district_id": ids["district"],
            "ground": "trespass",
            "village_id": ids["village"],
            "pound_id": ids["pound"],
            "place": "a field",
            "damage": "grazed",
            "seized_at": seized,
            "seized_on": seized.date(),
            "seizer_id": ids["person"],
            "owner_id": None,
            "reporter_id": ids["person"],
            "status": "impounded",
            "impounded_at": seized,
            "impounded_on": seized.date(),
            "claim_until": seized.date() + timedelta(days=7),
            "police_aid_requested": False,
            "complaints_pending": 0,
            "complaint_until": seized.date() + timedelta(days=10),
            "next_due_at": NOW - timedelta(hours=1) if due else NOW + timedelta(days=1 + i % 7),
            "last_event_at": seized,
            "created_at": seized,
        }


def has_next_due(db: Database) -> bool:
    return "next_due_at" in {c["name"] for c in inspect(db.engine).get_columns("seizure")}


def fill(db: Database, count: int) -> float:
    """Load the demo district and `count` seizures; seconds taken."""
    started = time.perf_counter()
    load_jurisdiction(db, demo_path(), now=NOW - timedelta(days=400))
    with db.engine.connect() as conn:
        ids = {
            "district": conn.execute(select(District.id)).scalar_one(),
            "village": conn.execute(select(Village.id).limit(1)).scalar_one(),
            "pound": conn.execute(select(Pound.id).limit(1)).scalar_one(),
            "person": conn.execute(select(Person.id).limit(1)).scalar_one(),
        }
    columns = list(next(seizure_rows(1, ids)).keys())
    if db.is_sqlite:
        with db.engine.begin() as conn:
            for start in range(0, count, CHUNK):
                n = min(CHUNK, count - start)
                conn.execute(insert(Seizure), list(seizure_rows(n, ids, start)))  # type: ignore[arg-type]
    else:
        raw = db.engine.raw_connection()
        try:
            cur = raw.cursor()
            with cur.copy(f"COPY seizure ({', '.join(columns)}) FROM STDIN") as copy:  # type: ignore[attr-defined]
                for row in seizure_rows(count, ids):  # type: ignore[arg-type]
                    copy.write_row([row[c] for c in columns])
            raw.commit()
            cur.execute("ANALYZE seizure")
            raw.commit()
        finally:
            raw.close()
    # One head of cattle for each seizure whose step is due (the others are never touched).
    with db.engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO animal (district_id, seizure_id, number, kind, stated_kind,"
                " description, status, fine) SELECT district_id, id, 1, 'cow', 'cow', 'red',"
                " 'impounded', 48 FROM seizure"
                " WHERE next_due_at <= :now"
            ),
            {"now": NOW},
        )
    return time.perf_counter() - started


def one_pass(db: Database, telegram: FakeTelegram) -> tuple[object, object]:
    from office.deadlines import advance_deadlines

    report = advance_deadlines(db, now=NOW)
    sender = quick_sender(db, telegram, rate=100_000.0)
    sent = asyncio.run(run_pass(sender, NOW))
    return report, sent


def measure_pass(label: str, make: Callable[[], object], count: int) -> None:
    with make() as db:  # type: ignore[attr-defined]
        if db is None:
            return
        upgrade(db)
        if not has_next_due(db):
            print(f"  {label}: seizure.next_due_at has no migration yet: the pass is skipped")
            return
        seconds = fill(db, count)
        print(f"  {label}: {count:,} seizures loaded in {seconds:.1f} s")
        with FakeTelegram() as telegram:
            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            started = time.perf_counter()
            report, sent = one_pass(db, telegram)
            elapsed = time.perf_counter() - started
            rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        with db.engine.connect() as conn:
            left = conn.execute(
                select(func.count()).select_from(Seizure).where(Seizure.next_due_at <= NOW)
            ).scalar_one()
            queued = conn.execute(select(func.count()).select_from(Outbox)).scalar_one()
        print(f"  {label}: one worker pass, {count // 100:,} due: {elapsed:.2f} s")
        print(f"    deadlines: {report}")
        print(f"    sender: {sent}; outbox rows {queued}; still due after the pass: {left}")
        print(
            f"    process peak RSS: {rss_after / 1024:.0f} MB "
            f"(grew {max(0, rss_after - rss_before) / 1024:.0f} MB during the pass)"
        )


# --- the sender against its limits --------------------------------------------------------------


def quick_sender(db: Database, telegram: FakeTelegram, *, rate: float) -> Sender:
    transport = TelegramTransport(
        "1:BENCH", api_url=telegram.api_url, global_per_second=rate, per_chat_per_second=rate
    )
    return Sender(db, {"telegram": transport}, worker="bench", policy=SendPolicy(batch=500))


async def run_pass(sender: Sender, now: datetime) -> object:
    await sender.start()
    try:
        return await sender.run_pass(now)
    finally:
        await sender.stop()


def queue_messages(db: Database, count: int, *, channel: str, chats: int, body: str) -> None:
    rows = [
        {
            "dedupe_key": f"{channel}:{uuid.uuid4().hex}",
            "channel": channel,
            "address": f"+9197{i % chats:08d}" if channel == "sms" else str(10_000 + i % chats),
            "language": "en",
            "template": "reply",
            "params": {},
            "body": f"{body} {i}",
            "options": [],
            "private": False,
            "due_at": NOW,
            "state": "queued",
            "error_count": 0,
            "created_at": NOW,
        }
        for i in range(count)
    ]
    with db.engine.begin() as conn:
        conn.execute(insert(Outbox), rows)


def window_max(instants: list[float], cost: list[float] | None = None) -> float:
    """The most sent (or the most segments) in any one-second window."""
    weights = cost or [1.0] * len(instants)
    best = 0.0
    j = 0
    total = 0.0
    for i, t in enumerate(instants):
        total += weights[i]
        while instants[j] <= t - 1.0:
            total -= weights[j]
            j += 1
        best = max(best, total)
    return best


class Timed:
    """Wraps a transport to note the instant each message leaves."""

    def __init__(self, inner: Transport) -> None:
        self.inner = inner
        self.channel = inner.channel
        self.instants: list[float] = []
        self.costs: list[float] = []

    async def start(self) -> None:
        await self.inner.start()

    async def stop(self) -> None:
        await self.inner.stop()

    def cost(self, msg: object) -> float:
        return self.inner.cost(msg)  # type: ignore[arg-type]

    def buckets(self, msg: object) -> list[object]:
        return self.inner.buckets(msg)  # type: ignore[arg-type,return-value]

    def pause(self, msg: object, seconds: float) -> None:
        self.inner.pause(msg, seconds)  # type: ignore[arg-type]

    async def send(self, msg: object) -> str:
        self.instants.append(time.monotonic())
        self.costs.append(self.inner.cost(msg))  # type: ignore[arg-type]
        return await self.inner.send(msg)  # type: ignore[arg-type]


def throughput(label: str, timed: Timed, db: Database, limit: float, unit: str) -> None:
    sender = Sender(db, {timed.channel: timed}, worker="bench", policy=SendPolicy(batch=1000))  # type: ignore[dict-item]
    started = time.monotonic()
    asyncio.run(run_pass(sender, NOW))
    elapsed = time.monotonic() - started
    instants = timed.instants
    total = sum(timed.costs)
    span = (instants[-1] - instants[0]) if len(instants) > 1 else elapsed
    rate = (total - timed.costs[0]) / span if span > 0 else float("inf")
    print(
        f"  {label}: {total:g} {unit} in {elapsed:.1f} s: {rate:.1f} {unit}/s sustained, "
        f"at most {window_max(instants, timed.costs):g} in any one second; limit {limit:g}/s"
    )


def measure_sender(seconds: float) -> None:
    settings = Settings(database_url="sqlite://")
    with sqlite_db() as db:
        upgrade(db)
        g = settings.telegram_global_per_second
        queue_messages(db, int(g * seconds), channel="telegram", chats=10_000, body="hello")
        with FakeTelegram() as telegram:
            overall = Timed(
                TelegramTransport(
                    "1:BENCH",
                    api_url=telegram.api_url,
                    global_per_second=g,
                    per_chat_per_second=settings.telegram_per_chat_per_second,
                )
            )
            throughput("Telegram, many chats", overall, db, g, "messages")
    with sqlite_db() as db:
        upgrade(db)
        per_chat = settings.telegram_per_chat_per_second
        queue_messages(db, int(per_chat * seconds), channel="telegram", chats=1, body="hi")
        with FakeTelegram() as telegram:
            one_chat = Timed(
                TelegramTransport(
                    "1:BENCH",
                    api_url=telegram.api_url,
                    global_per_second=settings.telegram_global_per_second,
                    per_chat_per_second=per_chat,
                )
            )
            throughput("Telegram, one chat", one_chat, db, per_chat, "messages")
    with sqlite_db() as db:
        upgrade(db)
        segs = settings.twilio_segments_per_second
        # Two-segment Hindi messages (UCS-2: 70 characters a segment, 67 when split).
        body = "आपके मवेशी पाउंड में हैं। कृपया जुर्माना और चारे का शुल्क देकर उन्हें छुड़ा लें।"
        queue_messages(db, max(2, int(segs * seconds / 2)), channel="sms", chats=50, body=body)
        with FakeTwilio() as twilio:
            sms = Timed(
                TwilioTransport(
                    twilio.account_sid,
                    twilio.auth_token,
                    "+15005550006",
                    api_url=twilio.url,
                    segments_per_second=segs,
                )
            )
            throughput("SMS, one sender number", sms, db, segs, "segments")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seizures", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each rate run")
    parser.add_argument("--skip-pass", action="store_true")
    args = parser.parse_args()
    print(f"worker pass as of {NOW.isoformat()}")
    if not args.skip_pass:
        measure_pass("SQLite", sqlite_db, args.seizures)
        measure_pass("PostgreSQL", postgres_db, args.seizures)
    print("sender against the fake servers, at the configured limits")
    measure_sender(args.seconds)


if __name__ == "__main__":
    main()
