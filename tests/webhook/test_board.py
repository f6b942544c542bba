"""The public notice board, `GET /board/{district}`, and its Atom feed (docs/board.md): what an
owner who lost his cattle finds without signing in, in English, Hindi or Bengali; only what the
notice of Sec VIII shows; small enough for a 2G phone.

On SQLite (tests/conftest.py), but for the tests marked `both_engines`: the board's query and
its search, on PostgreSQL too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from bot.i18n import LOCALES
from office.inputs import AnimalsIn
from tests.board_world import PRIVATE, Board, load_board
from tests.owner_search_world import BHOT_KEEPER, _arrive, _seize
from tests.world import World
from webhook.app import create_app

ROOT = Path(__file__).resolve().parents[2]
ATOM = "{http://www.w3.org/2005/Atom}"
LIMIT = 50 * 1024  # a 2G phone's page


@pytest.fixture
def board(world: World) -> Board:
    return load_board(world)


@pytest.fixture
def client(world: World, board: Board) -> Iterator[TestClient]:
    with TestClient(create_app(db=world.db, clock=lambda: world.now)) as c:
        yield c


def _text(html: str) -> str:
    """The page's text as a reader sees it (tags out, entities as written)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#34;", '"')


def _plain(text: str) -> str:
    """A text without the isolates around what people typed (bot/plain.py)."""
    return text.replace("\u2068", "").replace("\u2069", "")


def _refs(html: str) -> list[str]:
    return re.findall(r'<article id="s-([A-Z0-9-]+)"', html)


