"""POST /sms/inbound: Twilio SMS and WhatsApp messages into the engine, answered with TwiML.

The X-Twilio-Signature is checked with Twilio's own RequestValidator against the public URL
(POUND_PUBLIC_URL + path + query), never the Host header a proxy may rewrite. Each MessageSid
is handled once; a repeat gets the same TwiML again. The record of what was said is committed
before the answer leaves, so the TwiML reply is the delivery: Twilio sends it back on the
channel the message came by, so a WhatsApp message is answered on WhatsApp.

Each message also notes when its number last wrote on SMS or WhatsApp (office/reach.py): the
channel the office's own messages then take, and WhatsApp's 24-hour session.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import parse_qsl

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy.exc import DBAPIError
from starlette.datastructures import ImmutableMultiDict
from twilio.request_validator import RequestValidator

from bot import optout
from bot.channels.sms import BadMessage, message_from_form, twiml
from bot.engine import Engine, Handled
from bot.types import Inbound
from models import Unit
from office.reach import note_inbound
from webhook.edge import request_id
from webhook.errors import CALLBACK_ERRORS, database_unavailable
from webhook.inbound import TooLarge, Writer, can_never_store, keep_rejected, read_body, unstorable
from webhook.ratelimit import unsigned_check, unsigned_failed
from webhook.schemas import plain

log = logging.getLogger(__name__)
SIGNATURE_HEADER = "X-Twilio-Signature"
TWIML = "application/xml"


@dataclass(frozen=True)
class TwilioConfig:
    account_sid: str
    auth_token: str
    public_url: str
    from_number: str | None = None
    api_url: str = "https://api.twilio.com"


# The statuses a message is refused with, a line of plain text saying why.
REFUSALS = {
    400: "the form cannot be read",
    403: "the Twilio signature does not match",
    413: "payload too large",
    415: "not a form",
    503: "the message cannot be kept now; Twilio sends it again",
}


def _refuse(status: int, reason: str) -> Response:
    log.warning("sms webhook refused (%s): %s", status, reason)
    return Response(reason, status_code=status, media_type="text/plain")


def public_url_of(request: Request, public_url: str) -> str:
    """The URL Twilio signed: the configured public base, this path and the query."""
    url = public_url.rstrip("/") + request.url.path
    query = request.url.query
    return f"{url}?{query}" if query else url


def sms_router(
    *,
    config: TwilioConfig,
    engine: Engine,
    writer: Writer,
    clock: Callable[[], datetime],
) -> APIRouter:
    router = APIRouter(tags=["channels"])
    validator = RequestValidator(config.auth_token)

    async def reject(sid: str, inbound: Inbound, reason: str, now: datetime) -> Response:
        """A message that can never be stored: logged once, kept as rejected, answered with
        an empty TwiML (Twilio has nothing to retry)."""
        log.warning("sms %s rejected: %s", sid, reason)
        try:
            await writer.run(
                lambda work: keep_rejected(
                    work.session,
                    channel=inbound.channel.value,
                    external_id=sid,
                    address=inbound.address,
                    kind="text",
                    reason=reason,
                    now=now,
                ),
                now=now,
            )
        except Exception as exc:
            if database_unavailable(exc):
                return _refuse(503, "try again")
            log.error("sms %s rejected but not kept: %s", sid, type(exc).__name__)
        return Response(twiml([], inbound.channel), media_type=TWIML)

    @router.post(
        "/sms/inbound",
        response_class=Response,
        responses={
            200: plain("the answer to the message, in TwiML", TWIML),
            **{status: plain(what) for status, what in REFUSALS.items()},
            429: CALLBACK_ERRORS[429],
        },
    )
    async def sms_inbound(request: Request) -> Response:
        unsigned_check(request)  # 429 while this address is over its limit (ratelimit.py)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/x-www-form-urlencoded":
            return _refuse(415, f"expected a form, got {kind or 'nothing'}")
        try:
            body = await read_body(request)
        except TooLarge as exc:
            return _refuse(413, f"payload too large ({exc})")
        try:
            pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, strict_parsing=False)
        except (UnicodeDecodeError, ValueError):
            return _refuse(400, "the form cannot be read")
        form = ImmutableMultiDict(pairs)
        signature = request.headers.get(SIGNATURE_HEADER, "")
        if not signature or not validator.validate(
            public_url_of(request, config.public_url), form, signature
        ):
            unsigned_failed(request)
            return _refuse(403, "the Twilio signature does not match")
        try:
            message = message_from_form({k: str(v) for k, v in form.items()})
        except BadMessage as exc:
            return _refuse(400, str(exc))
        now = clock()
        reason = unstorable(message.inbound)
        if reason is not None:
            return await reject(message.sid, message.inbound, reason, now)

        def receive(work: Unit) -> Handled:
            note_inbound(
                work.session,
                channel=message.inbound.channel.value,
                address=message.inbound.address,
                now=work.now,
            )
            return optout.receive_in(work, engine, message.inbound, external_id=message.sid)

        try:
            handled = await writer.run(receive, now=now, request_id=request_id(request))
        except Exception as exc:
            if can_never_store(exc):
                refused = type(getattr(exc, "orig", None) or exc).__name__
                return await reject(
                    message.sid, message.inbound, f"the database refused it ({refused})", now
                )
            if not isinstance(exc, DBAPIError):
                raise
            log.warning("sms %s: database unavailable (%s)", message.sid, exc)
            return _refuse(503, "try again")
        if handled.repeat:
            log.info("sms %s repeated: answered as before", message.sid)
        return Response(twiml(handled.replies, message.inbound.channel), media_type=TWIML)

    return router
