"""What every route needs: the database, the clock, the person behind the bearer token, and for
an act the unit of work it is done in."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from bot.i18n import LANGUAGES
from law.errors import NotAuthorised
from models import Database, Unit
from office.access.tokens import person_for_token
from office.notify import UNSOLICITED_PER_DAY
from webhook.edge import request_id
from webhook.ratelimit import limiter_of


@dataclass(frozen=True)
class AppState:
    db: Database
    clock: Callable[[], datetime]
    unsolicited_per_day: int = UNSOLICITED_PER_DAY  # POUND_UNSOLICITED_PER_DAY
    public_url: str | None = None  # POUND_PUBLIC_URL: the links and QR codes of documents


def browser_language(request: Request) -> str:
    """The first language of the browser's Accept-Language the office writes in, else English."""
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def state(request: Request) -> AppState:
    st: AppState = request.app.state.pound
    return st


_bearer = HTTPBearer(auto_error=False, description="An API token from `pound token issue PHONE`")


def actor(
    request: Request, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> int:
    """The person acting: the owner of the bearer token.

    An unknown token counts against its client address; an address over
    POUND_AUTH_FAILURES_PER_MINUTE is answered 429 without its token being looked at
    (webhook/ratelimit.py).
    """
    if creds is None or not creds.credentials:
        raise NotAuthorised("a bearer token is required (Authorization: Bearer <token>)")
    limiter = limiter_of(request)
    address = limiter.address(request) if limiter is not None else ""
    if limiter is not None:
        limiter.auth.check(address)
    person_id = person_for_token(state(request).db, creds.credentials)
    if person_id is None:
        if limiter is not None:
            limiter.auth.failed(address)
        raise NotAuthorised("the token is not known or was revoked")
    return person_id


def unit(
    request: Request,
    person_id: Annotated[int, Depends(actor)],
    rid: Annotated[str | None, Depends(request_id)],
) -> Iterator[Unit]:
    """The unit of work of one API request (models/unit.py): opened for the token's person at
    the instant the request is handled, committed when the route has answered, before the
    answer is sent (the dependency's scope is the route function); a route that raises
    commits nothing."""
    st = state(request)
    with st.db.unit(now=st.clock(), actor_id=person_id, request_id=rid) as u:
        yield u
        u.commit()


State = Annotated[AppState, Depends(state)]
Actor = Annotated[int, Depends(actor)]
InUnit = Annotated[Unit, Depends(unit, scope="function")]
