"""The worker by the numbers: the deadline pass over many seizures, and the sender against its
limits.

Run by hand: `.venv/bin/python bench/scheduler.py [--totals 200000,400000] [--due 20000]
[--workers 4] [--districts 4] [--runs sqlite,pg1,pgN] [--seconds S] [--skip-sender]
[--profile N]`.

1. The deadline pass (`office.acts.clock.deadlines.advance_deadlines`) as of one instant, over each
   of the `--totals` synthetic seizures spread over `--districts` districts, of which `--due` have
   just passed their claim period, so the pass reports each unclaimed to its district's Darogah
   (Sec VIII), with the audit event and the outbox row. On SQLite by one worker (with the SQL
   statements it sent); on PostgreSQL (when POUND_BENCH_POSTGRES, default
   postgresql://postgres@127.0.0.1:5432/test, answers) by one worker and by `--workers` worker
   processes at once. Two totals with the same number due show whether the cost follows the due
   rows or the table. It ends with the figures' table rows beside their references. With
   `--profile N`, a pass on each database of its own runs first under cProfile, and its N
   functions that took the most time are printed.
2. The sender against the fake Telegram and Twilio servers at the configured rate limits:
   messages (or segments) a second reached, and the most in any one-second window, beside the
   limit. Bounded: each figure runs for a few seconds, and the whole run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import multiprocessing
import os
import resource
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import event, func, insert, inspect, select, text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.channels.outgoing import Transport  # noqa: E402
from bot.channels.telegram.send import TelegramTransport  # noqa: E402
from bot.channels.twilio.send import TwilioTransport  # noqa: E402
from bot.sender import Sender, SendPolicy  # noqa: E402
from migrations import upgrade  # noqa: E402
from models import AuditEvent, Database, District, Outbox, Person, Pound, Seizure, Village  # noqa: E402
from office.jurisdiction import load_jurisdiction_text  # noqa: E402
from pound.settings import Settings  # noqa: E402
from tests.fakes.telegram import FakeTelegram  # noqa: E402
from tests.fakes.twilio import FakeTwilio  # noqa: E402
from tests.units import act  # noqa: E402

PG_ADMIN = os.environ.get("POUND_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
NOW = datetime(2026, 6, 1, 4, 30, tzinfo=UTC)  # 10:00 in Asia/Kolkata: outside quiet hours
CHUNK = 20_000

# The references the figures are held to (docs/worker.md, "The deadline pass").
PG_BEFORE_MS = 24.0  # one transaction a seizure, ~25 statements
SQLITE_BEFORE_MS = 12.0
PG_TARGET_DUE, PG_TARGET_TOTAL, PG_TARGET_SECONDS, PG_TARGET_WORKERS = 100_000, 10_000_000, 60, 4
SQLITE_TARGET_MS = 2.0


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


# --- synthetic districts and seizures ------------------------------------------------------------

DISTRICT = """
[district]
name = "Bench {n}"
code = "BENCH-{n}"
timezone = "Asia/Kolkata"
profile = "act-iii-1857"
languages = ["en", "hi"]

[[pound]]
code = "B{n:02d}"
name = "Bench {n} pound"
thana = "BENCH{n}"
villages = ["Benchgaon {n}"]

[[person]]
name = "Keeper {n}"
residence = "Bench {n}"
phone = "+9198{n:02d}000001"
roles = ["keeper:B{n:02d}"]

[[person]]
name = "Darogah {n}"
residence = "Bench {n}"
phone = "+9198{n:02d}000002"
roles = ["darogah:BENCH{n}"]

