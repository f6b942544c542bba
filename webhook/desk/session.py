"""The desk's cookie, its CSRF tokens, the reader's language, and who is signed in.

One cookie, signed with itsdangerous (a tampered or foreign cookie is read as no cookie): a
random nonce, the attempt token while a code travels (with when it was asked and the wrong codes
typed since), the session token once signed in, and the language chosen with `?lang=`. It is
HttpOnly, SameSite=Lax, Path=/ with no Domain; when the public URL is https it is Secure and
named `__Host-pound_desk` (OWASP ASVS 3.4.4: the browser then takes it only from this host over
https, so no sibling domain or plain-http page can plant one), else `pound_desk`. The tokens
in it are looked up by their digests (office/access/desk_signin.py): signing out or a session's end
makes the cookie worthless even before it lapses.

Every form carries a CSRF token: an HMAC of the cookie's nonce, so it is bound to the browser's
session; a new nonce is drawn at every sign-in and sign-out, so a token of the signed-out
session is no good in the signed-in one. Every POST is checked before it does anything.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any, TypeVar
from urllib.parse import quote

from fastapi import Depends, Request
from itsdangerous import BadSignature, URLSafeTimedSerializer

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator, translator
from bot.plain import neutral
from law.errors import PoundError
from models import Database, Unit
from office.access import desk_signin
from office.access.desk_signin import SESSION_HOURS, SignedIn
from office.inputs import PersonIn

COOKIE = "pound_desk"
# Its name over https: a browser keeps a `__Host-` cookie only if it is Secure, Path=/ and has
# no Domain, so it belongs to this host alone.
HOST_COOKIE = "__Host-" + COOKIE
CSRF_FIELD = "csrf"


@dataclass(frozen=True)
class DeskConfig:
    """The secret the cookie is signed with (the same for every process behind one URL:
    POUND_DESK_SECRET), whether the cookie is sent over https only, and whether a channel can
    deliver the sign-in codes (`delivers`): where none can (no Telegram, no Twilio configured),
    the sign-in pages say so and each code is logged for the operator (webhook/desk/signin.py)."""

    secret: bytes
    secure: bool = False
    delivers: bool = True

    @property
    def cookie(self) -> str:
        """The cookie's name: `__Host-pound_desk` over https, `pound_desk` over plain http."""
        return HOST_COOKIE if self.secure else COOKIE

    @classmethod
    def for_url(
        cls, secret: bytes | None, public_url: str | None, *, delivers: bool = True
    ) -> DeskConfig:
        return cls(
            secret=secret or secrets.token_bytes(32),
            secure=(public_url or "").lower().startswith("https://"),
            delivers=delivers,
        )


class SignInFirst(Exception):
    """No live session: the page answers with the way to the sign-in."""

    def __init__(self, back: str) -> None:
        super().__init__(back)
        self.back = back


class CsrfRefused(Exception):
    """A POST without the form's token of this browser's session."""


class DeskRefused(Exception):
    """A page the person may not see: said on a page, with the status the API gives it."""

    def __init__(self, error: PoundError) -> None:
        super().__init__(error.message)
        self.error = error


