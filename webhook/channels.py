"""The one webhook path of every channel type (bot/channels/): check, record once, hand over.

A message posted to a channel's path is refused while its address is over its limit of unsigned
posts (ratelimit.py), then read by its type in one call (Telegram's secret token, Twilio's
signature over POUND_PUBLIC_URL + path + query, never the Host header a proxy may rewrite; the
channel-neutral `Inbound`; whether it can be stored) and handled once under its id (Telegram's
update_id, Twilio's MessageSid: a repeat gets the same answer and changes nothing) by the engine
in the writer's unit, whose commit is made before the answer leaves (webhook/inbound.py): the
note of the channel it came by, the opt-out words, the conversation and its replies
(`Engine.take`, bot/engine.py). A message that can never be stored is kept as rejected and
answered so that it is not sent again; while the database is away, every channel is answered
503 with Retry-After and sends the message again later.

Delivery reports (a channel type's `reports` paths) are checked the same way and move their
outbox row (bot/delivery.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass
from datetime import datetime
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy.exc import DBAPIError
from starlette.concurrency import run_in_threadpool

from bot.channels.base import Answer, ChannelType, Received, Refused
from bot.delivery import StatusResult, apply_call_status, apply_provider_status
from bot.engine import Engine
from bot.state import keep_rejected
from models import Database
from webhook.edge import request_id
from webhook.errors import CALLBACK_ERRORS, RETRY_AFTER, database_unavailable
from webhook.inbound import Writer, can_never_store, read_body
from webhook.ratelimit import unsigned_posts
from webhook.schemas import TelegramAnswer, plain

log = logging.getLogger(__name__)
JSON = "application/json"


def _response(answer: Answer) -> Response:
    return Response(
        answer.body, answer.status, headers=dict(answer.headers), media_type=answer.media_type
    )


def target_of(request: Request) -> str:
    """The path and query the provider posted to (a channel type signs them under its public
    URL, never the Host header a proxy may rewrite)."""
    query = request.url.query
    return f"{request.url.path}?{query}" if query else request.url.path


def _short(external_id: str) -> str:
    return external_id if len(external_id) <= 24 else external_id[:20] + "..."


@dataclass(eq=False)
class ChannelWebhook:
    """The path of one channel type's messages, from the request to the committed answer."""

    channel: ChannelType
    _: KW_ONLY
    db: Database
    writer: Writer
    engine: Engine
    clock: Callable[[], datetime]
    on_outbox: Callable[[], None] | None = None

    def refuse(self, refused: Refused, what: str = "webhook") -> Response:
        log.warning("%s %s refused (%s): %s", self.channel.name, what, refused.status, refused)
        return _response(self.channel.refuse(refused.status, refused.reason))

    def outage(self) -> Response:
        # The provider sends the message again later; nothing was written.
        answer = self.channel.refuse(503, "try again")
        response = _response(answer)
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response

    async def post(self, request: Request) -> Response:
        target, rid = target_of(request), request_id(request)
        try:
            with unsigned_posts(request):  # 429 while its address is over (ratelimit.py)
                body = await read_body(request)
                received = self.channel.read(request.headers, target, body)
        except Refused as refused:
            return self.refuse(refused)
        if received.inbound is None:
            log.info(
                "%s %s (%s) ignored", self.channel.name, _short(received.external_id), received.kind
            )
            return _response(self.channel.respond(received, [], ignored=received.kind))
        now = self.clock()
        if received.unstorable is not None:
            return await self.reject(received, received.unstorable, now)
        try:
            handled = await self.writer.run(
                self.engine.take,
                self.channel,
                received,
                now=now,
                opens=received.opens,
                request_id=rid,
            )
        except Exception as exc:
            if can_never_store(exc):
                why = type(getattr(exc, "orig", None) or exc).__name__
                return await self.reject(received, f"the database refused it ({why})", now)
            if not isinstance(exc, DBAPIError):
                raise
            log.warning(
                "%s %s: database unavailable (%s)", self.channel.name, received.external_id, exc
            )
            return self.outage()
        if handled.repeat:
            log.info("%s %s repeated: answered as before", self.channel.name, received.external_id)
        elif handled.replies and not self.channel.replies_in_answer and self.on_outbox is not None:
            self.on_outbox()  # the replies are committed: send them now, not at the next poll
        replies = handled.replies if self.channel.replies_in_answer else []
        return _response(self.channel.respond(received, replies))

    async def reject(self, received: Received, reason: str, now: datetime) -> Response:
        """A message that can never be stored: said once in the log, kept in the inbound log
        as rejected, answered so that the provider does not send it again for ever."""
        log.warning("%s %s rejected: %s", self.channel.name, _short(received.external_id), reason)
        try:
            await self.writer.run(
                keep_rejected,
                received.inbound,
                received.external_id,
                received.kind,
                reason,
                now=now,
            )
        except Exception as exc:
            if database_unavailable(exc):
                return self.outage()  # not even the refusal can be kept now: later, then
            log.error("%s message rejected but not kept: %s", self.channel.name, type(exc).__name__)
        return _response(self.channel.respond(received, [], rejected=reason))

    async def report(self, request: Request, path: str) -> Response:
        """A delivery report posted to `path`, checked as a message is; it moves its outbox
        row (bot/delivery.py)."""
        target = target_of(request)
        try:
            with unsigned_posts(request):
                body = await read_body(request)
                got = self.channel.report(path, request.headers, target, body)
        except Refused as refused:
            return self.refuse(refused, path)
        apply: Callable[..., StatusResult] = (
            partial(apply_call_status, duration=got.duration)
            if got.call
            else partial(apply_provider_status, error_code=got.error_code)
        )
        result = await run_in_threadpool(
            apply, self.db, provider_id=got.provider_id, status=got.status, now=self.clock()
        )
        if not result.found:
            # The provider may report before the sender has recorded the send: nothing to move.
            kind = "call" if got.call else "message"
            name = self.channel.name
            log.info("%s status %s for unknown %s %s", name, got.status, kind, got.provider_id)
            return Response(f"unknown {kind}", 200, media_type="text/plain")
        return Response(result.state or "", 200, media_type="text/plain")


