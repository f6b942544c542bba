"""Locations shared on Telegram (through PTB) and WhatsApp (Twilio's form) find the village."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from bot.channels.telegram.channel import TelegramConfig
from bot.channels.twilio import message_from_form
from bot.channels.twilio.channel import TwilioConfig
from bot.types import Channel
from models import Conversation, InboundMessage
from tests.fakes import FakeTelegram, TwilioWebhooks
from tests.places import DELHI, NEAR_KEMRI, place_villages
from tests.webhook.test_sms import AUTH, PUBLIC, SID, messages
from tests.webhook.test_telegram import (
    CULTIVATOR_PHONE,
    SECRET,
    TOKEN,
    Updates,
    outbox,
    post,
    send_rows,
)
from tests.world import World
from webhook.app import create_app

HARI = "+919111111111"
hooks = TwilioWebhooks(AUTH, PUBLIC)


@pytest.fixture
def fake_telegram() -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        yield fake


@pytest.fixture
def app(world: World, fake_telegram: FakeTelegram) -> Iterator[TestClient]:
    world.on(date(2026, 3, 1), 12)
    place_villages(world)
    telegram = TelegramConfig(token=TOKEN, secret=SECRET, api_url=fake_telegram.api_url)
    twilio = TwilioConfig(account_sid=SID, auth_token=AUTH, public_url=PUBLIC)
    made = create_app(db=world.db, clock=lambda: world.now, telegram=telegram, twilio=twilio)
    with TestClient(made, base_url="http://10.0.0.7:8000") as client:
        yield client


def step_of(world: World, channel: str, address: str) -> tuple[str | None, dict[str, Any]]:
    with world.db.reading() as s:
        conv = s.exec(
            select(Conversation).where(
                Conversation.channel == channel, Conversation.address == address
            )
        ).one()
        return conv.step, dict(conv.data or {})


# --- Telegram ---------------------------------------------------------------------------------


def test_a_location_shared_on_telegram_finds_the_village_and_a_button_confirms_it(
    world: World, app: TestClient, fake_telegram: FakeTelegram
) -> None:
    updates = Updates(chat=7300000001)  # a Telegram id past 2^31
    post(app, updates.contact(CULTIVATOR_PHONE.lstrip("+")))
    post(app, updates.text("/seize"))
    # The question offers the seizer's own village; the button to share a location comes as a
    # reply of its own (a message has one keyboard).
    asked, share = outbox(world)[-2:]
    assert asked.body == "In which village were the cattle seized?"
    assert [o["label"] for o in asked.options] == ["Rampur"]
    assert share.params["request_location"] is True
    send_rows(fake_telegram, [asked, share])
    keyboard = fake_telegram.calls_to("sendMessage")[-1].params["reply_markup"]["keyboard"]
    assert [b.get("request_location") for row in keyboard for b in row] == [True]
    assert [b["text"] for row in keyboard for b in row] == ["Share my location"]

    shared = updates.location(*NEAR_KEMRI)
    assert post(app, shared).status_code == 200
    pointed = outbox(world)[-1]
    assert pointed.body == "Nearest village: Kemri, 0.4 km away. Is that right?"
    send_rows(fake_telegram, [pointed])
    sent = fake_telegram.calls_to("sendMessage")[-1].params["reply_markup"]
    assert [b["callback_data"] for r in sent["inline_keyboard"] for b in r] == ["yes", "no"]
    with world.db.reading() as s:
        logged = s.exec(
            select(InboundMessage).where(InboundMessage.external_id == str(shared["update_id"]))
        ).one()
        assert logged.kind == "location" and logged.payload["location"] == list(NEAR_KEMRI)

    post(app, updates.press("yes"))
    assert "Where exactly" in (outbox(world)[-1].body or "")
    step, data = step_of(world, "telegram", "7300000001")
    assert step == "place" and data["draft"]["village"] == "Kemri"


def test_a_location_on_telegram_far_away_or_at_the_wrong_step_changes_nothing(
    world: World, app: TestClient
) -> None:
    updates = Updates(chat=7300000002)
    post(app, updates.contact(CULTIVATOR_PHONE.lstrip("+")))
    post(app, updates.text("/seize"))
    post(app, updates.location(*DELHI))
    assert outbox(world)[-1].body == "That place is not in Testpur. Please type the village name."
    post(app, updates.text("Rampur"))
    before = step_of(world, "telegram", "7300000002")
    assert before[0] == "place"
    post(app, updates.location(*NEAR_KEMRI))
    assert outbox(world)[-1].body == (
        "A location helps only when I ask for a village; nothing was changed."
    )
    assert step_of(world, "telegram", "7300000002") == before


# --- WhatsApp -----------------------------------------------------------------------------------


def shared_on_whatsapp(lat: float | str, lon: float | str, **more: str) -> dict[str, str]:
    """Twilio's form for a location a WhatsApp user shares (MessageType "location")."""
    params = hooks.inbound_params("whatsapp:" + HARI, "", to="whatsapp:+14155238886")
    params.update(MessageType="location", Latitude=str(lat), Longitude=str(lon), **more)
    return params


def test_a_location_shared_on_whatsapp_finds_the_village_in_bengali(
    world: World, app: TestClient
) -> None:
    sender = "whatsapp:" + HARI
    messages(hooks.inbound(app, sender, "ভাষা"))
    messages(hooks.inbound(app, sender, "৩"))
    asked = messages(hooks.inbound(app, sender, "আটক"))
    # The seizer's own village is offered, under the line that he may share a location.
    assert asked[-1].endswith("আপনি আপনার অবস্থান (লোকেশন) পাঠাতেও পারেন।\n1. Rampur"), asked
    form = shared_on_whatsapp(*NEAR_KEMRI, Address="Kemri, Bihar", Label="Kemri canal bridge")
    said = messages(hooks.post(app, "/sms/inbound", form))
    assert said == ["সবচেয়ে কাছের গ্রাম: কেমরী, ০.৪ কিমি দূরে। এটাই কি ঠিক?\n1. হ্যাঁ\n2. না"]
    messages(hooks.inbound(app, sender, "১"))  # a Bengali digit picks "yes"
    step, data = step_of(world, "whatsapp", HARI)
    assert step == "place" and data["draft"]["village"] == "Kemri"
    with world.db.reading() as s:
        logged = s.exec(
            select(InboundMessage).where(InboundMessage.external_id == form["MessageSid"])
        ).one()
        assert logged.kind == "location" and logged.payload["text"] == ""


def test_whatsapp_coordinates_that_are_no_place_are_not_a_location() -> None:
    read = message_from_form(shared_on_whatsapp("25.617", "85.133"))
    assert read.inbound.channel is Channel.WHATSAPP and read.inbound.location is not None
    assert (read.inbound.location.latitude, read.inbound.location.longitude) == (25.617, 85.133)
    for lat, lon in (("", "85.1"), ("north", "85.1"), ("25.6", "")):
        form = shared_on_whatsapp(lat, lon)
        form["Body"] = "Kemri"
        read = message_from_form(form)
        assert read.inbound.location is None and read.inbound.text == "Kemri"


def test_a_whatsapp_location_off_the_earth_is_kept_as_rejected(
    world: World, app: TestClient
) -> None:
    form = shared_on_whatsapp("95.0", "85.1")
    assert messages(hooks.post(app, "/sms/inbound", form)) == []
    with world.db.reading() as s:
        rows = list(s.exec(select(InboundMessage).order_by(col(InboundMessage.id))).all())
        assert [r.status for r in rows] == ["rejected"]
