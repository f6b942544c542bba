"""The outbox sender: claims due rows, renders them, and sends them within the providers' limits.

One pass (`Sender.run_pass(now)`, docs/worker.md): claim a batch of due rows, hold back private
messages in quiet hours (practice G11), cancel those whose cause is gone (practice G16,
`office/views/messages_now.py`), render each in its person's language, send it outside any
transaction through its channel's rate buckets, and record the outcome in a short transaction:
sent, waiting again, retried with backoff, or failed with the reason (falling back to the
person's other channel). A WhatsApp row goes as the 24-hour session allows
(bot/channels/twilio/whatsapp.py), a voice row is a call (bot/channels/twilio/voice.py). What a
provider took is noted first in the journal (bot/journal.py), so a database that does not answer
then loses nothing; nothing new is claimed until it is recorded.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, TypeVar

from bot import delivery, lengths
from bot.channels.outgoing import (
    OutMessage,
    PermanentFailure,
    RateLimited,
    SendFailure,
    Transport,
)
from bot.channels.twilio.voice import twiml_for
from bot.channels.twilio.whatsapp import BY_SMS, TEMPLATE, Route, WhatsAppRules, content_variables
from bot.delivery import Claimed
from bot.i18n import LANGUAGES
from bot.journal import Acceptance, Journal
from bot.lengths import LinkMaker
from bot.notices import render
from bot.ratelimit import take, wait_time
from bot.segments import numbered
from bot.types import Option, Reply
from law.periods import after_quiet_hours, in_quiet_hours
from models import Database
from office.records import outbox_delivery
from office.views.messages_now import Broken, Drop, as_it_stands

log = logging.getLogger(__name__)
T = TypeVar("T")

# A provider that keeps saying "slow down" is treated as failing for now (retried with backoff).
SLOW_DOWNS = 5


@dataclass(frozen=True)
class SendPolicy:
    """How hard the sender tries; built from Settings by the `pound` command."""

    max_retries: int = 8
    backoff_base: timedelta = timedelta(seconds=30)
    backoff_max: timedelta = timedelta(hours=6)
    lease: timedelta = timedelta(minutes=5)
    # A lapsed claim is taken by another worker only after lease + grace: time for its worker
    # to record an acceptance the database would not take (docs/worker.md).
    grace: timedelta = timedelta(0)
    batch: int = 200
    concurrency: int = 16
    # A message that would wait longer than this for its rate bucket goes back to the queue.
    max_wait: float = 10.0

    def backoff(self, error_count: int) -> timedelta:
        """Exponential: base, 2 x base, 4 x base ... capped (error_count counts this failure)."""
        steps = max(0, error_count - 1)
        seconds = self.backoff_base.total_seconds() * (2 ** min(steps, 30))
        return min(self.backoff_max, timedelta(seconds=seconds))


@dataclass
class PassReport:
    """What one pass did, for the log line and the tests."""

    claimed: int = 0
    sent: int = 0
    quiet: int = 0
    waiting: int = 0
    retried: int = 0
    failed: int = 0
    fallbacks: int = 0
    cancelled: int = 0  # no longer true when their turn came (practice G16)
    recorded_late: int = 0  # acceptances of earlier sends, recorded once the database answered
    unrecorded: int = 0  # acceptances still waiting for the database at the end of the pass

    def __str__(self) -> str:
        return (
            f"claimed {self.claimed}, sent {self.sent}, quiet hours {self.quiet}, "
            f"waiting {self.waiting}, retried {self.retried}, failed {self.failed} "
            f"(fallbacks {self.fallbacks}), cancelled {self.cancelled}"
            + (f", recorded late {self.recorded_late}" if self.recorded_late else "")
            + (f", waiting to be recorded {self.unrecorded}" if self.unrecorded else "")
        )


# (channel, outcome, seconds the provider took or None, seconds late past its due time or None)
Observe = Callable[[str, str, float | None, float | None], None]


async def _in(pool: ThreadPoolExecutor, fn: Callable[..., T], /, *args: Any) -> T:
    return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)


class _Defer(Exception):
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds


REPLY = "reply"


def _brief(exc: BaseException) -> str:
    """An exception in one line (a driver's message may run over several)."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


class Sender:
    """Sends the outbox through the given transports (by channel name); one per worker process."""

    def __init__(
        self,
        db: Database,
        transports: Mapping[str, Transport],
        *,
        worker: str,
        policy: SendPolicy | None = None,
        journal: Journal | None = None,
        whatsapp: WhatsAppRules | None = None,
        observe: Observe | None = None,
        links: LinkMaker | None = None,
    ) -> None:
        self.db = db
        # Signed links to a document, for a message too long for its channel (bot/lengths.py).
        self.links = links
        # Told of each message's outcome (the process's metrics, webhook/metrics.py).
        self.observe = observe
        self.whatsapp = whatsapp or WhatsAppRules()
        self.transports = dict(transports)
        self.worker = worker[:64]
        self.policy = policy or SendPolicy()
        # Each recorded outcome is its own commit; several commit side by side.
        self._pool = ThreadPoolExecutor(
            max_workers=self.policy.concurrency, thread_name_prefix="pound-sender"
        )
        # Acceptances not yet in the database; without a directory, in memory only.
        self.journal = journal if journal is not None else Journal()
        self._journal_pool = ThreadPoolExecutor(
            max_workers=self.policy.concurrency, thread_name_prefix="pound-journal"
        )

    async def _db(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """Run a short database call in the pool, so sends go on while it commits."""
        return await _in(self._pool, functools.partial(fn, *args, **kwargs))

    async def _move(self, step: Callable[..., T], /, **kwargs: Any) -> T:
        """A move of rows this worker claims (office/records/outbox_delivery.py), in the pool."""
        return await self._db(delivery.move, self.db, step, worker=self.worker, **kwargs)

    @property
    def channels(self) -> list[str]:
        # Rows for a channel with no transport here stay queued (visible in /metrics).
        return sorted(self.transports)

    async def start(self) -> None:
        taken = self.journal.open()
        if taken:
            log.warning("%d acceptances of a worker that stopped are to be recorded", taken)
        for transport in self.transports.values():
            await transport.start()

    async def stop(self) -> None:
        for transport in self.transports.values():
            await transport.stop()
        try:
            await self._record_pending(PassReport())
        finally:
            self.journal.close()

    async def run_pass(
        self, now: datetime, *, stop: Callable[[], bool] | None = None
    ) -> PassReport:
        """Send everything due at `now`, batch after batch, until nothing due is left.

        `stop` is asked between batches (a worker told to stop finishes its batch, then stops).
        Acceptances not yet recorded are recorded first; while the database will not take them,
        nothing new is claimed.
        """
        report = PassReport()
        if not await self._record_pending(report):
            return report
        while stop is None or not stop():
            rows = await self._db(
                delivery.claim_due,
                self.db,
                now=now,
                worker=self.worker,
                channels=self.channels,
                limit=self.policy.batch,
                lease=self.policy.lease,
                grace=self.policy.grace,
            )
            if not rows:
                break
            report.claimed += len(rows)
            await self._send_batch(rows, now, report)
            if not await self._record_pending(report):
                break
        return report

    async def _record_pending(self, report: PassReport) -> bool:
        """Record the acceptances the database did not take when they came; False while it
        still does not answer (they stay in memory and in the journal)."""
        waiting = self.journal.pending()
        if not waiting:
            return True
        try:
            outcomes = await self._db(delivery.record_acceptances, self.db, waiting)
        except Exception as exc:  # whatever the driver says, the acceptances are kept
            report.unrecorded = len(waiting)
            log.warning(
                "%d messages the providers took wait to be recorded; claiming nothing new "
                "until the database answers (%s)",
                len(waiting),
                _brief(exc),
            )
            return False
        for row_id, outcome in outcomes.items():
            if outcome == delivery.RECORDED:
                report.recorded_late += 1
            elif outcome == delivery.LOST:
                log.warning(
                    "outbox %s was taken by the provider but claimed again before the send "
                    "could be recorded (sent twice?)",
                    row_id,
                )
        await _in(self._journal_pool, self.journal.recorded, list(outcomes))
        report.unrecorded = len(self.journal)
        return True

    async def _send_batch(self, rows: list[Claimed], now: datetime, report: PassReport) -> None:
        ready = await self._hold_quiet(rows, now, report)
        ready = await self._as_it_stands(ready, now, report)
        ready = await self._drop_opted_out(ready, now, report)
        ready, routes = await self._whatsapp_routes(ready, now, report)
        # One task per chat keeps a person's messages in order; the chats run side by side.
        by_chat: dict[tuple[str, str], list[Claimed]] = defaultdict(list)
        for row in ready:
            by_chat[(row.channel, row.address)].append(row)
        gate = asyncio.Semaphore(self.policy.concurrency)
        claimed_at = time.monotonic()

        async def chat(queue: list[Claimed]) -> None:
            async with gate:
                for i, row in enumerate(queue):
                    # Never outlive the claim: give the rest back well before the lease ends.
                    if time.monotonic() - claimed_at > self.policy.lease.total_seconds() / 2:
                        await self._wait([r.id for r in queue[i:]], now, report)
                        return
                    await self._deliver(row, now, report, routes.get(row.id))

        # Every chat finishes (and notes what the provider took) before a failure is raised.
        outcomes = await asyncio.gather(
            *(chat(q) for q in by_chat.values()), return_exceptions=True
        )
        failures = [o for o in outcomes if isinstance(o, BaseException)]
        if failures:
            raise failures[0]

    async def _hold_quiet(
        self, rows: list[Claimed], now: datetime, report: PassReport
    ) -> list[Claimed]:
        """Practice G11: private messages wait out the district's quiet hours; replies go now."""
        private = [r for r in rows if r.private]
        if not private:
            return rows
        zones = await self._db(delivery.zones_for, self.db, private)
        held: dict[datetime, list[int]] = defaultdict(list)
        ready: list[Claimed] = []
        for row in rows:
            zone = zones.get(row.id) if row.private else None
            if zone is not None and in_quiet_hours(now, zone.profile, zone.tz):
                held[after_quiet_hours(now, zone.profile, zone.tz)].append(row.id)
                self._note(row.channel, "quiet_hours")
            else:
                ready.append(row)
        for until, ids in held.items():
            report.quiet += await self._move(outbox_delivery.release, row_ids=ids, until=until)
        return ready

    def _note(
        self, channel: str, outcome: str, seconds: float | None = None, late: float | None = None
    ) -> None:
        if self.observe is not None:
            try:
                self.observe(channel, outcome, seconds, late)
            except Exception:  # a metric must never stop a send
                log.exception("the send observer failed")

    async def _as_it_stands(
        self, rows: list[Claimed], now: datetime, report: PassReport
    ) -> list[Claimed]:
        """Practice G16: what a message says is worked out now, from the record as it stands;
        one whose cause is gone (paid, decided, done) is cancelled with the reason, not sent.
        Conversation replies go as they are."""
        templated = [r for r in rows if r.template != REPLY]
        if not templated:
            return rows
        verdicts = await self._db(as_it_stands, self.db, templated, now)
        ready: list[Claimed] = []
        dropped: dict[int, str] = {}
        for row in rows:
            verdict = verdicts.get(row.id)
            if verdict is None:
                ready.append(row)
            elif isinstance(verdict, Drop):
                dropped[row.id] = verdict.reason
                self._note(row.channel, "cancelled")
                log.info("outbox %s (%s) cancelled: %s", row.id, row.template, verdict.reason)
            elif isinstance(verdict, Broken):
                await self._fail(row, f"refresh: {verdict.reason}", now, report)
            else:
                ready.append(replace(row, params=verdict.params, language=verdict.language))
        if dropped:
            report.cancelled += await self._db(
                delivery.cancel, self.db, reasons=dropped, worker=self.worker, now=now
            )
        return ready

    async def _drop_opted_out(
        self, rows: list[Claimed], now: datetime, report: PassReport
    ) -> list[Claimed]:
        """An SMS number that said STOP gets nothing; the row fails and tries the other channel."""
        sms = [r for r in rows if r.channel in ("sms", "whatsapp")]
        if not sms:
            return rows
        stopped: set[tuple[str, str]] = set()
        for channel in {r.channel for r in sms}:
            addresses = [r.address for r in sms if r.channel == channel]
            found = await self._db(delivery.opted_out, self.db, channel, addresses)
            stopped |= {(channel, a) for a in found}
        said_stop = {r.id for r in rows if (r.channel, r.address) in stopped}
        return await self._fail_those(
            rows, dict.fromkeys(said_stop, "opted_out: the number said STOP"), now, report
        )

    async def _whatsapp_routes(
        self, rows: list[Claimed], now: datetime, report: PassReport
    ) -> tuple[list[Claimed], dict[int, Route]]:
        """How each WhatsApp row may go now (the 24-hour session rule,
        bot/channels/twilio/whatsapp.py). One that would go by SMS to a number that said STOP
        to SMS fails, and tries Telegram."""
        whatsapp = [r for r in rows if r.channel == "whatsapp"]
        if not whatsapp:
            return rows, {}
        addresses = [r.address for r in whatsapp]
        last = await self._db(delivery.whatsapp_last_inbound, self.db, addresses)
        routes = {
            r.id: self.whatsapp.route(
                template=r.template, language=r.language, last_inbound=last.get(r.address), now=now
            )
            for r in whatsapp
        }
        by_sms = [r.address for r in whatsapp if routes[r.id].via == BY_SMS]
        stopped = await self._db(delivery.opted_out, self.db, "sms", by_sms) if by_sms else set()
        closed = {
            r.id: f"whatsapp_session_closed: {routes[r.id].reason}; but the number said STOP to SMS"
            for r in whatsapp
            if routes[r.id].via == BY_SMS and r.address in stopped
        }
        return await self._fail_those(rows, closed, now, report), routes

    async def _fail_those(
        self, rows: list[Claimed], reasons: dict[int, str], now: datetime, report: PassReport
    ) -> list[Claimed]:
        """The rows but those `reasons` names, which fail, each with its reason and without
        counting an error (the person's other channel may take the message)."""
        for row in rows:
            if row.id in reasons:
                await self._fail(row, reasons[row.id], now, report, count_error=False)
        return [row for row in rows if row.id not in reasons]

    async def _wait(self, ids: list[int], until: datetime, report: PassReport) -> None:
        report.waiting += await self._move(outbox_delivery.release, row_ids=ids, until=until)

    async def _fail(
        self,
        row: Claimed,
        reason: str,
        now: datetime,
        report: PassReport,
        *,
        count_error: bool = True,
    ) -> None:
        fallback = await self._move(
            outbox_delivery.fail_claimed,
            row_id=row.id,
            reason=reason,
            now=now,
            count_error=count_error,
        )
        report.failed += 1
        self._note(row.channel, "failed")
        log.warning("outbox %s to %s failed: %s", row.id, row.channel, reason)
        if fallback is not None:
            report.fallbacks += 1
            log.info("outbox %s falls back to row %s", row.id, fallback)

    async def _deliver(
        self, row: Claimed, now: datetime, report: PassReport, route: Route | None = None
    ) -> None:
        transport = self.transports[row.channel]
        sent_via, via_reason = (route.via, route.reason) if route else (row.channel, None)
        extra: dict[str, str | None] = {"via": sent_via}
        options = tuple(
            Option(str(o.get("value", "")), str(o.get("label", "")))
            for o in row.options
            if isinstance(o, dict)
        )
        rest: str | None = None
        try:
            # A reply's body as it is, else its template in its language.
            text = (
                row.body
                if row.template == REPLY and row.body
                else render(row.template, row.params, row.language)
            )
            if sent_via != TEMPLATE:
                text, rest, options = self._fitted(row, sent_via, text, options, now)
            if row.channel == "voice":
                extra["twiml"] = twiml_for(text, row.language)
            if route is not None and route.via == TEMPLATE and route.template is not None:
                extra["content_sid"] = route.template.sid
                extra["content_variables"] = content_variables(
                    route.template, row.params, text, row.language
                )
        except Exception as exc:  # a broken template must fail visibly, not stop the pass
            await self._fail(row, f"render: {type(exc).__name__}: {exc}", now, report)
            return
        first = row.params.get("first_number")
        msg = OutMessage(
            id=row.id,
            channel=row.channel,
            address=row.address,
            text=text,
            language=row.language,
            options=options,
            # A keyboard goes with the last part of a long text.
            request_contact=rest is None and row.params.get("request_contact") is True,
            request_location=rest is None and row.params.get("request_location") is True,
            first_number=first if isinstance(first, int) and not isinstance(first, bool) else 1,
            **extra,
        )
        try:
            provider_id, took = await self._send(transport, msg)
        except _Defer as wait:
            self._note(row.channel, "waiting")
            await self._wait([row.id], now + timedelta(seconds=wait.seconds), report)
            return
        except PermanentFailure as exc:
            await self._fail(row, exc.reason, now, report)
            return
        except Exception as exc:  # an unforeseen error is treated as transient, and counted
            brief = f"error: {type(exc).__name__}: {exc}"
            await self._retry(
                row, exc.reason if isinstance(exc, SendFailure) else brief, now, report
            )
            return
        self._note(row.channel, "sent", took, (now - row.due_at).total_seconds())
        log.info(
            "outbox %s sent on %s (%s)",
            row.id,
            sent_via,
            row.template,
            extra={
                "outbox_id": row.id,
                "channel": sent_via,
                "template": row.template,
                "request_id": row.request_id,
            },
        )
        # What it said, as worked out at the send (a reply keeps its own).
        acceptance = Acceptance(
            row_id=row.id,
            worker=self.worker,
            provider_id=provider_id,
            body=text,
            sent_at=now,
            params=None if row.template == REPLY else row.params,
            language=None if row.template == REPLY else row.language,
            rest=rest,
        )
        # The window: a worker killed before this note is durable has sent the message without
        # a trace; after lease + grace another worker sends it once more (docs/worker.md).
        try:
            await _in(self._journal_pool, self.journal.accepted, acceptance)
        except OSError as exc:
            log.error("outbox %s: the journal cannot be written (%s); kept in memory", row.id, exc)
        try:  # what it said, and how it actually went and why (a WhatsApp row: by SMS, ...)
            recorded = await self._db(
                delivery.mark_sent, self.db, acceptance, sent_via=sent_via, via_reason=via_reason
            )
        except Exception as exc:  # the database did not answer: recorded later, never resent
            log.warning(
                "outbox %s: %s took it (%s) but the database did not answer (%s); it will be "
                "recorded when it does",
                row.id,
                row.channel,
                provider_id,
                _brief(exc),
            )
            report.sent += 1
            return
        await _in(self._journal_pool, self.journal.recorded, [row.id])
        if recorded:
            report.sent += 1
        else:
            log.warning("outbox %s was sent after its claim lapsed (sent twice?)", row.id)

    def _fitted(
        self, row: Claimed, way: str, text: str, options: tuple[Option, ...], now: datetime
    ) -> tuple[str, str | None, tuple[Option, ...]]:
        """The text within what `way` takes (bot/lengths.py): whole; its first part, the rest
        to follow in a row of its own (the options go with the last part); or, longer than the
        way takes, a short text with a link to the document that states it in full."""
        measured = numbered(Reply(text, options)) if way == BY_SMS and options else text
        cut = lengths.cut(way, measured)
        if cut is not None and cut[1] is None:
            return text, None, options
        if cut is not None and measured == text:
            return *cut, ()
        link = None
        if way != "voice" and self.links is not None:
            lang = row.language if row.language in LANGUAGES else "en"
            try:
                link = self.links(row.template, row.seizure_ref, row.person_id, lang, now)
            except Exception:  # no link (no key): the short text says to ask the pound
                log.exception("outbox %s: no link to its document", row.id)
        log.info(
            "outbox %s (%s): %d characters are too long for %s; a short text goes instead",
            row.id,
            row.template,
            len(text),
            way,
        )
        return lengths.too_long(row.language, ref=row.seizure_ref, link=link), None, ()

    async def _retry(self, row: Claimed, reason: str, now: datetime, report: PassReport) -> None:
        errors = row.error_count + 1
        if errors > self.policy.max_retries:
            await self._fail(row, f"{reason} (gave up after {errors} tries)", now, report)
            return
        until = now + self.policy.backoff(errors)
        await self._move(
            outbox_delivery.release, row_ids=[row.id], until=until, reason=reason, count_error=True
        )
        report.retried += 1
        self._note(row.channel, "retried")
        log.info("outbox %s: %s; try %d at %s", row.id, reason, errors + 1, until.isoformat())

    async def _send(self, transport: Transport, msg: OutMessage) -> tuple[str, float]:
        """Wait for the rate buckets, then send; a "slow down" pauses them and tries again.
        Answers the provider's id, and the seconds its last call took."""
        for _ in range(SLOW_DOWNS):
            await self._acquire(transport, msg)
            started = time.perf_counter()
            try:
                provider_id = await transport.send(msg)
            except RateLimited as exc:
                log.warning("%s asked to slow down: %s", msg.channel, exc.reason)
                transport.pause(msg, exc.retry_after)
                continue
            return provider_id, time.perf_counter() - started
        raise RateLimited(0.0, f"still told to slow down after {SLOW_DOWNS} pauses")

    async def _acquire(self, transport: Transport, msg: OutMessage) -> None:
        buckets, cost = transport.buckets(msg), transport.cost(msg)
        while (wait := wait_time(buckets, cost)) > 0:
            if wait > self.policy.max_wait:
                raise _Defer(wait)
            await asyncio.sleep(wait)
        take(buckets, cost)
