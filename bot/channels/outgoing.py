"""What the sender needs from a channel: send one rendered message, or say why it could not.

A transport names its rate buckets for a message (the sender waits on them before sending) and
turns every provider error into one of three outcomes: a transient failure (retried with
backoff), a permanent one (the row fails with the reason, and the person's other channel is
tried), or "slow down" (the buckets pause as long as the provider said, and the message waits).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.ratelimit import TokenBucket
from bot.types import Option


@dataclass(frozen=True)
class OutMessage:
    """One outbox row, rendered: what goes to the provider."""

    id: int
    channel: str
    address: str
    text: str
    language: str = "en"
    options: tuple[Option, ...] = ()
    # What a conversation reply asked of Telegram's keyboard (bot/state.py `enqueue_replies`).
    request_contact: bool = False
    request_location: bool = False
    first_number: int = 1
    # How a Twilio message goes (bot/channels/twilio/whatsapp.py and voice.py): `sms` for a
    # WhatsApp row sent by SMS, an approved template's Content SID and variables, or a call's TwiML.
    via: str | None = None
    content_sid: str | None = None
    content_variables: str | None = None
    twiml: str | None = None


class SendFailure(Exception):
    """A send that did not happen. `reason` is `<code>: <detail>`; the code labels the metrics."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        self.detail = detail
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        return f"{self.code}: {self.detail}"[:500] if self.detail else self.code


class TransientFailure(SendFailure):
    """The network, a timeout, a 5xx: try again later."""


class PermanentFailure(SendFailure):
    """Blocked bot, unknown chat, invalid or opted-out number: trying again would not help."""


class RateLimited(SendFailure):
    """The provider said "slow down" (HTTP 429, Telegram's `retry_after`)."""

    def __init__(self, retry_after: float, detail: str = "") -> None:
        self.retry_after = max(0.0, retry_after)
        super().__init__("rate_limited", detail or f"retry after {self.retry_after:g} s")


class Transport(Protocol):
    """A channel's sending side. `send` returns the provider's id for the message."""

    channel: str

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def cost(self, msg: OutMessage) -> float:
        """Tokens the message takes from its buckets (1 per Telegram message, SMS segments)."""
        ...

    def buckets(self, msg: OutMessage) -> list[TokenBucket]:
        """The rate buckets this message must pass (overall, per chat, per sender number)."""
        ...

    def pause(self, msg: OutMessage, seconds: float) -> None:
        """The provider asked to slow down: pause the buckets it meant."""
        ...

    async def send(self, msg: OutMessage) -> str: ...