def _answers(channel: ChannelType) -> dict[str, Any]:
    """The route's answers for the OpenAPI schema: the Bot API's JSON or TwiML and plain text."""
    if not channel.replies_in_answer:
        refusals: dict[int | str, dict[str, Any]] = {
            status: {"model": TelegramAnswer, "description": what}
            for status, what in channel.refusals.items()
        }
        return {
            "response_model": TelegramAnswer,
            "responses": {**refusals, 429: CALLBACK_ERRORS[429]},
        }
    return {
        "response_class": Response,
        "responses": {
            200: plain("the answer to the message, in TwiML", "application/xml"),
            **{status: plain(what) for status, what in channel.refusals.items()},
            429: CALLBACK_ERRORS[429],
        },
    }


def channel_router(
    channels: Sequence[ChannelType],
    *,
    db: Database,
    writer: Writer,
    engine: Engine,
    clock: Callable[[], datetime],
    on_outbox: Callable[[], None] | None = None,
) -> APIRouter:
    """The routes of these channel types: each one's messages, and its delivery reports."""
    router = APIRouter(tags=["channels"])
    for channel in channels:
        hook = ChannelWebhook(
            channel, db=db, writer=writer, engine=engine, clock=clock, on_outbox=on_outbox
        )
        name = channel.path.strip("/").replace("/", "_")
        router.add_api_route(
            channel.path, hook.post, methods=["POST"], name=name, **_answers(channel)
        )
        for path in channel.reports:
            ok = "the call's outcome now, or `unknown call`" if "voice" in path else None
            router.add_api_route(
                path,
                _report_route(hook, path),
                methods=["POST"],
                name=path.strip("/").replace("/", "_"),
                response_class=Response,
                # Plain text, or the error envelope while the address is over its limit or the
                # database does not answer.
                responses={
                    200: plain(ok or "the message's state now, or `unknown message`"),
                    400: plain("a required field is missing or the form cannot be read"),
                    403: plain("the Twilio signature does not match"),
                    413: plain("payload too large"),
                    415: plain("not a form"),
                    **CALLBACK_ERRORS,
                },
            )
    return router


def _report_route(hook: ChannelWebhook, path: str) -> Callable[[Request], Any]:
    async def report(request: Request) -> Response:
        return await hook.report(request, path)

    return report
