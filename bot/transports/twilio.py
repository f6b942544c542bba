"""Sending outbox rows as SMS with the twilio `Client`, within each sender number's rate.

A long code sends about 1 segment a second, so the bucket is per sender number and counts
segments (GSM-7 or UCS-2: Hindi and Bengali are UCS-2). Delivery reports come back to
`POST /sms/status` (webhook/status.py). The client is synchronous: it runs in a thread.
"""

from __future__ import annotations

import asyncio

from requests.exceptions import RequestException
from twilio.base.exceptions import TwilioException, TwilioRestException
from twilio.http.http_client import TwilioHttpClient
from twilio.rest import Client

from bot.channels.sms import numbered, segments
from bot.ratelimit import Limits, TokenBucket
from bot.transports import OutMessage, PermanentFailure, RateLimited, TransientFailure
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
    """SMS through one account and one sender number (`from_`)."""

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
    ) -> None:
        self.client = Client(account_sid, auth_token, http_client=TwilioHttpClient(timeout=timeout))
        self.client.api.base_url = api_url.rstrip("/")
        self.from_ = from_
        self.status_callback = status_callback
        self.per_number = Limits(segments_per_second)

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    def text_of(self, msg: OutMessage) -> str:
        # Choices become numbered lines; the person answers with the number.
        return numbered(Reply(msg.text, msg.options)) if msg.options else msg.text

    def cost(self, msg: OutMessage) -> float:
        return float(segments(self.text_of(msg)))

    def buckets(self, msg: OutMessage) -> list[TokenBucket]:
        return [self.per_number.get(self.from_)]

    def pause(self, msg: OutMessage, seconds: float) -> None:
        self.per_number.get(self.from_).pause(seconds)

    def _create(self, msg: OutMessage) -> str:
        kwargs: dict[str, str] = {"to": msg.address, "from_": self.from_, "body": self.text_of(msg)}
        if self.status_callback:
            kwargs["status_callback"] = self.status_callback
        message = self.client.messages.create(**kwargs)
        return str(message.sid)

    async def send(self, msg: OutMessage) -> str:
        try:
            return await asyncio.to_thread(self._create, msg)
        except (TwilioException, RequestException) as exc:
            raise classify(exc) from exc
