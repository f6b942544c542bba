"""The public notice board (no sign-in): `GET /board/{district}`, the cattle held now in each pound
of a district and the unclaimed ones with their notice (Sec VIII) and the first day of their
sale, searchable by village, kind, colour words and date; and its Atom feed of notices,
`GET /board/{district}/feed`. In English, Hindi and Bengali (`?lang=`, else the browser's).

Made for a 2G phone: one small HTML page (under 50 KB), one small stylesheet of the same origin,
no script, no external asset; served under `Content-Security-Policy: default-src 'self'`, the
style of its two charts (this year's seizures by pound, how their heads ended: webhook/charts.py)
allowed by its hash.
What it shows is office/views/board.py's: what the Sec VIII notice shows, nothing more
(docs/board.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode, urlsplit
from xml.etree import ElementTree as ET
from zoneinfo import ZoneInfo

from babel.numbers import format_decimal
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from bot.figures import sections
from bot.i18n import LANGUAGES, N_, NP_, Translator, translator
from bot.notices import KIND_NAMES, notice
from bot.plain import isolated, xml_text
from bot.words import counted, kind_word
from law.errors import NotFound
from office.views.board import Board, BoardEntry, BoardQuery, board_of, notices_of
from office.views.district_figures import DistrictFigures, district_figures
from webhook.charts import board_charts
from webhook.deps import State, browser_language
from webhook.desk.render import environment
from webhook.edge import style_sources
from webhook.errors import ERROR_BODY_REF, ERROR_RESPONSES
from webhook.printing import places

CSS = Path(__file__).parent / "static" / "board.css"
ATOM_NS = "http://www.w3.org/2005/Atom"
ATOM = "application/atom+xml"
# Only this origin's stylesheet; no script, frame, form target or base elsewhere.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "public, max-age=60",
}

TITLE = N_("Notice board: {district} district")
INTRO = N_(
    "Cattle held in the pounds of the district on {date}, and the unclaimed ones with their "
    "notice (Act III of 1857, Sec VIII). An owner takes his cattle back at the pound by paying "
    "the fine and the feeding (Sec VII)."
)
ANY_KIND = N_("Any kind")
# The page's labels, by the template's name for each.
LABELS = {
    "village": N_("Village the cattle went missing from"),
    "kind": N_("Kind"),
    "words": N_("Colour or marks"),
    "since": N_("Seized on or after"),
    "search": N_("Search"),
    "reset": N_("Show all"),
    "seized_at": N_("Seized at"),
    "seized_on": N_("Seized on"),
    "impounded_on": N_("Impounded on"),
    "on_the_way": N_("On the way to the pound"),
}
FOUND = NP_("{n} seizure found.", "{n} seizures found.")
MORE = N_("{n} more not shown: narrow the search.")
NO_VILLAGE = N_("No village of this district is named “{village}”.")
CLOSE = N_("Did you mean: {names}?")
BAD_DATE = N_("The date was not understood; write it as 2026-03-08.")
POUND = N_("{pound} (thana {thana})")
NONE_HELD = N_("No cattle held.")
NONE_FOUND = N_("None found here.")
ENTRY = N_("{ref}: {animals}")
REPORTED = N_("Not claimed within seven days; reported to the Darogah. The notice is to follow.")
NOTICE_POSTED = N_("Notice (Sec VIII) posted on {date}")
PROCLAIMED = N_("Proclaimed by beat of drum at: {places}")
SALE_FROM = N_("Earliest date of sale: {date}")
SALE_STAYED = N_("No sale while a complaint under Sec XIV is undecided.")
FEED = N_("Notices as a feed (Atom)")
LANGUAGE = N_("Language")
FEED_TITLE = N_("Notices of unclaimed cattle: {district} district")
FEED_ENTRY = N_("{ref}: {animals} seized at {village}")
FEED_SALE = N_("Earliest date of sale: {date}.")
FIGURES = N_("The district in figures")
NO_DISTRICT = N_("No district with the code {district} is known to this office.")
PLACE = N_("{place}, {village}")


def _localised(lang: str, n: int) -> str:
    """A number as the reader's language writes it (Babel's locale of that language in India)."""
    return format_decimal(n, locale=f"{lang}_IN")


def pick_language(request: Request, asked: str | None) -> str:
    """`?lang=` if it names one of ours, else the first of the browser's that is, else English."""
    if asked and asked.strip().lower()[:2] in LANGUAGES:
        return asked.strip().lower()[:2]
    return browser_language(request)


