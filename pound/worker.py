"""`pound worker`: the deadlines that run themselves, then the outbox sender, pass after pass.

Each pass, as of one instant `now`: `office.acts.clock.deadlines.advance_deadlines` (the Act's
periods turn into acts and messages), `office.records.witness.witness_heads` (once a day, the audit
chain's head to each district's Magistrates), then the sender delivers what is due. `pound serve`
runs one worker in a thread unless `--no-worker`; `pound worker --once --at T` runs one pass as of
T. What a pass did (`PassDone`) is its one line in the log and its counts in /metrics.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from bot.channels.outgoing import Transport
from bot.channels.twilio.whatsapp import WhatsAppRules, parse_templates
from bot.journal import Journal, database_scope
from bot.lengths import document_links
from bot.sender import PassReport, Sender, SendPolicy
from models import Database
from office.acts.clock.deadlines import PassReport as DeadlineReport
from office.acts.clock.deadlines import advance_deadlines
from office.records.witness import witness_heads
from pound.app import sqlite_file
from pound.settings import Settings
from webhook.idempotency import purge_expired as purge_idempotency_keys
from webhook.metrics import Metrics

log = logging.getLogger("pound.worker")

Clock = Callable[[], datetime]


def build_transports(settings: Settings) -> dict[str, Transport]:
    """A transport for each channel whose credentials are set; other channels' rows wait."""
    transports: dict[str, Transport] = {}
    if settings.telegram_token is not None:
        from bot.channels.telegram.send import TelegramTransport

        transports["telegram"] = TelegramTransport(
            settings.telegram_token.get_secret_value(),
            api_url=settings.telegram_api_url,
            global_per_second=settings.telegram_global_per_second,
            per_chat_per_second=settings.telegram_per_chat_per_second,
            connections=settings.outbox_concurrency,
        )
    if (
        settings.twilio_account_sid
        and settings.twilio_auth_token is not None
        and settings.twilio_from
    ):
        from bot.channels.twilio.send import TwilioTransport

        public = settings.public_url.rstrip("/") if settings.public_url else None
        twilio = TwilioTransport(
            settings.twilio_account_sid,
            settings.twilio_auth_token.get_secret_value(),
            settings.twilio_from,
            api_url=settings.twilio_api_url,
            status_callback=f"{public}/sms/status" if public else None,
            segments_per_second=settings.twilio_segments_per_second,
            whatsapp_from=settings.whatsapp_from,
            whatsapp_per_second=settings.whatsapp_per_second,
            voice_from=settings.voice_from,
            voice_status_callback=f"{public}/voice/status" if public else None,
            calls_per_second=settings.calls_per_second,
        )
        # One account sends SMS, calls and (with a WhatsApp sender) WhatsApp.
        transports["sms"] = twilio
        transports["voice"] = twilio
        if settings.whatsapp_from:
            transports["whatsapp"] = twilio
    return transports


def send_policy(settings: Settings) -> SendPolicy:
    return SendPolicy(
        max_retries=settings.outbox_max_retries,
        backoff_base=timedelta(seconds=settings.outbox_backoff_seconds),
        lease=timedelta(seconds=settings.outbox_lease_seconds),
        grace=timedelta(seconds=settings.outbox_lease_grace_seconds),
        batch=settings.outbox_batch,
        concurrency=settings.outbox_concurrency,
    )


def journal_dir(settings: Settings) -> Path:
    """Where the worker keeps the acceptances the database has not taken yet (bot/journal.py):
    POUND_OUTBOX_JOURNAL_DIR, else beside the SQLite file, else in the temporary directory."""
    if settings.outbox_journal_dir is not None:
        return settings.outbox_journal_dir
    file = sqlite_file(settings.database_url)
    if file is not None:
        return file.resolve().parent / "pound-outbox-journal"
    return Path(tempfile.gettempdir()) / "pound-outbox-journal"


