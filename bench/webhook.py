"""Inbound webhook throughput and latency, beside a bare and a naive FastAPI endpoint (by hand).

    .venv/bin/python bench/webhook.py [--seconds 6] [--concurrency 32] [--no-postgres] [--worker]

For each database (a SQLite file, and PostgreSQL at POUND_TEST_POSTGRES when it answers) it
starts the app under uvicorn on 127.0.0.1 in a child process (the demo district loaded), then
drives it with 32 concurrent keep-alive connections (a minimal asyncio HTTP/1.1 client, so
that the load costs far less than the server) for a bounded time per endpoint:

- bare:     an async endpoint that returns a constant (the ceiling of this stack);
- naive:    a sync endpoint doing one SQLModel insert per request (AnyIO's thread pool);
- ptb:      the same update JSON read by python-telegram-bot and run through its own
            ConversationHandler (a /seize conversation, /start, /help, /lang, a button), state in
            memory, no database, nothing sent: what the library alone costs;
- telegram: POST /telegram/webhook with real update JSON (the secret header);
- sms:      POST /sms/inbound, form posts signed with twilio's RequestValidator.

The Telegram and SMS load is a mix of many distinct chats in mid-conversation: menus, /help,
/lang and a language button, starting a seizure report and answering its first steps,
cancelling. One person never has two messages in flight (as on a phone). It prints updates/s,
p50 and p99 latency, errors, how many messages the webhook writer put under each commit (from
/metrics), the server's CPU time per request (from /proc: what a request costs, whatever else
the machine is doing), and then each webhook row beside its references (bare, naive, ptb) and
its target for that database (TARGETS); `by CPU` is its share of bare from those CPU times,
which a busy machine disturbs far less than the rates. The machine's load average is printed
before and after each database, since the server and the load share the cores with whatever
else runs.
The server is set up as `pound serve --no-worker` is (the heap settled before it listens), so
Telegram replies wait in the outbox; with --worker a worker runs inside as in `pound serve`,
delivering them to a fake Bot API meanwhile. Not a test; stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from sqlmodel import Field, SQLModel

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOKEN = "123456:BENCH"
SECRET = "bench-secret"
ACCOUNT = "AC" + "b" * 32
AUTH = "bench-auth-token"
PG_ADMIN = os.environ.get("POUND_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
ENDPOINTS = ("bare", "naive", "ptb", "telegram", "sms")

# What a webhook should reach on this machine, per database: (x bare, p99 ms).
TARGETS: dict[tuple[str, str], tuple[float, float]] = {
    ("SQLite", "telegram"): (0.40, 50.0),
    ("PostgreSQL", "telegram"): (0.30, 50.0),
}

# --- the server (child process) ------------------------------------------------------------------


class BenchRow(SQLModel, table=True):
    """The naive reference's table: one row per request."""

    __tablename__ = "bench_naive"
    id: int | None = Field(default=None, primary_key=True)
    payload: str = Field(max_length=200)
    created_at: datetime


def serve(url: str, port: int, bot_api: str | None) -> None:
    """The app as `pound serve` builds it; with `bot_api`, a worker inside delivering to it."""
    import uvicorn
    from fastapi import FastAPI
    from sqlmodel import Session
    from telegram import Update

    from bot.channels.telegram.channel import TelegramConfig
    from bot.channels.twilio.channel import TwilioConfig
    from bot.registry import build_engine
    from pound.app import prepare, settle_heap
    from pound.settings import Settings
    from pound.worker import WorkerThread, make_worker
    from webhook.app import create_app

    api_url = bot_api or "http://127.0.0.1:9"
    settings = Settings(
        database_url=url, telegram_token=TOKEN, telegram_secret=SECRET, telegram_api_url=api_url
    )
    db = prepare(settings, demo=True)
    BenchRow.__table__.create(db.engine, checkfirst=True)  # type: ignore[attr-defined]

    def clock() -> datetime:
        return datetime.now(UTC)

    background = WorkerThread(make_worker(db, settings, clock=clock)) if bot_api else None
    app: FastAPI = create_app(
        db=db,
        clock=clock,
        on_outbox=background.wake if background is not None else None,
        telegram=TelegramConfig(token=TOKEN, secret=SECRET, api_url=api_url),
        twilio=TwilioConfig(
            account_sid=ACCOUNT, auth_token=AUTH, public_url=f"http://127.0.0.1:{port}"
        ),
        engine=build_engine(db),
    )

    @app.post("/bench/bare")
    async def bare() -> dict[str, bool]:
        return {"ok": True}

    @app.post("/bench/naive")
    def naive() -> dict[str, bool]:
        with Session(db.engine) as s:
            s.add(BenchRow(payload="x" * 100, created_at=clock()))
            s.commit()
        return {"ok": True}

    ptb = ptb_reference(TOKEN)

    @app.post("/bench/ptb")
    async def ptb_conversation(request: Request) -> dict[str, bool]:
        await ptb.process_update(Update.de_json(json.loads(await request.body()), ptb.bot))
        return {"ok": True}

    if background is not None:
        background.start()
    settle_heap()  # as `pound serve` does just before it listens
    try:
        uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
    finally:
        if background is not None:
            background.stop()


