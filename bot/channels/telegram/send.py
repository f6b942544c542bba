"""Sending outbox rows on Telegram with python-telegram-bot's `Bot`, within Telegram's limits.

Telegram allows about 30 messages a second per bot and 1 a second per chat; it answers a flood
with `retry_after`, which pauses the whole bot (Telegram does not say which limit was hit).
"""

from __future__ import annotations

import functools
import logging
import ssl
import warnings
from datetime import timedelta

import httpx
from telegram import Bot
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)
from telegram.request import HTTPXRequest

from bot.channels.outgoing import OutMessage, PermanentFailure, RateLimited, TransientFailure
from bot.channels.telegram import message_kwargs
from bot.ratelimit import Limits, TokenBucket

DEFAULT_API_URL = "https://api.telegram.org"
log = logging.getLogger(__name__)


@functools.cache
def tls_context() -> ssl.SSLContext:
    """The TLS context of every Bot API client in the process, as httpx makes it by default
    (the CA bundle, or SSL_CERT_FILE / SSL_CERT_DIR). httpx would otherwise make one for each
    client, reading the CA bundle each time (some 30 ms); a context is shared safely."""
    return httpx.create_ssl_context()


def make_bot(token: str, api_url: str, request: HTTPXRequest | None = None) -> Bot:
    """A PTB Bot of `api_url` (PTB appends the token to `<api_url>/bot`) that sends with
    `request` and never polls (the updates come to the webhook), its HTTP clients on the
    process's one TLS context."""
    tls = {"verify": tls_context()}
    return Bot(
        token,
        base_url=f"{api_url.rstrip('/')}/bot",
        request=request or HTTPXRequest(httpx_kwargs=tls),
        get_updates_request=HTTPXRequest(connection_pool_size=1, httpx_kwargs=tls),
    )


def retry_seconds(exc: RetryAfter) -> float:
    """`retry_after` in seconds (PTB 22 warns while it migrates the attribute to a timedelta)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


def classify(exc: TelegramError) -> Exception:
    """A PTB error as the sender's outcome: slow down, permanent or transient."""
    text = str(exc.message if hasattr(exc, "message") else exc)
    if isinstance(exc, RetryAfter):
        return RateLimited(retry_seconds(exc), text)
    if isinstance(exc, Forbidden):
        # "Forbidden: bot was blocked by the user", "user is deactivated", ...
        return PermanentFailure("blocked", text)
    if isinstance(exc, ChatMigrated):
        return PermanentFailure("chat_migrated", text)
    if isinstance(exc, BadRequest):  # a subclass of NetworkError: test it first
        if "chat not found" in text.lower():
            return PermanentFailure("chat_not_found", text)
        return PermanentFailure("bad_request", text)
    if isinstance(exc, TimedOut):
        return TransientFailure("timeout", text)
    if isinstance(exc, InvalidToken):
        # A setting to fix, not a person to give up on: retry until it is fixed.
        return TransientFailure("invalid_token", text)
    if isinstance(exc, NetworkError):  # connection errors and the Bot API's 5xx
        return TransientFailure("network", text)
    return TransientFailure("telegram", text)


class TelegramTransport:
    """One `Bot` for the worker's life: started (getMe) once, closed at the end."""

    channel = "telegram"

    def __init__(
        self,
        token: str,
        *,
        api_url: str = DEFAULT_API_URL,
        global_per_second: float = 30.0,
        per_chat_per_second: float = 1.0,
        timeout: float = 10.0,
        connections: int = 16,
    ) -> None:
        # As many connections as messages in flight: httpcore checks every idle one per request.
        request = HTTPXRequest(
            connection_pool_size=connections,
            connect_timeout=timeout,
            read_timeout=timeout,
            write_timeout=timeout,
            pool_timeout=timeout,
            httpx_kwargs={"verify": tls_context()},
        )
        self.bot = make_bot(token, api_url, request)
        self.overall = TokenBucket(global_per_second)
        self.per_chat = Limits(per_chat_per_second)

    async def start(self) -> None:
        try:
            await self.bot.initialize()
        except TelegramError as exc:
            # Telegram unreachable at start: each send will fail and be retried on its own.
            log.warning("telegram getMe failed at start (%s); sending anyway", exc)

    async def stop(self) -> None:
        await self.bot.shutdown()

    def cost(self, msg: OutMessage) -> float:
        return 1.0

    def buckets(self, msg: OutMessage) -> list[TokenBucket]:
        return [self.overall, self.per_chat.get(msg.address)]

    def pause(self, msg: OutMessage, seconds: float) -> None:
        self.overall.pause(seconds)
        self.per_chat.get(msg.address).pause(seconds)

    async def send(self, msg: OutMessage) -> str:
        kwargs = message_kwargs(
            msg.address,
            msg.text,
            msg.options,
            request_contact=msg.request_contact,
            request_location=msg.request_location,
            language=msg.language,
            first_number=msg.first_number,
        )
        try:
            sent = await self.bot.send_message(**kwargs)
        except TelegramError as exc:
            raise classify(exc) from exc
        return f"{sent.chat.id}:{sent.message_id}"
