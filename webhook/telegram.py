"""POST /telegram/webhook: Telegram updates into the conversation engine, replies into the outbox.

Checks Telegram's secret header, reads the update with PTB, handles each update_id once, and
writes the replies as outbox rows in the same transaction as the message; the sender delivers
them. A button press is acknowledged in the webhook answer itself (answerCallbackQuery).
"""

from __future__ import annotations

import functools
import hmac
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import DBAPIError
from telegram import Bot

from bot.channels.telegram import SECRET_HEADER, BadUpdate, Parsed, parse_update
from bot.engine import Engine, Handled
from bot.outbox_replies import enqueue_replies
from bot.types import Inbound
from models import Unit
from webhook.edge import request_id
from webhook.errors import CALLBACK_ERRORS, RETRY_AFTER, database_unavailable
from webhook.inbound import (
    INT64,
    TooLarge,
    Writer,
    can_never_store,
    keep_rejected,
    read_body,
    unstorable,
)
from webhook.ratelimit import unsigned_check, unsigned_failed
from webhook.schemas import TelegramAnswer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TelegramConfig:
    token: str
    secret: str
    api_url: str = "https://api.telegram.org"

    def bot(self) -> Bot:
        """A PTB Bot for reading updates (webhook/telegram.py never sends with it); PTB appends
        the token to base_url. One a token and address in a process: a Bot builds its HTTP
        clients, a TLS context each, some 50 ms, and nothing of it changes while reading."""
        return _parsing_bot(self.token, self.api_url.rstrip("/") + "/bot")


@functools.cache
def _parsing_bot(token: str, base_url: str) -> Bot:
    return Bot(token, base_url=base_url)


# The statuses the webhook refuses an update with (`ok` false, `detail` why).
REFUSALS = {
    400: "the body is not JSON, or not an update that can be read",
    403: "wrong or missing secret token",
    413: "payload too large",
    422: "an update of no known kind",
    503: "the update cannot be kept now; Telegram sends it again later",
}


def _refuse(status: int, reason: str) -> JSONResponse:
    log.warning("telegram webhook refused (%s): %s", status, reason)
    return JSONResponse({"ok": False, "detail": reason}, status_code=status)


def try_again() -> JSONResponse:
    # Telegram delivers the update again later; nothing was written.
    return JSONResponse(
        {"ok": False, "detail": "try again"},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER)},
    )


def telegram_router(
    *,
    config: TelegramConfig,
    engine: Engine,
    writer: Writer,
    clock: Callable[[], datetime],
    on_outbox: Callable[[], None] | None = None,
) -> APIRouter:
    router = APIRouter(tags=["channels"])
    bot = config.bot()
    secret = config.secret.encode("utf-8")

    def handle(work: Unit, inbound: Inbound, update_id: int) -> Handled:
        # In the writer's unit of work: the inbound record, the conversation and its outbox rows
        # commit together.
        handled = engine.receive_in(work, inbound, external_id=f"{update_id}")
        if not handled.repeat and handled.replies:
            enqueue_replies(
                work.session,
                channel=inbound.channel,
                address=inbound.address,
                replies=handled.replies,
                key=f"reply:telegram:{update_id}",
                now=work.now,
                language=handled.language,
                person_id=handled.person_id,
            )
        return handled

    async def reject(parsed: Parsed, inbound: Inbound, reason: str, now: datetime) -> Response:
        """An update that can never be stored: said once in the log, kept in the inbound log
        as rejected, answered 200 so that Telegram does not deliver it again for ever."""
        update = str(parsed.update_id)
        log.warning(
            "telegram update %s rejected: %s",
            update if len(update) <= 24 else update[:20] + "...",
            reason,
        )
        try:
            await writer.run(
                lambda work: keep_rejected(
                    work.session,
                    channel=inbound.channel.value,
                    external_id=update,
                    address=inbound.address,
                    kind=parsed.kind,
                    reason=reason,
                    now=now,
                ),
                now=now,
            )
        except Exception as exc:
            if database_unavailable(exc):
                return try_again()  # not even the refusal can be kept now: later, then
            log.error("telegram update rejected but not kept: %s", type(exc).__name__)
        return JSONResponse({"ok": True, "rejected": reason})

    @router.post(
        "/telegram/webhook",
        response_model=TelegramAnswer,
        responses={
            **{
                status: {"model": TelegramAnswer, "description": what}
                for status, what in REFUSALS.items()
            },
            429: CALLBACK_ERRORS[429],
        },
    )
    async def telegram_webhook(request: Request) -> Response:
        unsigned_check(request)  # 429 while this address is over its limit (ratelimit.py)
        given = request.headers.get(SECRET_HEADER, "").encode("utf-8")
        if not hmac.compare_digest(given, secret):
            unsigned_failed(request)
            return _refuse(403, "wrong or missing secret token")
        try:
            body = await read_body(request)
        except TooLarge as exc:
            return _refuse(413, f"payload too large ({exc})")
        try:
            parsed = parse_update(json.loads(body), bot)
        except (UnicodeDecodeError, json.JSONDecodeError):
            return _refuse(400, "the body is not JSON")
        except RecursionError:
            return _refuse(400, "the body is nested too deep")
        except BadUpdate as exc:
            return _refuse(422 if "no known kind" in str(exc) else 400, str(exc))
        except ValueError:  # an integer of more digits than Python reads from text
            return _refuse(400, "the body has a number too long to read")
        inbound = parsed.inbound
        if inbound is None:
            log.info("telegram update %s (%s) ignored", str(parsed.update_id)[:24], parsed.kind)
            return JSONResponse({"ok": True, "ignored": parsed.kind})
        now = clock()
        reason = unstorable(inbound)
        if parsed.update_id >= INT64:
            reason = "an update_id past 64 bits"
        if reason is not None:
            return await reject(parsed, inbound, reason, now)
        try:
            handled = await writer.run(
                lambda work: handle(work, inbound, parsed.update_id),
                now=now,
                opens=engine.opening_key(inbound, f"{parsed.update_id}"),
                request_id=request_id(request),
            )
        except Exception as exc:
            if can_never_store(exc):
                refused = type(getattr(exc, "orig", None) or exc).__name__
                return await reject(parsed, inbound, f"the database refused it ({refused})", now)
            if not isinstance(exc, DBAPIError):
                raise
            log.warning("telegram update %s: database unavailable (%s)", parsed.update_id, exc)
            return try_again()
        if handled.repeat:
            log.info("telegram update %s repeated: answered once already", parsed.update_id)
        elif handled.replies and on_outbox is not None:
            on_outbox()  # the replies are committed: send them now, not at the next poll
        if parsed.callback_query_id is not None:
            # A webhook may answer with one Bot API call: this stops the button's spinner.
            return JSONResponse(
                {"method": "answerCallbackQuery", "callback_query_id": parsed.callback_query_id}
            )
        return JSONResponse({"ok": True})

    return router