[[feeding_rate]]
kinds = ["cow"]
per_day = "0-0-9"
from = 2020-01-01
"""


def load_districts(db: Database, count: int) -> list[dict[str, int]]:
    """`count` districts of one pound, one village, a keeper and a Darogah each: their ids."""
    found = []
    for n in range(1, count + 1):
        act(
            db,
            load_jurisdiction_text,
            DISTRICT.format(n=n),
            now=NOW - timedelta(days=400),
            origin=f"bench{n}.toml",
        )
        with db.engine.connect() as conn:
            district = conn.execute(
                select(District.id).where(District.code == f"BENCH-{n}")
            ).scalar_one()
            found.append(
                {
                    "district": district,
                    "village": conn.execute(
                        select(Village.id).where(Village.district_id == district)
                    ).scalar_one(),
                    "pound": conn.execute(
                        select(Pound.id).where(Pound.district_id == district)
                    ).scalar_one(),
                    "person": conn.execute(
                        select(Person.id).where(Person.phone == f"+9198{n:02d}000001")
                    ).scalar_one(),
                }
            )
    return found


def seizure_rows(
    count: int, due: int, districts: list[dict[str, int]], start: int = 0
) -> Iterator[dict[str, object]]:
    """Seizures on the way through the Act, round the districts; one in `count // due` has just
    had its claim period end, so the pass must report it unclaimed to the Darogah (Sec VIII)."""
    step = max(1, count // max(1, due))
    for i in range(start, start + count):
        ids = districts[i % len(districts)]
        is_due = i % step == 0 and i // step < due
        seized = NOW - timedelta(days=9) if is_due else NOW - timedelta(days=2 + i % 5)
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
            "next_due_at": NOW - timedelta(hours=1) if is_due else NOW + timedelta(days=1 + i % 7),
            "last_event_at": seized,
            "created_at": seized,
        }


def has_next_due(db: Database) -> bool:
    return "next_due_at" in {c["name"] for c in inspect(db.engine).get_columns("seizure")}


def fill(db: Database, count: int, due: int, districts: int) -> float:
    """Load the districts and `count` seizures, `due` of them due; seconds taken."""
    started = time.perf_counter()
    ids = load_districts(db, districts)
    columns = list(next(seizure_rows(1, 1, ids)).keys())
    if db.is_sqlite:
        rows = seizure_rows(count, due, ids)
        with db.engine.begin() as conn:
            while part := list(itertools.islice(rows, CHUNK)):
                conn.execute(insert(Seizure), part)
            conn.exec_driver_sql("ANALYZE")
    else:
        raw = db.engine.raw_connection()
        try:
            cur = raw.cursor()
            with cur.copy(f"COPY seizure ({', '.join(columns)}) FROM STDIN") as copy:  # type: ignore[attr-defined]
                for row in seizure_rows(count, due, ids):  # type: ignore[arg-type]
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


# --- the deadline pass --------------------------------------------------------------------------


@dataclass
class Run:
    """One timed pass (or several workers' passes at once) over `total` seizures, `due` due."""

    engine: str
    total: int
    due: int
    workers: int
    seconds: float
    reported: int
    events: int
    messages: int
    left: int
    statements: int | None = None
    cpu: float | None = None  # this process's CPU seconds (one worker in process only)

    @property
    def ms_per_due(self) -> float:
        return 1000 * self.seconds / max(1, self.due)

    def line(self) -> str:
        said = (
            f", {self.statements / max(1, self.due):.2f} SQL statements per due seizure"
            if self.statements is not None
            else ""
        )
        if self.cpu is not None:
            said += f", {1000 * self.cpu / max(1, self.due):.3f} ms of this process's CPU each"
        return (
            f"  {self.engine}, {self.total:,} seizures, {self.due:,} due, {self.workers} "
            f"worker(s): {self.seconds:.2f} s, {self.ms_per_due:.3f} ms per due seizure{said}; "
            f"reported {self.reported:,}, events {self.events:,}, outbox rows {self.messages:,}, "
            f"still due {self.left:,}"
        )


def outcome(db: Database) -> tuple[int, int, int]:
    """Events of the report, its outbox rows, seizures still due: what the pass left."""
    with db.engine.connect() as conn:
        events = conn.execute(
            select(func.count())
            .select_from(AuditEvent)
            .where(AuditEvent.action == "reported_unclaimed")
        ).scalar_one()
        messages = conn.execute(
            select(func.count()).select_from(Outbox).where(Outbox.template == "unclaimed_report")
        ).scalar_one()
        left = conn.execute(
            select(func.count()).select_from(Seizure).where(Seizure.next_due_at <= NOW)
        ).scalar_one()
    return events, messages, left


def prepared(
    make: Callable[[], AbstractContextManager[Database | None]],
    total: int,
    due: int,
    districts: int,
    label: str,
) -> Iterator[Database]:
    with make() as db:
        if db is None:
            return
        upgrade(db)
        if not has_next_due(db):
            print(f"  {label}: seizure.next_due_at has no migration yet: the pass is skipped")
            return
        seconds = fill(db, total, due, districts)
        print(
            f"  {label}: {total:,} seizures over {districts} district(s) loaded in {seconds:.1f} s"
        )
        yield db


PROFILE = 0  # --profile N: the N functions of the pass that took the most time


def profiled(db: Database, label: str) -> None:
    """The pass under cProfile, its top functions by their own time and by the time under them
    printed; what it did is undone after (the database is copied for the timed pass)."""
    import cProfile
    import pstats

    from office.acts.clock.deadlines import advance_deadlines

    profile = cProfile.Profile()
    profile.enable()
    advance_deadlines(db, now=NOW)
    profile.disable()
    stats = pstats.Stats(profile)
    print(f"    {label}, under cProfile: by their own time, then by the time under them")
    stats.sort_stats("tottime").print_stats(PROFILE)
    stats.sort_stats("cumulative").print_stats(r"/(office|models|law)/", PROFILE)


def pass_in_process(db: Database, label: str, total: int, due: int) -> Run:
    from office.acts.clock.deadlines import advance_deadlines

    said = [0]

    def count(*_args: Any) -> None:
        said[0] += 1

    event.listen(db.engine, "before_cursor_execute", count)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started, cpu = time.perf_counter(), time.process_time()
    report = advance_deadlines(db, now=NOW)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    event.remove(db.engine, "before_cursor_execute", count)
    print(
        f"    {label}: {report}; process peak RSS {rss_after / 1024:.0f} MB "
        f"(grew {max(0, rss_after - rss_before) / 1024:.0f} MB during the pass)"
    )
    events, messages, left = outcome(db)
    return Run(
        label,
        total,
        due,
        1,
        seconds,
        report.reported_unclaimed,
        events,
        messages,
        left,
        said[0],
        cpu,
    )


def _worker(url: str, ready: Any, go: Any, results: Any) -> None:
    """One worker process: its own connections, one pass as of NOW when told to start."""
    from office.acts.clock.deadlines import advance_deadlines

    db = Database(url)
    db.ping()
    ready.release()
    go.wait()
    started = time.perf_counter()
    report = advance_deadlines(db, now=NOW)
    results.put((time.perf_counter() - started, asdict(report)))
    db.dispose()


def pass_by_processes(db: Database, label: str, total: int, due: int, workers: int) -> Run:
    """`workers` processes run the pass at once; the time is from the start signal to the last
    one's end."""
    spawn = multiprocessing.get_context("spawn")
    ready, go, results = spawn.Semaphore(0), spawn.Event(), spawn.Queue()
    procs = [
        spawn.Process(target=_worker, args=(db.url, ready, go, results)) for _ in range(workers)
    ]
    for proc in procs:
        proc.start()
    for _ in procs:
        ready.acquire()
    started = time.perf_counter()
    go.set()
    reports = [results.get() for _ in procs]
    seconds = time.perf_counter() - started
    for proc in procs:
        proc.join()
    reported = sum(r["reported_unclaimed"] for _, r in reports)
    each = ", ".join(f"{s:.2f} s/{r['reported_unclaimed']:,}" for s, r in reports)
    print(f"    {label}, {workers} workers: each worker (time/reported): {each}")
    return Run(label, total, due, workers, seconds, reported, *outcome(db))


def measure_passes(
    totals: list[int], due: int, districts: int, workers: int, kinds: set[str] | None = None
) -> list[Run]:
    """The timed passes: `kinds` of them (`sqlite`, `pg1`, `pgN`; all by default)."""
    kinds = kinds or {"sqlite", "pg1", "pgN"}
    runs: list[Run] = []
    for total in totals:
        if PROFILE:
            for db in prepared(sqlite_db, total, due, districts, "SQLite"):
                profiled(db, "SQLite")
            for db in prepared(postgres_db, total, due, districts, "PostgreSQL"):
                profiled(db, "PostgreSQL")
        if "sqlite" in kinds:
            for db in prepared(sqlite_db, total, due, districts, "SQLite"):
                runs.append(pass_in_process(db, "SQLite", total, due))
                print(runs[-1].line())
        for count in sorted({1, workers}):
            if ("pg1" if count == 1 else "pgN") not in kinds:
                continue
            for db in prepared(postgres_db, total, due, districts, "PostgreSQL"):
                if count == 1:
                    runs.append(pass_in_process(db, "PostgreSQL", total, due))
                else:
                    runs.append(pass_by_processes(db, "PostgreSQL", total, due, count))
                print(runs[-1].line())
    return runs


def cpu_note(run: Run) -> str:
    return f", {1000 * run.cpu / max(1, run.due):.2f} ms CPU/due" if run.cpu is not None else ""


def table(runs: list[Run]) -> None:
    """The figures' rows: the pass's cost per due seizure beside the references."""
    print()
    print("| Figure | Before | Target | Measured |")
    print("|---|---|---|---|")
    pg = [r for r in runs if r.engine == "PostgreSQL"]
    if pg:
        cells = "; ".join(
            f"{r.ms_per_due:.3f} ms/due ({r.due:,} due of {r.total:,}, {r.workers} worker(s), "
            f"{r.seconds:.1f} s{cpu_note(r)})"
            for r in pg
        )
        best = min(r.ms_per_due for r in pg if r.workers == max(x.workers for x in pg))
        at_target = best * PG_TARGET_DUE / 1000
        print(
            f"| deadline pass, PostgreSQL, due seizures | {PG_BEFORE_MS:g} ms per due seizure "
            f"(100,000 due: {PG_BEFORE_MS * PG_TARGET_DUE / 1000:,.0f} s) | "
            f"{PG_TARGET_DUE:,} due of {PG_TARGET_TOTAL:,} in <= {PG_TARGET_SECONDS} s with "
            f"{PG_TARGET_WORKERS} workers ({1000 * PG_TARGET_SECONDS / PG_TARGET_DUE:.1f} ms per "
            f"due seizure) | {cells}; at that cost {PG_TARGET_DUE:,} due take {at_target:.0f} s |"
        )
    lite = [r for r in runs if r.engine == "SQLite"]
    if lite:
        cells = "; ".join(
            f"{r.ms_per_due:.3f} ms/due ({r.due:,} due of {r.total:,}, {r.seconds:.1f} s, "
            f"{(r.statements or 0) / max(1, r.due):.2f} statements/due{cpu_note(r)})"
            for r in lite
        )
        print(
            f"| deadline pass, SQLite | {SQLITE_BEFORE_MS:g} ms per due seizure | "
            f"<= {SQLITE_TARGET_MS:g} ms per due seizure | {cells} |"
        )
    for engine in ("SQLite", "PostgreSQL"):
        mine = [r for r in runs if r.engine == engine and r.workers == 1]
        if len(mine) > 1:
            low, high = mine[0], mine[-1]
            print(
                f"{engine}, one worker: {low.ms_per_due:.3f} ms per due seizure with "
                f"{low.total:,} seizures, {high.ms_per_due:.3f} ms with {high.total:,} "
                f"({high.total / low.total:.1f}x the table, same {high.due:,} due): "
                f"x{high.ms_per_due / low.ms_per_due:.2f}"
            )


# --- the sender against its limits --------------------------------------------------------------


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
    parser.add_argument(
        "--totals",
        default="200000,400000",
        help="seizures in the table, comma-separated: one run each (the same number due)",
    )
    parser.add_argument("--due", type=int, default=20_000, help="seizures due in each run")
    parser.add_argument("--districts", type=int, default=4)
    parser.add_argument("--workers", type=int, default=4, help="worker processes on PostgreSQL")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each rate run")
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="first profile a pass on each database (of its own) and print its N top functions",
    )
    parser.add_argument(
        "--runs",
        default="sqlite,pg1,pgN",
        help="which timed passes: sqlite, pg1 (one worker), pgN (--workers processes)",
    )
    parser.add_argument("--skip-pass", action="store_true")
    parser.add_argument("--skip-sender", action="store_true")
    args = parser.parse_args()
    totals = [int(x) for x in args.totals.split(",") if x.strip()]
    global PROFILE
    PROFILE = args.profile
    runs: list[Run] = []
    if not args.skip_pass:
        print(
            f"deadline pass as of {NOW.isoformat()}; {os.cpu_count()} CPUs, load average "
            "{:.1f}".format(os.getloadavg()[0])
        )
        runs = measure_passes(
            totals, args.due, args.districts, args.workers, set(args.runs.split(","))
        )
    if not args.skip_sender:
        print("sender against the fake servers, at the configured limits")
        measure_sender(args.seconds)
    if runs:
        table(runs)
        # Wall times are only comparable at the same load: say what it was.
        print(
            "load average (1, 5, 15 min) at the end: {:.1f}, {:.1f}, {:.1f}".format(
                *os.getloadavg()
            )
        )


if __name__ == "__main__":
    main()
