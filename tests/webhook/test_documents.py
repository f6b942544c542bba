"""The documents of the Act printed (docs/documents.md): the figures of the record in the PDF's
text, in English, Hindi and Bengali, with their fonts embedded, A4 and A5; who may print them;
and the public page that says whether a printed document is genuine and current.

The world is built once for the module and each PDF is printed once (WeasyPrint takes a while):
`pdf()` keeps what it printed."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
import unicodedata
from collections.abc import Iterator
from datetime import date
from functools import cache
from typing import Any

import pytest
from fastapi.testclient import TestClient

from office.jurisdiction import load_jurisdiction_text
from tests.api_client import KEEPER, MAGISTRATE, OTHER_KEEPER, OWNER, Api
from tests.databases import SqliteTemplate
from tests.units import act, tx
from tests.webhook.documents_world import Records, build
from tests.world import OTHER_DISTRICT, OTHER_MAGISTRATE
from webhook.app import create_app

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler-utils is not installed"
)
KEY = b"a key for the tests' links"
PUBLIC = "https://pound.example.in"
TIMES: list[float] = []


class Office:
    def __init__(self, api: Api, records: Records) -> None:
        self.api = api
        self.r = records
        self._pdfs: dict[tuple[str, str, str, str], bytes] = {}

    def get(self, path: str, phone: str | None = None, **params: Any) -> Any:
        headers = self.api.as_(phone) if phone else {}
        return self.api.client.get(path, headers=headers, params=params)

    def client_get(self, path: str) -> Any:
        return self.api.client.get(path)

    def pdf(self, kind: str, ref: str, lang: str = "en", size: str = "a4", **more: Any) -> bytes:
        key = (kind, ref, lang, size)
        if key not in self._pdfs:
            started = time.perf_counter()
            r = self.get(f"/documents/{kind}/{ref}.pdf", MAGISTRATE, lang=lang, size=size, **more)
            TIMES.append(time.perf_counter() - started)
            assert r.status_code == 200, r.text
            assert r.headers["content-type"] == "application/pdf"
            self._pdfs[key] = r.content
        return self._pdfs[key]

    def refs(self) -> dict[str, tuple[str, dict[str, str]]]:
        r = self.r
        return {
            "register-copy": (r.paid, {}),
            "receipt": (r.paid, {}),
            "rates": ("TPR", {}),
            "notice": (r.unclaimed, {}),
            "account": (r.unclaimed, {}),
            "cattle-receipt": (r.refused, {}),
            "summons": (str(r.complaint), {}),
            "decision": (str(r.complaint), {}),
            "set-off": (str(r.case), {}),
            "return": ("TPR", {"month": "2026-03"}),
            "fund": ("TESTPUR", {}),
        }


@pytest.fixture(scope="module")
def office(sqlite_template: SqliteTemplate) -> Iterator[Office]:
    with sqlite_template.fresh_world() as world:
        db = world.db
        act(db, load_jurisdiction_text, OTHER_DISTRICT, now=world.now, origin="otherpur.toml")
        world.on(date(2026, 3, 1), 12)
        app = create_app(db=db, clock=lambda: world.now, public_url=PUBLIC, document_key=KEY)
        with TestClient(app) as client:
            api = Api(client, world)
            yield Office(api, build(api))
    if TIMES:
        print(f"\n{len(TIMES)} PDFs, {sum(TIMES) / len(TIMES):.2f} s each on average")  # noqa: T201


@cache
def _text(pdf: bytes) -> str:
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return done.stdout.decode("utf-8")


def text_of(pdf: bytes) -> str:
    """The PDF's text with every run of spaces and line breaks made one space (a table's
    columns and a label and its value are laid out apart)."""
    return re.sub(r"\s+", " ", _text(pdf))


def letters(text: str) -> str:
    """The letters of a text without its vowel signs, other marks and spaces.

    A PDF holds Devanagari and Bengali as shaped glyphs in the order they are drawn, and
    `pdftotext` gives back a vowel sign drawn before its consonant (ि, ে) before it, or a
    two-part sign (ো) as its parts: कि comes out as िक. The letters keep their order, so
    Hindi and Bengali words are looked for by their letters."""
    return "".join(
        c for c in text if not unicodedata.category(c).startswith(("M", "Z")) and c.strip()
    )


def has_words(pdf: bytes, words: str) -> bool:
    return letters(words) in letters(_text(pdf))


def fonts_of(pdf: bytes) -> list[tuple[str, bool]]:
    done = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True, check=True)
    rows = done.stdout.decode().splitlines()[2:]
    # name type encoding emb sub uni object ID: `emb` is the 4th column from the right but 3.
    return [(row.split()[0], row.split()[-5] == "yes") for row in rows if row.strip()]


KINDS = [
    "register-copy",
    "receipt",
    "rates",
    "notice",
    "account",
    "cattle-receipt",
    "summons",
    "decision",
    "set-off",
    "return",
    "fund",
]
# A word of each language every document prints (its head): District, Pound or Section.
HEAD_WORDS = {"en": "Section", "hi": "अधिनियम संख्या 3, धारा", "bn": "৩ নং আইন, ধারা"}


# Each kind is printed to PDF in one language (in turn, so every language is printed), and
# written as HTML in all three: WeasyPrint takes a second or more a PDF.
PDF_LANG = {
    "register-copy": "hi",
    "receipt": "hi",
    "rates": "en",
    "notice": "bn",
    "account": "en",
    "cattle-receipt": "en",
    "summons": "en",
    "decision": "hi",
    "set-off": "en",
    "return": "en",
    "fund": "bn",
}


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_prints_to_pdf_with_its_section_id_and_fonts(office: Office, kind: str) -> None:
    ref, more = office.refs()[kind]
    lang = PDF_LANG[kind]
    pdf = office.pdf(kind, ref, lang, **more)
    assert pdf.startswith(b"%PDF-")
    text = text_of(pdf)
    assert has_words(pdf, HEAD_WORDS[lang])
    assert "Testpur" in text and ref in text
    # The verification URL (a long line may break inside it).
    assert re.search(r"https://pound\.example\.in/v/[a-z0-9]{10}", text.replace(" ", ""))
    fonts = fonts_of(pdf)
    assert fonts and all(embedded for _name, embedded in fonts), fonts
    if lang != "en":
        script = "Devanagari" if lang == "hi" else "Bengali"
        assert any(script in name for name, _ in fonts), fonts


@pytest.mark.parametrize("lang", ["en", "hi", "bn"])
@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_is_written_in_each_language(office: Office, kind: str, lang: str) -> None:
    ref, more = office.refs()[kind]
    r = office.get(f"/documents/{kind}/{ref}.html", MAGISTRATE, lang=lang, **more)
    assert r.status_code == 200, r.text
    assert f'<html lang="{lang}">' in r.text
    assert HEAD_WORDS[lang] in r.text and "Testpur" in r.text
    assert "<svg" in r.text and f"{PUBLIC}/v/" in r.text


def test_the_register_copy_states_the_entry(office: Office) -> None:
    """Sec V: number and description of the animals, the seizer and owner, the day and hour
    they were brought in, the register number."""
    text = text_of(office.pdf("register-copy", office.r.paid))
    assert "TPR/2026/1" in text
    assert "Hari Singh, of Rampur" in text and "Mohan Lal, of Kemri" in text
    assert "red, white blaze" in text and "black, broken horn" in text
    assert "Brought to the pound March 1, 2026, 08:00" in text
    hindi = office.pdf("register-copy", office.r.paid, "hi")
    assert has_words(hindi, "काँजी हाउस लाए गए 1 मार्च 2026, 08:00")
    assert has_words(hindi, "भैंस")  # buffalo
    assert "Number of cattle: 3" in text


def test_the_receipt_in_hindi_has_the_amount_paid_in_rupees_annas_pies(office: Office) -> None:
    """Sec VII: 282 pies paid (fines 192 + 3 days' feeding 90) is ₹1-7-6 in Hindi."""
    pdf = office.pdf("receipt", office.r.paid, "hi")
    assert "₹1-7-6" in text_of(pdf)
    assert has_words(pdf, "की रसीद")  # the receipt's title
    assert has_words(pdf, "गाय")  # cow, as the Hindi chat writes it
    en = text_of(office.pdf("receipt", office.r.paid))
    assert "Rs 1-7-6" in en and "Rs 1-0-0" in en  # total; fines 192 pies


def test_the_notice_in_bengali_says_where_and_when_the_sale_may_be(office: Office) -> None:
    pdf = office.pdf("notice", office.r.unclaimed, "bn")
    assert has_words(pdf, "দাবিহীন পশুর নোটিশ ও ঘোষণা")  # the notice's title
    assert "Testpur bazaar" in text_of(pdf)
    assert has_words(
        pdf, "১৭ মার্চ ২০২৬"
    )  # the earliest day of sale: 7 days from the notice of 9 March


def test_the_account_states_the_items_sec_ix_lists(office: Office) -> None:
    text = text_of(office.pdf("account", office.r.unclaimed))
    assert "Number of cattle seized 3" in text
    assert "Number sold 3" in text
    assert "Proceeds of the sale Rs 18-0-0" in text
    assert "Expenses of sale paid Rs 0-4-0" in text
    assert "গঙ্গা রাম" in text  # the buyer, as typed


def test_the_cattle_receipt_names_the_head_handed_back_and_the_balance(office: Office) -> None:
    text = text_of(office.pdf("cattle-receipt", office.r.refused))
    # Rs 10 (1,920 pies) less the fines of three heads (192) and 2 days' feeding (60).
    assert "Balance received: Rs 8-11-0" in text
    assert "red, white blaze" in text


def test_the_summons_and_the_decision(office: Office) -> None:
    summons = text_of(office.pdf("summons", str(office.r.complaint)))
    assert "9 March, 11:00, Sadar court" in summons and "Hari Singh" in summons
    decision = text_of(office.pdf("decision", str(office.r.complaint), "hi"))
    assert "₹5-0-0" in decision and "₹0-8-0" in decision
    assert "seized on the public road" in decision


def test_the_set_off_certificate_states_the_compensation_paid(office: Office) -> None:
    text = text_of(office.pdf("set-off", str(office.r.case)))
    assert "Bhola Nath" in text and "XVII" in text
    assert "Paid to the complainant Rs 5-0-0" in text


def test_the_monthly_return_counts_the_month(office: Office) -> None:
    text = text_of(office.pdf("return", "TPR", month="2026-03"))
    assert "Head brought in 12" in text
    assert "TPR/2026/4" in text
    assert "2026-03" in text and "Cattle registered in March 2026" in text


def test_the_monthly_return_draws_its_months_head_as_a_chart(office: Office) -> None:
    """The return's own figures (brought in, each way they left, held at the end) as a chart
    in the PDF, labelled in the reader's language; its style allowed by its hash."""
    html = office.get("/documents/return/TPR.html", MAGISTRATE, month="2026-03", lang="bn")
    assert html.status_code == 200 and html.text.count("<svg") == 2  # the QR code, the chart
    assert 'aria-labelledby="return-caption"' in html.text and "<script" not in html.text
    assert "'sha256-" in html.headers["content-security-policy"].split("style-src")[1]
    values = re.findall(r'<text[^>]*class="value"[^>]*>([^<]*)</text>', html.text)
    assert "১২" in values  # the twelve head brought in, in Bengali digits
    bn = office.pdf("return", "TPR", "bn", month="2026-03")
    assert has_words(bn, "মার্চ ২০২৬-এ খোঁয়াড়ের পশু")  # the chart's caption, shaped text
    assert has_words(bn, "আনা পশু")
    en = text_of(office.pdf("return", "TPR", month="2026-03"))
    assert "Head in the pound in March 2026" in en
    # The chart's own labels are text in the PDF: the bar of the head brought in, and its 12.
    assert en.count("Head brought in") == 2 and en.count(" 12 ") >= 2


def test_the_fund_statement_and_the_rates(office: Office) -> None:
    fund = office.pdf("fund", "TESTPUR", "bn")
    assert has_words(fund, "খোঁয়াড় তহবিলের বিবরণী")  # statement of the pound fund
    # The balance of the sums received (Sec XII); the fines of the cattle still held when the
    # seizure was held illegal (Rs 1-0-0) are owed by the seizer, apart, not in it.
    assert "৳" not in text_of(fund) and "₹৬-০-০" in text_of(fund)
    assert has_words(fund, "তহবিলে যে জরিমানা আসবে") and "₹১-০-০" in text_of(fund)
    # Each line in the reader's words (office/records/memos.py): an auction, a case's fine
    # recovered.
    assert has_words(fund, "নিলাম") and has_words(fund, "মামলা ১-এর জরিমানার জন্য পশু বিক্রি")
    assert "auction" not in text_of(fund) and "fine in case" not in text_of(fund)
    rates = text_of(office.pdf("rates", "TPR"))
    assert "Rs 0-8-0" in rates and "Rs 0-1-0" in rates  # buffalo's fine, feeding per day


@pytest.mark.parametrize("month", ["1800-01", "1856-12", "3000-01", "2026-13", "2026-00"])
def test_a_return_of_a_month_outside_the_registers_is_a_422(office: Office, month: str) -> None:
    r = office.get("/documents/return/TPR.html", MAGISTRATE, month=month)
    assert r.status_code == 422, r.text
    assert r.json()["code"] in {"invalid_input", "invalid_request"}


def test_a5_is_a5(office: Office) -> None:
    pdf = office.pdf("receipt", office.r.paid, "bn", "a5")
    info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True)
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info.stdout.decode())
    assert size is not None
    assert (round(float(size[1])), round(float(size[2]))) == (420, 595)  # A5 in points


