"""What the Darogah's and the Magistrate's pages hand their templates besides the desk's own:
kinds and counts of animals, and states of records, in the reader's language (bot/words.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.responses import Response

from bot.errors import DETAIL_WORDS
from bot.words import counted, kind_label
from law.errors import PoundError
from webhook.desk.render import page, redirect, refusal
from webhook.desk.session import Desk


def helpers(d: Desk) -> dict[str, Any]:
    t = d.t
    return {
        "herd": lambda kinds: ", ".join(counted(t, n, kind) for kind, n in kinds.items()),
        "kind": lambda k: kind_label(t, k),
        "state": lambda word: t(DETAIL_WORDS[word]) if word in DETAIL_WORDS else word,
        "when": lambda at: t.day(at.date()) if at is not None else "",
    }


def show(d: Desk, template: str, status: int = 200, **context: Any) -> Response:
    return page(d, template, status, **helpers(d), **context)


def refused(d: Desk, exc: PoundError, template: str = "refused.html", **context: Any) -> Response:
    """The refusal said on `template` (the form again, as it was sent) with the API's status."""
    return refusal(d, exc, template=template, **helpers(d), **context)


def refused_on_form(
    d: Desk, exc: PoundError, template: str, read: Callable[[], dict[str, Any]], **extra: Any
) -> Response:
    """An act's refusal said on the page of its form, read again by `read`; if the page itself
    may not be read, that refusal instead."""
    try:
        context = read()
    except PoundError as read_exc:
        return refused(d, read_exc)
    return refused(d, exc, template=template, **extra, **context)


def acted(
    d: Desk,
    do: Callable[[], Any],
    to: str | Callable[[Any], str | Response],
    template: str,
    read: Callable[[], dict[str, Any]],
    **extra: Any,
) -> Response:
    """A form's act (`do`): done, a redirect `to` (or to where its result says, or the page it
    answers); refused, the page of the form again with the refusal (`refused_on_form`)."""
    try:
        done = do()
    except PoundError as exc:
        return refused_on_form(d, exc, template, read, **extra)
    answer = to(done) if callable(to) else to
    return answer if isinstance(answer, Response) else redirect(d, answer)
