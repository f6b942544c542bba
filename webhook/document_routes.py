"""The documents of the Act to print (`/documents/{kind}/{ref}.pdf` and `.html`) and the public
page that checks one (`/v/{code}`); docs/documents.md."""

from __future__ import annotations

import asyncio
import hashlib
import threading
from collections import Counter, OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import HTMLResponse, Response

from bot.i18n import LANGUAGES, normalise_language, translator
from law.periods import local_date
from office.views.documents.issued import Printed, issue, verify
from office.views.documents.kinds import Kind
from webhook.deps import browser_language, state
from webhook.documents import DocRefPath, DocumentReader, KindPath, Reader
from webhook.edge import csp_for_styles
from webhook.errors import ERROR_RESPONSES, ErrorBody
from webhook.printing import TITLES, render_html, render_pdf, render_verification
from webhook.ratelimit import TooManyRequests

LangQuery = Annotated[Literal["en", "hi", "bn"], Query(description="The language to print in")]
SizeQuery = Annotated[Literal["a4", "a5"], Query(description="The paper: A4 or A5")]
MonthQuery = Annotated[
    str | None, Query(pattern=r"^\d{4}-\d{2}$", description="The month of a return, YYYY-MM")
]
CodePath = Annotated[
    str, Path(min_length=1, max_length=32, description="The id printed on the document")
]

PDF = {"application/pdf": {"schema": {"type": "string"}}}
HTML = {"text/html": {"schema": {"type": "string"}}}
ERRORS: dict[int | str, dict[str, Any]] = {
    code: answer for code, answer in ERROR_RESPONSES.items() if code != 409
}


# Built once, at import (webhook/app.py says why).
router = APIRouter(tags=["documents"])


@dataclass(frozen=True)
class Asked:
    """A document as asked for, as PDF or as a page: which, by whom, in which language, on
    which paper, and the month of a return."""

    kind: Kind
    ref: str
    reader: Reader
    lang: str
    size: str
    month: str | None


def _asked(
    kind: KindPath,
    ref: DocRefPath,
    reader: DocumentReader,
    lang: LangQuery = "en",
    size: SizeQuery = "a4",
    month: MonthQuery = None,
) -> Asked:
    return Asked(kind, ref, reader, lang, size, month)


DocumentAsked = Annotated[Asked, Depends(_asked)]


def _printed(request: Request, asked: Asked) -> Printed:
    st = state(request)
    # Printing records the document's issue: a unit of work of its own, for its reader.
    with st.db.unit(now=st.clock(), actor_id=asked.reader.person_id) as u:
        printed = issue(u, asked.kind, asked.ref, month=asked.month)
        u.commit()
    return printed


def _html(request: Request, printed: Printed, lang: str, size: str) -> str:
    st = state(request)
    base = (st.public_url or str(request.base_url)).rstrip("/")
    from office.district import district_context

    with st.db.reading() as s:
        tz = district_context(s, printed.document.district_id).tz
    return render_html(
        printed.document,
        code=printed.code,
        verify_url=f"{base}/v/{printed.code}",
        lang=lang,
        size=size,
        printed_on=local_date(st.clock(), tz),
    )


