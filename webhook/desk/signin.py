"""Sign-in without passwords (office/desk_signin.py): phone, one-time code, session; sign-out."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Request
from fastapi.responses import Response

from law.errors import PoundError
from office import desk_signin
from office.desk_signin import CODE_MINUTES, CODE_TRIES
from webhook.desk.render import page, redirect, refusal
from webhook.desk.session import DeskOf, Form
from webhook.ratelimit import TooManyRequests, limiter_of

router = APIRouter()


def safe_next(value: str | None) -> str:
    """Where to go after signing in: a page of the desk, never another site."""
    value = (value or "").strip()
    if value.startswith("/desk") and not value.startswith("//") and "\\" not in value:
        return value
    return "/desk"


def _on_outbox(request: Request) -> None:
    """Wake the sender in this process, so the code goes now (`pound serve`)."""
    wake: Callable[[], None] | None = getattr(request.app.state, "on_outbox", None)
    if wake is not None:
        wake()


def _limited(request: Request) -> tuple[str, bool]:
    """The client address, and whether it is over its failures (webhook/ratelimit.py)."""
    limiter = limiter_of(request)
    if limiter is None:
        return "", False
    address = limiter.address(request)
    try:
        limiter.auth.check(address)
    except TooManyRequests:
        return address, True
    return address, False


def _failed(request: Request, address: str) -> None:
    limiter = limiter_of(request)
    if limiter is not None:
        limiter.auth.failed(address)


@router.get("/sign-in", include_in_schema=False)
def sign_in_form(d: DeskOf, next: str = "/desk") -> Response:
    return page(d, "sign_in.html", next=safe_next(next), phone="")


@router.post("/sign-in", include_in_schema=False)
def sign_in(request: Request, d: DeskOf, form: Form) -> Response:
    back = safe_next(form.get("next"))
    phone = form.get("phone", "")
    address, over = _limited(request)
    if over:
        return page(d, "sign_in.html", status=429, next=back, phone=phone, too_many=True)
    try:
        sent = desk_signin.issue_code(d.db, phone=phone, now=d.now)
    except PoundError as exc:
        _failed(request, address)
        return refusal(d, exc, template="sign_in.html", next=back, phone=phone)
    if sent.channel is not None:
        _on_outbox(request)
    d.set(a=sent.attempt, next=back)
    return redirect(d, "/desk/sign-in/code")


@router.get("/sign-in/code", include_in_schema=False)
def code_form(d: DeskOf) -> Response:
    if not d.data.get("a"):
        return redirect(d, "/desk/sign-in")
    return page(d, "code.html", minutes=CODE_MINUTES, tries=CODE_TRIES)


@router.post("/sign-in/code", include_in_schema=False)
def code(request: Request, d: DeskOf, form: Form) -> Response:
    attempt = d.data.get("a", "")
    if not attempt:
        return redirect(d, "/desk/sign-in")
    address, over = _limited(request)
    if over:
        return page(
            d, "code.html", status=429, minutes=CODE_MINUTES, tries=CODE_TRIES, too_many=True
        )
    try:
        session = desk_signin.check_code(
            d.db, attempt=attempt, code=form.get("code", ""), now=d.now
        )
    except PoundError as exc:
        _failed(request, address)
        return refusal(d, exc, template="code.html", minutes=CODE_MINUTES, tries=CODE_TRIES)
    back = safe_next(d.data.get("next"))
    d.renew()
    d.set(s=session, a=None, next=None)
    return redirect(d, back)


@router.post("/sign-out", include_in_schema=False)
def sign_out(d: DeskOf, form: Form) -> Response:
    session = d.data.get("s", "")
    if session:
        desk_signin.sign_out(d.db, session=session, now=d.now)
    d.renew()
    d.set(s=None, a=None)
    return redirect(d, "/desk/sign-in")