@pytest.mark.both_engines
def test_the_board_shows_each_pound_its_cattle_and_the_notice_with_the_first_day_of_sale(
    client: TestClient, board: Board
) -> None:
    answer = client.get("/board/MILAK", params={"lang": "en"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    html = answer.text
    text = _text(html)
    assert '<html lang="en">' in html
    # Every pound of the district, and the seizures with cattle held now; the cows paid for
    # and released are not on it.
    for pound in ("Milak thana pound (thana MILAK)", "Bhot pound (thana MILAK)", "Saifni"):
        assert pound in text
    held = board.held
    assert sorted(_refs(html)) == sorted([held.bhot, held.saifni, held.patwai, board.owned])
    assert held.released not in html
    # The Bhot cows: noticed on 10 March, sold not before 18 March (Sec VIII: seven days).
    bhot = _plain(html.split(f'id="s-{held.bhot}"')[1].split("</article>")[0])
    assert "Notice (Sec VIII) posted on March 10, 2026" in bhot
    assert "Earliest date of sale: March 18, 2026" in bhot
    assert "Proclaimed by beat of drum at: Bhot, Milak market" in bhot
    assert "NOTICE (Sec VIII, Act III of 1857): 3 head" in bhot
    assert "3 cows: सफ़ेद white" in bhot
    # The buffaloes are on their way: seized, not yet impounded.
    patwai = html.split(f'id="s-{held.patwai}"')[1].split("</article>")[0]
    assert "On the way to the pound" in patwai and "2 buffaloes" in patwai
    assert "Earliest date of sale" not in patwai


def test_in_hindi_and_bengali_with_their_dates_and_counts(client: TestClient, board: Board) -> None:
    hi = client.get("/board/MILAK", params={"lang": "hi"}).text
    assert '<html lang="hi">' in hi
    assert "सूचना पट: Milak ज़िला" in hi
    assert "नीलामी की सबसे पहली तारीख़: 18 मार्च 2026" in hi
    assert "सूचना (धारा 8) 10 मार्च 2026 को लगाई गई" in hi
    assert "3 गायें" in hi and "पटवाई" in hi  # the village in the reader's script
    assert "मवेशी किस गाँव से गुम हुए" in hi  # the form's labels too
    bn = client.get("/board/MILAK", params={"lang": "bn"}).text
    assert '<html lang="bn">' in bn
    assert "নিলামের সবচেয়ে আগের তারিখ: ১৮ মার্চ ২০২৬" in bn  # in Bengali digits
    assert "পটওয়াই" in bn and "নোটিশ বোর্ড" in bn
    # Without ?lang=, the browser's language; an unknown one is English.
    by_header = client.get("/board/MILAK", headers={"Accept-Language": "bn-IN,bn;q=0.9,en;q=0.5"})
    assert '<html lang="bn">' in by_header.text
    assert by_header.headers["content-language"] == "bn"
    assert '<html lang="en">' in client.get("/board/MILAK", params={"lang": "fr"}).text
    # Each language is a link away, the search kept.
    searched = client.get("/board/MILAK", params={"lang": "en", "village": "Bhot"}).text
    assert 'href="/board/MILAK?lang=hi&amp;village=Bhot"' in searched


SEARCHES: list[tuple[dict[str, str], set[str]]] = [
    ({"village": "पटवाई"}, {"patwai", "owned"}),  # Devanagari, as an owner types it
    ({"village": "patwai"}, {"patwai", "owned"}),
    ({"village": "BHOT "}, {"bhot"}),
    ({"kind": "buffalo"}, {"patwai"}),
    ({"kind": "भैंस"}, {"patwai"}),
    ({"kind": "গরু"}, {"bhot", "saifni"}),
    ({"kind": "cows"}, {"bhot", "saifni"}),
    ({"kind": "pig"}, set()),
    ({"words": "red"}, {"owned"}),
    ({"words": "लाल"}, {"owned"}),
    ({"words": "सफ़ेद"}, {"bhot", "saifni"}),
    ({"words": "white", "kind": "bullock"}, set()),
    ({"since": "2026-03-02"}, {"patwai", "owned"}),
    ({"since": "2026-03-04"}, set()),
    ({"village": "Bhot", "kind": "cow", "words": "white", "since": "2026-03-01"}, {"bhot"}),
]


@pytest.mark.both_engines
def test_the_search_by_village_kind_colour_and_date(client: TestClient, board: Board) -> None:
    names = {
        board.held.bhot: "bhot",
        board.held.saifni: "saifni",
        board.held.patwai: "patwai",
        board.owned: "owned",
    }
    for params, expected in SEARCHES:
        html = client.get("/board/MILAK", params={"lang": "en", **params}).text
        assert {names[r] for r in _refs(html)} == expected, params
        found = len(expected)
        assert f"{found} seizure{'' if found == 1 else 's'} found." in html, params
        if not expected:
            assert "None found here." in html


def test_a_village_not_of_the_district_or_a_date_not_understood_is_said(
    client: TestClient,
) -> None:
    html = client.get("/board/MILAK", params={"lang": "en", "village": "Rampur"}).text
    assert "No village of this district is named “Rampur”." in html  # a Testpur village
    assert _refs(html) == []
    html = client.get("/board/MILAK", params={"lang": "en", "village": "Bhott"}).text
    assert "Did you mean: Bhot?" in html  # one typo: the close one offered
    html = client.get("/board/MILAK", params={"lang": "hi", "since": "8/3/2026"}).text
    assert "तारीख़ समझ नहीं आई" in html
    assert len(_refs(html)) == 4  # the rest of the search still answers


def test_nothing_beyond_the_notice_no_names_homes_phones_or_amounts(
    client: TestClient, board: Board
) -> None:
    pages = [
        client.get("/board/MILAK", params={"lang": lang, **q}).text
        for lang in ("en", "hi", "bn")
        for q in ({}, {"village": "Patwai"}, {"kind": "bullock", "words": "red"})
    ]
    pages += [client.get("/board/MILAK/feed", params={"lang": lang}).text for lang in ("en", "hi")]
    assert board.owned in pages[1]  # the owner's bullocks are on the board...
    for page in pages:
        for private in PRIVATE:  # ...but not his name, home or phone, nor anyone else's
            assert private not in page
        assert "Rs " not in page and "₹" not in page  # nor what is due
        assert "+91" not in page


def test_the_page_is_small_self_contained_and_scriptless(
    world: World, client: TestClient, board: Board
) -> None:
    # A busy district: more seizures held than one page lists, each described at length as a
    # keeper may type it; listed in full they would weigh more than a 2G phone's page.
    long = "लाल भूरी, माथे पर सफ़ेद तारा, बायाँ सींग टूटा, पूँछ के पास जले का निशान। " * 5
    for n in range(45):
        ref = _seize(world, "Kakrauwa", [AnimalsIn("cow", 2, f"red {n}, {long}")])
        _arrive(world, ref, BHOT_KEEPER)
    for lang in ("en", "hi", "bn"):
        answer = client.get("/board/MILAK", params={"lang": lang})
        html = answer.text
        assert len(answer.content) < LIMIT, (lang, len(answer.content))
        # Fewer than the 40 a page lists: the oldest are left out and counted, not cut mid-way.
        shown = len(_refs(html))
        assert 10 <= shown < 40, (lang, shown)
        assert board.held.bhot not in html  # seized first, left out first
        assert f"{49 - shown} more not shown" in html or lang != "en"
        # No inline style but each chart's own, in its SVG (its hash in the policy).
        outside = re.sub(r"<svg.*?</svg>", "", html, flags=re.DOTALL)
        assert "<script" not in html and " style=" not in html and "<style" not in outside
        assert not re.search(r'(?:src|href)="(?:https?:)?//', html)  # nothing from elsewhere
        csp = answer.headers["content-security-policy"]
        assert csp.startswith("default-src 'self'")
    css = client.get("/board/static/board.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert len(css.content) < 4096


def test_the_atom_feed_has_an_entry_per_notice_with_ids_and_ist_times(
    client: TestClient, board: Board
) -> None:
    answer = client.get("/board/MILAK/feed", params={"lang": "hi"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/atom+xml")
    root = ET.fromstring(answer.content)
    assert root.tag == f"{ATOM}feed"
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == "hi"
    assert root.findtext(f"{ATOM}id") == "http://testserver/board/MILAK/feed"
    assert root.findtext(f"{ATOM}title") == "बिना छुड़ाए मवेशियों की सूचनाएँ: Milak ज़िला"
    assert root.findtext(f"{ATOM}updated") == "2026-03-10T11:00:00+05:30"
    assert root.find(f"{ATOM}author/{ATOM}name") is not None
    self_link = root.find(f"{ATOM}link[@rel='self']")
    assert self_link is not None and self_link.get("href", "").endswith("/board/MILAK/feed?lang=hi")
    [entry] = root.findall(f"{ATOM}entry")  # the one notice posted
    assert entry.findtext(f"{ATOM}id") == f"tag:testserver,2026-03-10:board/MILAK/{board.held.bhot}"
    updated = entry.findtext(f"{ATOM}updated") or ""
    assert updated == "2026-03-10T11:00:00+05:30"
    assert datetime.fromisoformat(updated).utcoffset().total_seconds() == 5.5 * 3600  # type: ignore[union-attr]
    title = entry.findtext(f"{ATOM}title") or ""
    assert title == f"{board.held.bhot}: \u2068भोट\u2069 में पकड़े गए 3 गायें"
    content = entry.findtext(f"{ATOM}content") or ""
    assert "सूचना (धारा 8" in content and "18 मार्च 2026" in content
    link = entry.find(f"{ATOM}link")
    assert link is not None and link.get("href", "").endswith(f"#s-{board.held.bhot}")


def test_a_district_the_office_does_not_hold_is_not_found(client: TestClient) -> None:
    page = client.get("/board/NOWHERE", params={"lang": "hi"})
    assert page.status_code == 404
    assert '<html lang="hi">' in page.text and "NOWHERE" in page.text
    assert client.get("/board/NOWHERE/feed").status_code == 404
    # The code is read in any case.
    assert client.get("/board/milak").status_code == 200


def test_the_board_writes_nothing(world: World, client: TestClient) -> None:
    from tests.owner_search_world import record_counts

    before = record_counts(world)
    client.get("/board/MILAK", params={"village": "Patwai", "kind": "cow"})
    client.get("/board/MILAK/feed")
    assert record_counts(world) == before


@pytest.mark.parametrize("lang", ["hi", "bn"])
def test_every_text_of_the_board_is_in_the_board_catalog(lang: str) -> None:
    marked = {
        m if isinstance(m, str) else m[0]
        for _l, m, _c, _x in extract_from_file(
            "python", str(ROOT / "webhook" / "board.py"), keywords={"N_": None, "NP_": (1, 2)}
        )
    }
    assert len(marked) > 30
    with (LOCALES / lang / "LC_MESSAGES" / "board.po").open("rb") as fh:
        catalog = {
            (m.id if isinstance(m.id, str) else m.id[0]): m.string
            for m in read_po(fh, locale=lang)
            if m.id and not m.fuzzy
        }
    missing = [m for m in marked if not catalog.get(m) or not all(catalog[m])]
    assert missing == []
