"""Attacks on the public board and its feed through the text people type (issue: the edges an
outsider can reach): a right-to-left override in a description or a place, and control
characters in a description, stored by a record written before they were refused at input
(bot/plain.py), and a feed asked for under a forged Host header."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from datetime import date
from xml.etree import ElementTree as ET

import pytest
from fastapi.testclient import TestClient

from office.acts.darogah.notice import post_notice
from office.acts.keeper.unclaimed import report_unclaimed
from office.acts.seizer.report import report_seizure
from office.inputs import AnimalsIn
from tests.owner_search_world import BHOT_KEEPER, MILAK_DAROGAH, _arrive, _id, load_milak
from tests.units import act
from tests.world import World
from webhook.app import create_app

ATOM = "{http://www.w3.org/2005/Atom}"
RLO, PDF = "\u202e", "\u202c"
# Typed to make "12 Nov 2026" read as a January sale date, and to break the feed's XML.
SPOOF = f"white cow {RLO}7202 yraunaJ 1 :elas fo etad tseilraE{PDF}"
CONTROLS = "red\x0b bullock\x1b[31m\x07"
PLACE = f"the canal bank {RLO}kcab ti evird{PDF}"
PUBLIC = "https://pound.example.in"


@pytest.fixture
def spoofed(world: World) -> str:
    """A seizure in Bhot whose place and descriptions hold an override and control characters
    (as the office's functions store what they are given), noticed under Sec VIII."""
    load_milak(world)
    ref = act(
        world.db,
        report_seizure,
        actor_id=world.cultivator,
        ground="trespass",
        village="Bhot",
        district="MILAK",
        place=PLACE,
        damage="ate the young wheat",
        seizer=None,
        owner=None,
        animals=[AnimalsIn("cow", 1, SPOOF), AnimalsIn("bullock", 1, CONTROLS)],
        occurred_at=world.now,
        now=world.now,
    ).ref
    world.tick(hours=2)
    _arrive(world, ref, BHOT_KEEPER)
    world.on(date(2026, 3, 12), 10)
    act(
        world.db,
        report_unclaimed,
        actor_id=_id(world, BHOT_KEEPER),
        ref=ref,
        occurred_at=world.now,
        now=world.now,
    )
    world.on(date(2026, 3, 13), 11)
    act(
        world.db,
        post_notice,
        actor_id=_id(world, MILAK_DAROGAH),
        ref=ref,
        occurred_at=world.now,
        now=world.now,
        proclaimed_in=["Bhot", "Milak market"],
    )
    return ref


@pytest.fixture
def client(world: World, spoofed: str) -> Iterator[TestClient]:
    app = create_app(db=world.db, clock=lambda: world.now, public_url=PUBLIC)
    with TestClient(app) as c:
        yield c


def _unshown(text: str) -> set[str]:
    return {ch for ch in text if ch in "\u202a\u202b\u202c\u202d\u202e\x0b\x1b\x07"}


@pytest.mark.both_engines
@pytest.mark.parametrize("lang", ["en", "hi", "bn"])
def test_a_typed_override_never_reorders_the_boards_own_words(
    client: TestClient, spoofed: str, lang: str
) -> None:
    html = client.get("/board/MILAK", params={"lang": lang}).text
    entry = html.split(f'id="s-{spoofed}"')[1].split("</article>")[0]
    # The text typed is shown, isolated, without the override or a control character.
    assert "\u2068white cow 7202 yraunaJ 1 :elas fo etad tseilraE\u2069" in entry
    assert "\u2068the canal bank kcab ti evird\u2069" in entry
    assert "\u2068red bullock[31m\u2069" in entry
    assert _unshown(html) == set()
    # Every isolate opened is closed within the same text.
    assert entry.count("\u2068") == entry.count("\u2069") > 0


@pytest.mark.both_engines
def test_control_characters_in_a_description_never_break_the_feed(
    client: TestClient, spoofed: str
) -> None:
    for lang in ("en", "hi", "bn"):
        answer = client.get("/board/MILAK/feed", params={"lang": lang})
        assert answer.status_code == 200
        root = ET.fromstring(answer.content)  # valid XML for every subscriber
        [entry] = [
            e for e in root.findall(f"{ATOM}entry") if spoofed in (e.findtext(f"{ATOM}id") or "")
        ]
        content = entry.findtext(f"{ATOM}content") or ""
        assert "red bullock[31m" in content and "white cow 7202" in content
        assert _unshown(answer.content.decode()) == set()


@pytest.mark.both_engines
def test_the_feed_names_the_offices_public_address_whatever_the_host_header_says(
    client: TestClient, spoofed: str
) -> None:
    answer = client.get("/board/MILAK/feed", headers={"Host": "attacker.example"})
    root = ET.fromstring(answer.content)
    assert root.findtext(f"{ATOM}id") == f"{PUBLIC}/board/MILAK/feed"
    hrefs = [link.get("href", "") for link in root.iter(f"{ATOM}link")]
    assert hrefs and all(h.startswith(f"{PUBLIC}/board/MILAK") for h in hrefs)
    ids = [e.findtext(f"{ATOM}id") or "" for e in root.findall(f"{ATOM}entry")]
    assert f"tag:pound.example.in,2026-03-13:board/MILAK/{spoofed}" in ids
    assert "attacker.example" not in answer.text


@pytest.mark.both_engines
def test_a_typed_override_never_reorders_the_printed_notice_of_sec_viii(
    world: World, spoofed: str
) -> None:
    from office.views.documents.issued import issue
    from office.views.documents.kinds import Kind
    from webhook.printing import render_html, render_pdf

    printed = act(
        world.db,
        issue,
        Kind.NOTICE,
        spoofed,
        month=None,
        actor_id=_id(world, MILAK_DAROGAH),
        now=world.now,
    )
    html = render_html(
        printed.document,
        code=printed.code,
        verify_url=f"{PUBLIC}/v/{printed.code}",
        lang="en",
        size="a4",
        printed_on=date(2026, 3, 13),
    )
    assert _unshown(html) == set()
    assert "\u2068white cow 7202 yraunaJ 1 :elas fo etad tseilraE\u2069" in html
    assert "seized at \u2068the canal bank kcab ti evird\u2069" in html
    assert html.count("\u2068") == html.count("\u2069")
    if shutil.which("pdftotext") is None:
        return
    pdf = render_pdf(html)
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    # The office's sentence reads in its own order; the typed words stay as typed.
    assert "public auction on or after March 21, 2026" in " ".join(text.split())
    assert "white cow 7202 yraunaJ 1" in text
