"""Documents written out: HTML from the Jinja2 templates under webhook/templates/documents, in
the reader's language, and PDF from that HTML (WeasyPrint), A4 or A5.

Every label is a text of the `documents` catalogs (bot/locales/*/LC_MESSAGES/documents.po),
written with `t()` in the templates; amounts are written as the chat writes them
(bot/figures.py), dates as people of the language write them, and the district, the pound and
the village as the district file writes them in the reader's script. Fonts are named in the
CSS (Noto Sans, Noto Sans Devanagari, Noto Sans Bengali: Debian's fonts-noto-core) so
Devanagari and Bengali are shaped; WeasyPrint embeds the subset it uses.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

import qrcode
from babel.dates import format_date
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup
from qrcode.image.svg import SvgPathImage

from bot.figures import money
from bot.i18n import N_, Translator, translator, word_lists, written_in
from bot.plain import isolated
from office.records import memos
from office.views.documents.kinds import Document, Kind
from office.views.documents.returns import MonthlyReturn
from webhook.charts import return_chart

TEMPLATES = Path(__file__).parent / "templates"
SIZES = ("a4", "a5")

# The title of each kind of document.
TITLES: dict[Kind, str] = {
    Kind.REGISTER_COPY: N_("Copy of the entry in the pound register"),
    Kind.RECEIPT: N_("Receipt for fine and feeding paid"),
    Kind.RATES: N_("Schedule of fines and feeding rates"),
    Kind.NOTICE: N_("Notice and proclamation of unclaimed cattle"),
    Kind.ACCOUNT: N_("Account of the sale of cattle"),
    Kind.CATTLE_RECEIPT: N_("Receipt for cattle and balance delivered to the owner"),
    Kind.SUMMONS: N_("Summons to the seizer"),
    Kind.DECISION: N_("Decision on the complaint against the seizure"),
    Kind.SET_OFF: N_("Certificate of compensation to be set off"),
    Kind.RETURN: N_("Monthly return of the pound"),
    Kind.FUND: N_("Statement of the pound fund"),
}

# Where an animal or a seizure stands (law/lifecycle.py), and how a complaint ended.
STATUSES: dict[str, str] = {
    "seized": N_("seized"),
    "impounded": N_("in the pound"),
    "reported_unclaimed": N_("reported unclaimed"),
    "noticed": N_("notice posted"),
    "closed": N_("closed"),
    "released_paid": N_("released on payment"),
    "released_by_order": N_("released by order"),
    "released_after_part_sale": N_("handed back after a sale"),
    "sold": N_("sold"),
    "died": N_("died"),
    "escaped": N_("escaped"),
    "rescued": N_("rescued"),
    "dismissed": N_("dismissed"),
    "lawful": N_("seizure held lawful"),
    "illegal": N_("seizure held illegal"),
    "owner_of_record": N_("owner of record"),
    "claimant": N_("claiming to be the owner"),
}


def kind_word(lang: str, kind: str) -> str:
    """An animal's kind in the reader's language (the words the chat takes for it)."""
    if lang == "en":
        return kind
    said = word_lists(lang).get(f"kind:{kind}")
    return said[0] if said else kind


def places(lang: str, names: Iterable[str], named: Iterable[tuple[str, object]] = ()) -> str:
    """Places of a record, each village among them as the district file writes it in the
    reader's script (`named`: their names, by the register's name)."""
    given = dict(named)
    return ", ".join(written_in(lang, n, given.get(n)) for n in names)


def qr_svg(url: str) -> Markup:
    """The QR code of `url` as inline SVG (no image file, nothing fetched)."""
    image = qrcode.make(url, image_factory=SvgPathImage, box_size=8, border=2)
    text = image.to_string(encoding="unicode")
    return Markup(text[text.index("<svg") :])


class _Writer:
    """The helpers a template writes with, in one language."""

    def __init__(self, lang: str, system: str) -> None:
        self.tr: Translator = translator(lang)
        self.lang = self.tr.lang
        self.system = system

    def money(self, amount: int) -> str:
        return money(self.lang, amount, self.system)

    def day(self, value: str | date | None) -> str:
        if not value:
            return ""
        if isinstance(value, str):
            value = date.fromisoformat(value[:10])
        return self.tr.day(value)

    def moment(self, value: str | None) -> str:
        """A local time of the record (ISO with its offset) as day and hour."""
        if not value:
            return ""
        at = datetime.fromisoformat(value)
        return f"{self.tr.day(at.date())}, {at:%H:%M}"

    def month(self, value: str) -> str:
        """`YYYY-MM` as the month's name and year in the reader's language."""
        year, month = (int(p) for p in value.split("-"))
        return format_date(date(year, month, 1), format="LLLL y", locale=self.lang)

    def kind(self, kind: str) -> str:
        return kind_word(self.lang, kind)

    def place(self, name: str, names: dict[str, str]) -> str:
        """A district, pound or village as the district file writes it in the reader's
        script, if it does (`names`, by language), else the register's name."""
        return written_in(self.lang, name, names)

    def places(self, names: Iterable[str], named: Iterable[tuple[str, object]] = ()) -> str:
        return places(self.lang, names, named)

    def memo(self, text: str, places: Iterable[tuple[str, object]] = ()) -> str:
        """A ledger line's words (office/records/memos.py) in the reader's language; `places`: the
        names in other scripts of the pounds it may name, by the register's name."""
        return memos.said(text, self.tr, dict(places))

    def status(self, code: str) -> str:
        return self.tr(STATUSES[code]) if code in STATUSES else code


