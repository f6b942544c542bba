"""Failed authentications and unsigned webhook posts are limited per client address.

Nothing was limited: unknown tokens and forged webhook posts were all answered, as fast as they
came. An address over its limit now gets 429 `too_many_requests` with Retry-After; a client that
only succeeds is never limited; X-Forwarded-For counts only from a trusted proxy.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import func, select

from bot.channels.telegram import SECRET_HEADER
from bot.channels.telegram.channel import TelegramConfig
from bot.channels.twilio.channel import TwilioConfig
from models import InboundMessage
from pound.app import build_app
from pound.settings import Settings
from tests.api_client import KEEPER
from tests.fakes.twilio import TwilioWebhooks
from tests.units import act
from tests.world import World
from webhook.app import create_app
from webhook.ratelimit import RateLimits, parse_networks

LIMIT = 5
ATTACKER = "203.0.113.9"
NEIGHBOUR = "198.51.100.20"
PROXY = "10.0.0.2"
SECRET = "tg-webhook-secret-9f3a"
AUTH = "twilio-auth-token-77c1"
PUBLIC = "https://pound.example.org"
SID = "AC" + "1" * 32
GUESS = "pnd_" + "x" * 43


@dataclass
class Seconds:
    """A monotonic clock the test moves by hand."""

    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def seconds() -> Seconds:
    return Seconds()


def make_app(world: World, seconds: Seconds, **limits: Any) -> FastAPI:
    world.on(date(2026, 3, 1), 12)
    settings: dict[str, Any] = {
        "auth_failures_per_minute": LIMIT,
        "unsigned_webhooks_per_minute": LIMIT,
        **limits,
    }
    return create_app(
        db=world.db,
        clock=lambda: world.now,
        telegram=TelegramConfig(token="123456:AAAA", secret=SECRET, api_url="http://127.0.0.1:9"),
        twilio=TwilioConfig(account_sid=SID, auth_token=AUTH, public_url=PUBLIC),
        limits=RateLimits(clock=seconds, **settings),
    )


@pytest.fixture
def app(world: World, seconds: Seconds) -> Iterator[FastAPI]:
    application = make_app(world, seconds)
    with TestClient(application):  # runs the lifespan (the webhook writer) around the test
        yield application


def client(app: FastAPI, address: str) -> TestClient:
    return TestClient(app, client=(address, 40000))


def token_for(world: World, phone: str) -> str:
    from office.access.tokens import issue_token

    return act(world.db, issue_token, phone=phone, now=world.now).token


def register(c: TestClient, token: str) -> httpx.Response:
    return c.get("/api/v1/pounds/TPR/register", headers={"Authorization": f"Bearer {token}"})


def assert_too_many(r: httpx.Response) -> int:
    assert r.status_code == 429, r.text
    body = r.json()
    assert body["code"] == "too_many_requests"
    assert body["section"] is None
    assert set(body) == {"code", "section", "detail", "details"}
    wait = int(r.headers["Retry-After"])
    assert 1 <= wait <= 60
    assert body["details"]["retry_after"] == wait
    return wait


# --- the REST API: unknown bearer tokens ---------------------------------------------------------


def test_unknown_tokens_from_one_address_are_answered_429_after_the_limit(
    world: World, app: FastAPI, seconds: Seconds
) -> None:
    attacker = client(app, ATTACKER)
    answers = [register(attacker, f"{GUESS}{i}").status_code for i in range(LIMIT)]
    seconds.now += 10
    over = attacker.get("/api/v1/fund", headers={"Authorization": f"Bearer {GUESS}"})

    assert answers == [403] * LIMIT
    wait = assert_too_many(over)
    # The oldest failure was 10 s ago: the address may try again when it is a minute old.
    assert wait == 50


def test_a_blocked_address_is_not_looked_at_until_its_window_passes(
    world: World, app: FastAPI, seconds: Seconds
) -> None:
    """While blocked even a real token is refused (else guessing would go on, answered 429 or
    200); once the oldest failure is a minute old the address is heard again."""
    real = token_for(world, KEEPER)
    attacker = client(app, ATTACKER)
    for i in range(LIMIT):
        register(attacker, f"{GUESS}{i}")
        seconds.now += 1

    blocked_real = register(attacker, real)
    seconds.now += 55  # the first failure is 60 s old now, the others younger
    after_one = register(attacker, real)
    guess_again = register(attacker, GUESS)
    blocked_again = register(attacker, real)

    assert_too_many(blocked_real)
    assert after_one.status_code == 200
    assert guess_again.status_code == 403  # counted again: five in the last minute
    assert_too_many(blocked_again)


def test_another_address_and_successful_clients_are_never_limited(
    world: World, app: FastAPI
) -> None:
    real = token_for(world, KEEPER)
    attacker = client(app, ATTACKER)
    for i in range(LIMIT + 3):
        register(attacker, f"{GUESS}{i}")
    neighbour = client(app, NEIGHBOUR)

    successes = [register(neighbour, real).status_code for _ in range(LIMIT * 4)]
    no_token = neighbour.get("/api/v1/fund")

    assert successes == [200] * (LIMIT * 4)
    assert no_token.status_code == 403  # a missing token is no guess: not counted
    assert register(neighbour, GUESS).status_code == 403


def test_a_forged_forwarded_for_does_not_escape_the_limit_without_a_trusted_proxy(
    world: World, app: FastAPI
) -> None:
    attacker = client(app, ATTACKER)
    answers = [
        attacker.get(
            "/api/v1/fund",
            headers={"Authorization": f"Bearer {GUESS}", "X-Forwarded-For": f"192.0.2.{i}"},
        ).status_code
        for i in range(LIMIT + 2)
    ]

    assert answers == [403] * LIMIT + [429, 429]


def test_behind_a_trusted_proxy_each_forwarded_client_is_counted_on_its_own(
    world: World, seconds: Seconds
) -> None:
    app = make_app(world, seconds, trusted_proxies=parse_networks(f"{PROXY}, 10.0.1.0/24"))
    proxy = client(app, PROXY)

    def via_proxy(chain: str) -> int:
        headers = {"Authorization": f"Bearer {GUESS}", "X-Forwarded-For": chain}
        return proxy.get("/api/v1/fund", headers=headers).status_code

    # The client names any address first; the proxies append what they saw (rightmost wins).
    attacker = [via_proxy(f"192.0.2.{i}, {ATTACKER}, 10.0.1.5") for i in range(LIMIT + 1)]
    neighbour = via_proxy(NEIGHBOUR)
    direct = client(app, ATTACKER).get("/api/v1/fund", headers={"Authorization": f"Bearer {GUESS}"})
    # A peer that is no trusted proxy cannot name another client.
    spoofer = client(app, "192.0.2.77")
    spoofed = [
        spoofer.get(
            "/api/v1/fund",
            headers={"Authorization": f"Bearer {GUESS}", "X-Forwarded-For": NEIGHBOUR},
        ).status_code
        for _ in range(LIMIT)
    ]

    assert attacker == [403] * LIMIT + [429]
    assert neighbour == 403
    assert direct.status_code == 429  # the same client, reaching the app without the proxy
    assert spoofed == [403] * LIMIT
    assert via_proxy(NEIGHBOUR) == 403  # the spoofer's guesses were not the neighbour's


# --- the channel webhooks: posts without the secret or the signature ----------------------------


def inbound_count(world: World) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(InboundMessage)).one())


def update(update_id: int, chat: int = 7_400_000_001) -> bytes:
    message = {
        "message_id": update_id,
        "date": 1772346600,
        "chat": {"id": chat, "type": "private", "first_name": "Hari"},
        "from": {"id": chat, "is_bot": False, "first_name": "Hari"},
        "text": "/start",
    }
    return json.dumps({"update_id": update_id, "message": message}).encode()


def telegram_post(c: TestClient, update_id: int, secret: str | None) -> httpx.Response:
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers[SECRET_HEADER] = secret
    return c.post("/telegram/webhook", content=update(update_id), headers=headers)


def test_telegram_posts_without_the_secret_are_limited_per_address(
    world: World, app: FastAPI, seconds: Seconds
) -> None:
    attacker = client(app, ATTACKER)
    forged = [
        telegram_post(attacker, 500 + i, None if i % 2 else "guess").status_code
        for i in range(LIMIT)
    ]
    over = telegram_post(attacker, 600, "guess-again")
    # Telegram's own servers, another address, are served as ever.
    real = telegram_post(client(app, "149.154.167.220"), 700, SECRET)

    assert forged == [403] * LIMIT
    assert_too_many(over)
    assert real.status_code == 200
    assert inbound_count(world) == 1


def form(params: dict[str, str]) -> bytes:
    return urlencode(params).encode()


def test_unsigned_and_forged_twilio_posts_are_limited_per_address(
    world: World, app: FastAPI
) -> None:
    hooks = TwilioWebhooks(AUTH, PUBLIC)
    forger = TwilioWebhooks("not-the-auth-token", PUBLIC)
    attacker = client(app, ATTACKER)
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    params = hooks.inbound_params("+919111111111", "HELP")
    unsigned = [
        attacker.post("/sms/inbound", content=form(params), headers=headers).status_code
        for _ in range(2)
    ]
    forged = [forger.inbound(attacker, "+919111111111", "HELP").status_code for _ in range(2)]
    status = forger.status(attacker, "SM" + "2" * 32, "delivered").status_code
    over_inbound = attacker.post("/sms/inbound", content=form(params), headers=headers)
    over_status = hooks.status(attacker, "SM" + "2" * 32, "delivered")
    twilio = hooks.inbound(client(app, "54.172.60.1"), "+919111111111", "HELP")

    assert unsigned + forged + [status] == [403] * LIMIT
    assert_too_many(over_inbound)
    assert_too_many(over_status)
    assert twilio.status_code == 200
    assert inbound_count(world) == 1


# --- the composition root passes the settings down ----------------------------------------------


def test_pound_limits_by_default_and_takes_the_limits_from_its_settings(world: World) -> None:
    default = Settings(database_url=world.db.url)
    strict = Settings(database_url=world.db.url, auth_failures_per_minute=2)
    off = Settings(database_url=world.db.url, auth_failures_per_minute=0)

    def answers(settings: Settings, tries: int) -> list[int]:
        c = client(build_app(world.db, clock=lambda: world.now, settings=settings), ATTACKER)
        return [register(c, f"{GUESS}{i}").status_code for i in range(tries)]

    assert default.auth_failures_per_minute == 20
    assert default.unsigned_webhooks_per_minute == 20
    assert default.trusted_proxies is None
    assert answers(default, 21) == [403] * 20 + [429]
    assert answers(strict, 3) == [403, 403, 429]
    assert answers(off, 30) == [403] * 30