@dataclass
class Desk:
    """One request's view of the cookie; `dirty` once it must be written back."""

    request: Request
    config: DeskConfig
    db: Database
    clock: Callable[[], datetime]
    data: dict[str, str] = field(default_factory=dict)
    dirty: bool = False
    # The unit of work of an officer's form, while its route runs (webhook/desk/once.py).
    unit: Unit | None = None
    # An officer's form as its dependency read it, key and all (webhook/desk/once.py `Sent`).
    form_sent: object | None = None
    _who: SignedIn | None = None
    _looked: bool = False

    # --- the cookie ------------------------------------------------------------------------

    @property
    def _serializer(self) -> URLSafeTimedSerializer:
        return URLSafeTimedSerializer(self.config.secret, salt="pound-desk")

    def load(self) -> None:
        raw = self.request.cookies.get(self.config.cookie)
        if raw:
            try:
                value = self._serializer.loads(raw, max_age=SESSION_HOURS * 3600)
            except BadSignature:
                value = None
            if isinstance(value, dict):
                self.data = {str(k): str(v) for k, v in value.items()}
        if not self.data.get("n"):
            self.data["n"] = secrets.token_urlsafe(16)
            self.dirty = True
        lang = self.request.query_params.get("lang", "")
        if lang in LANGUAGES and self.data.get("l") != lang:
            self.data["l"] = lang
            self.dirty = True

    def write(self, response: Any) -> None:
        """Set the cookie on `response` if it changed."""
        if not self.dirty:
            return
        response.set_cookie(
            self.config.cookie,
            self._serializer.dumps(self.data),
            max_age=SESSION_HOURS * 3600,
            path="/",
            httponly=True,
            secure=self.config.secure,
            samesite="lax",
        )

    def set(self, **values: str | None) -> None:
        for key, value in values.items():
            if value is None:
                self.data.pop(key, None)
            else:
                self.data[key] = value
        self.dirty = True

    def renew(self) -> None:
        """A new nonce: the CSRF tokens of before are void (at sign-in and sign-out)."""
        self.set(n=secrets.token_urlsafe(16))
        self._looked = False
        self._who = None

    # --- CSRF -------------------------------------------------------------------------------

    @property
    def csrf(self) -> str:
        nonce = self.data.get("n", "")
        return hmac.new(self.config.secret, f"csrf:{nonce}".encode(), hashlib.sha256).hexdigest()

    # --- who and which language --------------------------------------------------------------

    @property
    def now(self) -> datetime:
        return self.clock()

    @property
    def who(self) -> SignedIn | None:
        if not self._looked:
            session = self.data.get("s", "")
            self._who = (
                desk_signin.signed_in(self.db, session=session, now=self.now) if session else None
            )
            self._looked = True
        return self._who

    @property
    def lang(self) -> str:
        chosen = self.data.get("l")
        if chosen in LANGUAGES:
            return chosen
        who = self.who
        if who is not None and who.language in LANGUAGES:
            return str(who.language)
        return DEFAULT_LANGUAGE

    @property
    def t(self) -> Translator:
        return translator(self.lang)


def desk(request: Request) -> Desk:
    """The request's desk: the cookie read, a nonce drawn if it had none."""
    found = getattr(request.state, "desk", None)
    if isinstance(found, Desk):
        return found
    st = request.app.state.pound
    d = Desk(request=request, config=request.app.state.desk, db=st.db, clock=st.clock)
    d.load()
    request.state.desk = d
    return d


async def form_of(request: Request) -> dict[str, str]:
    """The POSTed form, after its CSRF token is checked (CsrfRefused otherwise)."""
    d = desk(request)
    form = await request.form()
    # Typed text is taken without control or direction characters (bot/plain.py).
    values = {k: neutral(v) for k, v in form.items() if isinstance(v, str)}
    sent = values.get(CSRF_FIELD)
    if not sent or not hmac.compare_digest(sent, d.csrf):
        raise CsrfRefused()
    return values


def has_cookie(request: Request) -> bool:
    """Whether the request carries the desk's cookie (signed in or not)."""
    config: DeskConfig = request.app.state.desk
    return config.cookie in request.cookies


def require_official(request: Request) -> SignedIn:
    """The signed-in person with his roles and places, if he holds any office; a person who
    holds none is refused (NotAuthorised, said on a page in his language); with no one signed
    in, SignInFirst (the page then sends him to the sign-in)."""
    d = desk(request)
    who = d.who
    if who is None:
        url = request.url
        raise SignInFirst(url.path + (f"?{url.query}" if url.query else ""))
    try:
        return desk_signin.require_official(who)
    except PoundError as exc:
        raise DeskRefused(exc) from exc


def sign_in_url(back: str) -> str:
    return "/desk/sign-in?next=" + quote(back, safe="")


DeskOf = Annotated[Desk, Depends(desk)]
Official = Annotated[SignedIn, Depends(require_official)]
Form = Annotated[dict[str, str], Depends(form_of)]


T = TypeVar("T")


def person_of(form: dict[str, str], prefix: str) -> PersonIn | None:
    """The person a form names in its fields `prefix`_name, _residence and _phone; None if
    it names none."""
    name = form.get(f"{prefix}_name", "").strip()
    if not name:
        return None
    return PersonIn(
        name=name,
        residence=form.get(f"{prefix}_residence", "").strip(),
        phone=form.get(f"{prefix}_phone", "").strip() or None,
    )


def act(d: Desk, fn: Callable[..., T], /, *args: Any, **kw: Any) -> T:
    """A form's act: in the unit of work of an officer's form, opened for him
    (webhook/desk/once.py), or else (the sign-in's forms) in one of its own for nobody yet, at
    the instant the request is handled and committed when the act has answered; a refusal
    commits nothing (models/unit.py)."""
    if d.unit is not None:
        return fn(d.unit, *args, **kw)
    with d.db.unit(now=d.now) as u:
        done = fn(u, *args, **kw)
        u.commit()
    return done