def test_the_html_page_names_its_language(office: Office) -> None:
    r = office.get(f"/documents/notice/{office.r.unclaimed}.html", MAGISTRATE, lang="hi")
    assert r.status_code == 200
    assert '<html lang="hi">' in r.text and "<svg" in r.text


def test_an_official_of_another_district_is_refused_as_the_api_refuses_him(
    office: Office,
) -> None:
    for path in (
        f"/documents/receipt/{office.r.paid}.html",
        "/documents/fund/TESTPUR.html",
        "/documents/return/TPR.html?month=2026-03",
    ):
        r = office.get(path, OTHER_MAGISTRATE)
        assert r.status_code == 403, path
        assert r.json()["code"] == "record_not_open"
    api = office.get("/api/v1/fund", OTHER_MAGISTRATE, district="TESTPUR")
    assert (api.status_code, api.json()["code"]) == (403, "record_not_open")
    # The keeper of another pound of the same district is an officer of the district.
    assert office.get(f"/documents/receipt/{office.r.paid}.html", OTHER_KEEPER).status_code == 200
    assert office.get(f"/documents/receipt/{office.r.paid}.html").status_code == 403
    # The owner is a party to his seizure; he may not print the district's fund.
    assert office.get(f"/documents/receipt/{office.r.paid}.html", OWNER).status_code == 200
    assert office.get("/documents/fund/TESTPUR.html", OWNER).status_code == 403


