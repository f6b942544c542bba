"""A desk form's POST acts once: sent twice (a double click, a browser's re-post), the second
gets the first's answer, the same page or redirect, and changes nothing (docs/design.md, *Units
of work*).

Every page drawn carries a key of its own in its forms (`form_key`, webhook/desk/render.py
`page`). An officer's form is handled in one unit of work for the officer signed in, opened
before the route and committed after it (`act` of webhook/desk/session.py acts in it); when the
form sent a key, its row of the Idempotency table is written in that unit with the answer, as
the API's Idempotency-Key is (webhook/idempotency.py `answer_once`). The row is the officer's,
its key the form's path and the key sent, hashed, after `desk ` (a space, which no API key
holds): a key cannot answer for another officer, another form or an API request, and is new
there.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import Depends, Request
from fastapi.responses import Response
from fastapi.routing import APIRoute

from law.errors import PoundError
from models import IdempotencyKey
from office.access.desk_signin import SignedIn
from webhook.desk.render import page_again, refusal
from webhook.desk.session import Desk, Form, Official, desk
from webhook.idempotency import Answered, Keyed, answer_once, fingerprint, keyed_route

KEY_FIELD = "form_key"


@dataclass(frozen=True)
class Sent:
    """A form POSTed by an officer: his desk, who he is, and the form's key if it sent one."""

    desk: Desk
    who: SignedIn
    key: Keyed | None


async def sent(request: Request, who: Official, form: Form) -> None:
    """The form sent (its CSRF token checked by `Form`) and its key, kept on the request's desk
    for its route (`_sent`)."""
    d, path, key = desk(request), request.url.path, form.get(KEY_FIELD, "").strip()
    keyed = None
    if key:
        digest = hashlib.sha256(f"{path} {key}".encode()).hexdigest()
        keyed = Keyed(
            person_id=who.person_id,
            key=f"desk {digest}",
            route=f"POST {path}"[:300],
            fingerprint=fingerprint("POST", path, "", b""),
        )
    d.form_sent = Sent(d, who, keyed)


def _sent(kwargs: dict[str, Any]) -> Sent:
    """The form `sent` kept on the route's desk."""
    d = next(v for v in kwargs.values() if isinstance(v, Desk))
    assert isinstance(d.form_sent, Sent), "an officer's form is read by `sent` first"
    return d.form_sent


def _run(form: Sent, call: Callable[[], Any]) -> Any:
    d = form.desk
    with d.db.unit(now=d.now, actor_id=form.who.person_id) as u:
        d.unit = u
        try:
            if form.key is None:
                answer = call()
            else:
                answer = answer_once(u, form.key, lambda: _kept(call()), lambda row: _again(d, row))
        finally:
            d.unit = None
        u.commit()
    return answer


def _kept(response: Response) -> Answered:
    """The page or redirect answered, to keep (not an error of the server's)."""
    if response.status_code >= 500:
        return response, None
    location = response.headers.get("location")
    body = {"location": location} if location else {"html": bytes(response.body).decode()}
    return response, (response.status_code, body)


def _again(d: Desk, row: IdempotencyKey) -> Response:
    html, location = row.body.get("html"), row.body.get("location")
    return page_again(d, row.status, str(html or ""), str(location) if location else None)


def _refusing(endpoint: Callable[..., Response]) -> Callable[..., Response]:
    """The page `endpoint` answers, or the refusal of the Act its reads raise, said on a page in
    the reader's language with the API's status for it."""

    @functools.wraps(endpoint)
    def route(**kwargs: Any) -> Response:
        try:
            return endpoint(**kwargs)
        except PoundError as exc:
            return refusal(next(v for v in kwargs.values() if isinstance(v, Desk)), exc)

    return route


class DeskFormRoute(APIRoute):
    """An APIRoute whose POST routes are an officer's forms, handled once (`_run`), and whose
    pages say a refusal on a page (`_refusing`)."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        if "POST" in {m.upper() for m in kwargs.get("methods") or ()}:
            endpoint = keyed_route(endpoint, _sent, _run)
            kwargs["dependencies"] = [*(kwargs.get("dependencies") or ()), Depends(sent)]
        else:
            endpoint = _refusing(endpoint)
        super().__init__(path, endpoint, **kwargs)
