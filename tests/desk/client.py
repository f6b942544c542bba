"""A browser of the desk, as far as TestClient goes: forms posted with the page's CSRF token,
codes read from the outbox as the official would read them on his phone."""

from __future__ import annotations

import re
import time
from html import unescape
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlmodel import col, select

from models import Outbox
from tests.world import World

_CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
_CODE = re.compile(r'data-code="([a-z_]+)"')


def csrf_of(html: str) -> str:
    found = _CSRF.search(html)
    assert found, "the page has no form with a CSRF token"
    return found.group(1)


def refusal_code(html: str) -> str | None:
    found = _CODE.search(html)
    return found.group(1) if found else None


def text_of(html: str) -> str:
    """The page's words, tags dropped, for `in` checks."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def last_outbox_id(world: World) -> int:
    """The newest outbox row's id now (0 for none): `last_code(after=...)` waits past it."""
    with world.db.reading() as s:
        newest = s.exec(select(Outbox.id).order_by(col(Outbox.id).desc())).first()
    return newest or 0


def last_code(world: World, person_id: int, *, after: int = 0, wait: float = 10.0) -> str:
    """The code of the last sign-in message to the person (its params, as the sender writes it),
    of an outbox row newer than `after`. The code is sent after the answer to the request
    (webhook/desk/signin.py): behind a live server it may come a moment after the page, so it is
    waited for up to `wait` seconds; a second sign-in passes `after` (`last_outbox_id` before its
    request), or it could read the first sign-in's spent code while the new one is on its way."""
    deadline = time.monotonic() + wait
    while True:
        with world.db.reading() as s:
            row = s.exec(
                select(Outbox)
                .where(
                    Outbox.person_id == person_id,
                    Outbox.template == "desk_code",
                    col(Outbox.id) > after,
                )
                .order_by(col(Outbox.id).desc())
            ).first()
            code = None if row is None else str(row.params["code"])
        if code is not None:
            return code
        assert time.monotonic() < deadline, "no code was sent"
        time.sleep(0.02)


class DeskBrowser:
    """One browser: its cookie jar is the TestClient's."""

    def __init__(self, client: TestClient, world: World) -> None:
        self.client = client
        self.world = world
        self.csrf = ""

    def get(self, path: str, **params: Any) -> httpx.Response:
        r = self.client.get(path, params=params, follow_redirects=True)
        if 'name="csrf"' in r.text:
            self.csrf = csrf_of(r.text)
        return r

    def post(self, path: str, data: dict[str, Any], *, follow: bool = True) -> httpx.Response:
        r = self.client.post(path, data={"csrf": self.csrf, **data}, follow_redirects=follow)
        if 'name="csrf"' in r.text:
            self.csrf = csrf_of(r.text)
        return r

    def ask_code(self, phone: str) -> httpx.Response:
        self.get("/desk/sign-in")
        return self.post("/desk/sign-in", {"phone": phone, "next": "/desk"})

    def sent_code(self, person_id: int) -> bool:
        """Whether any sign-in code went to the person."""
        with self.world.db.reading() as s:
            row = s.exec(
                select(Outbox.id).where(
                    Outbox.person_id == person_id, Outbox.template == "desk_code"
                )
            ).first()
            return row is not None

    def sign_in(self, phone: str, person_id: int) -> httpx.Response:
        after = last_outbox_id(self.world)
        self.ask_code(phone)
        code = last_code(self.world, person_id, after=after)
        return self.post("/desk/sign-in/code", {"code": code})