def test_a_party_prints_by_the_link_the_office_gave_him(office: Office) -> None:
    from office.views.documents.kinds import Kind
    from office.views.documents.links import party_link

    world = office.api.world
    url, until = party_link(
        world.db,
        KEY,
        kind=Kind.RECEIPT,
        ref=office.r.paid,
        phone="92222 22222",  # the owner's phone as he writes it
        base_url=PUBLIC,
        now=world.now,
    )
    link = url.split("link=")[1]
    path = f"/documents/receipt/{office.r.paid}.html"
    assert office.get(path, link=link).status_code == 200
    # Not for another document, nor signed with another key, nor after it expires.
    other = office.get(f"/documents/register-copy/{office.r.paid}.html", link=link)
    assert other.status_code == 403
    assert office.get(path, link=link[:-2] + "xx").status_code == 403
    saved = world.now
    world.now = until.replace(year=until.year + 1)
    try:
        assert office.get(path, link=link).status_code == 403
    finally:
        world.now = saved
    # A link is given only to a party to the record.
    with pytest.raises(Exception, match="open only"):
        party_link(
            world.db,
            KEY,
            kind=Kind.RECEIPT,
            ref=office.r.paid,
            phone="+919444444444",
            base_url=PUBLIC,
            now=world.now,
        )


