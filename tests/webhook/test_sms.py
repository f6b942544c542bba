"""SMS and WhatsApp through Twilio-signed requests: TwiML answers, STOP/START, segments."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from sqlmodel import func, select
from twilio.base.exceptions import TwilioRestException

from bot.channels.twilio.channel import TwilioConfig
from bot.engine import language_question
from bot.segments import numbered, segments, split_message, texts_for
from bot.types import Option, Reply
from models import Conversation, InboundMessage, OptOut, Outbox
from tests.fakes import FakeTwilio, TwilioWebhooks
from tests.world import World
from webhook.app import create_app

SID = "AC" + "1" * 32
AUTH = "twilio-auth-token"
PUBLIC = "https://pound.example.org"
HARI = "+919111111111"

CHOOSE = language_question()  # the heading of the language chooser


@pytest.fixture
def sms(world: World) -> Iterator[TestClient]:
    world.on(date(2026, 3, 1), 12)
    config = TwilioConfig(account_sid=SID, auth_token=AUTH, public_url=PUBLIC)
    app = create_app(db=world.db, clock=lambda: world.now, twilio=config)
    # The app sees an internal host, as behind a proxy: the signature must not depend on it.
    with TestClient(app, base_url="http://10.0.0.7:8000") as client:
        yield client


hooks = TwilioWebhooks(AUTH, PUBLIC)


def messages(answer: Any) -> list[str]:
    """The <Message> texts of a TwiML answer."""
    import xml.etree.ElementTree as ET

    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/xml")
    return [m.text or "" for m in ET.fromstring(answer.text).iter("Message")]


def count(world: World, table: type[Any]) -> int:
    with world.db.reading() as s:
        return int(s.exec(select(func.count()).select_from(table)).one())


def test_a_signed_message_is_answered_with_twiml_and_options_as_numbered_choices(
    world: World, sms: TestClient
) -> None:
    said = messages(hooks.inbound(sms, HARI, "lang"))
    assert said == [f"{CHOOSE}\n1. English\n2. हिन्दी\n3. বাংলা"]
    # The person answers with a number; the engine takes it as the option.
    messages(hooks.inbound(sms, HARI, "2"))
    with world.db.reading() as s:
        conv = s.exec(select(Conversation).where(Conversation.address == HARI)).one()
        assert (conv.channel, conv.language) == ("sms", "hi")
    # SMS replies go back in the TwiML answer, not through the outbox.
    assert count(world, Outbox) == 0


def test_a_repeated_message_sid_gets_the_same_answer_and_is_handled_once(
    world: World, sms: TestClient
) -> None:
    first = messages(hooks.inbound(sms, HARI, "help", sid="SMdup0001"))
    again = messages(hooks.inbound(sms, HARI, "help", sid="SMdup0001"))
    assert first == again and first
    assert count(world, InboundMessage) == 1


def test_forged_or_misplaced_signatures_are_refused_and_nothing_written(
    world: World, sms: TestClient
) -> None:
    params = hooks.inbound_params(HARI, "help")
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    body = "&".join(f"{k}={v}" for k, v in params.items()).replace("+", "%2B")
    # No signature, a made-up one, one signed with another token, one for the Host we are seen at.
    other = TwilioWebhooks("another-token", PUBLIC).sign("/sms/inbound", params)
    internal = TwilioWebhooks(AUTH, "http://10.0.0.7:8000").sign("/sms/inbound", params)
    for signature in (None, "bm90IGEgc2lnbmF0dXJl", other, internal):
        headers = dict(form)
        if signature is not None:
            headers["X-Twilio-Signature"] = signature
        assert sms.post("/sms/inbound", content=body, headers=headers).status_code == 403
    # A signed form altered on the way (the Body changed) fails too.
    good = hooks.sign("/sms/inbound", params)
    tampered = body.replace("Body=help", "Body=STOP")
    answer = sms.post(
        "/sms/inbound", content=tampered, headers={**form, "X-Twilio-Signature": good}
    )
    assert answer.status_code == 403
    assert count(world, InboundMessage) == 0


def test_stop_silences_an_address_until_start(world: World, sms: TestClient) -> None:
    said = messages(hooks.inbound(sms, HARI, "STOP"))
    assert said and "no more messages" in said[0]
    assert count(world, OptOut) == 1
    # Anything else is answered with silence while opted out.
    assert messages(hooks.inbound(sms, HARI, "help")) == []
    assert messages(hooks.inbound(sms, HARI, "Stop")) != []  # STOP again: confirmed again
    assert count(world, OptOut) == 1
    said = messages(hooks.inbound(sms, HARI, "start"))
    assert "on again" in said[0]
    assert count(world, OptOut) == 0
    # Once back, START is just the menu word.
    assert "Pound office" in messages(hooks.inbound(sms, HARI, "START"))[0]


def test_an_mms_photo_is_kept_by_url_and_whatsapp_senders_are_their_own_channel(
    world: World, sms: TestClient
) -> None:
    url = "https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1"
    messages(hooks.inbound(sms, HARI, "", media=url, sid="MMphoto01"))
    messages(hooks.inbound(sms, "whatsapp:" + HARI, "hi", sid="SMwa0001"))
    with world.db.reading() as s:
        rows = {m.external_id: m for m in s.exec(select(InboundMessage)).all()}
        assert rows["MMphoto01"].payload["photo"] == url
        assert rows["MMphoto01"].kind == "photo"
        assert (rows["SMwa0001"].channel, rows["SMwa0001"].address) == ("whatsapp", HARI)


def test_malformed_oversized_and_unreadable_forms_get_a_4xx_and_write_nothing(
    world: World, sms: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    # Signed but without a MessageSid or From: understood as nothing.
    no_sid = {"Body": "hi", "From": HARI}
    assert hooks.post(sms, "/sms/inbound", no_sid).status_code == 400
    not_a_phone = hooks.inbound_params("alice", "hi")
    assert hooks.post(sms, "/sms/inbound", not_a_phone).status_code == 400
    huge = hooks.inbound_params(HARI, "x" * 70_000)
    assert hooks.post(sms, "/sms/inbound", huge).status_code == 413
    assert sms.post("/sms/inbound", json={"From": HARI}).status_code == 415
    assert sms.post("/sms/inbound", content=b"\xff\xfe", headers=form).status_code == 400
    assert count(world, InboundMessage) == 0
    assert "refused" in caplog.text


def test_a_long_reply_is_split_into_messages_of_at_most_three_segments() -> None:
    hindi = "पशु " * 150
    said = texts_for([Reply(hindi)])
    assert len(said) > 1 and all(segments(t) <= 3 for t in said)
    assert " ".join(said).split() == hindi.split()
    menu = Reply("Choose:", tuple(Option(str(i), f"Choice {i}") for i in range(40)))
    parts = texts_for([menu])
    assert all(segments(t) <= 3 for t in parts)
    # Cuts fall between lines, so no numbered choice is broken.
    assert all(line.split(". ")[0].isdigit() for t in parts for line in t.splitlines()[1:])


def test_options_are_numbered_across_the_whole_turn_as_the_engine_counts_them() -> None:
    turn = [
        Reply("Kind?", (Option("cow", "Cow"), Option("buffalo", "Buffalo"))),
        Reply("Or:", (Option("skip", "Skip"),)),
    ]
    assert texts_for(turn) == ["Kind?\n1. Cow\n2. Buffalo", "Or:\n3. Skip"]
    assert numbered(Reply("x")) == "x"


@pytest.mark.parametrize(
    ("text", "count_"),
    [
        ("", 0),
        ("a" * 160, 1),
        ("a" * 161, 2),
        ("a" * 306, 2),
        ("a" * 307, 3),
        ("€" * 80, 1),  # an extension character takes two septets
        ("€" * 81, 2),
        ("a" * 152 + "€", 1),
        ("a" * 152 + "€" + "a" * 10, 2),  # the escape pair is not split across segments
        ("गाय" * 23 + "a", 1),  # 70 UCS-2 characters
        ("गा" * 35 + "य", 2),
        ("গরু" * 67, 3),  # Bengali: 201 characters, 3 x 67
        ("গরু" * 67 + "!", 4),
        ("Cow ₹", 1),  # one character outside GSM-7 turns the whole text into UCS-2
        ("a" * 70 + "₹", 2),
        ("🐄" * 35, 1),  # a surrogate pair is two UCS-2 units
        ("🐄" * 36, 2),
    ],
)
def test_segments_count_gsm7_and_ucs2_as_the_network_does(text: str, count_: int) -> None:
    assert segments(text) == count_


@given(st.text(alphabet=st.sampled_from(list("ab €\nगाय🐄{")), max_size=1500))
def test_every_piece_of_a_split_message_fits_and_nothing_is_lost(text: str) -> None:
    pieces = split_message(text)
    assert all(1 <= segments(p) <= 3 for p in pieces)
    assert "".join("".join(p.split()) for p in pieces) == "".join(text.split())


def test_the_real_twilio_client_talks_to_the_fake_and_gets_its_refusals() -> None:
    with FakeTwilio(SID, AUTH) as fake:
        client = fake.client()
        sent = client.messages.create(to=HARI, from_="+15005550006", body="नमस्ते")
        assert sent.sid and fake.sent_to(HARI) == ["नमस्ते"]
        for code in (21610, 21211, 429):
            fake.fail_to("+919000000009", code, times=1)
            with pytest.raises(TwilioRestException) as refused:
                client.messages.create(to="+919000000009", from_="+15005550006", body="x")
            assert refused.value.code == (20429 if code == 429 else code)
        assert client.messages.create(to="+919000000009", from_="+1500", body="ok").sid
