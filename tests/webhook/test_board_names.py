"""The public board names the district and each pound as the district file writes them in the
reader's script (docs/jurisdiction.md, *Names in other scripts*), as it names the villages."""

from __future__ import annotations

from fastapi.testclient import TestClient

from office.jurisdiction import load_jurisdiction_text
from tests.board_world import load_board
from tests.owner_search_world import MILAK
from tests.world import World
from webhook.app import create_app

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
    assert NAMED != MILAK and load_jurisdiction_text(world.db, NAMED, now=world.now).changed
    with TestClient(create_app(db=world.db, clock=lambda: world.now)) as client:
        hi = client.get("/board/MILAK", params={"lang": "hi"}).text
        bn = client.get("/board/MILAK", params={"lang": "bn"}).text
        en = client.get("/board/MILAK", params={"lang": "en"}).text
        feed = client.get("/board/MILAK/feed", params={"lang": "hi"}).text
    assert "मिलक" in hi and "भोट कांजी हाउस" in hi and "Bhot pound" not in hi
    assert "মিলক" in bn and "ভোট খোঁয়াড়" in bn and "Bhot pound" not in bn
    assert "Milak" in en and "Bhot pound" in en and "भोट" not in en
    assert "मिलक" in feed