class PrintingBusy(TooManyRequests):
    """The reader's own PDF is still being printed: one at a time each (answered 429)."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after, "documents printing at once")

    def __str__(self) -> str:
        return f"a document you asked for is still being printed; try again in {self.retry_after} s"


class PdfCache:
    """PDFs printed, by the SHA-256 of their page (which holds the record's content, the
    document's id, the language, the paper and the day printed), the least lately asked
    dropped first past `budget` bytes: a record that has not changed is printed once a day."""

    def __init__(self, budget: int = 64 * 1024 * 1024) -> None:
        self.budget = budget
        self._pdfs: OrderedDict[bytes, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: bytes) -> bytes | None:
        with self._lock:
            pdf = self._pdfs.get(key)
            if pdf is not None:
                self._pdfs.move_to_end(key)
            return pdf

    def put(self, key: bytes, pdf: bytes) -> None:
        with self._lock:
            if key in self._pdfs or len(pdf) > self.budget:
                return
            self._pdfs[key] = pdf
            self._size += len(pdf)
            while self._size > self.budget:
                _key, dropped = self._pdfs.popitem(last=False)
                self._size -= len(dropped)


class Printer:
    """Prints PDFs apart from the rest of the service: in threads of their own
    (`threads`), so a long print never holds the threads the other routes read the database
    in; at most `per_reader` at a time for one reader, whose next one is answered 429 with
    Retry-After meanwhile; each page printed once (`PdfCache`)."""

    def __init__(self, threads: int = 2, per_reader: int = 1, retry_after: int = 5) -> None:
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="pound-pdf")
        self.per_reader = per_reader
        self.retry_after = retry_after
        self.cache = PdfCache()
        self.printing: Counter[int] = Counter()  # reader -> PDFs being printed for him

    async def pdf(self, html: str, reader: int) -> bytes:
        key = hashlib.sha256(html.encode()).digest()
        found = self.cache.get(key)
        if found is not None:
            return found
        # Counted on the event loop's one thread: no lock is needed.
        if self.printing[reader] >= self.per_reader:
            raise PrintingBusy(self.retry_after)
        self.printing[reader] += 1
        try:
            loop = asyncio.get_running_loop()
            pdf = await loop.run_in_executor(self.pool, render_pdf, html)
        finally:
            self.printing[reader] -= 1
            if not self.printing[reader]:
                del self.printing[reader]
        self.cache.put(key, pdf)
        return pdf


PRINTER = Printer()


@router.get(
    "/documents/{kind}/{ref}.pdf",
    response_class=Response,
    responses={
        200: {"content": PDF, "description": "the document as PDF"},
        429: {
            "model": ErrorBody,
            "description": "a PDF of this reader's is still being printed (Retry-After)",
        },
        **ERRORS,
    },
)
async def document_pdf(request: Request, asked: DocumentAsked) -> Response:
    """A document of the Act as PDF, A4 or A5, in English, Hindi or Bengali, with the QR
    code of its verification page; for the officers of the record's district and its
    parties (bearer token or the link the office gave them). One reader's PDFs are printed
    one at a time (429 with Retry-After meanwhile); a page unchanged is printed once."""
    printed = await asyncio.to_thread(_printed, request, asked)
    html = await asyncio.to_thread(_html, request, printed, asked.lang, asked.size)
    pdf = await PRINTER.pdf(html, asked.reader.person_id)
    name = f"{asked.kind.value}-{printed.document.ref}-{asked.lang}.pdf"
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )


@router.get(
    "/documents/{kind}/{ref}.html",
    response_class=Response,
    responses={200: {"content": HTML, "description": "the document as a page to print"}, **ERRORS},
)
def document_html(request: Request, asked: DocumentAsked) -> HTMLResponse:
    """The same document as an HTML page (print it from the browser)."""
    printed = _printed(request, asked)
    return _page(_html(request, printed, asked.lang, asked.size))


@router.get(
    "/v/{code}",
    response_class=Response,
    responses={
        200: {"content": HTML, "description": "the document is genuine (current or not)"},
        404: {"content": HTML, "description": "the office issued no document with this id"},
        **{c: a for c, a in ERRORS.items() if c in (422, 500, 503)},
    },
)
def verify_page(request: Request, code: CodePath, lang: str | None = None) -> HTMLResponse:
    """Public: whether a printed document is one the office issued, and whether the record
    still says what it says; only what the document's head shows (no names, no phones)."""
    st = state(request)
    found = verify(st.db, code, now=st.clock())
    chosen = normalise_language(lang or browser_language(request))
    title = translator(chosen)(TITLES[Kind(found.head.kind)]) if found.head else ""
    page = render_verification(
        {
            "v": found,
            "title": title,
            "issued_on": found.issued_on,
            "languages": list(LANGUAGES.items()),
        },
        chosen,
    )
    return _page(page, status_code=200 if found.genuine else 404)


def _page(html: str, status_code: int = 200) -> HTMLResponse:
    """A page whose `<style>` is written for it, under a policy that allows that style alone
    (webhook/edge.py): "genuine" and "no longer current" keep their colours."""
    return HTMLResponse(
        html, status_code=status_code, headers={"Content-Security-Policy": csp_for_styles(html)}
    )
