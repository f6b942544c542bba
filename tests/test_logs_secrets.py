"""No secret in any log line at any level: `pound worker` and `pound serve`, run for real.

httpx logs every request URL at INFO, and a Bot API URL carries the bot token: `pound worker`
wrote the token into its log with every message. Each test runs the command against the fake
Telegram and Twilio servers, reads everything it wrote, and looks for every secret: the bot token,
the webhook secret, the Twilio auth token, an API token, the audit key and the database password.
The worker runs at `trace`, which writes every line DEBUG writes and the HTTP clients' own
(pound/logs.py): a secret in a DEBUG line is in its output too; `serve` runs at DEBUG.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest

from models import Database, Outbox
from office.access.tokens import issue_token
from pound.logs import MASK, Redact
from tests.fakes.telegram import FakeTelegram
from tests.fakes.twilio import FakeTwilio, TwilioWebhooks
from tests.units import act, tx
from tests.world import World, at

ROOT = Path(__file__).resolve().parent.parent
BOT_TOKEN = "7312345678:AAH3kd9-Xq_2LmNpQrStUvWxYz01234567"
WEBHOOK_SECRET = "wh-Secret-4Rt9pLx2"
TWILIO_SID = "AC" + "5" * 32
TWILIO_AUTH = "f0e1d2c3b4a5968778695a4b3c2d1e0f"
AUDIT_KEY = "audit-Key-0b7d3e61c2"
DB_PASSWORD = "Db-Pass-8842xq"
CHAT = 7_400_000_123
PHONE = "+919222222222"
MAGISTRATE_PHONE = "+919000000005"


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


@pytest.fixture
def twilio() -> Iterator[FakeTwilio]:
    with FakeTwilio(TWILIO_SID, TWILIO_AUTH) as fake:
        yield fake


def url_with_password(db: Database) -> str:
    """The test database's URL as an operator writes it, with a password when it is PostgreSQL
    (the test server trusts local connections and ignores it)."""
    url = db.url.replace("+psycopg", "")
    if db.is_sqlite:
        return url
    return url.replace("://postgres@", f"://postgres:{DB_PASSWORD}@", 1)


def environment(
    db: Database, telegram: FakeTelegram, twilio: FakeTwilio, level: str, **more: str
) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("POUND_")}
    env.update(
        {
            "POUND_DATABASE_URL": url_with_password(db),
            "POUND_LOG_LEVEL": level,
            "POUND_TELEGRAM_TOKEN": BOT_TOKEN,
            "POUND_TELEGRAM_SECRET": WEBHOOK_SECRET,
            "POUND_TELEGRAM_API_URL": telegram.api_url,
            "POUND_TWILIO_ACCOUNT_SID": TWILIO_SID,
            "POUND_TWILIO_AUTH_TOKEN": TWILIO_AUTH,
            "POUND_TWILIO_FROM": "+15005550006",
            "POUND_TWILIO_API_URL": twilio.url,
            "POUND_AUDIT_KEY": AUDIT_KEY,
            "POUND_PUBLIC_URL": "https://pound.example.org",
            **more,
        }
    )
    return env


def secrets(db: Database, *more: str) -> list[str]:
    found = [BOT_TOKEN, BOT_TOKEN.split(":")[1], WEBHOOK_SECRET, TWILIO_AUTH, AUDIT_KEY, *more]
    return found if db.is_sqlite else [*found, DB_PASSWORD]


def leaks(output: str, values: list[str]) -> list[str]:
    return [v for v in values if v in output]


def queue(db: Database, key: str, channel: str, address: str, due: object) -> None:
    with tx(db) as s:
        s.add(
            Outbox(
                dedupe_key=key,
                channel=channel,
                address=address,
                language="en",
                template="reply",
                body=f"message {key}",
                private=False,
                due_at=due,
                state="queued",
                created_at=due,
            )
        )


def test_the_worker_logs_no_secret_at_trace(
    world: World, telegram: FakeTelegram, twilio: FakeTwilio
) -> None:
    due = at(date(2026, 3, 2), 10)
    queue(world.db, "tg", "telegram", str(CHAT), due)
    queue(world.db, "tg-blocked", "telegram", "7400000999", due)
    queue(world.db, "sms", "sms", PHONE, due)
    telegram.fail_chat(7400000999, "blocked")  # a refusal is logged with what Telegram said
    env = environment(world.db, telegram, twilio, "trace")
    when = (due + timedelta(minutes=1)).isoformat()

    run = subprocess.run(
        [sys.executable, "-m", "pound", "worker", "--once", "--at", when],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = run.stdout + run.stderr

    assert run.returncode == 0, output
    assert telegram.sent_to(CHAT) == ["message tg"]  # the worker did talk to Telegram
    assert twilio.sent_to(PHONE) == ["message sms"]
    assert "DEBUG" in output and "outbox" in output  # the log was written, at DEBUG
    assert leaks(output, secrets(world.db)) == []
    # httpx speaks at trace: its request lines are there, with the token masked.
    assert f"/bot{MASK}/sendMessage" in output


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(base: str, proc: subprocess.Popen[str]) -> None:
    started = time.monotonic()
    while time.monotonic() - started < 60:
        if proc.poll() is not None:
            raise AssertionError(f"pound serve exited with {proc.returncode}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError("pound serve did not come up")


def telegram_update(update_id: int) -> dict[str, object]:
    return {
        "update_id": update_id,
        "message": {
            "message_id": 11,
            "date": 1772346600,
            "chat": {"id": CHAT, "type": "private", "first_name": "Mohan"},
            "from": {"id": CHAT, "is_bot": False, "first_name": "Mohan"},
            "text": "/start",
        },
    }


def test_serve_logs_no_secret_at_debug(
    world: World, telegram: FakeTelegram, twilio: FakeTwilio
) -> None:
    # The Magistrate's token: the fund is read by the officers of the district.
    api_token = act(world.db, issue_token, phone=MAGISTRATE_PHONE, now=world.now).token
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = environment(
        world.db, telegram, twilio, "debug", POUND_PORT=str(port), POUND_PUBLIC_URL=base
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "pound", "serve"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        wait_until_up(base, proc)
        with httpx.Client(base_url=base, timeout=10) as client:
            bearer = {"Authorization": f"Bearer {api_token}"}
            assert client.get("/api/v1/fund", headers=bearer).status_code == 200
            # A client that puts its token in the URL: the access log writes the URL.
            assert client.get(f"/api/v1/fund?token={api_token}").status_code == 403
            guess = {"Authorization": "Bearer pnd_guessedTokenValue0123456789"}
            assert client.get("/api/v1/fund", headers=guess).status_code == 403
            hooked = client.post(
                "/telegram/webhook",
                json=telegram_update(810001),
                headers={"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET},
            )
            assert hooked.status_code == 200
            wrong = client.post(
                "/telegram/webhook",
                json=telegram_update(810002),
                headers={"X-Telegram-Bot-Api-Secret-Token": "not-the-secret"},
            )
            assert wrong.status_code == 403
            sms = TwilioWebhooks(TWILIO_AUTH, base).inbound(client, PHONE, "HELP")
            assert sms.status_code == 200
        started = time.monotonic()
        while not telegram.sent_to(CHAT) and time.monotonic() - started < 30:
            time.sleep(0.1)
        assert telegram.sent_to(CHAT), "the worker inside serve answered the chat"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            output, _ = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            output, _ = proc.communicate()

    assert "GET /api/v1/fund" in output  # the access log was written
    assert leaks(output, secrets(world.db, api_token, api_token.removeprefix("pnd_"))) == []


def test_the_filter_masks_known_values_and_credential_shapes() -> None:
    redact = Redact(["Db-Pass-8842xq", "f0e1d2c3b4a5968778695a4b3c2d1e0f"])
    lines = {
        "POST https://api.telegram.org/bot123456:AAFh-x_9/sendMessage": (
            f"POST https://api.telegram.org/bot{MASK}/sendMessage"
        ),
        "token 7312345678:AAH3kd9-Xq_2LmNpQrStUvWxYz01234567 set": f"token {MASK} set",
        "Authorization: Bearer pnd_abc-DEF_123": f"Authorization: Bearer {MASK}",
        "?token=pnd_abc-DEF_123&x=1": f"?token=pnd_{MASK}&x=1",
        "postgresql://pound:Db-Pass-8842xq@db:5432/pound": f"postgresql://pound:{MASK}@db:5432/pound",
        "mysql://u:other@h/d": f"mysql://u:{MASK}@h/d",
        "auth f0e1d2c3b4a5968778695a4b3c2d1e0f!": f"auth {MASK}!",
        "the register of TPR, 12 entries": "the register of TPR, 12 entries",
    }
    assert {line: redact.redact(line) for line in lines} == lines