def test_the_office_gives_the_link_with_pound_document_link(office: Office) -> None:
    from click.testing import CliRunner

    from pound.cli import main

    env = {
        "POUND_DATABASE_URL": office.api.world.db.url,
        "POUND_JURISDICTION": None,
        "POUND_AUDIT_KEY": KEY.decode(),
        "POUND_PUBLIC_URL": PUBLIC,
    }
    args = ["document-link", "cattle-receipt", office.r.refused.lower(), "+91 92222 22222"]
    done = CliRunner().invoke(main, args, env=env, catch_exceptions=False)
    assert done.exit_code == 0, done.output
    url = done.output.strip().splitlines()[-1]
    assert url.startswith(f"{PUBLIC}/documents/cattle-receipt/{office.r.refused}.pdf?link=")
    # The link names the document, not its format: the page to print opens with it too.
    page = office.client_get(url.removeprefix(PUBLIC).replace(".pdf?", ".html?"))
    assert page.status_code == 200 and "Mohan Lal" in page.text
    refused = CliRunner().invoke(
        main, ["document-link", "fund", "TESTPUR", "+919222222222"], env=env
    )
    assert refused.exit_code == 2 and "open only" in refused.output


def _code(html: str) -> str:
    found = re.search(r"/v/([a-z0-9]+)", html)
    assert found
    return found[1]


