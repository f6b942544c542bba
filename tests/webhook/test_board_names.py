"""The public board names the district and each pound as the district file writes them in the
reader's script (docs/jurisdiction.md, *Names in other scripts*), as it names the villages."""

from __future__ import annotations

import re
from datetime import date
from html import unescape

from fastapi.testclient import TestClient

from office.jurisdiction import load_jurisdiction_text
from office.views.documents.issued import issue
from office.views.documents.kinds import Kind
from tests.board_world import load_board
from tests.owner_search_world import MILAK
from tests.units import act
from tests.world import World
from webhook.app import create_app
from webhook.printing import render_html

NAMED = MILAK.replace(
    'name = "Milak"\n', 'name = "Milak"\nnames = { hi = "मिलक", bn = "মিলক" }\n'
).replace(
    'name = "Bhot pound"\n',
    'name = "Bhot pound"\nnames = { hi = "भोट कांजी हाउस", bn = "ভোট খোঁয়াড়" }\n',
)


def test_the_board_names_the_district_and_its_pounds_in_the_readers_script(
    world: World,
) -> None:
    load_board(world)
    assert NAMED != MILAK and act(world.db, load_jurisdiction_text, NAMED, now=world.now).changed
    with TestClient(create_app(db=world.db, clock=lambda: world.now)) as client:
        hi = client.get("/board/MILAK", params={"lang": "hi"}).text
        bn = client.get("/board/MILAK", params={"lang": "bn"}).text
        en = client.get("/board/MILAK", params={"lang": "en"}).text
        feed = client.get("/board/MILAK/feed", params={"lang": "hi"}).text
    assert "मिलक" in hi and "भोट कांजी हाउस" in hi and "Bhot pound" not in hi
    assert "মিলক" in bn and "ভোট খোঁয়াড়" in bn and "Bhot pound" not in bn
    assert "Milak" in en and "Bhot pound" in en and "भोट" not in en
    assert "मिलक" in feed


def test_the_board_and_the_printed_notice_name_the_village_of_the_drum_in_the_readers_script(
    world: World,
) -> None:
    """The notice was proclaimed in Bhot and at Milak market (the record keeps the register's
    name): a Hindi reader reads भोट, a Bengali one ভোট, on the board and on the paper."""
    board = load_board(world)
    with TestClient(create_app(db=world.db, clock=lambda: world.now)) as client:
        pages = {
            lang: client.get("/board/MILAK", params={"lang": lang}).text
            for lang in ("hi", "bn", "en")
        }
    document = act(world.db, issue, Kind.NOTICE, board.held.bhot, actor_id=None, now=world.now)
    bhot = {"hi": "भोट", "bn": "ভোট", "en": "Bhot"}
    for lang, page in pages.items():
        paper = render_html(
            document.document,
            code=document.code,
            verify_url="https://pound.example.in/v/x",
            lang=lang,
            size="a4",
            printed_on=date(2026, 3, 12),
        )
        for html in (page, paper):
            [line] = re.findall(r"<p>[^<]*Milak market[^<]*</p>", html)
            assert f"{bhot[lang]}, Milak market" in unescape(line), line
            assert not any(n in line for k, n in bhot.items() if k != lang), line
