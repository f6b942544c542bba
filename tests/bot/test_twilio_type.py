"""The Twilio channel type's own pieces: the TwiML answer, written as twilio's MessagingResponse
writes it, and the signature, checked over the URL as configured and, as Twilio may sign it,
with or without the port."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.datastructures import Headers
from twilio.request_validator import RequestValidator
from twilio.twiml.messaging_response import MessagingResponse

from bot.channels.base import Refused
from bot.channels.twilio import twiml
from bot.channels.twilio.channel import FORM, SIGNATURE_HEADER, TwilioChannel, TwilioConfig
from bot.segments import texts_for
from bot.types import Channel, Option, Reply

AUTH = "twilio-auth-token"


def by_twilio(replies: list[Reply], channel: Channel = Channel.SMS) -> str:
    response = MessagingResponse()
    for text in texts_for(replies, channel):
        response.message(text)
    return str(response)


@pytest.mark.parametrize(
    "replies",
    [
        [],
        [Reply("")],
        [Reply("Fine & fees < 2 > 1 \"due\" 'now'")],
        [Reply("कितने जानवर?", (Option("1", "गाय"), Option("2", "भैंस")))],
        [Reply("কটা গরু?"), Reply("second\nline"), Reply("x" * 700)],
        [Reply("tab\there ]]> and <![CDATA[ too")],
    ],
)
def test_the_twiml_is_twilios_own(replies: list[Reply]) -> None:
    assert twiml(replies) == by_twilio(replies)
    assert twiml(replies, Channel.WHATSAPP) == by_twilio(replies, Channel.WHATSAPP)


@given(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=300))
def test_any_text_is_answered_as_twilio_writes_it(text: str) -> None:
    assert twiml([Reply(text)]) == by_twilio([Reply(text)])


def post(channel: TwilioChannel, signature: str) -> None:
    headers = Headers({"content-type": FORM, SIGNATURE_HEADER: signature})
    channel.form(headers, "/sms/inbound", b"MessageSid=SM1&From=%2B919111111111&Body=hi")


FIELDS = {"MessageSid": "SM1", "From": "+919111111111", "Body": "hi"}


@pytest.mark.parametrize(
    ("configured", "signed_over"),
    [
        ("https://pound.example.org", "https://pound.example.org/sms/inbound"),
        ("https://pound.example.org", "https://pound.example.org:443/sms/inbound"),
        ("https://pound.example.org:443", "https://pound.example.org/sms/inbound"),
        ("http://10.0.0.7:8000", "http://10.0.0.7:8000/sms/inbound"),
    ],
)
def test_a_signature_over_the_url_with_or_without_its_port_is_taken(
    configured: str, signed_over: str
) -> None:
    channel = TwilioChannel(TwilioConfig("AC" + "1" * 32, AUTH, configured))
    signature = RequestValidator(AUTH).compute_signature(signed_over, FIELDS)
    post(channel, signature)  # no Refused


@pytest.mark.parametrize(
    "signature",
    [
        RequestValidator("another token").compute_signature(
            "https://pound.example.org/sms/inbound", FIELDS
        ),
        RequestValidator(AUTH).compute_signature("https://elsewhere.example/sms/inbound", FIELDS),
        RequestValidator(AUTH).compute_signature(
            "https://pound.example.org/sms/inbound", {**FIELDS, "Body": "stop"}
        ),
        "not base64 at all ü",
    ],
)
def test_any_other_signature_is_refused(signature: str) -> None:
    channel = TwilioChannel(TwilioConfig("AC" + "1" * 32, AUTH, "https://pound.example.org"))
    with pytest.raises(Refused) as refused:
        post(channel, signature)
    assert refused.value.status == 403 and refused.value.unsigned
