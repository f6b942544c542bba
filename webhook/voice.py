"""POST /voice/status: a call's outcome (completed, busy, no-answer, failed) on its outbox row.

The calls the sender places (bot/voice.py: the notices said aloud, their TwiML inline) report
here when they end. Signed like every Twilio request: the X-Twilio-Signature is checked with
Twilio's own RequestValidator against POUND_PUBLIC_URL + this path, never the Host a proxy may
rewrite. A report is found by its CallSid (the row's provider_id); a repeat changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from twilio.request_validator import RequestValidator

from bot.delivery import apply_call_status
from models import Database
from webhook.sms import TwilioConfig
from webhook.status import callback_responses, signed_form

log = logging.getLogger(__name__)
VOICE_STATUS_PATH = "/voice/status"


def _answer(status: int, text: str) -> Response:
    if status >= 400:
        log.warning("voice status refused (%s): %s", status, text)
    return Response(text, status_code=status, media_type="text/plain")


def voice_router(*, config: TwilioConfig, db: Database, clock: Callable[[], datetime]) -> APIRouter:
    router = APIRouter(tags=["channels"])
    validator = RequestValidator(config.auth_token)

    @router.post(
        VOICE_STATUS_PATH,
        response_class=Response,
        responses=callback_responses("the call's outcome now, or `unknown call`"),
    )
    async def voice_status(request: Request) -> Response:
        form = await signed_form(request, validator, config, _answer)
        if isinstance(form, Response):
            return form
        sid = form.get("CallSid") or ""
        status = form.get("CallStatus") or ""
        if not sid or not status or len(sid) > 64 or len(status) > 32:
            return _answer(400, "CallSid and CallStatus are required")
        duration = (form.get("CallDuration") or "").strip()[:8] or None
        result = await run_in_threadpool(
            apply_call_status, db, provider_id=sid, status=status, now=clock(), duration=duration
        )
        if not result.found:
            # The call may end before the sender has recorded placing it; nothing to move yet.
            log.info("voice status %s for unknown call %s", status, sid)
            return _answer(200, "unknown call")
        return _answer(200, result.state or "")

    return router