def test_the_verification_page_genuine_changed_and_unknown(office: Office) -> None:
    """The same content printed twice has the same id; once the record changes (a new feeding
    rate in force), the old id is genuine but no longer current, and a new one is printed."""
    first = office.get("/documents/rates/TPR.html", KEEPER)
    again = office.get("/documents/rates/TPR.html", KEEPER, lang="bn", size="a5")
    code = _code(first.text)
    assert _code(again.text) == code
    page = office.get(f"/v/{code}")
    assert page.status_code == 200 and "Genuine and current" in page.text
    assert "TPR" in page.text and "+91" not in page.text
    hindi = office.get(f"/v/{code}", lang="hi")
    assert '<html lang="hi">' in hindi.text and "असली" in hindi.text
    world = office.api.world
    from models import FeedingRate

    with tx(world.db) as s:
        from office.records import audit

        s.add(FeedingRate(district_id=1, kind="cow", per_day=12, valid_from=date(2026, 4, 1)))
        audit.append(
            s,
            action="rate_fixed",
            subject="TESTPUR",
            occurred_at=world.now,
            now=world.now,
            actor_id=world.magistrate,
            district_id=1,
            section="VII",
        )
    changed = office.get(f"/v/{code}")
    assert changed.status_code == 200 and "no longer current" in changed.text
    fresh = _code(office.get("/documents/rates/TPR.html", KEEPER).text)
    assert fresh != code
    assert "Genuine and current" in office.get(f"/v/{fresh}").text
    unknown = office.get("/v/zzzzzzzzzz")
    assert unknown.status_code == 404 and "issued no document" in unknown.text


def test_the_verification_page_shows_no_name_the_receipt_showed(office: Office) -> None:
    html = office.get(f"/documents/receipt/{office.r.paid}.html", KEEPER).text
    assert "Mohan Lal" in html
    page = office.get(f"/v/{_code(html)}")
    assert "Genuine and current" in page.text and "TPR/2026/1" in page.text
    assert "Mohan" not in page.text and "Hari Singh" not in page.text and "+91" not in page.text


def test_printing_is_audited_once_per_content(office: Office) -> None:
    from sqlmodel import select

    from models import AuditEvent, IssuedDocument

    # Printed here, whatever the other tests of the module printed before (or did not, on
    # this worker): the same content twice, and another.
    office.pdf("fund", "TESTPUR")
    office.pdf("fund", "TESTPUR")
    office.pdf("rates", "TPR")
    with office.api.world.db.reading() as s:
        rows = [
            (r.kind, r.ref, r.params, r.digest, r.issued_by)
            for r in s.exec(select(IssuedDocument)).all()
        ]
        events = s.exec(select(AuditEvent).where(AuditEvent.action == "document_issued")).all()
    assert rows and len(events) == len(rows)
    assert len({r[:4] for r in rows}) == len(rows)
    assert office.api.world.magistrate in {r[4] for r in rows}
