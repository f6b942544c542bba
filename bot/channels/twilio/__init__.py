"""SMS and WhatsApp through Twilio: form posts to `Inbound`, replies to TwiML.

The replies are numbered and cut as bot/segments.py says (within 3 SMS segments a message).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from xml.sax.saxutils import escape

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat

from bot.channels.base import Received
from bot.segments import texts_for
from bot.state import unstorable
from bot.types import Channel, Inbound, Location, Reply

WHATSAPP_PREFIX = "whatsapp:"


class BadMessage(ValueError):
    """The form is not a Twilio message this office can read."""


_XML = '<?xml version="1.0" encoding="UTF-8"?>'


def twiml(replies: Sequence[Reply], channel: Channel = Channel.SMS) -> str:
    """A TwiML answer with one <Message> per message to send (none: an empty <Response/>).

    Written as twilio's MessagingResponse writes it (a test holds the two to the same text), not
    by it: it builds and serialises an ElementTree for every answer, which cost a tenth of an
    SMS's own CPU (docs/scale.md)."""
    texts = texts_for(replies, channel)
    if not texts:
        return _XML + "<Response />"
    return (
        _XML
        + "<Response>"
        + "".join(f"<Message>{escape(t)}</Message>" for t in texts)
        + "</Response>"
    )


def message_from_form(form: Mapping[str, str]) -> Received:
    """Read Twilio's inbound message fields (its MessageSid, the `Inbound` the engine reads,
    whether it can be stored, the sender's phone); `whatsapp:` senders are the WhatsApp channel.

    The address is the bare E.164 number on both channels (the sender adds `whatsapp:`), read
    by the numbering plan as every phone is (phonenumbers): digits of any script, as in
    `+٩١٩٨٣٠٠٠٠٠٠١`, are the number they write, never kept as sent; what is no phone number is
    refused (BadMessage).
    An MMS photo is kept by its URL (MediaUrl0); a location shared on WhatsApp by its
    `Latitude` and `Longitude` (its `Address` or `Label`, when the sender picked a named
    place, is the text).
    """
    sid = (form.get("MessageSid") or form.get("SmsMessageSid") or "").strip()
    sender = (form.get("From") or "").strip()
    if not sid or len(sid) > 64 or not sender:
        raise BadMessage("MessageSid and From are required")
    channel = Channel.SMS
    if sender.startswith(WHATSAPP_PREFIX):
        channel = Channel.WHATSAPP
        sender = sender.removeprefix(WHATSAPP_PREFIX)
    sender = phone_of(sender)
    photo = None
    try:
        media = int(form.get("NumMedia") or "0")
    except ValueError:
        media = 0
    if media > 0:
        kind = form.get("MediaContentType0") or ""
        url = form.get("MediaUrl0") or ""
        if url and (kind.startswith("image/") or not kind):
            photo = url[:500]
    body = form.get("Body") or ""
    location = _location(form)
    if location is not None:
        # The text of a location message is the place's name, not an answer to the question.
        body = ""
    inbound = Inbound(channel=channel, address=sender, text=body, photo=photo, location=location)
    return Received(sid, inbound, unstorable=unstorable(inbound), phone=sender)


@lru_cache(maxsize=4096)  # villagers write again and again: the plan is read once a number
def phone_of(sender: str) -> str:
    """Twilio's `From` in E.164 with ASCII digits; BadMessage if it is no possible number.

    It must start with `+` and hold nothing but digits (of any script: phonenumbers reads
    Arabic-Indic, Devanagari and Bengali digits as the digits they are)."""
    if (
        not sender.startswith("+")
        or len(sender) > 20
        or not all(ch.isdecimal() for ch in sender[1:])
    ):
        raise BadMessage("From is not a phone number")
    try:
        number = phonenumbers.parse(sender, None)
    except NumberParseException as exc:
        raise BadMessage("From is not a phone number") from exc
    if not phonenumbers.is_possible_number(number):
        raise BadMessage("From is not a phone number")
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)


def _location(form: Mapping[str, str]) -> Location | None:
    """A shared location (WhatsApp's `Latitude` and `Longitude`, in degrees), or None when the
    form has none or they are not numbers. A number off the earth is kept as sent, for the
    webhook to refuse (webhook/inbound.py)."""
    raw = (form.get("Latitude") or "").strip(), (form.get("Longitude") or "").strip()
    if not all(raw):
        return None
    try:
        lat, lon = float(raw[0]), float(raw[1])
    except ValueError:
        return None
    return Location(lat, lon)
