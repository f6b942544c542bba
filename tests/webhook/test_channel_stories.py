"""A cultivator reports a seizure end to end over SMS (Twilio-signed requests, TwiML answers) and
over Telegram (real PTB updates, replies through the outbox to the fake Bot API)."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from bot.channels.telegram.channel import TelegramConfig
from bot.channels.telegram.send import TelegramTransport
from bot.channels.twilio.channel import TwilioConfig
from bot.sender import Sender
from models import Outbox, Seizure
from tests.fakes import TwilioWebhooks
from tests.fakes.telegram import FakeTelegram
from tests.webhook.test_telegram import SECRET, TOKEN, Updates, post
from tests.world import World
from webhook.app import create_app

AUTH = "story-auth-token"
PUBLIC = "https://pound.example.org"
HARI = "+919111111111"
CHAT = 6660001


def said(answer: Any) -> str:
    assert answer.status_code == 200, answer.text
    return " | ".join(m.text or "" for m in ET.fromstring(answer.text).iter("Message"))


def seizures(world: World) -> list[Seizure]:
    with world.db.reading() as s:
        rows = list(s.exec(select(Seizure)).all())
        s.expunge_all()
        return rows


def test_a_seizure_reported_by_sms_is_recorded_only_on_confirmation(world: World) -> None:
    world.on(date(2026, 3, 1), 12)
    config = TwilioConfig(account_sid="AC" + "2" * 32, auth_token=AUTH, public_url=PUBLIC)
    hooks = TwilioWebhooks(AUTH, PUBLIC)
    with TestClient(create_app(db=world.db, clock=lambda: world.now, twilio=config)) as sms:
        assert "which field" in said(hooks.inbound(sms, HARI, "SEIZE 2 COW 1 BUFFALO RAMPUR"))
        said(hooks.inbound(sms, HARI, "the sugarcane field east of the well"))
        said(hooks.inbound(sms, HARI, "ate the young cane"))
        said(hooks.inbound(sms, HARI, "Mohan Lal"))
        said(hooks.inbound(sms, HARI, "Kemri"))
        said(hooks.inbound(sms, HARI, "+919222222222"))
        # No police aid; no photo is asked on SMS: the report to confirm, in one SMS.
        summary = said(hooks.inbound(sms, HARI, "2"))
        assert "Your report: 2 cows, 1 buffalo seized in Rampur." in summary
        assert "Owner: Mohan Lal, Kemri" in summary and "1. Confirm" in summary
        assert seizures(world) == []  # nothing before confirmation
        done = said(hooks.inbound(sms, HARI, "1"))
    [seizure] = seizures(world)
    assert f"Your reference is {seizure.ref}" in done
    assert "Testpur thana pound without unnecessary delay (Sec II)" in done
    assert (seizure.ground, seizure.damage) == ("trespass", "ate the young cane")
    with world.db.reading() as s:
        told = s.exec(select(Outbox.template).where(Outbox.seizure_ref == seizure.ref)).all()
    assert "arrival_expected" in told  # the keeper hears the cattle are coming (Sec V)


@pytest.fixture
def telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


def test_a_seizure_reported_on_telegram_reaches_the_chat_through_the_outbox(
    world: World, telegram: FakeTelegram
) -> None:
    world.on(date(2026, 3, 1), 12)
    config = TelegramConfig(token=TOKEN, secret=SECRET, api_url=telegram.api_url)
    chat = Updates(CHAT)
    steps: list[dict[str, Any]] = [
        chat.contact(HARI),  # ties this chat to Hari's phone
        chat.text("/seize"),
        chat.text("Rampur"),
        chat.text("the sugarcane field east of the well"),
    ]
    with TestClient(create_app(db=world.db, clock=lambda: world.now, telegram=config)) as tg:
        for update in steps:
            assert post(tg, update).status_code == 200
        for update in (
            chat.text("2 cow red, white blaze"),
            chat.press("done"),
            chat.text("ate the young cane"),
            chat.press("skip"),
            chat.press("no"),
            chat.press("skip"),
        ):
            assert post(tg, update).status_code == 200
        assert seizures(world) == []
        assert post(tg, chat.press("confirm")).status_code == 200
    [seizure] = seizures(world)
    assert seizure.seizer_id == world.cultivator
    # The worker's sender delivers the replies, in order, with the real PTB Bot.
    transport = TelegramTransport(TOKEN, api_url=telegram.api_url, per_chat_per_second=100)
    sender = Sender(world.db, {"telegram": transport}, worker="story")

    async def deliver() -> None:
        await sender.start()
        try:
            await sender.run_pass(world.now)
        finally:
            await sender.stop()

    asyncio.run(deliver())
    texts = telegram.sent_to(CHAT)
    assert any(f"Your reference is {seizure.ref}" in t for t in texts)
    with world.db.reading() as s:
        states = set(s.exec(select(Outbox.state).where(col(Outbox.address) == str(CHAT))).all())
    assert states == {"sent"}