def _animals(t: Translator, entry: BoardEntry) -> str:
    kinds: dict[str, int] = {}
    for h in entry.heads:
        kinds[h.kind] = kinds.get(h.kind, 0) + h.count
    return ", ".join(counted(t, n, k) for k, n in kinds.items())


@dataclass(frozen=True)
class _Shown:
    """One seizure as the page writes it, every text already in the reader's language."""

    ref: str
    anchor: str
    title: str
    place: str
    seized_on: str
    impounded_on: str | None
    heads: list[str]
    reported: str | None
    notice_title: str | None
    notice_text: str | None
    proclaimed: str | None
    sale: str | None
    sale_stayed: str | None


def _isolated_notice(params: Mapping[str, object]) -> dict[str, object]:
    """A notice's params with what people typed (the place, each head's description) isolated
    (bot/plain.py): no override typed there reorders the notice's own words."""
    shown = dict(params)
    if isinstance(params.get("place"), str):
        shown["place"] = isolated(str(params["place"]))
    animals = params.get("entry_animals")
    if isinstance(animals, list):
        shown["entry_animals"] = [
            {**a, "description": isolated(str(a.get("description") or ""))}
            if isinstance(a, Mapping)
            else a
            for a in animals
        ]
    return shown


def _shown(t: Translator, entry: BoardEntry) -> _Shown:
    village = isolated(entry.village_in(t.lang))
    heads = []
    for h in entry.heads:
        said = counted(t, h.count, h.kind)
        heads.append(f"{said}: {isolated(h.description)}" if h.description else said)
    n = entry.notice
    return _Shown(
        ref=entry.ref,
        anchor="s-" + "".join(c if c.isalnum() else "-" for c in entry.ref),
        title=t(ENTRY, ref=entry.ref, animals=_animals(t, entry)),
        place=t(PLACE, place=isolated(entry.place), village=village) if entry.place else village,
        seized_on=t.day(entry.seized_on),
        impounded_on=t.day(entry.impounded_on) if entry.impounded_on else None,
        heads=heads,
        reported=t(REPORTED) if entry.reported_unclaimed and n is None else None,
        notice_title=sections(t.lang, t(NOTICE_POSTED, date=t.day(n.posted_on))) if n else None,
        notice_text=notice(t.lang, _isolated_notice(n.params)) if n else None,
        proclaimed=t(PROCLAIMED, places=places(t.lang, n.proclaimed_in, n.proclaimed_names))
        if n
        else None,
        sale=t(SALE_FROM, date=t.day(n.sale_not_before)) if n and n.sale_not_before else None,
        sale_stayed=sections(t.lang, t(SALE_STAYED)) if n and n.sale_stayed else None,
    )


def _url(path: str, **params: str) -> str:
    kept = {k: v for k, v in params.items() if v}
    return path + ("?" + urlencode(kept) if kept else "")


def _render_board(
    board: Board, lang: str, since_text: str, bad_date: bool, figures: DistrictFigures
) -> str:
    t = translator(lang)
    q = board.query
    path = f"/board/{board.district}"
    kinds = [("", t(ANY_KIND))] + [(k, t(name)) for k, name in KIND_NAMES.items()]
    status: list[str] = []
    if bad_date:
        status.append(t(BAD_DATE))
    if q.village.strip() and board.village is None:
        status.append(t(NO_VILLAGE, village=q.village.strip()[:120]))
        if board.close:
            status.append(t(CLOSE, names=", ".join(p.name for p in board.close[:5])))
    if not q.empty:
        status.append(
            t.plural(*FOUND, board.shown + board.more, n=_localised(lang, board.shown + board.more))
        )
    if board.more:
        status.append(t(MORE, n=_localised(lang, board.more)))
    search = {"village": q.village, "kind": q.kind, "words": q.words, "since": since_text}
    context: dict[str, Any] = {
        "lang": lang,
        "title": t(TITLE, district=board.district_name, district_names=board.district_names),
        "intro": sections(t.lang, t(INTRO, date=t.day(board.as_of))),
        "css": "/board/static/board.css",
        "feed": _url(path + "/feed", lang=lang),
        "feed_label": t(FEED),
        "language_label": t(LANGUAGE),
        "languages": [
            (code, name, _url(path, lang=code, **search), code == lang)
            for code, name in LANGUAGES.items()
        ],
        "action": path,
        "labels": {name: t(text) for name, text in LABELS.items()},
        "clear": _url(path, lang=lang),
        # This year's seizures by pound and how their heads ended, counts alone (docs/board.md).
        "figures_title": t(FIGURES),
        "charts": board_charts(figures, t),
        "query": {**search, "kind": board.kind or ""},
        "kinds": kinds,
        "status": status,
        "pounds": [
            {
                "code": p.code,
                "title": t(POUND, pound=p.name, pound_names=p.names, thana=p.thana),
                "entries": [_shown(t, e) for e in p.entries],
                "empty": t(NONE_HELD) if q.empty else t(NONE_FOUND),
            }
            for p in board.pounds
        ],
    }
    return environment().get_template("board/board.html").render(context)


