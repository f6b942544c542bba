"""Pages of the desk: Jinja2 templates under webhook/templates/desk/, every text through t().

Every answer carries a Content-Security-Policy of `default-src 'self'` (the pages have no
script, no inline style but a chart's own, allowed by its hash, and no outside asset), is not
cached, and may not be framed.
"""

from __future__ import annotations

import secrets
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape

from bot.errors import explain
from bot.figures import money
from bot.i18n import LANGUAGES, written_in
from bot.notices import person
from bot.words import KIND_LABELS
from law.errors import PoundError
from law.money import MoneySystem
from webhook.desk.session import (
    CSRF_FIELD,
    CsrfRefused,
    Desk,
    DeskRefused,
    SignInFirst,
    desk,
    sign_in_url,
)
from webhook.edge import style_sources
from webhook.errors import status_for

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
STATIC = Path(__file__).resolve().parent.parent / "static"
CSP = "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@cache
def environment() -> Environment:
    """The templates of the desk, the front page and the board. Jinja2 escapes every value: a
    village, a description or a place typed in a field is text."""
    return Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _lang_links(d: Desk) -> list[dict[str, str]]:
    path = d.request.url.path
    query = {k: v for k, v in d.request.query_params.items() if k != "lang"}
    return [
        {"code": code, "name": name, "href": f"{path}?{urlencode({**query, 'lang': code})}"}
        for code, name in LANGUAGES.items()
    ]


def written(d: Desk, amount: int, system: MoneySystem | None) -> str:
    """An amount as the reader writes money, as the chat and the papers write it
    (bot/figures.py: ₹1-7-0 in Hindi and Bengali, Rs 1-7-0 in English)."""
    return money(d.lang, amount, system)


def page(d: Desk, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the reader's language, with the cookie written back if it changed. Its
    `amount(n)` writes an amount as the reader writes money, in the money system of the
    page's `money` (the record's district's), if the page names one."""
    t = d.t
    system = context.get("money")
    system = system if isinstance(system, MoneySystem) else None
    html = (
        environment()
        .get_template(f"desk/{template}")
        .render(
            t=t,
            lang=d.lang,
            day=t.day,
            csrf=d.csrf,
            csrf_field=CSRF_FIELD,
            # A key of this drawing of the page for its forms (webhook/desk/once.py).
            form_key=secrets.token_urlsafe(16),
            who=d.who,
            # Whether a channel can take a sign-in code out (the sign-in pages say where not).
            delivers=d.config.delivers,
            languages=_lang_links(d),
            path=d.request.url.path,
            kind_label=lambda kind: KIND_LABELS.get(kind, kind),
            amount=lambda value: written(d, value, system),
            # A village, pound or district as the district file writes it in the reader's
            # script (its `names`), if it does.
            place=lambda name, names: written_in(d.lang, name, names),
            # A person with where he lives ("Mohan of Kemri"), in the reader's words; "" for
            # no one.
            person=lambda name, residence: person(t, name, residence) if name else "",
            **context,
        )
    )
    response = HTMLResponse(html, status_code=status, headers=headers_for(html))
    d.write(response)
    return response


def headers_for(html: str) -> dict[str, str]:
    """The desk's headers; a page with a chart (webhook/charts.py) also allows the `<style>`
    its SVG carries, by its hash, and no other inline style."""
    if "<style" not in html:
        return HEADERS
    return {**HEADERS, "Content-Security-Policy": f"{CSP}; style-src {style_sources(html)}"}


def redirect(d: Desk, to: str) -> Response:
    """303 See Other after a POST (the browser GETs the answer), the cookie written back."""
    return page_again(d, 303, "", to)


def page_again(d: Desk, status: int, html: str, location: str | None) -> Response:
    """A page drawn before (a form's first answer, webhook/desk/once.py), or a redirect to
    `location`, the cookie written back."""
    if location:
        response: Response = RedirectResponse(location, status_code=status, headers=HEADERS)
    else:
        response = HTMLResponse(html, status_code=status, headers=headers_for(html))
    d.write(response)
    return response


def refusal(
    d: Desk, exc: PoundError, *, template: str = "refused.html", **context: Any
) -> Response:
    """A refusal of the Act said in the reader's language, with the API's status for it."""
    return page(d, template, **said(d, exc), **context)


def said(d: Desk, exc: PoundError) -> dict[str, Any]:
    """A refusal for a page: the API's status for it and its words in the reader's language."""
    refusal = {"code": exc.code, "text": explain(d.t, exc), "section": exc.section}
    return {"status": status_for(exc), "refusal": refusal}


def install(app: FastAPI) -> None:
    """The desk's own answers to its exceptions: HTML pages, not the API's JSON."""

    async def _sign_in_first(request: Request, exc: Exception) -> Response:
        back = exc.back if isinstance(exc, SignInFirst) else "/desk"
        return redirect(desk(request), sign_in_url(back))

    async def _csrf(request: Request, exc: Exception) -> Response:
        return page(desk(request), "csrf.html", status=403)

    async def _refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, DeskRefused)
        return refusal(desk(request), exc.error)

    app.add_exception_handler(SignInFirst, _sign_in_first)
    app.add_exception_handler(CsrfRefused, _csrf)
    app.add_exception_handler(DeskRefused, _refused)
