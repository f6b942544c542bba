"""What both channel webhooks share: a bounded body, and the writer that commits their messages.

Every inbound message is one small unit of work. Run from AnyIO's pool of 40 threads they would
all queue on the one SQLite file lock (busy_timeout sleeps), or on PostgreSQL on the rows they
share (a district's audit chain head, docs/design.md), and p99 latency explodes under load. The
webhooks instead hand their work to `Writer`: one thread that takes every message waiting and
runs them together in one unit of work it opens and commits, one commit for all of them (group
commit). Each message acts at its own instant in it (`Unit.at`). Nobody is answered before that
commit, so the record of what was said is always written before the answer leaves.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from fastapi import Request
from sqlalchemy.exc import DBAPIError, IntegrityError

from bot import state
from bot.channels.base import Refused
from models import Database
from webhook.errors import database_unavailable

MAX_BODY = 64 * 1024
MAX_BATCH = 64
T = TypeVar("T")
log = logging.getLogger(__name__)


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, refused (413) as soon as it passes `limit` bytes, never read whole."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Refused(413, f"payload too large ({declared} bytes)")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refused(413, f"payload too large (more than {limit} bytes)")
        chunks.append(chunk)
    return b"".join(chunks)


class WriterClosed(RuntimeError):
    """The writer has been shut down and takes no more work."""


@dataclass
class _Job(Generic[T]):
    fn: Callable[..., T]
    args: tuple[Any, ...]
    now: datetime
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[T]
    opens: state.OpenKey | None = None
    request_id: str | None = None  # the HTTP request it serves (webhook/edge.py)


@dataclass
class _Outcome:
    job: _Job[Any]
    value: Any = None
    error: BaseException | None = None


class Writer:
    """One thread that runs the webhooks' units of work, all waiting ones under one commit.

    A job is a function of the open unit of work (a `Unit` acting at the job's instant); it
    leaves its work to the writer's commit (the writer opened the unit, the writer commits it) and
    may be run twice: if any job of a batch raises, or the commit fails, nothing of the batch is
    kept and each of its jobs runs again alone, in a transaction of its own, so one bad message
    never costs its neighbours their answer. A message's work is a function of the database and
    the instant it was received, so running it again gives the same result.
    """

    def __init__(self, db: Database, *, max_batch: int = MAX_BATCH) -> None:
        self.db = db
        state.count_writes(db.engine)  # what a batch's reading of its starts needs (bot/state.py)
        self.max_batch = max_batch
        self.batches = 0
        self.jobs = 0
        self.retried = 0
        self._queue: queue.SimpleQueue[_Job[Any] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._lock = threading.Lock()

    async def run(
        self,
        fn: Callable[..., T],
        *args: Any,
        now: datetime,
        opens: state.OpenKey | None = None,
        request_id: str | None = None,
    ) -> T:
        """Run `fn(work, *args)`, acting at `now`, in the writer's next unit of work; return
        once it is committed.

        `opens`: the conversation `fn` starts with, read with its batch's (`state.open_chats`).
        `request_id`: the request it serves, written on the outbox rows `fn` queues.
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._submit(_Job(fn, args, now, loop, future, opens, request_id))
        return await future

    def _submit(self, job: _Job[Any]) -> None:
        with self._lock:
            if self._closed:
                raise WriterClosed("the writer is shut down")
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._serve, name="pound-writer", daemon=True
                )
                self._thread.start()
            self._queue.put(job)

    def waiting(self) -> int:
        """How many messages are handed in and not yet taken into a batch."""
        return self._queue.qsize()

    def close(self, timeout: float = 10.0) -> None:
        """Finish the work already handed in, then stop the thread."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            thread = self._thread
            self._queue.put(None)
        if thread is not None:
            thread.join(timeout)

    # --- the writer thread ------------------------------------------------------------------

    def _serve(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            batch = [job]
            stop = False
            while len(batch) < self.max_batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            try:
                outcomes = self._run_batch(batch)
            except Exception as exc:  # pragma: no cover - _run_batch answers every job itself
                log.exception("the writer failed a batch of %d messages", len(batch))
                outcomes = [_Outcome(job, error=exc) for job in batch]
            self._settle(outcomes)
            if stop:
                return

    def _run_batch(self, batch: list[_Job[Any]]) -> list[_Outcome]:
        self.batches += 1
        self.jobs += len(batch)
        if len(batch) == 1:
            return [self._alone(batch[0])]
        try:
            with self.db.unit(now=batch[0].now) as u:
                state.open_chats(u.session, [job.opens for job in batch if job.opens is not None])
                outcomes = [
                    _Outcome(job, job.fn(u.at(job.now, job.request_id), *job.args)) for job in batch
                ]
                u.commit()
            return outcomes
        except Exception as exc:
            log.warning(
                "a batch of %d messages was not committed (%s: %s): each runs alone",
                len(batch),
                type(exc).__name__,
                exc,
            )
            self.retried += 1
            return [self._alone(job) for job in batch]

    def _alone(self, job: _Job[Any]) -> _Outcome:
        try:
            with self.db.unit(now=job.now, request_id=job.request_id) as u:
                value = job.fn(u, *job.args)
                u.commit()
            return _Outcome(job, value)
        except Exception as exc:
            return _Outcome(job, error=exc)

    def _settle(self, outcomes: list[_Outcome]) -> None:
        by_loop: dict[asyncio.AbstractEventLoop, list[_Outcome]] = {}
        for outcome in outcomes:
            by_loop.setdefault(outcome.job.loop, []).append(outcome)
        for loop, items in by_loop.items():
            try:
                loop.call_soon_threadsafe(_resolve, items)
            except RuntimeError:  # the loop is closed: nobody is waiting any more
                log.info("%d answers had nobody waiting for them", len(items))


def _resolve(items: list[_Outcome]) -> None:
    for outcome in items:
        future = outcome.job.future
        if future.done():  # the request was cancelled (the client went away)
            continue
        if outcome.error is not None:
            future.set_exception(outcome.error)
        else:
            future.set_result(outcome.value)


def can_never_store(exc: BaseException) -> bool:
    """Whether the failure of a message's transaction is the message's own (a value the
    database refuses, a number past its columns) and so would fail every time, rather than
    the database being away or busy (try again) or two copies racing (try again: it is seen)."""
    if isinstance(exc, IntegrityError) or database_unavailable(exc):
        return False
    return isinstance(exc, DBAPIError | OverflowError | ValueError | UnicodeError)
