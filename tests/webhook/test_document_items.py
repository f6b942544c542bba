"""Each document and message of the Act says what the Act requires it to say: a test per paper
lists the items its section names and checks each is there, in English, Hindi and Bengali, on
the printed page (its HTML form, the PDF's source) and on the SMS or Telegram text where the
office sends one.

Sec V (the copy of the register entry): "the number and description of the animals, the name
and residence of the seizer, and the name and residence of the owner if known".
Sec VII (the receipt): the cattle taken back, on payment of "the prescribed fine together with the
expense of feeding", signed by the owner.
Sec VIII (the notice): "the number and description of the Cattle, the place where they were
seized, and the place where they are impounded".
Sec IX (the account): "the number of Cattle seized, the time during which they have been
impounded, the charge for fines and expenses, the number of Cattle sold, the proceeds of sale,
and the manner in which those proceeds have been disposed of".
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from datetime import date

import pytest
from sqlmodel import col, select

from bot.notices import render
from models import Outbox
from office.jurisdiction import load_jurisdiction_text
from tests.api_client import MAGISTRATE, Api, CheckedClient
from tests.bot.test_catalogs import catalog
from tests.databases import SqliteTemplate
from tests.units import act
from tests.webhook.documents_world import Records, build
from tests.world import OTHER_DISTRICT
from webhook.app import create_app

LANGS = ("en", "hi", "bn")
BN_DIGITS = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")


class Papers:
    def __init__(self, api: Api, records: Records) -> None:
        self.api = api
        self.r = records

    def text(self, kind: str, ref: str, lang: str) -> str:
        """The printed page's words, tags stripped and spaces made one."""
        r = self.api.client.get(
            f"/documents/{kind}/{ref}.html", headers=self.api.as_(MAGISTRATE), params={"lang": lang}
        )
        assert r.status_code == 200, r.text
        body = r.text[r.text.find("<body") :]
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())

    def messages(self, template: str) -> list[dict[str, object]]:
        with self.api.world.db.reading() as s:
            rows = s.exec(
                select(Outbox).where(Outbox.template == template).order_by(col(Outbox.id))
            ).all()
            return [dict(row.params) for row in rows]


@pytest.fixture(scope="module")
def papers(sqlite_template: SqliteTemplate) -> Iterator[Papers]:
    with sqlite_template.fresh_world() as world:
        act(world.db, load_jurisdiction_text, OTHER_DISTRICT, now=world.now, origin="otherpur.toml")
        world.on(date(2026, 3, 1), 12)
        app = create_app(
            db=world.db,
            clock=lambda: world.now,
            public_url="https://pound.example.in",
            document_key=b"a key for the tests' links",
        )
        with CheckedClient(app) as client:
            api = Api(client, world)
            yield Papers(api, build(api))


def said(lang: str, msgid: str, **values: object) -> str:
    """A label as the reader's language writes it (the catalog's text, its values filled)."""
    text = msgid if lang == "en" else catalog(lang)[msgid]
    return text.format(**values) if values else text


def missing(text: str, items: dict[str, str]) -> list[str]:
    """The items not in `text`. A count may be written in the reader's digits: in Bengali
    either form is taken."""

    # Typed text is shown isolated (FSI ... PDI) so that it cannot reorder the office's words.
    plain = text.replace("\u2068", "").replace("\u2069", "")

    def found(value: str) -> bool:
        return value in plain or value.translate(BN_DIGITS) in plain

    return [f"{what}: {value!r}" for what, value in items.items() if not found(value)]


# Sec V: the copy of the register entry. The seizure paid for on 3 March was reported by Hari
# Singh of Rampur, the owner named in it Mohan Lal of Kemri; two red cows and a black buffalo.


def entry_items(lang: str) -> dict[str, str]:
    return {
        "number of the animals": said(lang, "Number of cattle: {n}", n="3"),
        "description of the animals": "red, white blaze",
        "description of the animals (2)": "black, broken horn",
        "name of the seizer": "Hari Singh",
        "residence of the seizer": said(lang, "of {residence}", residence="Rampur"),
        "name of the owner": "Mohan Lal",
        "residence of the owner": said(lang, "of {residence}", residence="Kemri"),
        "register number": "TPR/2026/1",
    }


@pytest.mark.parametrize("lang", LANGS)
def test_the_copy_of_the_register_entry_says_what_sec_v_requires(papers: Papers, lang: str) -> None:
    text = papers.text("register-copy", papers.r.paid, lang)
    assert missing(text, entry_items(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_seizers_sms_and_telegram_copy_says_what_sec_v_requires(
    papers: Papers, lang: str
) -> None:
    """The same items on the text the seizer is sent (one text serves SMS and Telegram)."""
    [first, *_] = papers.messages("register_copy")
    text = render("register_copy", first, lang)
    items = {
        "number of the animals": "1" + ". ",
        "description of the animals": "red, white blaze",
        "description of the animals (2)": "black, broken horn",
        "the seizer with his residence": said(
            lang, "{name} of {residence}", name="Hari Singh", residence="Rampur"
        ),
        "the owner with his residence": said(
            lang, "{name} of {residence}", name="Mohan Lal", residence="Kemri"
        ),
        "register number": "TPR/2026/1",
    }
    assert missing(text, items) == []


# Sec VII: the receipt of the seizure paid for on 3 March: fines 192 pies and feeding 90.


@pytest.mark.parametrize("lang", LANGS)
def test_the_receipt_says_what_sec_vii_requires(papers: Papers, lang: str) -> None:
    text = papers.text("receipt", papers.r.paid, lang)
    items = {
        "the fine": said(lang, "Fine"),
        "the feeding": said(lang, "Feeding"),
        "what was paid in all": said(lang, "Total received: {amount}", amount="").strip(),
        "the cattle taken back": "red, white blaze",
        "the payer's signature": said(lang, "Signature of the payer"),
    }
    assert missing(text, items) == []


# Sec VIII: the notice of the seizure left unclaimed.


@pytest.mark.parametrize("lang", LANGS)
def test_the_notice_says_what_sec_viii_requires(papers: Papers, lang: str) -> None:
    text = papers.text("notice", papers.r.unclaimed, lang)
    items = {
        "number of the cattle": said(lang, "Number of cattle: {n}", n="3"),
        "description of the cattle": "red, white blaze",
        "the place where they were seized": "the sugarcane field east of the well",
        "the place where they are impounded": "Testpur thana pound",
        "the villages and market where it is proclaimed": "Testpur bazaar",
    }
    assert missing(text, items) == []


# Sec IX: the account of the seizure sold.


@pytest.mark.parametrize("lang", LANGS)
def test_the_account_of_a_sale_says_what_sec_ix_requires(papers: Papers, lang: str) -> None:
    text = papers.text("account", papers.r.unclaimed, lang)
    items = {
        "the number of cattle seized": said(lang, "Number of cattle seized"),
        "the time they were impounded": said(lang, "Impounded"),
        "the charge for fines": said(lang, "Fines paid"),
        "the charge for feeding": said(lang, "Feeding paid"),
        "the expenses of sale": said(lang, "Expenses of sale paid"),
        "the number of cattle sold": said(lang, "Number sold"),
        "the proceeds of sale": said(lang, "Proceeds of the sale"),
        "how the rest was disposed of": said(lang, "Balance held in deposit by the Magistrate"),
    }
    assert missing(text, items) == []