def build_sender(db: Database, settings: Settings, metrics: Metrics | None = None) -> Sender:
    # Who holds a claim: host, process and a random tag (a restarted process is someone new).
    name = f"{socket.gethostname()[:32]}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
    return Sender(
        db,
        build_transports(settings),
        worker=name,
        policy=send_policy(settings),
        journal=Journal(journal_dir(settings), scope=database_scope(db.url), worker=name),
        whatsapp=WhatsAppRules(parse_templates(settings.whatsapp_templates)),
        observe=metrics.observe_send if metrics is not None else None,
        # A message too long for its channel goes as a link to its document (bot/lengths.py).
        links=document_links(settings.audit_key_bytes, settings.base_url),
    )


def advance(db: Database, now: datetime) -> object:
    """The deadlines of the Act as of `now` (office/acts/clock/deadlines.py), then the day's audit
    head to the Magistrates where it is due (office/records/witness.py)."""
    report = advance_deadlines(db, now=now)
    for sent in witness_heads(db, now=now):
        log.info(
            "audit head %s for %s sent to %d Magistrate(s) of %s",
            sent.head,
            sent.on_date.isoformat(),
            len(sent.sent_to),
            sent.district,
        )
    return report


# The clock's steps of a pass by kind (office/acts/clock/deadlines.py PassReport): its field, its
# words.
DEADLINE_KINDS: tuple[tuple[str, str], ...] = (
    ("reported_unclaimed", "reported unclaimed"),
    ("sales_due", "sales due"),
    ("surplus_moved", "surplus moved to the fund"),
    ("cleared", "cleared"),
    ("stayed", "stayed by a complaint"),
    ("refused", "refused"),
)
# Shown in the line only when not 0.
_RARE = ("stayed", "refused")


@dataclass(frozen=True)
class PassDone:
    """What one pass did: its log line, `pound worker --once`'s answer and the metrics' counts
    (`count`) are all read from it."""

    now: datetime
    sends: PassReport
    deadlines: DeadlineReport | None = None  # None: a pass of the sender alone
    took: float | None = None  # seconds the deadline pass took

    @property
    def acts(self) -> int:
        return self.deadlines.changed if self.deadlines is not None else 0

    @property
    def busy(self) -> bool:
        r = self.sends
        return bool(self.acts or r.claimed or r.unrecorded or r.recorded_late)

    def line(self) -> str:
        """`pass as of T: deadlines reported unclaimed 2, sales due 0, ...; messages claimed 1,
        sent 1, held for quiet hours 0, ...`."""
        r = self.sends
        text = f"pass as of {self.now.isoformat()}: "
        if self.deadlines is not None:
            steps = [
                f"{words} {getattr(self.deadlines, name)}"
                for name, words in DEADLINE_KINDS
                if name not in _RARE or getattr(self.deadlines, name)
            ]
            text += f"deadlines {', '.join(steps)}; "
        text += (
            f"messages claimed {r.claimed}, sent {r.sent}, held for quiet hours {r.quiet}, "
            f"waiting {r.waiting}, retried {r.retried}, cancelled {r.cancelled}, "
            f"failed {r.failed}"
        )
        if r.recorded_late or r.unrecorded:
            text += f", recorded late {r.recorded_late}, waiting to be recorded {r.unrecorded}"
        if self.took is not None:
            text += f"; deadlines took {self.took * 1000:.0f} ms"
        return text

    def fields(self) -> dict[str, object]:
        """The line's figures as fields of a JSON log line (docs/operations.md)."""
        r = self.sends
        found: dict[str, object] = {"pass_at": self.now.isoformat(), "acts": self.acts}
        if self.deadlines is not None:
            found.update({name: getattr(self.deadlines, name) for name, _ in DEADLINE_KINDS})
        found.update(
            claimed=r.claimed,
            sent=r.sent,
            failed=r.failed,
            quiet_hours=r.quiet,
            retried=r.retried,
            waiting=r.waiting,
            cancelled=r.cancelled,
            deadline_ms=None if self.took is None else round(self.took * 1000, 3),
        )
        return found


