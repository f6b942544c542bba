"""Sign-in without passwords (office/access/desk_signin.py): phone, one-time code, session;
sign-out.

The request for a code is answered (a redirect to the code's page) before the office looks the
phone up: the code is sent after the answer has gone (a background task), so neither the answer
nor the time it takes says whether the phone is an officer's. Every request for a code and every
code typed counts against the client address (webhook/ratelimit.py), checked and counted at
once before anything is done.

Where no channel can deliver a code (no Telegram, no Twilio configured: DeskConfig.delivers),
the pages say so, and each code sent is written in one log line naming the phone and the code,
on the terminal of the process serving, where only its operator reads it; `pound desk code`
prints it too. Where a channel is configured no code is ever logged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.background import BackgroundTask

from law.errors import PoundError
from models import Database
from office.access import desk_signin
from office.access.desk_signin import CODE_MINUTES, CODE_TRIES, CodeAsked, CodeRefused
from webhook.desk.render import page, redirect, refusal
from webhook.desk.session import DeskConfig, DeskOf, Form, act
from webhook.ratelimit import TooManyRequests, limiter_of

router = APIRouter(include_in_schema=False)
log = logging.getLogger(__name__)


def safe_next(value: str | None) -> str:
    """Where to go after signing in: a page of the desk, never another site."""
    value = (value or "").strip()
    if value.startswith("/desk") and not value.startswith("//") and "\\" not in value:
        return value
    return "/desk"


def _over(request: Request) -> bool:
    """Count this request against its client address (webhook/ratelimit.py, the window of
    failed authentications); True if the address is over it, and then nothing is done."""
    limiter = limiter_of(request)
    if limiter is None:
        return False
    try:
        limiter.auth.take(limiter.address(request))
    except TooManyRequests:
        return True
    return False


def _send(request: Request, db: Database, asked: CodeAsked, now: datetime) -> None:
    """After the answer has gone: send the code, if the phone is an officer's."""
    try:
        with db.unit(now=now) as u:
            sent = desk_signin.send_code(u, asked)
            u.commit()
    except Exception:
        log.exception("desk code not sent: the office failed")
        return
    if sent is None:
        return
    config: DeskConfig = request.app.state.desk
    if not config.delivers:
        # No channel can take it out: the operator reads it on his terminal (docs/desk.md).
        log.warning(
            "desk sign-in code for %s: %s (no Telegram or SMS is configured to send it)",
            sent.phone,
            sent.code,
        )
    # Wake the sender in this process, so the code goes now (`pound serve`).
    wake: Callable[[], None] | None = getattr(request.app.state, "on_outbox", None)
    if wake is not None:
        wake()


@router.get("/sign-in")
def sign_in_form(d: DeskOf, next: str = "/desk") -> Response:
    return page(d, "sign_in.html", next=safe_next(next), phone="")


@router.post("/sign-in")
def sign_in(request: Request, d: DeskOf, form: Form) -> Response:
    back = safe_next(form.get("next"))
    phone = form.get("phone", "")
    if _over(request):
        return page(d, "sign_in.html", status=429, next=back, phone=phone, too_many=True)
    try:
        asked = desk_signin.ask_code(phone, now=d.now)
    except PoundError as exc:
        return refusal(d, exc, template="sign_in.html", next=back, phone=phone)
    d.set(a=asked.attempt, at=asked.asked_at.isoformat(), w=None, next=back)
    answer = redirect(d, "/desk/sign-in/code")
    answer.background = BackgroundTask(_send, request, d.db, asked, asked.asked_at)
    return answer


@router.get("/sign-in/code")
def code_form(d: DeskOf) -> Response:
    if not d.data.get("a"):
        return redirect(d, "/desk/sign-in")
    return page(d, "code.html", minutes=CODE_MINUTES, tries=CODE_TRIES)


@router.post("/sign-in/code")
def code(request: Request, d: DeskOf, form: Form) -> Response:
    attempt = d.data.get("a", "")
    if not attempt:
        return redirect(d, "/desk/sign-in")
    if _over(request):
        return page(
            d, "code.html", status=429, minutes=CODE_MINUTES, tries=CODE_TRIES, too_many=True
        )
    try:
        with d.db.unit(now=d.now) as u:
            try:
                session = desk_signin.check_code(
                    u,
                    attempt=attempt,
                    code=form.get("code", ""),
                    asked_at=_asked_at(d.data.get("at")),
                    tried=_int(d.data.get("w")),
                )
            except CodeRefused:
                u.commit()  # the wrong try is counted (and audited) all the same
                raise
            u.commit()
    except PoundError as exc:
        if isinstance(exc, CodeRefused):
            d.set(w=str(exc.tried))
        return refusal(d, exc, template="code.html", minutes=CODE_MINUTES, tries=CODE_TRIES)
    back = safe_next(d.data.get("next"))
    d.renew()
    d.set(s=session, a=None, at=None, w=None, next=None)
    return redirect(d, back)


@router.post("/sign-out")
def sign_out(d: DeskOf, form: Form) -> Response:
    session = d.data.get("s", "")
    if session:
        act(d, desk_signin.sign_out, session=session)
    d.renew()
    d.set(s=None, a=None, at=None, w=None)
    return redirect(d, "/desk/sign-in")


def _asked_at(value: str | None) -> datetime | None:
    try:
        when = datetime.fromisoformat(value or "")
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def _int(value: str | None) -> int:
    return int(value) if value and value.isascii() and value.isdigit() else 0
