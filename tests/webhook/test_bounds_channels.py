"""Telegram updates and SMS that can never be stored are logged, kept in the inbound log as
`rejected` with the reason and answered 200, so they are not delivered again for ever; a
database that does not answer is still a 503 (Telegram tries again)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import select

from bot.channels.telegram import SECRET_HEADER
from bot.channels.telegram.channel import TelegramConfig
from bot.channels.twilio.channel import TwilioConfig
from models import Database, InboundMessage, Outbox
from tests.fakes import TwilioWebhooks
from tests.webhook.test_bounds import away  # noqa: F401  (a fixture)
from tests.webhook.test_sms import AUTH, HARI, PUBLIC
from tests.webhook.test_sms import SID as SMS_SID
from tests.webhook.test_telegram import SECRET, TOKEN, Updates, count
from tests.world import World
from webhook.app import create_app

BIG = 2**63


@pytest.fixture
def tg(world: World) -> Iterator[TestClient]:
    # No reply is sent inside a request: a Bot API that is not there is never called.
    world.on(date(2026, 3, 1), 12)
    config = TelegramConfig(token=TOKEN, secret=SECRET, api_url="http://127.0.0.1:1")
    app = create_app(db=world.db, clock=lambda: world.now, telegram=config)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def post(client: TestClient, update: dict[str, Any]) -> Any:
    """The update as a client may send it: NaN, Infinity and lone surrogates as JSON text."""
    headers = {SECRET_HEADER: SECRET, "Content-Type": "application/json"}
    return client.post("/telegram/webhook", content=json.dumps(update), headers=headers)


def rejected(world: World) -> list[InboundMessage]:
    with world.db.reading() as s:
        rows = list(s.exec(select(InboundMessage).where(InboundMessage.status == "rejected")))
        s.expunge_all()
        return rows


def _huge_update_id() -> dict[str, Any]:
    update = Updates().text("/start")
    update["update_id"] = BIG
    return update


def _huger_update_id() -> dict[str, Any]:
    update = Updates().text("/start")
    update["update_id"] = 10**80
    return update


def _huge_user() -> dict[str, Any]:
    update = Updates(chat=BIG + 5).text("/start")
    update["message"]["from"]["id"] = BIG + 5
    return update


def _nan_location() -> dict[str, Any]:
    return Updates().location(float("nan"), 88.3)


def _infinite_location() -> dict[str, Any]:
    return Updates().location(22.5, float("inf"))


def _off_the_earth() -> dict[str, Any]:
    return Updates().location(1e308, -1e308)


def _nul_text() -> dict[str, Any]:
    return Updates().text("seize\x00 2 cow")


def _lone_surrogate() -> dict[str, Any]:
    return Updates().text("seize \ud800 2 cow")


def _contact_of_huge_user() -> dict[str, Any]:
    return Updates().contact("+919111111111", user_id=BIG + 9)


NEVER_STORED = [
    _huge_update_id,
    _huger_update_id,
    _huge_user,
    _nan_location,
    _infinite_location,
    _off_the_earth,
    _nul_text,
    _lone_surrogate,
    _contact_of_huge_user,
]


@pytest.mark.parametrize("make", NEVER_STORED, ids=lambda f: f.__name__.strip("_"))
def test_an_update_that_can_never_be_stored_is_kept_as_rejected_and_answered_200(
    world: World, tg: TestClient, caplog: pytest.LogCaptureFixture, make: Any
) -> None:
    update = make()
    caplog.set_level(logging.INFO)
    answer = post(tg, update)
    assert answer.status_code == 200, answer.text
    rows = rejected(world)
    assert len(rows) == 1 and rows[0].channel == "telegram"
    assert rows[0].payload["reason"]
    assert count(world, Outbox) == 0
    lines = [r for r in caplog.records if "rejected" in r.getMessage()]
    assert len(lines) == 1 and SECRET not in lines[0].getMessage()
    # Telegram delivers it again (it did not hear the answer): the same 200, one record.
    assert post(tg, update).status_code == 200
    assert len(rejected(world)) == 1


def test_a_good_update_after_a_rejected_one_is_answered(world: World, tg: TestClient) -> None:
    assert post(tg, _nan_location()).status_code == 200
    assert post(tg, Updates().text("/start")).status_code == 200
    with world.db.reading() as s:
        statuses = sorted(m.status for m in s.exec(select(InboundMessage)))
    assert statuses == ["handled", "rejected"]
    assert count(world, Outbox) >= 1


def test_with_the_database_away_an_update_is_a_503_so_telegram_tries_again(
    world: World,
    away: Database,  # noqa: F811
) -> None:
    config = TelegramConfig(token=TOKEN, secret=SECRET, api_url="http://127.0.0.1:1")
    app = create_app(db=away, clock=lambda: world.now, telegram=config)
    with TestClient(app, raise_server_exceptions=False) as client:
        assert post(client, Updates().text("/start")).status_code == 503
        assert post(client, _nan_location()).status_code == 503


def test_an_update_id_of_thousands_of_digits_is_a_400_not_a_500(
    world: World, tg: TestClient
) -> None:
    body = b'{"update_id": 1' + b"0" * 5000 + b', "message": {}}'
    headers = {SECRET_HEADER: SECRET, "Content-Type": "application/json"}
    assert tg.post("/telegram/webhook", content=body, headers=headers).status_code == 400
    assert count(world, InboundMessage) == 0


@pytest.fixture
def sms(world: World) -> Iterator[TestClient]:
    world.on(date(2026, 3, 1), 12)
    config = TwilioConfig(account_sid=SMS_SID, auth_token=AUTH, public_url=PUBLIC)
    app = create_app(db=world.db, clock=lambda: world.now, twilio=config)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.mark.parametrize("text", ["seize\x002 cow", "help\x00"])
def test_an_sms_that_can_never_be_stored_is_kept_as_rejected_and_answered(
    world: World, sms: TestClient, text: str
) -> None:
    for _ in range(2):  # Twilio may send it twice: one record
        answer = TwilioWebhooks(AUTH, PUBLIC).inbound(sms, HARI, text, sid="SMnul0001")
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"].startswith("application/xml")
    rows = rejected(world)
    assert [(r.channel, r.external_id, r.address) for r in rows] == [("sms", "SMnul0001", HARI)]
    assert count(world, Outbox) == 0