@dataclass
class Worker:
    """Runs passes: deadlines, then the sender; forever, or once."""

    db: Database
    sender: Sender
    clock: Clock
    poll_seconds: float = 1.0
    advance_deadlines: Callable[[Database, datetime], object] = advance
    # Set by the webhooks when they queue a conversation reply: send it now, not at the next poll.
    wake: threading.Event = field(default_factory=threading.Event)
    # The process's metrics (the pass's duration, the sends): `pound serve` shares its app's.
    metrics: Metrics | None = None

    async def run_pass(self, now: datetime, stop: Callable[[], bool] | None = None) -> PassDone:
        started = time.perf_counter()
        result = self.advance_deadlines(self.db, now)
        took = time.perf_counter() - started
        deadlines = result if isinstance(result, DeadlineReport) else DeadlineReport()
        if purged := purge_idempotency_keys(self.db, now):
            log.info("idempotency keys older than 24 hours deleted: %d", purged)
        report = await self.sender.run_pass(now, stop=stop)
        done = PassDone(now, report, deadlines, took)
        self.log_pass(done)
        return done

    async def send_pass(self, now: datetime, stop: Callable[[], bool] | None = None) -> None:
        """A pass of the sender alone (woken for replies: the deadlines keep their pace)."""
        report = await self.sender.run_pass(now, stop=stop)
        self.log_pass(PassDone(now, report))

    def log_pass(self, done: PassDone) -> None:
        """The pass into the metrics (the passes, and for a full pass its duration and steps),
        and its line: INFO when anything happened, DEBUG for an idle pass (so a worker running
        forever writes nothing while there is nothing to do)."""
        if (metrics := self.metrics) is not None:
            metrics.passes.inc()
            if done.deadlines is not None:
                if done.took is not None:
                    metrics.deadline_pass.observe(done.took)
                metrics.deadline_acts.inc(done.acts)
                for name, _ in DEADLINE_KINDS:
                    if steps := getattr(done.deadlines, name):
                        metrics.deadline_steps.labels(kind=name).inc(steps)
        level = logging.INFO if done.busy else logging.DEBUG
        if log.isEnabledFor(level):
            log.log(level, "%s", done.line(), extra=done.fields())

    async def run(self, stop: threading.Event) -> None:
        """Pass after pass until `stop` is set; a failed pass is logged and the next one tried."""
        await self.sender.start()
        try:
            last_full = float("-inf")
            while not stop.is_set():
                try:
                    if time.monotonic() - last_full >= self.poll_seconds:
                        last_full = time.monotonic()
                        await self.run_pass(self.clock(), stop.is_set)
                    else:
                        # Woken for replies: the deadlines keep their own pace.
                        await self.send_pass(self.clock(), stop=stop.is_set)
                except Exception:
                    log.exception("worker pass failed; trying again after the poll interval")
                await asyncio.to_thread(self._sleep)
        finally:
            await self.sender.stop()

    def _sleep(self) -> None:
        self.wake.wait(self.poll_seconds)
        self.wake.clear()

    async def once(self, now: datetime) -> PassDone:
        await self.sender.start()
        try:
            return await self.run_pass(now)
        finally:
            await self.sender.stop()


def make_worker(
    db: Database, settings: Settings, *, clock: Clock, metrics: Metrics | None = None
) -> Worker:
    return Worker(
        db=db,
        sender=build_sender(db, settings, metrics),
        clock=clock,
        poll_seconds=settings.worker_poll_seconds,
        metrics=metrics,
    )


class WorkerThread:
    """One worker beside `pound serve`, in a thread with its own event loop."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.stop_event = threading.Event()
        self.thread = threading.Thread(
            target=lambda: asyncio.run(worker.run(self.stop_event)),
            name="pound-worker",
            daemon=True,
        )

    def start(self) -> None:
        self.thread.start()

    def wake(self) -> None:
        """Send what is queued now (a reply was just written)."""
        self.worker.wake.set()

    def stop(self, timeout: float = 30.0) -> None:
        self.stop_event.set()
        self.worker.wake.set()
        self.thread.join(timeout)
