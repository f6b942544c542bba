"""Sending outbox rows through the twilio `Client`: SMS, WhatsApp and voice calls.

A long code sends about 1 segment a second, so the bucket is per sender number and counts
segments (GSM-7 or UCS-2: Hindi and Bengali are UCS-2); a WhatsApp sender counts messages, a
caller id calls. Delivery reports come back to `POST /sms/status` (channel.py here), a call's
outcome to `POST /voice/status`. The client is synchronous: it runs in a thread.

A WhatsApp row goes as the sender decided from the 24-hour session (whatsapp.py here): free
text, an approved template (`content_sid` and `content_variables`, no body), or by SMS from the
SMS number (`via="sms"`). A voice row is a call whose TwiML is given inline (voice.py here).
"""

from __future__ import annotations

import asyncio

from requests.exceptions import RequestException
from twilio.base.exceptions import TwilioException, TwilioRestException
from twilio.http.http_client import TwilioHttpClient
from twilio.rest import Client

from bot.channels.outgoing import (
    OutMessage,
    PermanentFailure,
    RateLimited,
    SendFailure,
    TransientFailure,
)
from bot.channels.twilio import WHATSAPP_PREFIX
from bot.ratelimit import Limits, TokenBucket
from bot.segments import numbered, segments
from bot.types import Reply

DEFAULT_API_URL = "https://api.twilio.com"

# Error codes that no retry will cure (twilio.com/docs/api/errors).
PERMANENT_CODES = {
    21211: "invalid number",
    21214: "number cannot be reached",
    21217: "number does not appear valid",
    21408: "region not enabled",
    21610: "number opted out (STOP)",
    21612: "number cannot be routed",
    21614: "not a mobile number",
    # WhatsApp: a free-form message outside the session, no WhatsApp on the number, a template
    # refused (the outbox then tries SMS to the same phone, office/records/outbox.py).
    63016: "outside the WhatsApp 24-hour session",
    63003: "the number cannot be reached on WhatsApp",
    63024: "invalid WhatsApp recipient",
    63027: "the WhatsApp template was refused",
    # Calls: the number cannot be called.
    13223: "the number to call is not valid",
    13224: "the number cannot be called",
}
# Twilio's 429 does not say how long to wait; this is how long a sender number pauses.
TOO_MANY_PAUSE = 1.0


def classify(exc: Exception) -> Exception:
    """A twilio or network error as the sender's outcome: slow down, permanent or transient."""
    if isinstance(exc, TwilioRestException):
        code = exc.code if isinstance(exc.code, int) else None
        detail = f"HTTP {exc.status}: {exc.msg}"
        if exc.status == 429 or code == 20429:
            return RateLimited(TOO_MANY_PAUSE, detail)
        if code in PERMANENT_CODES:
            return PermanentFailure(f"twilio-{code}", f"{PERMANENT_CODES[code]} ({detail})")
        if exc.status >= 500 or exc.status in (401, 403, 408):
            # 5xx and time-outs pass; a bad credential is a setting to fix: retry until then.
            return TransientFailure(f"twilio-{exc.status}", detail)
        return PermanentFailure(f"twilio-{code or exc.status}", detail)
    if isinstance(exc, RequestException):
        return TransientFailure("network", f"{type(exc).__name__}: {exc}")
    return TransientFailure("twilio", f"{type(exc).__name__}: {exc}")


class TwilioTransport:
    """SMS through one account and one sender number (`from_`); WhatsApp from `whatsapp_from`
    and calls from `voice_from` (the SMS number unless given) when the transport serves them."""

    channel = "sms"

    def __init__(
        self,
        account_sid: str,
        auth_token: str,
        from_: str,
        *,
        api_url: str = DEFAULT_API_URL,
        status_callback: str | None = None,
        segments_per_second: float = 1.0,
        timeout: float = 10.0,
        whatsapp_from: str | None = None,
        whatsapp_per_second: float = 10.0,
        voice_from: str | None = None,
        voice_status_callback: str | None = None,
        calls_per_second: float = 1.0,
    ) -> None:
        self.client = Client(account_sid, auth_token, http_client=TwilioHttpClient(timeout=timeout))
        self.client.api.base_url = api_url.rstrip("/")
        self.from_ = from_
        self.status_callback = status_callback
        self.per_number = Limits(segments_per_second)
        self.whatsapp_from = whatsapp_from.removeprefix(WHATSAPP_PREFIX) if whatsapp_from else None
        self.per_whatsapp = Limits(whatsapp_per_second)
        self.voice_from = voice_from or from_
        self.voice_status_callback = voice_status_callback
        self.per_caller = Limits(calls_per_second)

    def _way(self, msg: OutMessage) -> str:
        """`voice`, `whatsapp` (free text or a template) or `sms`."""
        if msg.channel == "voice":
            return "voice"
        if msg.channel == "whatsapp" and msg.via != "sms":
            return "whatsapp"
        return "sms"

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    def text_of(self, msg: OutMessage) -> str:
        # Choices become numbered lines; the person answers with the number.
        return numbered(Reply(msg.text, msg.options)) if msg.options else msg.text

    def cost(self, msg: OutMessage) -> float:
        if self._way(msg) == "sms":
            return float(segments(self.text_of(msg)))
        return 1.0

    def _bucket(self, msg: OutMessage) -> TokenBucket:
        way = self._way(msg)
        if way == "voice":
            return self.per_caller.get(self.voice_from)
        if way == "whatsapp":
            return self.per_whatsapp.get(self.whatsapp_from or self.from_)
        return self.per_number.get(self.from_)

    def buckets(self, msg: OutMessage) -> list[TokenBucket]:
        return [self._bucket(msg)]

    def pause(self, msg: OutMessage, seconds: float) -> None:
        self._bucket(msg).pause(seconds)

    def _create(self, msg: OutMessage) -> str:
        way = self._way(msg)
        if way == "voice":
            return self._call(msg)
        kwargs: dict[str, str] = {"to": msg.address, "from_": self.from_}
        if way == "whatsapp":
            if self.whatsapp_from is None:
                raise PermanentFailure("whatsapp", "no WhatsApp sender (POUND_WHATSAPP_FROM)")
            kwargs["to"] = WHATSAPP_PREFIX + msg.address.removeprefix(WHATSAPP_PREFIX)
            kwargs["from_"] = WHATSAPP_PREFIX + self.whatsapp_from
        if way == "whatsapp" and msg.content_sid:
            kwargs["content_sid"] = msg.content_sid
            if msg.content_variables:
                kwargs["content_variables"] = msg.content_variables
        else:
            kwargs["body"] = self.text_of(msg)
        if self.status_callback:
            kwargs["status_callback"] = self.status_callback
        message = self.client.messages.create(**kwargs)
        return str(message.sid)

    def _call(self, msg: OutMessage) -> str:
        if not msg.twiml:
            raise PermanentFailure("voice", "a call without TwiML")
        kwargs: dict[str, str] = {"to": msg.address, "from_": self.voice_from, "twiml": msg.twiml}
        if self.voice_status_callback:
            # With no StatusCallbackEvent Twilio reports the end of the call only: its outcome.
            kwargs["status_callback"] = self.voice_status_callback
        call = self.client.calls.create(**kwargs)
        return str(call.sid)

    async def send(self, msg: OutMessage) -> str:
        try:
            return await asyncio.to_thread(self._create, msg)
        except SendFailure:
            raise
        except (TwilioException, RequestException) as exc:
            raise classify(exc) from exc