class _Isolating:
    """The reader's translator for a document's sentences: each text put into one (a name, a
    place, a residence) is isolated (bot/plain.py), so nothing a person typed can reorder the
    office's words around it, e.g. the day of a sale on the notice of Sec VIII."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.lang = tr.lang

    @staticmethod
    def _isolated(params: dict[str, object]) -> dict[str, object]:
        return {k: isolated(v) if isinstance(v, str) else v for k, v in params.items()}

    def __call__(self, msgid: str, /, **params: object) -> str:
        return self.tr(msgid, **self._isolated(params))

    def plural(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        return self.tr.plural(singular, plural, n, **self._isolated(params))


def _free(value: object) -> str:
    """A text a person typed, shown on its own (the templates' `free` filter)."""
    return isolated("" if value is None else str(value))


@cache
def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["free"] = _free
    return env


def render_html(
    document: Document, *, code: str, verify_url: str, lang: str, size: str, printed_on: date
) -> str:
    """The document as an HTML page in `lang`, laid out for paper of `size`."""
    w = _Writer(lang, document.money)
    kind = Kind(document.kind)
    template = _environment().get_template(f"documents/{kind.value}.html")
    context: dict[str, Any] = {
        "d": document,
        "t": _Isolating(w.tr),
        "w": w,
        "lang": w.lang,
        "size": size if size in SIZES else "a4",
        "title": w.tr(TITLES[kind]),
        "code": code,
        "verify_url": verify_url,
        "qr": qr_svg(verify_url),
        "printed_on": printed_on,
    }
    if isinstance(document, MonthlyReturn):
        # The month's head drawn beside the return's own figures (webhook/charts.py).
        context["chart"] = return_chart(document, w.lang, context["t"], w.status)
    return template.render(context)


def render_pdf(html: str) -> bytes:
    """The HTML page printed to PDF (its `@page` sets the paper)."""
    from weasyprint import HTML  # imported when first printing: it takes a moment to load

    pdf: bytes = HTML(string=html, base_url=str(TEMPLATES)).write_pdf()
    return pdf


def render_verification(context: dict[str, Any], lang: str) -> str:
    """The public page that says whether a printed document is genuine and current."""
    w = _Writer(lang, "")
    template = _environment().get_template("documents/verify.html")
    return template.render({"t": w.tr, "w": w, "lang": w.lang, **context})