# What a page may weigh: a 2G phone's page is under 50 KB (docs/board.md).
PAGE_BUDGET = 48 * 1024


def _fitted(
    board: Board, lang: str, since_text: str, bad_date: bool, figures: DistrictFigures
) -> str:
    """The page within PAGE_BUDGET: while it is heavier (long descriptions, many notices), the
    seizures seized longest ago are left out a fifth at a time, and counted as more to narrow."""
    while True:
        html = _render_board(board, lang, since_text, bad_date, figures)
        if len(html.encode()) <= PAGE_BUDGET or board.shown <= 1:
            return html
        listed = sorted((e.seized_on, e.ref) for p in board.pounds for e in p.entries)
        dropped = {ref for _on, ref in listed[: max(1, board.shown // 5)]}
        board = replace(
            board,
            pounds=tuple(
                replace(p, entries=tuple(e for e in p.entries if e.ref not in dropped))
                for p in board.pounds
            ),
            shown=board.shown - len(dropped),
            more=board.more + len(dropped),
        )


def _ist(at: datetime, tz: ZoneInfo) -> str:
    """An instant with the district's offset (RFC 3339, as Atom wants): 2026-03-08T10:00:00+05:30"""
    aware = at if at.tzinfo is not None else at.replace(tzinfo=UTC)
    return aware.astimezone(tz).isoformat(timespec="seconds")


def _atom(request: Request, state: Any, district: str, lang: str) -> bytes:
    t = translator(lang)
    feed = notices_of(state.db, district)
    # The ids and links are the office's public address (POUND_PUBLIC_URL), never what a
    # request's Host header says; the request's own address only where none is configured.
    base = (state.public_url or str(request.base_url)).rstrip("/")
    host = urlsplit(base).hostname or "localhost"
    board_url = f"{base}/board/{feed.district}"
    page = _url(board_url, lang=lang)
    named = {"district": feed.district_name, "district_names": feed.district_names}
    ET.register_namespace("", ATOM_NS)

    def el(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
        node = ET.SubElement(parent, f"{{{ATOM_NS}}}{tag}", attrs)
        if text is not None:
            # A character XML cannot hold (a record's control character) would make the whole
            # feed unreadable for every subscriber: it is left out (bot/plain.py).
            node.text = xml_text(text)
        return node

    root = ET.Element(f"{{{ATOM_NS}}}feed", {"{http://www.w3.org/XML/1998/namespace}lang": lang})
    el(root, "id", f"{board_url}/feed")
    el(root, "title", t(FEED_TITLE, **named))
    newest = max((n.posted_at for _e, n in feed.entries), default=None)
    el(root, "updated", _ist(newest or state.clock(), feed.tz))
    el(root, "link", rel="self", type=ATOM, href=_url(f"{board_url}/feed", lang=lang))
    el(root, "link", rel="alternate", type="text/html", href=page)
    el(el(root, "author"), "name", t(TITLE, **named))
    for entry, n in feed.entries:
        shown = _shown(t, entry)
        item = el(root, "entry")
        # A tag URI (RFC 4151): this host, the day the notice was posted, the register's ref.
        el(item, "id", f"tag:{host},{n.posted_on.isoformat()}:board/{feed.district}/{entry.ref}")
        el(
            item,
            "title",
            t(
                FEED_ENTRY,
                ref=entry.ref,
                animals=_animals(t, entry),
                village=isolated(entry.village_in(lang)),
            ),
        )
        el(item, "published", _ist(n.posted_at, feed.tz))
        el(item, "updated", _ist(n.posted_at, feed.tz))
        el(item, "link", rel="alternate", type="text/html", href=f"{page}#{shown.anchor}")
        body = [shown.notice_text or ""]
        if n.sale_not_before:
            body.append(t(FEED_SALE, date=t.day(n.sale_not_before)))
        if shown.sale_stayed:
            body.append(shown.sale_stayed)
        el(item, "content", " ".join(body), type="text")
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


HTML_ANSWER = {"content": {"text/html": {"schema": {"type": "string"}}}}
# What the app answers itself, in its error envelope: a query out of range, the database away.
ENVELOPED: dict[int | str, dict[str, Any]] = {
    code: {
        "description": ERROR_RESPONSES[code]["description"],
        "content": {"application/json": {"schema": {"$ref": ERROR_BODY_REF}}},
    }
    for code in (422, 503)
}


# Built once, at import (webhook/app.py says why).
router = APIRouter(tags=["board"])


@router.get("/board/static/board.css", include_in_schema=False)
def board_css() -> Response:
    return Response(
        CSS.read_bytes(),
        media_type="text/css",
        headers={**SECURITY_HEADERS, "Cache-Control": "public, max-age=86400"},
    )


@router.get(
    "/board/{district}/feed",
    response_class=Response,
    responses={
        200: {
            "description": "the district's notices of Sec VIII (Atom 1.0), newest first",
            "content": {ATOM: {"schema": {"type": "string"}}},
        },
        404: {"description": "no such district", "content": {ATOM: {"schema": {"type": "string"}}}},
        **ENVELOPED,
    },
)
def board_feed(
    request: Request,
    st: State,
    district: str,
    lang: Annotated[str | None, Query(max_length=8, description="en, hi or bn")] = None,
) -> Response:
    """The notices of Sec VIII of the district whose cattle are still held, as an Atom
    feed: one entry per notice, its id a tag URI, its times with the district's offset."""
    chosen = pick_language(request, lang)
    try:
        body = _atom(request, st, district, chosen)
    except NotFound:
        return Response(b"", status_code=404, media_type=ATOM)
    return Response(body, media_type=ATOM, headers=SECURITY_HEADERS)


@router.get(
    "/board/{district}",
    response_class=HTMLResponse,
    responses={
        200: {"description": "the board, in the reader's language"},
        404: {"description": "no such district", **HTML_ANSWER},
        **ENVELOPED,
    },
)
def board_page(
    request: Request,
    st: State,
    district: str,
    lang: Annotated[str | None, Query(max_length=8, description="en, hi or bn")] = None,
    village: Annotated[str, Query(max_length=120)] = "",
    kind: Annotated[str, Query(max_length=40)] = "",
    words: Annotated[str, Query(max_length=120, description="colour or marks")] = "",
    since: Annotated[str, Query(max_length=10, description="seized on or after (YYYY-MM-DD)")] = "",
) -> HTMLResponse:
    """The cattle held now in each pound of the district, and the unclaimed ones with their
    notice (Sec VIII) and earliest date of sale; no sign-in. Nothing beyond what the notice
    shows: no name, home, phone or amount."""
    chosen = pick_language(request, lang)
    since_day: date | None = None
    bad_date = False
    if since.strip():
        try:
            since_day = date.fromisoformat(since.strip())
        except ValueError:
            bad_date = True
    # The kind as typed in any language (गाय, গরু, cows) is the register's word.
    wanted = kind_word(kind) if kind.strip() else ""
    query = BoardQuery(village=village, kind=wanted, words=words, since=since_day)
    try:
        board = board_of(st.db, district, now=st.clock(), query=query)
        figures = district_figures(
            st.db, district=district, period=None, now=st.clock(), whole_year=True
        )
    except NotFound:
        text = translator(chosen)(NO_DISTRICT, district=district[:64])
        html = environment().get_template("board/missing.html").render(lang=chosen, text=text)
        return HTMLResponse(html, status_code=404, headers=SECURITY_HEADERS)
    html = _fitted(board, chosen, since.strip() if since_day else "", bad_date, figures)
    # The charts' own style, allowed by its hash (webhook/charts.py); no other inline style.
    policy = SECURITY_HEADERS["Content-Security-Policy"] + "; style-src " + style_sources(html)
    return HTMLResponse(
        html,
        headers={**SECURITY_HEADERS, "Content-Security-Policy": policy, "Content-Language": chosen},
    )
