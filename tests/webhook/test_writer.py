"""The webhooks' writer: many messages under one commit, answered only once committed."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, func, select

from bot import state
from models import Database, OptOut, Unit
from tests.units import unit_of_work
from webhook.inbound import Writer, WriterClosed

NOW = datetime(2026, 3, 1, 6, 30, tzinfo=UTC)


def add_opt_out(address: str, *, flush: bool = True) -> Callable[[Unit], str]:
    def job(work: Unit) -> str:
        s = work.session
        s.add(OptOut(channel="sms", address=address, opted_out_at=NOW))
        if flush:
            s.flush()
        return address

    return job


def count(db: Database, *addresses: str) -> int:
    with db.reading() as s:
        q = select(func.count()).select_from(OptOut).where(col(OptOut.address).in_(addresses))
        return int(s.exec(q).one())


def run_together(
    writer: Writer,
    jobs: list[Callable[[Unit], Any]],
    instants: list[datetime] | None = None,
    opens: list[state.OpenKey] | None = None,
) -> list[object]:
    """Hand in every job while the writer is held busy, so they queue and go as one batch."""
    inside = threading.Event()
    gate = threading.Event()

    def hold(_work: Unit) -> str:
        inside.set()
        gate.wait(10)
        return "held"

    async def main() -> list[object]:
        first = asyncio.ensure_future(writer.run(hold, now=NOW))
        assert await asyncio.to_thread(inside.wait, 10)  # the writer is inside `hold` now
        keys: list[state.OpenKey | None] = list(opens) if opens else [None] * len(jobs)
        rest = [
            asyncio.ensure_future(writer.run(job, now=at, opens=key))
            for job, at, key in zip(jobs, instants or [NOW] * len(jobs), keys, strict=True)
        ]
        for _ in range(1000):  # each task hands its job in at its first step
            if writer.waiting() == len(jobs):
                break
            await asyncio.sleep(0)
        assert writer.waiting() == len(jobs)
        gate.set()
        await first
        return list(await asyncio.gather(*rest, return_exceptions=True))

    return asyncio.run(main())


def test_messages_waiting_together_are_committed_in_one_transaction(db: Database) -> None:
    writer = Writer(db)
    try:
        results = run_together(writer, [add_opt_out(f"+9190000{i:05d}") for i in range(10)])
    finally:
        writer.close()
    assert results == [f"+9190000{i:05d}" for i in range(10)]
    assert count(db, *[f"+9190000{i:05d}" for i in range(10)]) == 10
    # The held job went alone; the ten that queued behind it went as one batch.
    assert (writer.batches, writer.jobs, writer.retried) == (2, 11, 0)


def test_each_message_of_a_batch_acts_at_its_own_instant_under_one_commit(db: Database) -> None:
    seen: list[tuple[datetime, int]] = []

    def at_its_instant(work: Unit) -> str:
        seen.append((work.now, id(work.session)))
        return "ok"

    instants = [NOW.replace(second=i) for i in range(3)]
    writer = Writer(db)
    try:
        run_together(writer, [at_its_instant] * 3, instants)
    finally:
        writer.close()
    assert [now for now, _ in seen] == instants
    assert len({session for _, session in seen}) == 1  # one unit of work, one commit
    assert (writer.batches, writer.retried) == (2, 0)


def test_one_failing_message_does_not_cost_the_others_their_answer(db: Database) -> None:
    def broken(work: Unit) -> str:
        s = work.session
        s.add(OptOut(channel="sms", address="+919999999999", opted_out_at=NOW))
        s.flush()
        raise ValueError("a bug in one message")

    writer = Writer(db)
    try:
        results = run_together(
            writer, [add_opt_out("+919000000101"), broken, add_opt_out("+919000000102")]
        )
    finally:
        writer.close()
    assert results[0] == "+919000000101" and results[2] == "+919000000102"
    assert isinstance(results[1], ValueError)
    # The batch was undone and each message ran alone: the good ones are kept once, the
    # broken one left nothing.
    assert count(db, "+919000000101", "+919000000102") == 2
    assert count(db, "+919999999999") == 0
    assert writer.retried == 1


def test_a_batch_whose_commit_fails_is_run_again_one_message_at_a_time(db: Database) -> None:
    # Two messages that each leave the same unique row to the commit: together the batch
    # cannot commit; alone, the first is kept and the second is refused with the database's error.
    writer = Writer(db)
    try:
        results = run_together(writer, [add_opt_out("+919000000201", flush=False)] * 2)
    finally:
        writer.close()
    assert results[0] == "+919000000201"
    assert isinstance(results[1], IntegrityError)
    assert count(db, "+919000000201") == 1
    assert writer.retried == 1


def test_the_answer_waits_for_the_commit(db: Database) -> None:
    seen: list[int] = []
    writer = Writer(db)

    async def main() -> None:
        await writer.run(add_opt_out("+919000000301"), now=NOW)
        # Another connection sees the row as soon as the answer is back.
        seen.append(count(db, "+919000000301"))

    try:
        asyncio.run(main())
    finally:
        writer.close()
    assert seen == [1]


def test_a_closed_writer_finishes_its_work_and_takes_no_more(db: Database) -> None:
    writer = Writer(db)

    async def main() -> None:
        await writer.run(add_opt_out("+919000000401"), now=NOW)
        writer.close()
        with pytest.raises(WriterClosed):
            await writer.run(add_opt_out("+919000000402"), now=NOW)

    asyncio.run(main())
    assert count(db, "+919000000401") == 1
    assert count(db, "+919000000402") == 0


def test_a_batch_opens_each_message_as_it_would_alone(db: Database) -> None:
    keys = [
        state.OpenKey("telegram", str(5550000 + i), f"u{i}", telegram_id=5550000 + i)
        for i in range(8)
    ]
    with unit_of_work(db, now=NOW) as u:  # one chat under way, one sender who said STOP
        state.save_chat(u, state.ChatState("telegram", "5550003", flow="seize", step="kind"))
        u.session.add(OptOut(channel="telegram", address="5550005", opted_out_at=NOW))

    with unit_of_work(db, now=NOW) as u:
        alone = [state.open_chat(u, k) for k in keys]
    in_work = [lambda w, k=k: state.open_chat(w, k) for k in keys]
    writer = Writer(db)
    try:
        together = run_together(writer, in_work, opens=keys)
    finally:
        writer.close()
    assert together == alone
    assert alone[3].chat.step == "kind" and alone[5].opted_out
    assert (writer.batches, writer.jobs) == (2, 9)
