"""`pound doctor` as an IT officer runs it after deploying: against the fake Telegram and Twilio
servers, a deployment set up right (exit 0, every line `ok`) and one set up wrong in each way it
can be (exit 1, a FAIL line saying what is wrong and what to do)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from click.testing import CliRunner, Result

from models import Database
from office.jurisdiction import remove_district
from pound.cli import main
from tests.fakes.telegram import FakeTelegram
from tests.fakes.twilio import FakeTwilio
from tests.test_worker import queue
from tests.units import act
from tests.world import World, at

PUBLIC = "https://pound.rampur.example.in"
TOKEN = "7000000001:AAF-a-bot-token-from-botfather"
SECRET = "webhook-secret-0123456789"
SID = "AC" + "1" * 32
AUTH = "twilio-auth-token-for-rampur"
NUMBER = "+919830000001"
AUDIT_KEY = "a key the district keeps in its vault"


@pytest.fixture(scope="module")
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


@pytest.fixture(scope="module")
def twilio() -> Iterator[FakeTwilio]:
    with FakeTwilio(SID, AUTH) as fake:
        fake.own_number(NUMBER, PUBLIC + "/sms/inbound")
        yield fake


def settings_env(db: Database, telegram: FakeTelegram, twilio: FakeTwilio) -> dict[str, Any]:
    return {
        "POUND_DATABASE_URL": db.url,
        "POUND_DATABASE_READ_URL": None,
        "POUND_JURISDICTION": None,
        "POUND_PUBLIC_URL": PUBLIC,
        "POUND_AUDIT_KEY": AUDIT_KEY,
        "POUND_TELEGRAM_TOKEN": TOKEN,
        "POUND_TELEGRAM_SECRET": SECRET,
        "POUND_TELEGRAM_API_URL": telegram.api_url,
        "POUND_TWILIO_ACCOUNT_SID": SID,
        "POUND_TWILIO_AUTH_TOKEN": AUTH,
        "POUND_TWILIO_FROM": NUMBER,
        "POUND_TWILIO_API_URL": twilio.url,
        "POUND_LOG_LEVEL": "warning",
    }


def pound(env: dict[str, Any], *args: str, **changes: Any) -> Result:
    return CliRunner().invoke(main, list(args), env={**env, **changes}, catch_exceptions=False)


def lines(result: Result, status: str) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.startswith(status)]


@pytest.fixture
def env(world: World, telegram: FakeTelegram, twilio: FakeTwilio) -> dict[str, Any]:
    environment = settings_env(world.db, telegram, twilio)
    hooked = pound(environment, "telegram", "set-webhook")
    assert hooked.exit_code == 0, hooked.output
    return environment


def test_a_deployment_set_up_right_passes_every_check(
    env: dict[str, Any], telegram: FakeTelegram
) -> None:
    result = pound(env, "doctor")

    assert result.exit_code == 0, result.output
    assert lines(result, "FAIL") == []
    topics = {line.split(":")[0].split(None, 1)[1] for line in lines(result, "ok")}
    assert topics >= {
        "database",
        "districts",
        "quiet hours",
        "outbox",
        "audit key",
        "public URL",
        "rates",
        "telegram",
        "telegram webhook",
        "twilio",
        "twilio number",
    }
    assert "migrated to the head revision" in result.stdout
    assert "TESTPUR" in result.stdout
    assert f"{PUBLIC}/telegram/webhook" in result.stdout
    assert f"{NUMBER} posts incoming SMS to {PUBLIC}/sms/inbound" in result.stdout
    assert result.stdout.rstrip().endswith("all checks passed")
    # set-webhook, which the doctor checks, also set the command menu in each language.
    assert set(telegram.commands) >= {"", "hi", "bn"}
    # Nothing of a secret is printed.
    for secret in (TOKEN, SECRET, AUTH, AUDIT_KEY):
        assert secret not in result.output


def test_a_deployment_set_up_wrong_fails_and_says_what_to_do(
    env: dict[str, Any], telegram: FakeTelegram
) -> None:
    refused = "7000000001:AAF-revoked-by-botfather"
    telegram.refuse_token(refused)

    result = pound(
        env,
        "doctor",
        POUND_PUBLIC_URL="http://pound.rampur.example.in",
        POUND_AUDIT_KEY=None,
        POUND_TELEGRAM_TOKEN=refused,
        POUND_TWILIO_AUTH_TOKEN="not-the-auth-token",
        POUND_TELEGRAM_GLOBAL_PER_SECOND="45",
    )

    assert result.exit_code == 1
    failed = "\n".join(lines(result, "FAIL"))
    assert "POUND_AUDIT_KEY is not set" in failed
    assert "is not https" in failed
    assert "the token is refused (getMe: 401" in failed
    assert "auth token are refused (401)" in failed
    assert "POUND_TELEGRAM_GLOBAL_PER_SECOND=45" in failed
    assert "checks failed" in result.stderr
    assert "not-the-auth-token" not in result.output and refused not in result.output


def test_the_webhook_and_the_number_pointing_elsewhere_fail(
    env: dict[str, Any], telegram: FakeTelegram, twilio: FakeTwilio
) -> None:
    other = "+919830000002"
    twilio.own_number(other, "https://demo.twilio.com/welcome/sms/reply")
    telegram.fail_webhook("Wrong response from the webhook: 403 Forbidden")

    moved = pound(env, "doctor", POUND_PUBLIC_URL="https://pound.new-host.example.in")
    elsewhere = pound(env, "doctor", POUND_TWILIO_FROM=other)
    unknown = pound(env, "doctor", POUND_TWILIO_FROM="+919830000099")
    telegram.fail_webhook("")

    assert moved.exit_code == 1
    assert any(
        "telegram webhook: set to https://pound.rampur.example.in/telegram/webhook, not "
        "https://pound.new-host.example.in/telegram/webhook" in line
        for line in lines(moved, "FAIL")
    )
    assert any("403 Forbidden" in line for line in lines(moved, "warn"))
    assert elsewhere.exit_code == 1
    assert any(
        "posts incoming SMS to https://demo.twilio.com/welcome/sms/reply, not "
        f"{PUBLIC}/sms/inbound" in line
        for line in lines(elsewhere, "FAIL")
    )
    assert unknown.exit_code == 1
    assert any("is not a number of the account" in line for line in lines(unknown, "FAIL"))


def test_channels_not_configured_are_skipped_not_failed(env: dict[str, Any]) -> None:
    result = pound(env, "doctor", POUND_TELEGRAM_TOKEN=None, POUND_TWILIO_ACCOUNT_SID=None)

    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in lines(result, "skip")] == [
        "skip telegram",
        "skip twilio",
    ]


def test_a_stuck_outbox_and_no_district_fail(world: World, env: dict[str, Any]) -> None:
    due = at(date(2026, 3, 1), 11)  # long before the doctor looks (on the real clock)
    queue(world.db, "stuck-1", due, private=True, person_id=world.cultivator)
    act(world.db, remove_district, "TESTPUR", now=world.now)

    result = pound(env, "doctor")

    assert result.exit_code == 1
    failed = "\n".join(lines(result, "FAIL"))
    assert "districts: none loaded" in failed
    assert "1 queued; the oldest queued message (telegram) was due" in failed
    assert "is a worker running" in failed
    minutes = int(failed.split("was due ")[1].split(" min")[0])
    assert minutes >= timedelta(hours=1).total_seconds() // 60


def test_a_database_not_migrated_or_not_there_fails(
    tmp_path: Any, telegram: FakeTelegram, twilio: FakeTwilio
) -> None:
    empty = Database(f"sqlite:///{tmp_path / 'empty.db'}")
    with empty.engine.connect():
        pass  # the file exists, without the schema
    environment = settings_env(empty, telegram, twilio)

    bare = pound(environment, "doctor")
    missing = pound(environment, "doctor", POUND_DATABASE_URL=f"sqlite:///{tmp_path / 'no.db'}")
    down = pound(environment, "doctor", POUND_DATABASE_URL="postgresql://pound@127.0.0.1:9/pound")
    empty.dispose()

    assert bare.exit_code == 1
    assert "holds no schema: run `pound db upgrade`" in bare.stdout
    assert missing.exit_code == 1
    assert "no such file" in missing.stdout
    assert not (tmp_path / "no.db").exists()
    assert down.exit_code == 1
    assert "does not answer" in down.stdout
