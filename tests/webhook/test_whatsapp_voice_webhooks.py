"""A conversation on WhatsApp answered on WhatsApp and remembered as his channel; the choice to be
called, typed in Hindi and Bengali over SMS; a call's outcome reported by Twilio's signed
status callback. Real HTTP through the app, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import select

from bot.channels.twilio.channel import TwilioConfig
from bot.channels.twilio.send import TwilioTransport
from bot.sender import Sender
from bot.words import language_of_script
from models import ChannelSession, Outbox, Person
from office.acts.keeper.arrival import register_arrival
from tests.fakes import FakeTwilio, TwilioWebhooks
from tests.units import act, tx
from tests.world import World, at
from webhook.app import create_app

SID = "AC" + "0" * 32
AUTH = "twilio-auth-token"
PUBLIC = "https://pound.example.org"
OWNER = "+919222222222"
WHATSAPP_FROM = "+14155238886"
SMS_FROM = "+15005550006"
D = date

hooks = TwilioWebhooks(AUTH, PUBLIC)


@pytest.fixture
def app(world: World) -> Iterator[TestClient]:
    world.on(D(2026, 3, 1), 12)
    config = TwilioConfig(account_sid=SID, auth_token=AUTH, public_url=PUBLIC)
    application = create_app(db=world.db, clock=lambda: world.now, twilio=config)
    with TestClient(application, base_url="http://10.0.0.7:8000") as client:
        yield client


@pytest.fixture
def twilio() -> Iterator[FakeTwilio]:
    with FakeTwilio(account_sid=SID, auth_token=AUTH) as fake:
        yield fake


def messages(answer: Any) -> list[str]:
    assert answer.status_code == 200, answer.text
    return [m.text or "" for m in ET.fromstring(answer.text).iter("Message")]


def person(world: World) -> Person:
    with world.db.reading() as s:
        found = s.get(Person, world.owner)
        assert found is not None
        s.expunge(found)
        return found


def send_all(world: World, fake: FakeTwilio) -> None:
    one = TwilioTransport(
        fake.account_sid,
        fake.auth_token,
        SMS_FROM,
        api_url=fake.url,
        segments_per_second=1000.0,
        whatsapp_from=WHATSAPP_FROM,
        timeout=2.0,
    )
    sender = Sender(world.db, {"sms": one, "whatsapp": one, "voice": one}, worker="w")

    async def go() -> None:
        await sender.start()
        try:
            await sender.run_pass(world.now)
        finally:
            await sender.stop()

    asyncio.run(go())


# --- WhatsApp--------------------------------------------------------------------------------------


def test_a_conversation_on_whatsapp_is_answered_on_whatsapp_and_his_notices_follow_it(
    world: World, app: TestClient, twilio: FakeTwilio
) -> None:
    ref = world.seize()
    world.now = at(D(2026, 3, 1), 12)

    # The owner writes on WhatsApp: the answer is TwiML, which Twilio sends back on WhatsApp.
    answer = hooks.inbound(app, f"whatsapp:{OWNER}", "मेनू", to=f"whatsapp:{WHATSAPP_FROM}")
    said = messages(answer)
    assert said and "1." in said[-1]
    with world.db.reading() as s:
        noted = s.exec(select(ChannelSession).where(ChannelSession.address == OWNER)).all()
        assert [(n.channel, n.last_inbound_at) for n in noted] == [("whatsapp", world.now)]
        # Nothing of the conversation goes through the outbox (nor by SMS).
        assert s.exec(select(Outbox).where(Outbox.template == "reply")).all() == []

    # The keeper registers the cattle an hour later: the claim notice goes on WhatsApp.
    world.now = at(D(2026, 3, 1), 13)
    act(
        world.db,
        register_arrival,
        actor_id=world.keeper,
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    send_all(world, twilio)

    to_him = [m for m in twilio.messages if m["To"] in (OWNER, f"whatsapp:{OWNER}")]
    assert [(m["To"], m["From"]) for m in to_him] == [
        (f"whatsapp:{OWNER}", f"whatsapp:{WHATSAPP_FROM}")
    ]
    # He wrote in Hindi: Hindi is his language, for the office's own messages too.
    assert ref in to_him[0]["Body"] and language_of_script(to_him[0]["Body"]) == "hi"


def test_a_repeated_whatsapp_message_does_not_move_his_last_message_back(
    world: World, app: TestClient
) -> None:
    params = hooks.inbound_params(f"whatsapp:{OWNER}", "menu", sid="SMwa" + "1" * 30)
    hooks.post(app, "/sms/inbound", params)
    first = world.now
    world.tick(minutes=5)
    hooks.post(app, "/sms/inbound", params)  # Twilio's retry of the same message
    world.tick(minutes=5)
    hooks.inbound(app, OWNER, "menu")  # then by SMS

    with world.db.reading() as s:
        noted = {
            n.channel: n.last_inbound_at
            for n in s.exec(select(ChannelSession).where(ChannelSession.address == OWNER)).all()
        }
    assert noted["whatsapp"] >= first and noted["sms"] == world.now


# --- choosing to be called, typed in Hindi and Bengali---------------------------------------------


def test_an_owner_chooses_calls_by_typing_in_hindi_and_stops_them_in_bengali(
    world: World, app: TestClient
) -> None:
    world.seize()  # he is named as the owner: the office has notices for him

    # He writes in Hindi, and is answered in Hindi.
    offered = messages(hooks.inbound(app, OWNER, "भाषा"))
    assert offered[-1].splitlines()[-1] == "4. मुझे फ़ोन भी करें"
    answer = messages(hooks.inbound(app, OWNER, "मुझे फ़ोन करें"))
    assert language_of_script(answer[0]) == "hi" and "फ़ोन" in answer[0]
    assert person(world).voice is True

    # He turns to Bengali (the third language, a Bengali digit), and asks for no more calls.
    hooks.inbound(app, OWNER, "ভাষা")
    messages(hooks.inbound(app, OWNER, "৩"))
    assert person(world).language == "bn"
    offered = messages(hooks.inbound(app, OWNER, "ভাষা"))
    assert offered[-1].splitlines()[-1] == "4. আর ফোন করবেন না"
    answer = messages(hooks.inbound(app, OWNER, "ফোন করবেন না"))
    assert answer[0].startswith("আর ফোন আসবে না")
    assert person(world).voice is False

    # The language word and the answer on one line.
    answer = messages(hooks.inbound(app, OWNER, "ভাষা আমাকে ফোন করুন"))
    assert answer[0].startswith("দপ্তর আপনাকে ফোনও করবে")
    assert person(world).voice is True


def test_the_call_word_is_an_answer_only_to_the_language_choice(
    world: World, app: TestClient
) -> None:
    world.seize()
    messages(hooks.inbound(app, OWNER, "मुझे फ़ोन करें"))
    assert person(world).voice is False


def test_someone_the_office_does_not_know_is_told_it_cannot_call_him(
    world: World, app: TestClient
) -> None:
    stranger = "+919833344455"
    offered = messages(hooks.inbound(app, stranger, "lang"))
    assert "Call me too" not in offered[-1]
    answer = messages(hooks.inbound(app, stranger, "lang call me"))
    assert answer[0].startswith("The office can call only people it knows by their phone.")
    with world.db.reading() as s:
        assert s.exec(select(Person).where(Person.phone == stranger)).first() is None


# --- a call's outcome------------------------------------------------------------------------------


def placed_call(world: World, sid: str) -> int:
    with tx(world.db) as s:
        row = Outbox(
            dedupe_key=f"voice|claim_notice:{sid}",
            channel="voice",
            address=OWNER,
            person_id=world.owner,
            language="hi",
            template="claim_notice",
            params={},
            body="आपके पशु ...",
            due_at=world.now,
            state="sent",
            sent_via="voice",
            provider_id=sid,
            sent_at=world.now,
            created_at=world.now,
        )
        s.add(row)
        s.flush()
        return row.id or 0


def outbox_row(world: World, row_id: int) -> Outbox:
    with world.db.reading() as s:
        row = s.get(Outbox, row_id)
        assert row is not None
        s.expunge(row)
        return row


def test_an_answered_call_is_recorded_delivered_and_an_unanswered_one_failed_without_fallback(
    world: World, app: TestClient
) -> None:
    answered = placed_call(world, "CA" + "1" * 32)
    unanswered = placed_call(world, "CA" + "2" * 32)
    busy = placed_call(world, "CA" + "3" * 32)

    ringing = hooks.call_status(app, "CA" + "1" * 32, "ringing")
    assert ringing.status_code == 200 and outbox_row(world, answered).state == "sent"
    world.tick(minutes=1)
    assert hooks.call_status(app, "CA" + "1" * 32, "completed", duration="41").status_code == 200
    assert hooks.call_status(app, "CA" + "2" * 32, "no-answer").status_code == 200
    assert hooks.call_status(app, "CA" + "3" * 32, "busy").status_code == 200
    # A repeat of the report changes nothing.
    assert hooks.call_status(app, "CA" + "2" * 32, "completed").text == "failed"

    done = outbox_row(world, answered)
    assert (done.state, done.outcome, done.delivered_at) == ("delivered", "completed", world.now)
    missed = outbox_row(world, unanswered)
    assert (missed.state, missed.outcome) == ("failed", "no-answer")
    assert missed.failed_reason == "call-no-answer: nobody answered"
    assert outbox_row(world, busy).failed_reason == "call-busy: the line was busy"
    with world.db.reading() as s:
        assert s.exec(select(Outbox).where(Outbox.fallback_from == unanswered)).first() is None


def test_a_forged_call_report_is_refused_and_changes_nothing(world: World, app: TestClient) -> None:
    row_id = placed_call(world, "CA" + "4" * 32)
    params = {"CallSid": "CA" + "4" * 32, "CallStatus": "completed", "AccountSid": SID}
    forged = TwilioWebhooks("not-the-token", PUBLIC).post(app, "/voice/status", params)
    unsigned = app.post(
        "/voice/status",
        content=b"CallSid=CA" + b"4" * 32 + b"&CallStatus=completed",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    # Signed for another URL (the Host the proxy saw), not the public one.
    elsewhere = TwilioWebhooks(AUTH, "http://10.0.0.7:8000").post(app, "/voice/status", params)

    assert (forged.status_code, unsigned.status_code, elsewhere.status_code) == (403, 403, 403)
    row = outbox_row(world, row_id)
    assert (row.state, row.outcome) == ("sent", None)
