"""Limits that must hold under requests at once: real concurrent HTTP requests to a live server,
8 runs each on PostgreSQL (3 on SQLite, whose writers take turns whatever comes at once).

- The desk's codes: 12 requests at once for one officer's phone send 5 codes an hour
  (office/access/desk_signin.py `CODES_PER_HOUR`), not 12.
- Unsolicited messages: reports at once by one private person, each naming an owner the office
  never heard from, message as many of them as POUND_UNSOLICITED_PER_DAY allows and hold the
  rest (6 at once against a limit of 2).

- The per-address window of the desk (webhook/ratelimit.py `Window.take`): 40 threads at once
  against a limit of 20 pass 20.

Each count is taken under the lock of the thing it limits (office/records/counters.py `lock_count`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select
from sqlmodel import col

from models import DeskSignIn, Outbox
from office.access.desk_signin import CODES_PER_HOUR
from office.access.tokens import issue_token
from tests.browser import Live, live_server
from tests.desk.client import csrf_of
from tests.units import act
from tests.world import World
from webhook.ratelimit import TooManyRequests, Window

AT_ONCE = 12


def runs(world: World) -> int:
    """8 runs on PostgreSQL, where requests run in parallel: without its lock a count lets
    more through in nearly every run; on SQLite, one writer at a time whatever the requests, 3
    show the same."""
    return 3 if world.db.is_sqlite else 8


# The reports: six at once against a limit of two (the same race as 12 against 5, at half the
# reports: a report costs some 10 times a request for a code).
REPORTS_AT_ONCE = 6
PER_DAY = 2
KEEPER = "+919000000001"
CULTIVATOR = "+919111111111"


@pytest.fixture
def served(world: World) -> Iterator[Live]:
    from webhook.app import create_app

    app = create_app(db=world.db, clock=lambda: world.now, unsolicited_per_day=PER_DAY)
    with live_server(app) as server:
        yield server


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run `calls` in threads of their own, released together by a barrier."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        barrier.wait()
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


def test_twelve_sign_in_requests_at_once_send_five_codes_an_hour(
    world: World, served: Live, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="office.access.desk_signin")
    # Twelve browsers, each with its cookie and the form's token.
    browsers = [httpx.Client(base_url=served.url, timeout=30) for _ in range(AT_ONCE)]

    def asker(client: httpx.Client) -> Callable[[], int]:
        csrf = csrf_of(client.get("/desk/sign-in").text)
        return lambda: (
            client.post("/desk/sign-in", data={"csrf": csrf, "phone": KEEPER}).status_code
        )

    def sent_since(start: Any) -> int:
        with world.db.reading() as s:
            q = select(func.count()).select_from(DeskSignIn)
            q = q.where(col(DeskSignIn.created_at) >= start)
            return int(s.execute(q).scalar_one())

    try:
        for run in range(runs(world)):
            world.tick(hours=1, minutes=1)  # a new hour: his earlier codes no longer count
            start = world.now
            refused_before = sum("codes in the last hour" in r.message for r in caplog.records)
            assert at_once([asker(c) for c in browsers]) == [303] * AT_ONCE
            # The codes go after the answers: wait until each request has sent or refused.
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                refused = (
                    sum("codes in the last hour" in r.message for r in caplog.records)
                    - refused_before
                )
                if sent_since(start) + refused >= AT_ONCE:
                    break
                time.sleep(0.01)
            sent = sent_since(start)
            assert (run, sent, refused) == (run, CODES_PER_HOUR, AT_ONCE - CODES_PER_HOUR)
    finally:
        for c in browsers:
            c.close()
    with world.db.reading() as s:
        codes = s.execute(
            select(func.count()).select_from(Outbox).where(Outbox.template == "desk_code")
        ).scalar_one()
    assert codes == runs(world) * CODES_PER_HOUR


def test_reports_at_once_message_no_more_numbers_never_heard_from_than_the_limit(
    world: World, served: Live
) -> None:
    token = act(world.db, issue_token, phone=CULTIVATOR, now=world.now).token
    client = httpx.Client(
        base_url=served.url, timeout=30, headers={"Authorization": f"Bearer {token}"}
    )

    def report(phone: str) -> Callable[[], str]:
        body = {
            "ground": "trespass",
            "village": "Rampur",
            "place": "the sugarcane field east of the well",
            "damage": "ate and trampled young cane",
            "occurred_at": (world.now - timedelta(hours=2)).isoformat(),
            "owner": {"name": "Sukhdev", "residence": "Kemri", "phone": phone},
            "animals": [{"kind": "cow", "count": 1, "description": "red"}],
        }

        def post() -> str:
            r = client.post("/api/v1/seizures", json=body)
            assert r.status_code == 201, r.text
            return str(r.json()["owner_messages"])

        return post

    try:
        for run in range(runs(world)):
            world.tick(days=1, minutes=1)  # a new day: yesterday's numbers no longer count
            start = world.now
            phones = [f"+9194{run:03d}{n:05d}" for n in range(REPORTS_AT_ONCE)]
            said = at_once([report(p) for p in phones])
            with world.db.reading() as s:
                rows = s.execute(
                    select(Outbox.state, func.count(func.distinct(Outbox.address)))
                    .where(col(Outbox.address).in_(phones), col(Outbox.created_at) >= start)
                    .group_by(Outbox.state)
                ).all()
            messaged = {state: n for state, n in rows}
            assert (run, said.count("queued"), said.count("held")) == (
                run,
                PER_DAY,
                REPORTS_AT_ONCE - PER_DAY,
            )
            assert (run, messaged.get("held", 0), sum(messaged.values())) == (
                run,
                REPORTS_AT_ONCE - PER_DAY,
                REPORTS_AT_ONCE,
            ), messaged
    finally:
        client.close()


def slow_clock() -> float:
    time.sleep(0.0005)
    return time.monotonic()


def test_forty_requests_of_one_address_at_once_pass_its_window_of_twenty() -> None:
    for run in range(20):
        # A clock that yields: the threads queue at the window's lock, as under load.
        window = Window(20, what="failed authentications", clock=slow_clock)

        def take(window: Window = window) -> bool:
            try:
                window.take("203.0.113.7")
            except TooManyRequests:
                return False
            return True

        assert (run, at_once([take] * 40).count(True)) == (run, 20)
