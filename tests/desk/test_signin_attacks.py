"""What an outsider may try against the desk's sign-in, each test named by its attack.

- The SMS pump: any report makes a phone known (a US number too); asking codes for it must send
  nothing, write nothing, and answer as for an officer's phone (status, body, time).
- Enumeration: neither the answer to the request nor the answers to the codes typed after it
  tell an officer's phone from anyone else's.
- Anonymous writes to the audit chain: a request for a phone that is no officer's writes
  nothing; a code refused as unknown, late or used up writes nothing.
- One address asking again and again: each request for a code and each code typed counts
  against it; past POUND_AUTH_FAILURES_PER_MINUTE it is answered 429 and nothing is done.
- Cookie planting: over https the cookie is `__Host-` prefixed (Secure, Path=/, no Domain).
(Requests at once against the limit of codes: tests/webhook/test_limits_at_once.py.)
"""

from __future__ import annotations

import time

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlmodel import SQLModel

from models import DeskSignIn
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn, PersonIn
from office.records.counters import Counted, lock_count
from tests.browser import Live
from tests.desk.client import DeskBrowser, csrf_of, last_code, refusal_code, text_of
from tests.units import act, tx
from tests.world import World

KEEPER = "+91 90000 00001"
# Known to the office but holding no office: the owner of the test district, and a US number a
# report named as an owner (a report may name any phone).
PRIVATE = "+919222222222"
US_NUMBER = "+1 415 555 0132"
UNKNOWN = "098300 00009"


def row_counts(world: World) -> dict[str, int]:
    """How many rows each table holds: what a request wrote, whatever it wrote to."""
    with world.db.reading() as s:
        return {
            t.name: int(s.execute(select(func.count()).select_from(t)).scalar_one())
            for t in SQLModel.metadata.sorted_tables
        }


def name_us_number_as_owner(world: World) -> None:
    act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village="Rampur",
        place="the sugarcane field east of the well",
        damage="ate and trampled young cane",
        seizer=None,
        owner=PersonIn("John Doe", "Kemri", US_NUMBER),
        animals=[AnimalsIn("cow", 1)],
        occurred_at=world.now,
        now=world.now,
    )


def ask(app: object, phone: str) -> httpx.Response:
    """One browser asks a code for `phone`: the answer to its POST, not followed."""
    with TestClient(app, base_url="http://testserver") as client:  # type: ignore[arg-type]
        csrf = csrf_of(client.get("/desk/sign-in").text)
        return client.post(
            "/desk/sign-in",
            data={"csrf": csrf, "phone": phone, "next": "/desk"},
            follow_redirects=False,
        )


def the_same_for_everyone(r: httpx.Response) -> tuple[int, str, bytes, list[tuple[str, str]]]:
    """The answer but for what differs from one browser to the next (its cookie, its id)."""
    varies = {"set-cookie", "x-request-id", "date"}
    headers = sorted((k, v) for k, v in r.headers.items() if k.lower() not in varies)
    return r.status_code, r.headers.get("location", ""), r.content, headers


def test_sms_pump_a_phone_of_no_officer_is_sent_nothing_written_nothing_and_told_the_same(
    world: World,
    app_for,  # type: ignore[no-untyped-def]
) -> None:
    name_us_number_as_owner(world)
    before = row_counts(world)
    officer = ask(app_for, KEEPER)
    after_officer = row_counts(world)
    assert officer.status_code == 303 and officer.headers["location"] == "/desk/sign-in/code"
    # The officer's request wrote his code: the sign-in, its message, its audit event.
    assert after_officer["desk_signin"] == before["desk_signin"] + 1
    assert after_officer["outbox"] == before["outbox"] + 1
    for phone in (PRIVATE, US_NUMBER, UNKNOWN):
        for _ in range(3):  # again and again: still nothing
            r = ask(app_for, phone)
            assert the_same_for_everyone(r) == the_same_for_everyone(officer), phone
            assert row_counts(world) == after_officer, f"a request for {phone} wrote"


