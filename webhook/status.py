"""POST /sms/status: Twilio's delivery reports move outbox rows to delivered or failed.

Signed like every Twilio request: the X-Twilio-Signature is checked with Twilio's own
RequestValidator against POUND_PUBLIC_URL + this path, never the Host a proxy may rewrite. A
report is found by its MessageSid (the row's provider_id); a repeat changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from twilio.request_validator import RequestValidator

from bot.delivery import apply_provider_status
from models import Database
from webhook.errors import CALLBACK_ERRORS
from webhook.inbound import TooLarge, read_body
from webhook.ratelimit import unsigned_check, unsigned_failed
from webhook.schemas import plain
from webhook.sms import SIGNATURE_HEADER, TwilioConfig, public_url_of

log = logging.getLogger(__name__)


def _answer(status: int, text: str) -> Response:
    if status >= 400:
        log.warning("sms status refused (%s): %s", status, text)
    return Response(text, status_code=status, media_type="text/plain")


def callback_responses(ok: str) -> dict[int | str, dict[str, Any]]:
    """The answers of a Twilio callback route, for the OpenAPI schema: plain text, or the error
    envelope while the address is over its limit or the database does not answer."""
    return {
        200: plain(ok),
        400: plain("a required field is missing or the form cannot be read"),
        403: plain("the Twilio signature does not match"),
        413: plain("payload too large"),
        415: plain("not a form"),
        **CALLBACK_ERRORS,
    }


async def signed_form(
    request: Request,
    validator: RequestValidator,
    config: TwilioConfig,
    answer: Callable[[int, str], Response],
) -> dict[str, str] | Response:
    """A Twilio callback's form once its type, size and signature are checked; else the
    `answer` refusing it (415, 413, 400, 403; 429 while the address is over its limit)."""
    unsigned_check(request)  # 429 while this address is over its limit (ratelimit.py)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        return answer(415, f"expected a form, got {kind or 'nothing'}")
    try:
        body = await read_body(request)
        form = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    except TooLarge as exc:
        return answer(413, f"payload too large ({exc})")
    except (UnicodeDecodeError, ValueError):
        return answer(400, "the form cannot be read")
    signature = request.headers.get(SIGNATURE_HEADER, "")
    if not signature or not validator.validate(
        public_url_of(request, config.public_url), form, signature
    ):
        unsigned_failed(request)
        return answer(403, "the Twilio signature does not match")
    return form


def status_router(
    *, config: TwilioConfig, db: Database, clock: Callable[[], datetime]
) -> APIRouter:
    router = APIRouter(tags=["channels"])
    validator = RequestValidator(config.auth_token)

    @router.post(
        "/sms/status",
        response_class=Response,
        responses=callback_responses("the message's state now, or `unknown message`"),
    )
    async def sms_status(request: Request) -> Response:
        form = await signed_form(request, validator, config, _answer)
        if isinstance(form, Response):
            return form
        sid = form.get("MessageSid") or form.get("SmsSid") or ""
        status = form.get("MessageStatus") or form.get("SmsStatus") or ""
        if not sid or not status or len(sid) > 64 or len(status) > 32:
            return _answer(400, "MessageSid and MessageStatus are required")
        code = (form.get("ErrorCode") or "").strip()[:16] or None
        result = await run_in_threadpool(
            apply_provider_status, db, provider_id=sid, status=status, error_code=code, now=clock()
        )
        if not result.found:
            # Twilio may report before the sender has recorded the send; nothing to move yet.
            log.info("sms status %s for unknown message %s", status, sid)
            return _answer(200, "unknown message")
        return _answer(200, result.state or "")

    return router
