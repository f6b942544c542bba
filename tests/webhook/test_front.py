"""The front page, `/`: what the office is, how to reach it, links to the desk, every district's
board, the API's documentation and health, in the reader's language (`?lang=`, else the
browser's), under the service's security headers and out of the API's schema."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from fastapi.testclient import TestClient

from office.jurisdiction import remove_district
from tests.bot.test_catalogs import catalog
from tests.desk.client import text_of
from tests.other_district import load_other
from tests.units import act
from tests.world import World, name_dhakia
from webhook.edge import CSP

ROOT = Path(__file__).resolve().parents[2]
HREF = re.compile(r'href="([^"]+)"')


@pytest.fixture
def client(world: World) -> Iterator[TestClient]:
    from webhook.app import create_app

    with TestClient(create_app(db=world.db, clock=lambda: world.now)) as c:
        yield c


def links(html: str) -> list[str]:
    return HREF.findall(html)


def test_the_front_page_is_html_with_the_services_headers(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert r.headers["content-security-policy"] == CSP
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["content-language"] == "en"
    assert "<script" not in r.text and "style=" not in r.text and "<style" not in r.text
    # Everything it links to or loads is of this origin.
    assert [h for h in links(r.text) if not h.startswith("/")] == []
    head = client.head("/")
    assert (head.status_code, head.headers["content-type"]) == (200, r.headers["content-type"])
    assert head.content == b""


def test_the_front_page_is_not_in_the_api_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/" not in paths and "/board/{district}" in paths


def test_it_says_what_the_office_is_and_links_to_its_parts(
    client: TestClient, world: World
) -> None:
    html = client.get("/").text
    text = text_of(html)
    assert "the pound office of Act No. III of 1857" in text
    assert "On Telegram or by SMS, send MENU to the office" in text
    for path in ("/desk?lang=en", "/board/TESTPUR?lang=en", "/docs", "/healthz"):
        assert path in links(html)
    assert "Testpur district" in text
    # Each link it gives answers.
    for path in ("/desk?lang=en", "/board/TESTPUR?lang=en", "/docs", "/healthz"):
        assert client.get(path).status_code == 200, path


def test_every_district_has_its_board_linked_and_a_removed_one_none(
    client: TestClient, world: World
) -> None:
    load_other(world)
    boards = [h for h in links(client.get("/").text) if h.startswith("/board/")]
    assert boards == [
        "/board/static/board.css",
        "/board/OTHERPUR?lang=en",
        "/board/TESTPUR?lang=en",
    ]
    act(world.db, remove_district, "OTHERPUR", now=world.now)
    assert "/board/OTHERPUR?lang=en" not in links(client.get("/").text)
    act(world.db, remove_district, "TESTPUR", now=world.now)
    html = client.get("/").text
    assert "No district is loaded yet." in text_of(html)
    assert [h for h in links(html) if h.startswith("/board/") and "?" in h] == []


@pytest.mark.parametrize(
    ("query", "accept", "lang"),
    [
        ("", "hi-IN,hi;q=0.9,en;q=0.8", "hi"),
        ("", "bn-IN", "bn"),
        ("", "fr-FR,de", "en"),
        ("?lang=bn", "hi-IN", "bn"),
        ("?lang=en", "bn", "en"),
        ("?lang=xx", "hi", "hi"),
    ],
)
def test_the_language_is_the_asked_one_then_the_browsers(
    client: TestClient, query: str, accept: str, lang: str
) -> None:
    r = client.get("/" + query, headers={"Accept-Language": accept})
    assert r.headers["content-language"] == lang
    assert f'<html lang="{lang}">' in r.text
    others = {"en", "hi", "bn"} - {lang}
    assert {f"/?lang={code}" for code in others} <= set(links(r.text))
    assert f"/?lang={lang}" not in links(r.text)


def test_in_hindi_and_bengali_the_page_reads_as_a_villager_reads_it(
    client: TestClient, world: World
) -> None:
    assert "Testpur ज़िला" in text_of(client.get("/?lang=hi").text)
    # Where the district file names the district in the reader's script, it is so named.
    name_dhakia(world)
    hi = text_of(client.get("/?lang=hi").text)
    assert "कांजी हाउस दफ़्तर" in hi and "टेस्टपुर ज़िला" in hi
    assert "दफ़्तर को मेनू भेजें" in hi and "1857" in hi
    bn_html = client.get("/?lang=bn").text
    bn = text_of(bn_html)
    assert "খোঁয়াড় দপ্তর" in bn and "টেস্টপুর জেলা" in bn and "দপ্তরে মেনু পাঠান" in bn
    # Bengali digits in Bengali: no Latin digit in what he reads.
    assert "১৮৫৭" in bn and re.findall(r"[0-9]", bn) == []
    assert "/board/TESTPUR?lang=bn" in links(bn_html)


@cache
def front_texts() -> frozenset[str]:
    """The msgids marked in webhook/front.py and webhook/templates/front/."""
    found: set[str] = set()
    for folder, pattern, method in (
        ("webhook", "front.py", "python"),
        ("webhook/templates/front", "**.html", "jinja2.ext:babel_extract"),
    ):
        for _f, _l, message, _c, _x in extract_from_dir(
            str(ROOT / folder),
            method_map=[(pattern, method)],
            keywords={"t": None, "N_": None},
        ):
            if isinstance(message, str) and message:
                found.add(message)
    return frozenset(found)


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_text_of_the_front_page_has_a_translation(lang: str) -> None:
    texts = front_texts()
    assert "The pound office" in texts and "Notice boards" in texts
    have = catalog(lang)
    assert sorted(t for t in texts if not have.get(t, "").strip()) == []


def test_where_sms_is_configured_the_page_gives_the_offices_number(world: World) -> None:
    from bot.channels.twilio.channel import TwilioConfig
    from webhook.app import create_app

    twilio = TwilioConfig(
        account_sid="AC" + "3" * 32,
        auth_token="t0ken",
        public_url="https://pound.example.org",
        from_number="+919000099999",
    )
    with TestClient(create_app(db=world.db, clock=lambda: world.now, twilio=twilio)) as c:
        assert "The office's SMS number: +919000099999" in text_of(c.get("/").text)
        assert "দপ্তরের SMS নম্বর: +919000099999" in text_of(c.get("/?lang=bn").text)


def test_without_sms_no_number_is_given(client: TestClient) -> None:
    assert "SMS number" not in client.get("/").text