def test_enumeration_the_codes_typed_after_are_answered_alike_for_an_officer_and_a_stranger(
    world: World,
    app_for,  # type: ignore[no-untyped-def]
) -> None:
    """Six wrong codes, then one after ten minutes: word for word, status for status."""

    def answers(phone: str) -> list[tuple[int, str | None, str]]:
        with TestClient(app_for) as client:
            web = DeskBrowser(client, world)
            web.ask_code(phone)
            wrong = "123456"
            if phone == KEEPER:
                wrong = f"{(int(last_code(world, world.keeper)) + 1) % 10**6:06d}"
            said = []
            for _ in range(6):
                r = web.post("/desk/sign-in/code", {"code": wrong})
                said.append((r.status_code, refusal_code(r.text), text_of(r.text)))
            return said

    start = world.now
    officer = answers(KEEPER)
    written = row_counts(world)
    world.now = start
    stranger = answers(PRIVATE)
    assert stranger == officer
    assert "4 tries left" in officer[0][2] and "now used up" in officer[4][2]
    assert "used up" in officer[5][2]
    # The stranger's codes were refused without a write (the officer's five wrong tries were
    # audited: his code's own, bounded by its five tries).
    assert row_counts(world) == written

    def late(phone: str) -> tuple[int, str]:
        with TestClient(app_for) as client:
            web = DeskBrowser(client, world)
            web.ask_code(phone)
            world.tick(minutes=10, seconds=1)
            r = web.post("/desk/sign-in/code", {"code": "000000"})
            return r.status_code, text_of(r.text)

    officer_late, stranger_late = late(KEEPER), late(US_NUMBER)
    assert officer_late == stranger_late and "10 minutes" in officer_late[1]


def test_timing_the_answer_goes_before_the_office_looks_the_phone_up(
    world: World, live: Live
) -> None:
    """While the officer's count is held by another transaction, the office cannot send his
    code; his request is answered at once all the same, and the code goes when it is free."""

    def asked(phone: str) -> tuple[float, httpx.Response]:
        with httpx.Client(base_url=live.url, timeout=10) as client:
            csrf = csrf_of(client.get("/desk/sign-in").text)
            started = time.monotonic()
            r = client.post("/desk/sign-in", data={"csrf": csrf, "phone": phone})
            return time.monotonic() - started, r

    def codes() -> int:
        with world.db.reading() as s:
            return int(s.execute(select(func.count()).select_from(DeskSignIn)).scalar_one())

    with tx(world.db) as s:
        lock_count(s, Counted.DESK_CODES, world.keeper)  # on SQLite the file itself is held
        took, r = asked(KEEPER)
        assert r.status_code == 303 and took < 2.0, took
        assert r.headers["location"] == "/desk/sign-in/code"
    deadline = time.monotonic() + 10
    while codes() == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert codes() == 1
    assert last_code(world, world.keeper)


@pytest.mark.parametrize("url", ["https://pound.example", "http://pound.example"])
def test_cookie_planting_over_https_the_cookie_is_host_prefixed(world: World, url: str) -> None:
    """OWASP ASVS 3.4.4: `__Host-` over https (Secure, Path=/, no Domain); plain http keeps
    `pound_desk`. A cookie of the other name is not read."""
    from webhook.app import create_app
    from webhook.desk import DeskConfig

    https = url.startswith("https")
    name = "__Host-pound_desk" if https else "pound_desk"
    app = create_app(db=world.db, clock=lambda: world.now, desk=DeskConfig.for_url(b"k" * 32, url))
    with TestClient(app, base_url=url) as client:
        r = client.get("/desk/sign-in")
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(name + "=")
        parts = [p.strip().lower() for p in cookie.split(";")]
        assert {"httponly", "samesite=lax", "path=/"} <= set(parts)
        assert ("secure" in parts) is https
        assert not any(p.startswith("domain") for p in parts)
        assert "default-src 'self'" in r.headers["content-security-policy"]
        # The whole sign-in works under that name.
        web = DeskBrowser(client, world)
        r = web.sign_in(KEEPER, world.keeper)
        assert r.url.path == "/desk" and "Keeper Kallu" in r.text
        other = "pound_desk" if https else "__Host-pound_desk"
        assert other not in client.cookies
        # A cookie under the other name, even one signed with the secret, is no cookie here.
        value = client.cookies[name]
    with TestClient(app, base_url=url) as stranger:
        stranger.cookies.set(other, value)
        assert stranger.get("/desk").url.path == "/desk/sign-in"


def test_one_address_asking_again_and_again_is_stopped_at_its_limit_and_nothing_done(
    world: World,
) -> None:
    from webhook.app import create_app
    from webhook.ratelimit import RateLimits

    app = create_app(
        db=world.db, clock=lambda: world.now, limits=RateLimits(auth_failures_per_minute=4)
    )
    with TestClient(app) as client:
        web = DeskBrowser(client, world)
        answers = [web.ask_code(KEEPER).status_code for _ in range(2)]
        # Two requests and two codes typed make four; the fifth of anything is refused.
        answers += [web.post("/desk/sign-in/code", {"code": "000000"}).status_code for _ in "ab"]
        before = row_counts(world)
        answers += [web.post("/desk/sign-in/code", {"code": "000000"}).status_code]
        answers += [web.ask_code(KEEPER).status_code]
        assert answers == [200, 200, 422, 422, 429, 429]
        assert row_counts(world) == before
