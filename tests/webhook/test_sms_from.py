"""Spoofed senders: Twilio's `From` in Arabic-Indic, Devanagari or Bengali digits is read as the
phone those digits write (phonenumbers), the same person and the same chat as in ASCII digits,
never kept raw as a chat address; a `From` that is no phone number is refused (400)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, func, select

from bot.channels.twilio import BadMessage, phone_of
from bot.channels.twilio.channel import TwilioConfig
from models import Conversation, InboundMessage
from tests.fakes import TwilioWebhooks
from tests.world import World
from webhook.app import create_app

AUTH = "twilio-auth-token"
PUBLIC = "https://pound.example.org"
HARI = "+919111111111"  # the cultivator of the test district
# His number in the digits of other scripts (U+0660.., U+06F0.., U+0966.., U+09E6..).
SPELT = {
    "arabic-indic": "+" + "".join(chr(0x0660 + int(d)) for d in HARI[1:]),
    "extended arabic-indic": "+" + "".join(chr(0x06F0 + int(d)) for d in HARI[1:]),
    "devanagari": "+" + "".join(chr(0x0966 + int(d)) for d in HARI[1:]),
    "bengali": "+" + "".join(chr(0x09E6 + int(d)) for d in HARI[1:]),
}
hooks = TwilioWebhooks(AUTH, PUBLIC)


@pytest.fixture
def sms(world: World) -> Iterator[TestClient]:
    world.on(date(2026, 3, 1), 12)
    config = TwilioConfig(account_sid="AC" + "1" * 32, auth_token=AUTH, public_url=PUBLIC)
    app = create_app(db=world.db, clock=lambda: world.now, twilio=config)
    with TestClient(app, base_url="http://10.0.0.7:8000") as client:
        yield client


@pytest.mark.parametrize("script", sorted(SPELT))
def test_a_from_in_other_digits_is_the_same_phone_and_the_same_chat(
    world: World, sms: TestClient, script: str
) -> None:
    assert hooks.inbound(sms, HARI, "lang").status_code == 200
    r = hooks.inbound(sms, SPELT[script], "2")
    assert r.status_code == 200, r.text
    with world.db.reading() as s:
        addresses = set(s.exec(select(InboundMessage.address)).all())
        chats = s.exec(select(Conversation.address, Conversation.language)).all()
    assert addresses == {HARI}
    # One chat: the second message answered the first one's question (Hindi chosen).
    assert chats == [(HARI, "hi")]


@pytest.mark.parametrize(
    "sender",
    [
        "+" + chr(0x0669),  # one Arabic-Indic digit
        "+٩١٩١١١١١١١١١١١١١١١١",  # too many digits
        "٩١٩١١١١١١١١١",  # no +
        "+٩١ ٩١١١١",  # a space
        "+91911111111\u202e1",  # a bidi override among the digits
        "+⑨⑧③⓪⓪⓪⓪⓪⓪⓪",  # digits that are no decimal digits
    ],
)
def test_a_from_that_is_no_phone_is_refused_and_nothing_kept(
    world: World, sms: TestClient, sender: str
) -> None:
    with pytest.raises(BadMessage):
        phone_of(sender)
    assert hooks.inbound(sms, sender, "hi").status_code == 400
    with world.db.reading() as s:
        assert s.exec(select(func.count()).select_from(InboundMessage)).one() == 0
        assert s.exec(select(Conversation).where(col(Conversation.address) != "")).first() is None