def ptb_reference(token: str) -> Any:
    """python-telegram-bot's Application with its own ConversationHandler for the bench's
    script: the state per chat in memory, every handler answering nothing (no network)."""
    from telegram import Update
    from telegram import User as TgUser
    from telegram.ext import (
        Application,
        CallbackQueryHandler,
        CommandHandler,
        ContextTypes,
        ConversationHandler,
        MessageHandler,
        filters,
    )

    village, place = range(2)

    async def to(state: int, _update: Update, _context: ContextTypes.DEFAULT_TYPE) -> int:
        return state

    async def answered(_update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        return None

    async def seize(u: Update, c: ContextTypes.DEFAULT_TYPE) -> int:
        return await to(village, u, c)

    async def got_village(u: Update, c: ContextTypes.DEFAULT_TYPE) -> int:
        return await to(place, u, c)

    async def got_place(u: Update, c: ContextTypes.DEFAULT_TYPE) -> int:
        return await to(ConversationHandler.END, u, c)

    async def cancel(u: Update, c: ContextTypes.DEFAULT_TYPE) -> int:
        return await to(ConversationHandler.END, u, c)

    # Nothing is ever sent: the Bot API is a closed port, and getMe is answered beforehand.
    builder = Application.builder().token(token).base_url("http://127.0.0.1:9/bot")
    app = builder.updater(None).build()
    app.bot._bot_user = TgUser(1, "Bench", True, username="bench_bot")
    app.bot._bot_initialized = app.bot._requests_initialized = True
    text = filters.TEXT & ~filters.COMMAND
    app.add_handler(
        ConversationHandler(
            entry_points=[CommandHandler("seize", seize)],
            states={
                village: [MessageHandler(text, got_village)],
                place: [MessageHandler(text, got_place)],
            },
            fallbacks=[CommandHandler("cancel", cancel)],
        )
    )
    for command in ("start", "help", "lang", "cancel"):
        app.add_handler(CommandHandler(command, answered), group=1)
    app.add_handler(CallbackQueryHandler(answered, pattern="^lang:"), group=1)
    app.add_handler(MessageHandler(text, answered), group=1)
    asyncio.run(app.initialize())
    return app


def server_cpu(pid: int) -> float:
    """The server process's CPU time so far, in seconds (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


# --- the load (this process) ---------------------------------------------------------------------

TELEGRAM_SCRIPT: list[tuple[str, str]] = [
    ("text", "/start"),
    ("text", "/help"),
    ("text", "/lang"),
    ("press", "lang:hi"),
    ("text", "/seize"),
    ("text", "Rampur"),
    ("text", "the field east of the well"),
    ("text", "/cancel"),
    ("text", "status TPR-2026-1"),
    ("press", "lang:en"),
]
SMS_SCRIPT = ["hi", "help", "lang", "3", "SEIZE 2 COW RAMPUR", "1", "cancel", "menu", "1", "2"]


@dataclass
class User:
    address: str
    step: int
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Result:
    latencies: list[float] = field(default_factory=list)
    completed: int = 0  # every request answered, the warm-up's too
    errors: int = 0
    statuses: dict[int, int] = field(default_factory=dict)


class Load:
    def __init__(self, base: str, users: int) -> None:
        from twilio.request_validator import RequestValidator

        self.base = base
        self.validator = RequestValidator(AUTH)
        rnd = random.Random(7)
        # Users start at different points of their conversations: many are mid-flow.
        self.tg_users = [User(str(10_000_000 + i), rnd.randrange(10)) for i in range(users)]
        self.sms_users = [User(f"+9198{i:08d}", rnd.randrange(10)) for i in range(users)]
        self.update_ids = itertools.count(1)
        self.sids = itertools.count(1)

    def telegram(self, user: User) -> tuple[str, dict[str, Any]]:
        kind, value = TELEGRAM_SCRIPT[user.step % len(TELEGRAM_SCRIPT)]
        user.step += 1
        uid = next(self.update_ids)
        chat = int(user.address)
        person = {"id": chat, "is_bot": False, "first_name": "Ram"}
        if kind == "press":
            update: dict[str, Any] = {
                "update_id": uid,
                "callback_query": {
                    "id": f"cb{uid}",
                    "from": person,
                    "chat_instance": "1",
                    "data": value,
                    "message": {
                        "message_id": 1,
                        "date": int(time.time()),
                        "chat": {"id": chat, "type": "private"},
                        "text": "?",
                    },
                },
            }
        else:
            message: dict[str, Any] = {
                "message_id": uid,
                "date": int(time.time()),
                "chat": {"id": chat, "type": "private", "first_name": "Ram"},
                "from": person,
                "text": value,
            }
            if value.startswith("/"):  # as Telegram marks a command
                message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(value)}]
            update = {"update_id": uid, "message": message}
        return "/telegram/webhook", update

    def sms(self, user: User) -> tuple[str, dict[str, str]]:
        text = SMS_SCRIPT[user.step % len(SMS_SCRIPT)]
        user.step += 1
        sid = f"SM{next(self.sids):032x}"
        params = {
            "MessageSid": sid,
            "AccountSid": ACCOUNT,
            "From": user.address,
            "To": "+15005550006",
            "Body": text,
            "NumMedia": "0",
        }
        return "/sms/inbound", params

    async def run(self, endpoint: str, seconds: float, concurrency: int, warmup: float) -> Result:
        result = Result()
        host, port = self.base.removeprefix("http://").split(":")
        start = time.perf_counter()
        measure_from = start + warmup
        stop = measure_from + seconds

        async def worker(n: int) -> None:
            rnd = random.Random(n)
            conn = RawConnection(host, int(port))
            await conn.open()
            try:
                while (now := time.perf_counter()) < stop:
                    users = self.sms_users if endpoint == "sms" else self.tg_users
                    user = users[rnd.randrange(len(users))]
                    if user.busy.locked():
                        await asyncio.sleep(0)
                        continue
                    async with user.busy:
                        t0 = time.perf_counter()
                        answer = await self._post(conn, endpoint, user)
                        t1 = time.perf_counter()
                    result.completed += 1
                    if now >= measure_from and t1 <= stop:
                        result.latencies.append(t1 - t0)
                        result.statuses[answer] = result.statuses.get(answer, 0) + 1
                        if answer >= 400:
                            result.errors += 1
            finally:
                conn.close()

        await asyncio.gather(*(worker(n) for n in range(concurrency)))
        return result

    async def _post(self, conn: RawConnection, endpoint: str, user: User) -> int:
        if endpoint == "bare":
            return await conn.post("/bench/bare", b"", "application/json")
        if endpoint == "naive":
            return await conn.post("/bench/naive", b"", "application/json")
        if endpoint in ("telegram", "ptb"):
            path, update = self.telegram(user)
            return await conn.post(
                path if endpoint == "telegram" else "/bench/ptb",
                json.dumps(update).encode(),
                "application/json",
                {"X-Telegram-Bot-Api-Secret-Token": SECRET},
            )
        path, params = self.sms(user)
        signature = self.validator.compute_signature(self.base + path, params)
        return await conn.post(
            path,
            urlencode(params).encode(),
            "application/x-www-form-urlencoded",
            {"X-Twilio-Signature": signature},
        )


class RawConnection:
    """A minimal HTTP/1.1 keep-alive client on asyncio streams: the load must cost the machine
    far less than the server it measures (httpx's async pool costs more than the bare endpoint)."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def post(
        self, path: str, body: bytes, content_type: str, headers: dict[str, str] | None = None
    ) -> int:
        if self.reader is None or self.writer is None:
            await self.open()
        if self.reader is None or self.writer is None:
            raise ConnectionError(f"cannot connect to {self.host}:{self.port}")
        head = [
            f"POST {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            f"Content-Type: {content_type}",
            f"Content-Length: {len(body)}",
        ]
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        if length:
            await self.reader.readexactly(length)
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(base: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the server exited")
        try:
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError("the server did not start")


def writer_counts(base: str) -> tuple[int, int]:
    """The server's webhook writer so far: (transactions, messages), from /metrics."""
    import httpx

    counts = {"pound_writer_batches_total": 0, "pound_writer_messages_total": 0}
    for line in httpx.get(base + "/metrics", timeout=10).text.splitlines():
        name, _, value = line.partition(" ")
        if name in counts:
            counts[name] = int(float(value))
    return counts["pound_writer_batches_total"], counts["pound_writer_messages_total"]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def bench_database(
    label: str, url: str, args: argparse.Namespace
) -> dict[str, tuple[float, float, float]]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, __file__, "serve", "--url", url, "--port", str(port)]
    if args.bot_api is not None:
        cmd += ["--bot-api", args.bot_api]
    proc = subprocess.Popen(cmd, cwd=ROOT)
    figures: dict[str, tuple[float, float, float]] = {}
    costs: dict[str, float] = {}  # the server's CPU seconds per request
    try:
        wait_ready(base, proc)
        load = Load(base, users=args.users)
        print(f"\n{label}: {args.concurrency} connections, {args.seconds:.0f} s per endpoint")
        print(f"  before: {machine_load()}")
        print(
            f"  {'endpoint':<10}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}"
            f"{'per commit':>12}{'server CPU':>12}{'load CPU':>10}"
        )
        for endpoint in ENDPOINTS:
            before = writer_counts(base)
            cpu, mine = server_cpu(proc.pid), time.process_time()
            result = asyncio.run(load.run(endpoint, args.seconds, args.concurrency, args.warmup))
            cpu, mine = server_cpu(proc.pid) - cpu, time.process_time() - mine
            batches, messages = (b - a for a, b in zip(before, writer_counts(base), strict=True))
            rate = len(result.latencies) / args.seconds
            p50, p99 = pct(result.latencies, 0.50), pct(result.latencies, 0.99)
            figures[endpoint] = (rate, p50, p99)
            costs[endpoint] = cpu / max(result.completed, 1)
            per_commit = f"{messages / batches:.1f}" if batches else "-"
            done = max(result.completed, 1)
            print(
                f"  {endpoint:<10}{rate:>8.0f}{p50:>9.1f}{p99:>9.1f}{result.errors:>8}"
                f"{per_commit:>12}{1000 * cpu / done:>9.2f} ms{1000 * mine / done:>7.2f} ms"
            )
            if result.errors:
                print(f"    statuses: {result.statuses}")
        print(f"  after:  {machine_load()}")
        print("  (CPU: per request answered, the server's process and this load's own)")
        print(
            f"  {'row':<10}{'x bare':>8}{'x naive':>9}{'x ptb':>8}{'p99 ms':>9}{'by CPU':>8}"
            f"   target for {label.split()[0]}"
        )
        bare, naive, ptb = (figures[e][0] for e in ("bare", "naive", "ptb"))
        for endpoint in ("ptb", "telegram", "sms"):
            rate, _, p99 = figures[endpoint]
            by_cpu = costs["bare"] / costs[endpoint] if costs[endpoint] else float("nan")
            line = (
                f"  {endpoint:<10}{rate / bare:>8.2f}{rate / naive:>9.2f}{rate / ptb:>8.2f}"
                f"{p99:>9.1f}{by_cpu:>8.2f}"
            )
            target = TARGETS.get((label.split()[0], endpoint))
            if target is not None:
                share, ms = target
                verdict = "meets" if rate >= share * bare and p99 <= ms else "MISSES"
                line += f"   >= {share:.2f} x bare, p99 <= {ms:.0f} ms: {verdict}"
            print(line)
        print(
            "  (by CPU: x bare from the server's CPU per request, what the ratio is when the"
            " server has the cores to itself; PostgreSQL's own processes are not counted)"
        )
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    return figures


def postgres_database() -> tuple[str, str] | None:
    try:
        import psycopg

        name = f"pound_bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(PG_ADMIN, connect_timeout=3, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    except Exception as exc:
        print(f"PostgreSQL at {PG_ADMIN} does not answer ({type(exc).__name__}): skipped")
        return None
    base, _, _ = PG_ADMIN.rpartition("/")
    return name, f"{base}/{name}"


def drop_postgres(name: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    server = sub.add_parser("serve")
    server.add_argument("--url", required=True)
    server.add_argument("--port", type=int, required=True)
    server.add_argument("--bot-api", default=None)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--users", type=int, default=3000)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--no-sqlite", action="store_true")
    parser.add_argument(
        "--worker",
        action="store_true",
        help="run the worker inside the server, as `pound serve` does, delivering the Telegram"
        " replies to a fake Bot API on 127.0.0.1 (tests/fakes) at the default rate limits",
    )
    args = parser.parse_args()
    if args.command == "serve":
        serve(args.url, args.port, args.bot_api)
        return
    args.bot_api = None
    fake = None
    if args.worker:
        from tests.fakes.telegram import FakeTelegram

        fake = FakeTelegram().start()
        args.bot_api = fake.api_url
    print(
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, python {sys.version.split()[0]}, "
        f"{os.cpu_count()} CPUs; server and load share them; {machine_load()}"
    )
    print("worker: inside the server, sending to a fake Bot API" if fake else "worker: none")
    if not args.no_sqlite:
        with tempfile.TemporaryDirectory() as tmp:
            bench_database("SQLite (file, WAL)", f"sqlite:///{tmp}/bench.db", args)
    if not args.no_postgres:
        pg = postgres_database()
        if pg is not None:
            try:
                bench_database("PostgreSQL", pg[1], args)
            finally:
                drop_postgres(pg[0])
    if fake is not None:
        print(f"replies delivered to the fake Bot API: {len(fake.calls_to('sendMessage'))}")
        fake.stop()


if __name__ == "__main__":
    main()
